// Package puzzles is polytile's model of a puzzle, which every kind
// implements and the rest of the code handles without asking which kind
// it has: a Problem builds its exact-cover Matrix, names its symmetry
// group, finds its distinct solutions (Solve, with SolveConfig, giving a
// Result of Classes), and reads back and checks a saved solution
// (Decode); an Answer is one solution in the kind's own terms. A Kind is
// how a spec of it is read. The kinds are in sub-packages: tiling (on the
// lattices of package geom) and matrix (exact cover, Sudoku, N queens);
// package specs reads specs and holds the registry of kinds, and package
// results saves, merges and loads what a search found.
package puzzles

// Package tiling is the tiling kind of puzzle and its search: a board
// and pieces (package geom), the placements of the pieces on the board,
// the puzzle's symmetry group and the canonical form of a solution, the
// encoding as an exact-cover problem with symmetry broken, and the search
// for the distinct solutions: tasks run by workers on one of two engines
// (Dancing Links through package solve, or fill, which covers the first
// empty cell through a 64-bit window), their classes merged in task order
// so that the result does not depend on the number of workers, with
// memory bounded by spill files and the time left estimated.
//
// A *Puzzle is a puzzles.Problem and a *Solution a puzzles.Answer.
package tiling

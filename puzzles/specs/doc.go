// Package specs reads puzzle specs: YAML files naming a board and pieces
// (a tiling, the default kind) or another kind of puzzle (a Sudoku, N
// queens, an exact-cover matrix), each read by its kind's puzzles.Kind
// from the registry, with the render options that say how to draw them;
// Knuth's DLX text format; and the library of built-in puzzles. Its
// errors give file:line:column and what would be valid. It holds the
// registry of kinds (kinds.go), and writes the spec's JSON Schema from
// its tables (Schema).
package specs

// Package states holds the tables in which the fill engine of package
// tiling remembers states of its search: the dead states, below which
// nothing fits (Dead), and the covers below states, for counts (Counts).
// A state is the first empty position of the engine's order, a window of
// Window positions from there (a bit for each, set if covered) and the
// pieces left (a bit for each); the tables know nothing else of the
// puzzle. Large tables are mapped apart from the Go heap, in huge pages
// where the kernel gives them (package bigmem).
package states

// Window is the positions of a state's window, and the most pieces a
// state holds: the bits of a word.
const Window = 64

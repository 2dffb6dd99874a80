// Package geom is the geometry of polytile's puzzles: the square,
// triangle and hexagon lattices and their point symmetries, cells named
// as in an ASCII picture, boards with holes, pieces and their
// orientations, and the built-in piece sets (the polyominoes,
// polyiamonds and polyhexes up to the sizes people use, one-sided or
// not). It knows nothing of searching or of specs, and imports only the
// standard library.
package geom

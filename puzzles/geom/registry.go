package geom

import "slices"

// registry holds the lattices that specs and saved files may name, in the
// order Lattices lists them, square (the default) first. A new lattice is a
// file of this package that declares its value, and its line here.
var registry = []Lattice{
	Square,
	Triangle,
	Hexagon,
	Cube,
	Stick,
	Trig,
}

// Lattices returns the registered lattices, square first.
func Lattices() []Lattice { return slices.Clone(registry) }

// LatticeByName returns the registered lattice of that name, or false.
func LatticeByName(name string) (Lattice, bool) {
	for _, l := range registry {
		if l.Name() == name {
			return l, true
		}
	}
	return nil, false
}

// OrDefault returns lat, or the default lattice (Square, whose Default is
// true) when lat is nil, as a spec that names none means.
func OrDefault(lat Lattice) Lattice {
	if lat != nil {
		return lat
	}
	return Square
}

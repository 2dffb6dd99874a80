package tiling

import "errors"

// Specs are read by package specs, which imports this package, so the
// tests of this package cannot import it. The external test package sets
// these hooks (hookspecs_test.go), which lets the tests here load the
// built-in puzzles and parse specs as a user would.
var (
	LoadSpecHook  func(name string) (*Puzzle, error)
	ParseSpecHook func(name string, data []byte) (*Puzzle, error)
)

// testSpec is what the tests here use of a spec: its tiling.
type testSpec struct{ Puzzle *Puzzle }

var errNoHook = errors.New("tiling test: no spec hook (hookspecs_test.go sets it)")

// loadSpec loads a built-in puzzle, or a spec file, by name.
func loadSpec(name string) (*testSpec, error) {
	if LoadSpecHook == nil {
		return nil, errNoHook
	}
	p, err := LoadSpecHook(name)
	if err != nil {
		return nil, err
	}
	return &testSpec{Puzzle: p}, nil
}

// parseSpec parses a tiling's spec.
func parseSpec(name string, data []byte) (*testSpec, error) {
	if ParseSpecHook == nil {
		return nil, errNoHook
	}
	p, err := ParseSpecHook(name, data)
	if err != nil {
		return nil, err
	}
	return &testSpec{Puzzle: p}, nil
}

package tiling_test

import (
	"fmt"

	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

func init() {
	tiling.LoadSpecHook = func(name string) (*tiling.Puzzle, error) {
		s, err := specs.Load(name)
		if err != nil {
			return nil, err
		}
		return tilingOf(s)
	}
	tiling.ParseSpecHook = func(name string, data []byte) (*tiling.Puzzle, error) {
		s, err := specs.Parse(name, data)
		if err != nil {
			return nil, err
		}
		return tilingOf(s)
	}
}

func tilingOf(s *specs.Spec) (*tiling.Puzzle, error) {
	p, ok := s.Problem.(*tiling.Puzzle)
	if !ok {
		return nil, fmt.Errorf("%s is a %s, not a tiling", s.Name, s.Kind())
	}
	return p, nil
}

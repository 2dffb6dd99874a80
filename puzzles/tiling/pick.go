package tiling

import (
	"context"
	"iter"

	"github.com/polytile/polytile/puzzles"
)

// Pick is Choose for a tiling, whose solutions are *Solution.
func (p *Puzzle) Pick(ctx context.Context, pick puzzles.Pick) ([]*Solution, int, error) {
	answers, found, err := puzzles.Choose(ctx, p, pick)
	if answers == nil {
		return nil, found, err
	}
	sols := make([]*Solution, len(answers))
	for i, a := range answers {
		sols[i] = a.(*Solution)
	}
	return sols, found, err
}

// RawSolutions returns every raw solution of the puzzle, as Solutions
// does, as Answers.
func (p *Puzzle) RawSolutions(ctx context.Context) iter.Seq[puzzles.Answer] {
	return func(yield func(puzzles.Answer) bool) {
		for s := range p.Solutions(ctx) {
			if !yield(s) {
				return
			}
		}
	}
}

// Solutions returns every raw solution of the puzzle, in the order the
// search finds them. Breaking the loop stops the search, as does canceling
// ctx.
func (p *Puzzle) Solutions(ctx context.Context) iter.Seq[*Solution] {
	return func(yield func(*Solution) bool) {
		e := p.Encode(false)
		for opts := range e.Problem.Solutions(ctx) {
			if sol, ok := e.Decode(opts); ok && !yield(sol) {
				return
			}
		}
	}
}

package puzzles

import (
	"context"
	"fmt"
	"io"
	"math/big"
)

// Counts are a problem's solutions counted, exactly, however many there
// are.
type Counts struct {
	Raw      *big.Int // every solution of the fixed problem
	Distinct *big.Int // the classes of solutions under the symmetries
	// Symmetries is the order of the group the classes are taken under.
	Symmetries int
	// Fixed holds, for each symmetry (the identity first), the raw
	// solutions it maps onto themselves, whose mean is Distinct
	// (Burnside's lemma); nil when the solutions were listed.
	Fixed []*big.Int
	// Listed is set when the problem's kind has no count of its own
	// (Counter), so its solutions were found one by one.
	Listed bool
}

// Counter is a Problem that counts its solutions without listing them (a
// tiling: tiling.Puzzle.Count).
type Counter interface {
	Count(ctx context.Context, workers int) (*Counts, error)
}

// Count counts p's raw and distinct solutions: by its own count if p is a
// Counter, or else by solving it, on up to workers goroutines (0: one per
// core). If ctx ends first it returns ctx's cause, never a part count.
func Count(ctx context.Context, p Problem, workers int) (*Counts, error) {
	if c, ok := p.(Counter); ok {
		return c.Count(ctx, workers)
	}
	res, err := p.Solve(ctx, &SolveConfig{Workers: workers})
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("count stopped: %w", context.Cause(ctx))
		}
		return nil, err
	}
	return &Counts{Raw: big.NewInt(res.Raw), Distinct: big.NewInt(int64(len(res.Distinct))), Symmetries: res.Symmetries, Listed: true}, nil
}

// Write writes the counts as text, or as one JSON object whose numbers
// are exact integers: {"puzzle": name, "raw": N, "distinct": M,
// "symmetries": S, "fixed": [...], "method": ...}.
func (c *Counts) Write(w io.Writer, name string, asJSON bool) error {
	method := "counted without listing; distinct by Burnside's lemma"
	if c.Listed {
		method = "listed"
	}
	if !asJSON {
		_, err := fmt.Fprintf(w, "%s\nraw:        %v\ndistinct:   %v (under %d symmetries)\nmethod:     %s\n", name, c.Raw, c.Distinct, c.Symmetries, method)
		return err
	}
	b := fmt.Appendf(nil, `{"puzzle":%q,"raw":%v,"distinct":%v,"symmetries":%d`, name, c.Raw, c.Distinct, c.Symmetries)
	if c.Fixed != nil {
		b = append(b, `,"fixed":[`...)
		for i, f := range c.Fixed {
			if i > 0 {
				b = append(b, ',')
			}
			b = f.Append(b, 10)
		}
		b = append(b, ']')
	}
	b = fmt.Appendf(b, `,"method":%q}`+"\n", method)
	_, err := w.Write(b)
	return err
}

package puzzles

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"slices"
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
	// FixedBy names the symmetry of each count of Fixed, in its order
	// ("identity", "rot90", "reflect-45": geom.Lattice.TransformName).
	FixedBy []string
	// Method is how they were counted.
	Method CountMethod
	// Shard and Shards say which part of the count these are (0 of 1:
	// the whole); Fingerprint identifies the count, so that only parts
	// of one count are merged (MergeCounts).
	Shard, Shards int
	Fingerprint   string
}

// Burnside sets Distinct to the mean of Fixed, Burnside's lemma, and
// fails if it is not a whole number.
func (c *Counts) Burnside() error {
	sum := new(big.Int)
	for _, f := range c.Fixed {
		sum.Add(sum, f)
	}
	var rem big.Int
	c.Distinct, _ = new(big.Int).QuoRem(sum, big.NewInt(int64(len(c.Fixed))), &rem)
	if rem.Sign() != 0 {
		c.Distinct = nil
		return fmt.Errorf("the solutions fixed by each symmetry add up to %v, not a multiple of the %d symmetries", sum, len(c.Fixed))
	}
	return nil
}

// MergeCounts adds up the parts of one count, checking that they are
// the parts of the same count (Fingerprint), each once and none missing,
// and returns the whole, its distinct solutions by Burnside's lemma.
func MergeCounts(parts []*Counts) (*Counts, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no parts to merge")
	}
	first := parts[0]
	n := first.Shards
	seen := make([]bool, max(n, 0))
	whole := &Counts{Symmetries: first.Symmetries, Shards: 1, Fingerprint: first.Fingerprint, Method: first.Method,
		Fixed: make([]*big.Int, len(first.Fixed)), FixedBy: first.FixedBy}
	for i := range whole.Fixed {
		whole.Fixed[i] = new(big.Int)
	}
	for _, c := range parts {
		switch {
		case c.Fixed == nil:
			return nil, fmt.Errorf("part %d/%d was listed, not counted: it has no fixed counts to add", c.Shard, c.Shards)
		case c.Fingerprint != first.Fingerprint || c.Shards != n || len(c.Fixed) != len(first.Fixed) || c.Method != first.Method ||
			!slices.Equal(c.FixedBy, first.FixedBy):
			return nil, fmt.Errorf("part %d/%d is of another count than part %d/%d", c.Shard, c.Shards, first.Shard, n)
		case c.Shard < 0 || c.Shard >= n:
			return nil, fmt.Errorf("part %d/%d: no such part", c.Shard, c.Shards)
		case seen[c.Shard]:
			return nil, fmt.Errorf("part %d/%d is given twice", c.Shard, n)
		}
		seen[c.Shard] = true
		for i, f := range c.Fixed {
			whole.Fixed[i].Add(whole.Fixed[i], f)
		}
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("part %d/%d is missing", i, n)
		}
	}
	whole.Raw = whole.Fixed[0]
	return whole, whole.Burnside()
}

// countsJSON is the JSON object of Counts, as Write writes it.
type countsJSON struct {
	Puzzle      string     `json:"puzzle"`
	Raw         *big.Int   `json:"raw"`
	Distinct    *big.Int   `json:"distinct,omitempty"`
	Symmetries  int        `json:"symmetries"`
	Shard       string     `json:"shard,omitempty"`
	Fingerprint string     `json:"fingerprint,omitempty"`
	Fixed       []*big.Int `json:"fixed,omitempty"`
	FixedBy     []string   `json:"fixed_by,omitempty"`
	Method      string     `json:"method"`
}

// ReadCounts reads the JSON object that Counts.Write wrote.
func ReadCounts(r io.Reader) (*Counts, error) {
	var in countsJSON
	if err := json.NewDecoder(r).Decode(&in); err != nil {
		return nil, fmt.Errorf("not a count: %w", err)
	}
	if in.Raw == nil || slices.Contains(in.Fixed, nil) {
		return nil, fmt.Errorf("not a count: no raw count, or a fixed count missing")
	}
	for _, n := range append([]*big.Int{in.Raw, in.Distinct}, in.Fixed...) {
		if n != nil && n.Sign() < 0 {
			return nil, fmt.Errorf("not a count: %v solutions: want a count of 0 or more", n)
		}
	}
	if in.FixedBy != nil && len(in.FixedBy) != len(in.Fixed) {
		return nil, fmt.Errorf("not a count: %d fixed counts and %d symmetries that fix them", len(in.Fixed), len(in.FixedBy))
	}
	method := slices.IndexFunc(countMethods, func(m CountMethod) bool { return m.String() == in.Method })
	if method < 0 {
		return nil, fmt.Errorf("not a count: method %q", in.Method)
	}
	c := &Counts{Raw: in.Raw, Distinct: in.Distinct, Symmetries: in.Symmetries, Fixed: in.Fixed, FixedBy: in.FixedBy,
		Fingerprint: in.Fingerprint, Method: countMethods[method], Shards: 1}
	if in.Shard != "" {
		if _, err := fmt.Sscanf(in.Shard, "%d/%d", &c.Shard, &c.Shards); err != nil {
			return nil, fmt.Errorf("not a count: shard %q: want i/n", in.Shard)
		}
	}
	return c, nil
}

// Counter is a Problem that counts its solutions without listing them (a
// tiling: tiling.Puzzle.Count), whole or in parts, as cfg (nil: the
// defaults) says.
type Counter interface {
	Count(ctx context.Context, cfg *CountConfig) (*Counts, error)
}

// Count counts p's raw and distinct solutions, or a part of them, as cfg
// (nil: the defaults) says: by its own count if p is a Counter, or else
// by solving it. If ctx ends first it returns ctx's cause, never a part
// count.
func Count(ctx context.Context, p Problem, cfg *CountConfig) (*Counts, error) {
	if c, ok := p.(Counter); ok {
		return c.Count(ctx, cfg)
	}
	var c CountConfig
	if cfg != nil {
		c = *cfg
	}
	if c.Shards > 1 {
		return nil, fmt.Errorf("a puzzle of kind %s is counted by solving it, whole: it has no parts to count apart", p.Kind())
	}
	scfg := &SolveConfig{Workers: c.Workers}
	if c.Progress != nil {
		scfg.Progress = func(p Progress) {
			c.Progress(CountProgress{Tasks: p.Tasks, Done: p.Done, Elapsed: p.Elapsed, Estimated: p.Estimated, Fraction: p.Fraction, Left: p.Left})
		}
	}
	res, err := p.Solve(ctx, scfg)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("count stopped: %w", context.Cause(ctx))
		}
		return nil, err
	}
	return &Counts{Raw: big.NewInt(res.Raw), Distinct: big.NewInt(int64(len(res.Distinct))), Symmetries: res.Symmetries, Method: CountListed}, nil
}

// Write writes the counts as text, or as one JSON object whose numbers
// are exact integers (the fields of the count's file, which
// results.WriteCounts writes after the header every saved file starts
// with): {"puzzle": name, "raw": N, "distinct": M,
// "symmetries": S, "fixed": [...], "fixed_by": [...], "method": ...},
// fixed_by naming the symmetry that fixes each count of fixed.
func (c *Counts) Write(w io.Writer, name string, asJSON bool) error {
	method := c.Method.String()
	if !asJSON {
		distinct := "(a part: merge the parts)"
		if c.Distinct != nil {
			distinct = fmt.Sprintf("%v (under %d symmetries)", c.Distinct, c.Symmetries)
		}
		_, err := fmt.Fprintf(w, "%s\nraw:        %v\ndistinct:   %s\nmethod:     %s\n", name, c.Raw, distinct, method)
		return err
	}
	out := countsJSON{Puzzle: name, Raw: c.Raw, Distinct: c.Distinct, Symmetries: c.Symmetries,
		Fingerprint: c.Fingerprint, Fixed: c.Fixed, FixedBy: c.FixedBy, Method: method}
	if c.Shards > 1 {
		out.Shard = fmt.Sprintf("%d/%d", c.Shard, c.Shards)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

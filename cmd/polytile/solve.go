package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/polytile/polytile/puzzles"
	"github.com/spf13/cobra"
)

// solveFlags are the options of polytile solve.
type solveFlags struct {
	limit      int
	show       int
	noBreaking bool
	json       bool
	engine     string
}

func newSolveCmd() *cobra.Command {
	var f solveFlags
	cmd := &cobra.Command{
		Use:   "solve SPEC",
		Short: "Find the distinct solutions of a puzzle",
		Long: `Solve finds the distinct solutions of the puzzle in SPEC, a spec file or
the name of a built-in puzzle (see polytile list). It prints the number of raw
solutions (every cover of the fixed board), of distinct solutions (classes
under the board's rotations and reflections that map the puzzle onto itself),
the order of that symmetry group, the time taken and the first distinct
solutions as ASCII grids. Interrupting it (Ctrl-C) prints what was found so far,
marked as partial.`,
		Example: `  polytile solve scott
  polytile solve pentominoes-6x10 --show 1
  polytile solve my-puzzle.yaml --json > solutions.json`,
		Args: exactArgs(1, "one SPEC (a file or a built-in name)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.limit < 0 {
				return usagef("--limit %d: want 0 (no limit) or more", f.limit)
			}
			if f.show < 0 {
				return usagef("--show %d: want 0 or more", f.show)
			}
			spec, err := puzzles.LoadSpec(args[0])
			if err != nil {
				return err
			}
			engine, err := parseEngine(f.engine)
			if err != nil {
				return err
			}
			res, solveErr := spec.Puzzle.Solve(cmd.Context(), &puzzles.SolveConfig{
				NoSymmetryBreaking: f.noBreaking,
				Limit:              f.limit,
				Engine:             engine,
			})
			if res == nil {
				return solveErr
			}
			out := cmd.OutOrStdout()
			if f.json {
				err = writeJSON(out, spec, res)
			} else {
				err = writeText(out, spec, res, f.show)
			}
			if err != nil {
				return err
			}
			if solveErr != nil {
				return fmt.Errorf("search stopped: %w (the results above are partial)", solveErr)
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&f.limit, "limit", 0, "stop after `N` distinct solutions (0: find them all)")
	fl.IntVar(&f.show, "show", 3, "print the first `N` distinct solutions as ASCII grids")
	fl.BoolVar(&f.noBreaking, "no-symmetry-breaking", false, "search every raw solution instead of (mostly) one per class")
	fl.BoolVar(&f.json, "json", false, "print one JSON object with the counts and every distinct solution found")
	fl.StringVar(&f.engine, "engine", "auto", "search engine: dlx (Dancing Links), fill (64-bit masks, boards of at most 64 cells) or auto")
	return cmd
}

// writeText prints the counts and the first show solutions.
func writeText(w io.Writer, spec *puzzles.Spec, res *puzzles.Result, show int) error {
	p := spec.Puzzle
	some := ""
	if !res.Complete {
		some = "at least "
	}
	title := spec.Title
	if title == "" {
		title = spec.Name
	}
	fmt.Fprintf(w, "%s\n", title)
	fmt.Fprintf(w, "puzzle:     %s\n", p)
	fmt.Fprintf(w, "raw:        %s%d\n", some, res.Raw)
	fmt.Fprintf(w, "distinct:   %s%d\n", some, len(res.Distinct))
	fmt.Fprintf(w, "symmetries: %d\n", res.Symmetries)
	fmt.Fprintf(w, "time:       %v (%s engine, %d search nodes)\n",
		res.Elapsed.Round(time.Millisecond), res.Engine, res.Stats.Nodes)
	if !res.Complete {
		fmt.Fprintf(w, "partial:    the search stopped early\n")
	}
	for i, d := range res.Distinct[:min(show, len(res.Distinct))] {
		fmt.Fprintf(w, "\nsolution %d of %s%d (orbit %d):\n%s", i+1, some, len(res.Distinct), d.Orbit, d.Solution)
	}
	return nil
}

// jsonResult is the object polytile solve --json prints.
type jsonResult struct {
	Name       string         `json:"name"`
	Title      string         `json:"title,omitempty"`
	Raw        int64          `json:"raw"`
	Distinct   int            `json:"distinct"`
	Symmetries int            `json:"symmetries"`
	Complete   bool           `json:"complete"`
	Engine     string         `json:"engine"`
	Nodes      int64          `json:"nodes"`
	Updates    int64          `json:"updates"`
	Solutions  []jsonSolution `json:"solutions,omitempty"` // written by writeJSON, one a line
}

type jsonSolution struct {
	Orbit  int         `json:"orbit"`
	Pieces []jsonPiece `json:"pieces"`
}

type jsonPiece struct {
	Name  string   `json:"name"`
	Cells [][2]int `json:"cells"`
}

// writeJSON prints the result as one JSON object: the counts and the
// distinct solutions in canonical order, each piece with its cells as
// [row, col] counted from the top-left of the board's picture.
func writeJSON(w io.Writer, spec *puzzles.Spec, res *puzzles.Result) error {
	pieces := spec.Puzzle.Pieces()
	out := jsonResult{
		Name:       spec.Name,
		Title:      spec.Title,
		Raw:        res.Raw,
		Distinct:   len(res.Distinct),
		Symmetries: res.Symmetries,
		Complete:   res.Complete,
		Engine:     res.Engine.String(),
		Nodes:      res.Stats.Nodes,
		Updates:    res.Stats.Updates,
		Solutions:  make([]jsonSolution, len(res.Distinct)),
	}
	for i, d := range res.Distinct {
		s := jsonSolution{Orbit: d.Orbit}
		for _, pl := range d.Placements() {
			jp := jsonPiece{Name: pieces[pl.Piece].Name, Cells: make([][2]int, len(pl.Cells))}
			for k, c := range pl.Cells {
				jp.Cells[k] = [2]int{c.Row, c.Col}
			}
			s.Pieces = append(s.Pieces, jp)
		}
		out.Solutions[i] = s
	}
	// The counts indented, each solution on a line of its own: readable,
	// and much quicker to write than the whole indented.
	sols := out.Solutions
	out.Solutions = nil
	head, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	buf := bytes.NewBuffer(head[:bytes.LastIndexByte(head, '\n')])
	buf.WriteString(",\n  \"solutions\": [")
	for i, s := range sols {
		line, err := json.Marshal(s)
		if err != nil {
			return err
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n    ")
		buf.Write(line)
	}
	if len(sols) > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("]\n}\n")
	_, err = w.Write(buf.Bytes())
	return err
}

// parseEngine reads --engine.
func parseEngine(name string) (puzzles.Engine, error) {
	for _, e := range []puzzles.Engine{puzzles.EngineAuto, puzzles.EngineDLX, puzzles.EngineFill} {
		if e.String() == name {
			return e, nil
		}
	}
	return 0, usagef("--engine %q: want auto, dlx or fill", name)
}

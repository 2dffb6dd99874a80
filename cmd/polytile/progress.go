package main

import (
	"io"
	"os"

	"github.com/polytile/polytile/puzzles"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// isTerminal reports whether w is a terminal: the progress bar is for
// people, and stays out of files, pipes and tests.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progressBar shows how far a search has gone, on one line of the
// terminal that it redraws:
//
//	12% |███▌                       | (231/1950) [1m4s] 3689 distinct, 57/s, ~7m50s left
//
// The fraction done is the fraction of the search's tasks (the subproblems
// it splits into) that are finished, and the time left is the time taken
// so far scaled by the tasks left: tasks differ in size, so it is a guide,
// not a promise, and it is not shown until a task has finished.
type progressBar struct {
	w   io.Writer
	bar *progressbar.ProgressBar // made at the first update, which knows the tasks
}

func newProgressBar(w io.Writer) *progressBar {
	return &progressBar{w: w}
}

// update redraws the bar; it is a puzzles.SolveConfig.Progress.
func (b *progressBar) update(p puzzles.Progress) {
	if b.bar == nil {
		b.bar = progressbar.NewOptions(max(p.Tasks, 1),
			progressbar.OptionSetWriter(b.w),
			progressbar.OptionSetDescription(p.String()),
			progressbar.OptionShowDescriptionAtLineEnd(),
			progressbar.OptionShowCount(),
			progressbar.OptionFullWidth(),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetPredictTime(false), // progressLine estimates
			progressbar.OptionUseANSICodes(true),
		)
	}
	if p.Tasks > 0 && b.bar.GetMax() != p.Tasks {
		b.bar.ChangeMax(p.Tasks)
	}
	b.bar.Describe(p.String())
	b.bar.Set(p.Done)
}

// clear takes the bar off the screen, for the results to be printed.
func (b *progressBar) clear() {
	if b.bar != nil {
		b.bar.Clear()
		b.bar.Exit()
	}
}

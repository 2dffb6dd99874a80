package main

import (
	"fmt"
	"io"
	"os"
	"time"

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
			progressbar.OptionSetDescription(progressLine(p)),
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
	b.bar.Describe(progressLine(p))
	b.bar.Set(p.Done)
}

// clear takes the bar off the screen, for the results to be printed.
func (b *progressBar) clear() {
	if b.bar != nil {
		b.bar.Clear()
		b.bar.Exit()
	}
}

// progressLine describes the search so far: the distinct solutions found
// by the finished tasks, how many a second, and the time left if the tasks
// left take as long as the finished ones did.
func progressLine(p puzzles.Progress) string {
	sec := p.Elapsed.Seconds()
	rate := 0.0
	if sec > 0 {
		rate = float64(p.Distinct) / sec
	}
	line := fmt.Sprintf("%d distinct, %s/s", p.Distinct, short(rate))
	if p.Done > 0 && p.Done < p.Tasks {
		left := time.Duration(float64(p.Elapsed) * float64(p.Tasks-p.Done) / float64(p.Done))
		line += fmt.Sprintf(", ~%v left", left.Round(time.Second))
	}
	return line
}

// short writes a rate with three significant digits at most: 812, 4.56k,
// 1.23M.
func short(x float64) string {
	switch {
	case x >= 1e9:
		return fmt.Sprintf("%.3gG", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.3gM", x/1e6)
	case x >= 1e3:
		return fmt.Sprintf("%.3gk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}

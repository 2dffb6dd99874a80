// Package termbar draws a progress bar on one line of a terminal, and
// tells whether a writer is one. It knows nothing of puzzles: the command
// gives it a line of text and the fraction done.
package termbar

import (
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// IsTerminal reports whether w is a terminal: a progress bar is for
// people, and stays out of files, pipes and tests.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Bar shows how far a long job has gone, on one line of the terminal that
// it redraws, the elapsed time first and a line of text last:
//
//	12% |███▌                       | [1m4s] 231/1950 tasks, 3689 distinct, 57/s, ~7m50s left
//
// The fraction done is the job's own estimate; until there is one the bar
// stays at 0.
type Bar struct {
	w   io.Writer
	bar *progressbar.ProgressBar // made at the first update
}

// New returns a bar that draws on w.
func New(w io.Writer) *Bar { return &Bar{w: w} }

// steps is the bar's resolution: a thousandth.
const steps = 1000

// Update redraws the bar with line, and with fraction done when estimated.
func (b *Bar) Update(line string, fraction float64, estimated bool) {
	if b.bar == nil {
		b.bar = progressbar.NewOptions(steps,
			progressbar.OptionSetWriter(b.w),
			progressbar.OptionSetDescription(line),
			progressbar.OptionShowDescriptionAtLineEnd(),
			progressbar.OptionFullWidth(),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetPredictTime(false), // the job estimates
			progressbar.OptionUseANSICodes(true),
		)
	}
	b.bar.Describe(line)
	if estimated {
		b.bar.Set(min(int(fraction*steps), steps))
	}
}

// Clear takes the bar off the screen, for the results to be printed.
func (b *Bar) Clear() {
	if b.bar != nil {
		b.bar.Clear()
		b.bar.Exit()
	}
}

// Report is how far a job has come, as a bar shows it: a line of text,
// and the fraction done if it is estimated.
type Report interface {
	Line() string
	Estimate() (fraction float64, ok bool)
}

// Reporter returns a function that shows each report on b, or nil if b
// is nil: no bar, no reports.
func Reporter[R Report](b *Bar) func(R) {
	if b == nil {
		return nil
	}
	return func(r R) {
		f, ok := r.Estimate()
		b.Update(r.Line(), f, ok)
	}
}

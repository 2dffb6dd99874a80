package puzzles

import (
	"fmt"
	"time"
)

// String describes the search so far in a line: the distinct solutions
// found, how many a second, and the estimated time left, once there is an
// estimate ("4560 distinct, 4.56k/s, ~3s left").
func (p Progress) String() string {
	sec := p.Elapsed.Seconds()
	rate := 0.0
	if sec > 0 {
		rate = float64(p.Distinct) / sec
	}
	line := fmt.Sprintf("%d distinct, %s/s", p.Distinct, short(rate))
	if p.Estimated && p.Done < p.Tasks {
		line += fmt.Sprintf(", ~%v left", p.Left.Round(time.Second))
	}
	return line
}

// Line is String after the tasks done, as a progress bar shows the search:
// "12/40 tasks, 17 distinct, 17/s, ~4s left".
func (p Progress) Line() string {
	return fmt.Sprintf("%d/%d tasks, %s", p.Done, p.Tasks, p)
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

// Estimate returns the fraction of the search done, and whether it is
// known.
func (p Progress) Estimate() (fraction float64, ok bool) { return p.Fraction, p.Estimated }

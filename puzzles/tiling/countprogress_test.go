package tiling

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/run"
)

// A recording of a count's progress: the states of its jobs (run.TaskState)
// each time it reported progress, in lines of text:
//
//	# comments
//	w JOB WEIGHT                        the job's weight, once for each job, in order
//	t ELAPSED                           a report, in milliseconds from the start
//	j JOB BEGAN ENDED SHARE TOLD        a job whose state changed since the report before
//
// with the times in milliseconds, BEGAN and ENDED -1 before they happen.
type countRecording struct {
	weights []float64
	reports []countReport
}

// countReport is one report of a recording.
type countReport struct {
	elapsed time.Duration
	jobs    []run.TaskState
}

// recordCount counts spec on two workers and returns the recording of
// its progress, and a line that says what it counted.
func recordCount(t *testing.T, spec string) (*countRecording, string) {
	var s *testSpec
	var err error
	if text := recordedCounts[spec]; strings.Contains(text, "\n") {
		s, err = parseSpec(spec, []byte(text))
	} else {
		s, err = loadSpec(spec)
	}
	if err != nil {
		t.Fatal(err)
	}
	rec := &countRecording{}
	countSampled = func(elapsed time.Duration, jobs []run.TaskState) {
		if rec.weights == nil {
			for _, j := range jobs {
				rec.weights = append(rec.weights, j.Weight)
			}
		}
		rec.reports = append(rec.reports, countReport{elapsed, jobs})
	}
	defer func() { countSampled = nil }()
	start := time.Now()
	c, err := s.Puzzle.Count(context.Background(), &puzzles.CountConfig{Workers: 2, Progress: func(puzzles.CountProgress) {}})
	if err != nil {
		t.Fatal(err)
	}
	return rec, fmt.Sprintf("polytile count %s on 2 workers: %v raw, counted by the %s in %v", spec, c.Raw, countMethodNames[c.Method], time.Since(start).Round(time.Millisecond))
}

// ms writes a time in milliseconds, or -1 for a time that has not come.
func ms(d time.Duration, happened bool) int64 {
	if !happened {
		return -1
	}
	return d.Milliseconds()
}

// write writes the recording, with comment lines first.
func (rec *countRecording) write(file string, comments ...string) error {
	var b strings.Builder
	for _, c := range comments {
		fmt.Fprintf(&b, "# %s\n", c)
	}
	for i, w := range rec.weights {
		fmt.Fprintf(&b, "w %d %g\n", i, w)
	}
	var last []run.TaskState
	for _, r := range rec.reports {
		fmt.Fprintf(&b, "t %d\n", r.elapsed.Milliseconds())
		for i, j := range r.jobs {
			if last != nil && j == last[i] {
				continue
			}
			fmt.Fprintf(&b, "j %d %d %d %.6f %d\n", i, ms(j.Began, j.Running || j.Done), ms(j.Ended, j.Done), j.Share, j.Told.Milliseconds())
		}
		last = r.jobs
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}

// recordedCounts are the counts whose progress is recorded in testdata:
// by the fill engine's search, 344 tasks that the estimates of their
// sizes weigh; and by the memo, four symmetries of the same weight.
var recordedCounts = map[string]string{
	"one-sided-pentominoes-6x15": "one-sided-pentominoes-6x15",
	"pentominoes-any-7x10":       "title: Pentominoes, any number of each, in 7 × 10\nboard: {rows: 7, cols: 10}\npieces: [{set: pentominoes, count: any}]\n",
}

// With POLYTILE_RECORD_COUNT set to one of recordedCounts it records that
// count's progress again, in testdata/count-progress-SPEC.txt.
func TestRecordCountProgress(t *testing.T) {
	spec := os.Getenv("POLYTILE_RECORD_COUNT")
	if _, ok := recordedCounts[spec]; !ok {
		t.Skip("POLYTILE_RECORD_COUNT names no count of recordedCounts to record")
	}
	rec, what := recordCount(t, spec)
	if err := rec.write(filepath.Join("..", "run", "testdata", "count-progress-"+spec+".txt"), what,
		"POLYTILE_RECORD_COUNT="+spec+" go test ./puzzles/tiling -run RecordCountProgress records it again"); err != nil {
		t.Fatal(err)
	}
}

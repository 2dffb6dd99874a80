package tiling

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// A recording of a count's progress: the states of its jobs (jobState)
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
	jobs    []jobState
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
	countSampled = func(elapsed time.Duration, jobs []jobState) {
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
	var last []jobState
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

// readCountRecording reads a recording that write wrote.
func readCountRecording(t *testing.T, file string) *countRecording {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec := &countRecording{}
	var jobs []jobState
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		var err error
		switch {
		case strings.HasPrefix(text, "#"):
		case strings.HasPrefix(text, "w "):
			var i int
			var w float64
			_, err = fmt.Sscanf(text, "w %d %g", &i, &w)
			if err == nil && i != len(rec.weights) {
				err = fmt.Errorf("job %d's weight after %d jobs'", i, len(rec.weights))
			}
			rec.weights = append(rec.weights, w)
		case strings.HasPrefix(text, "t "):
			var e int64
			_, err = fmt.Sscanf(text, "t %d", &e)
			if jobs == nil {
				jobs = make([]jobState, len(rec.weights))
				for i, w := range rec.weights {
					jobs[i].Weight = w
				}
			} else {
				jobs = append([]jobState(nil), jobs...)
			}
			rec.reports = append(rec.reports, countReport{time.Duration(e) * time.Millisecond, jobs})
		case strings.HasPrefix(text, "j ") && jobs != nil:
			var i int
			var began, ended, told int64
			var share float64
			if _, err = fmt.Sscanf(text, "j %d %d %d %g %d", &i, &began, &ended, &share, &told); err == nil && (i < 0 || i >= len(jobs)) {
				err = fmt.Errorf("no job %d", i)
			}
			if err == nil {
				j := &jobs[i]
				j.Share, j.Told = share, time.Duration(told)*time.Millisecond
				j.Began, j.Running = time.Duration(began)*time.Millisecond, began >= 0 && ended < 0
				j.Ended, j.Done = time.Duration(ended)*time.Millisecond, ended >= 0
				if ended < 0 {
					j.Ended = 0
				}
				if began < 0 {
					j.Began = 0
				}
			}
		default:
			err = fmt.Errorf("not a line of a recording")
		}
		if err != nil {
			t.Fatalf("%s:%d: %q: %v", file, line, text, err)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rec
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
	if err := rec.write(filepath.Join("testdata", "count-progress-"+spec+".txt"), what,
		"POLYTILE_RECORD_COUNT="+spec+" go test ./puzzles/tiling -run RecordCountProgress records it again"); err != nil {
		t.Fatal(err)
	}
}

// synthetic returns the states, at now, of jobs that two workers run in
// pairs, each of weight 1 and ten seconds long, that tell a share of 0 as
// they begin and of 0.8 a second later, and nothing more until they end:
// the share of each stands still for nine seconds out of ten, as a
// count's does when a branch of its first levels is large.
func synthetic(now time.Duration, jobs int) []jobState {
	const long = 10 * time.Second
	out := make([]jobState, jobs)
	for i := range out {
		j := &out[i]
		j.Weight = 1
		began := time.Duration(i/2) * long
		switch {
		case now < began:
		case now >= began+long:
			j.Began, j.Ended, j.Done, j.Share, j.Told = began, began+long, true, 1, began+long
		default:
			j.Began, j.Running, j.Told = began, true, began
			if now >= began+time.Second {
				j.Share, j.Told = 0.8, began+time.Second
			}
		}
	}
	return out
}

// The time left is the work left, in the seconds the jobs done took: on
// jobs alike, once the first are done, it is the time the run has left,
// exactly, and it goes down as the clock goes on while the shares stand
// still (a time left read from the shares, elapsed × (1 − fraction) /
// fraction, grows then, by a second every few), until a job runs longer
// than (share + (1 − share) / 2) of the time expected of it; the fraction
// never goes back, and is 1 at the end.
func TestCountEstimateStandsStill(t *testing.T) {
	const jobs, long = 6, 10 * time.Second
	end := jobs / 2 * long
	e := countEstimator{workers: 2}
	var last time.Duration
	lastOK, lastFraction := false, 0.0
	for now := time.Duration(0); now <= end; now += 250 * time.Millisecond {
		fraction, left, ok := e.estimate(now, synthetic(now, jobs))
		if fraction < lastFraction || fraction > 1 {
			t.Errorf("at %v: fraction %.3f after %.3f", now, fraction, lastFraction)
		}
		lastFraction = fraction
		if now < long { // no job done yet
			lastOK = false
			continue
		}
		if !ok {
			t.Fatalf("at %v: no estimate, with jobs done", now)
		}
		ran := now % long
		overdue := now < end && ran.Seconds() > long.Seconds()*(0.8+0.2/2)
		if want := end - now; !overdue && (left < want*99/100 || left > want*101/100) {
			t.Errorf("at %v: %v left, want %v", now, left, want)
		}
		if lastOK && !overdue && ran != 0 && ran != time.Second && left > last {
			t.Errorf("at %v: %v left after %v, the shares standing still", now, left, last)
		}
		last, lastOK = left, true
	}
	if lastFraction != 1 || last != 0 {
		t.Errorf("at the end: fraction %v, %v left; want 1 and 0", lastFraction, last)
	}
}

// On recorded counts (testdata/count-progress-*.txt), by the fill engine's
// search and by the memo, the estimate at a quarter and at half of the
// count's time is within a factor 3 of the time the count had left, and
// the fraction never goes back. (Read from the shares alone, the memo's
// count has a third of its time left at half way: its four jobs weigh
// the same, and the identity's takes three quarters of the time.)
func TestCountEstimateRecorded(t *testing.T) {
	for spec := range recordedCounts {
		t.Run(spec, func(t *testing.T) {
			rec := readCountRecording(t, filepath.Join("testdata", "count-progress-"+spec+".txt"))
			if len(rec.reports) < 10 {
				t.Fatalf("%d reports recorded, want 10 or more", len(rec.reports))
			}
			end := rec.reports[len(rec.reports)-1].elapsed
			e := countEstimator{workers: 2}
			lastFraction, checked := 0.0, 0
			for _, r := range rec.reports {
				fraction, left, ok := e.estimate(r.elapsed, r.jobs)
				if fraction < lastFraction {
					t.Errorf("at %v: fraction %.3f after %.3f", r.elapsed, fraction, lastFraction)
				}
				lastFraction = fraction
				if checked < 2 && r.elapsed >= end*time.Duration(checked+1)/4 {
					checked++
					truth := end - r.elapsed
					if !ok || left > 3*truth || 3*left < truth {
						t.Errorf("at %v (%d%% of the count): %v left (estimated: %v), truth %v", r.elapsed, 25*checked, left.Round(time.Millisecond), ok, truth)
					}
				}
			}
			if lastFraction != 1 {
				t.Errorf("the last report's fraction is %v, want 1", lastFraction)
			}
		})
	}
}

package run

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A recording of a count's progress: the states of its jobs (TaskState)
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
	jobs    []TaskState
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
	var jobs []TaskState
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
				jobs = make([]TaskState, len(rec.weights))
				for i, w := range rec.weights {
					jobs[i].Weight = w
				}
			} else {
				jobs = append([]TaskState(nil), jobs...)
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

// synthetic returns the states, at now, of jobs that two workers run in
// pairs, each of weight 1 and ten seconds long, that tell a share of 0 as
// they begin and of 0.8 a second later, and nothing more until they end:
// the share of each stands still for nine seconds out of ten, as a
// count's does when a branch of its first levels is large.
func synthetic(now time.Duration, jobs int) []TaskState {
	const long = 10 * time.Second
	out := make([]TaskState, jobs)
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
	e := TimeEstimator{Workers: 2}
	var last time.Duration
	lastOK, lastFraction := false, 0.0
	for now := time.Duration(0); now <= end; now += 250 * time.Millisecond {
		fraction, left, ok := e.Estimate(now, synthetic(now, jobs))
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

// On recorded counts (testdata/count-progress-*.txt, which the tests of
// package tiling record: TestRecordCountProgress), by the fill engine's
// search and by the memo, the estimate at a quarter and at half of the
// count's time is within a factor 3 of the time the count had left, and
// the fraction never goes back. (Read from the shares alone, the memo's
// count has a third of its time left at half way: its four jobs weigh
// the same, and the identity's takes three quarters of the time.)
func TestCountEstimateRecorded(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "count-progress-*.txt"))
	if err != nil || len(files) < 2 {
		t.Fatalf("%d recordings (%v), want 2 or more", len(files), err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			rec := readCountRecording(t, file)
			if len(rec.reports) < 10 {
				t.Fatalf("%d reports recorded, want 10 or more", len(rec.reports))
			}
			end := rec.reports[len(rec.reports)-1].elapsed
			e := TimeEstimator{Workers: 2}
			lastFraction, checked := 0.0, 0
			for _, r := range rec.reports {
				fraction, left, ok := e.Estimate(r.elapsed, r.jobs)
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

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/puzzles/results"
)

func TestSolveFlagErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name   string
		args   []string
		index  string // JOB_COMPLETION_INDEX, if not ""
		stderr string
	}{
		{"shard without n", []string{"--shard", "1"}, "", `--shard "1": want i/n`},
		{"shard not numbers", []string{"--shard", "a/4"}, "", `--shard "a/4": want i/n`},
		{"shard with spaces", []string{"--shard", "1 / 4"}, "", `want i/n`},
		{"shard index too big", []string{"--shard", "4/4"}, "", "--shard 4/4: want 0 ≤ i < n"},
		{"shard index negative", []string{"--shard", "-1/4"}, "", "--shard -1/4: want 0 ≤ i < n"},
		{"no shards", []string{"--shard", "0/0"}, "", "--shard 0/0: want 0 ≤ i < n"},
		{"shard and shards disagree", []string{"--shard", "1/4", "--shards", "3"}, "", "disagree"},
		{"negative shards", []string{"--shards", "-2"}, "", "--shards -2"},
		{"shards without an index", []string{"--shards", "4"}, "", "--shard i/4, or set JOB_COMPLETION_INDEX"},
		{"index without shards", nil, "2", "JOB_COMPLETION_INDEX is 2, but the number of shards is not given: add --shards N"},
		{"index not a number", []string{"--shards", "4"}, "two", `JOB_COMPLETION_INDEX is "two": want a shard index from 0 to 3`},
		{"index too big", []string{"--shards", "4"}, "4", `JOB_COMPLETION_INDEX is "4"`},
		{"negative workers", []string{"--workers", "-1"}, "", "--workers -1"},
		{"bad timeout", []string{"--timeout", "soon"}, "", `invalid argument "soon"`},
		{"timeout without unit", []string{"--timeout", "30"}, "", "invalid argument"},
		{"negative timeout", []string{"--timeout", "-1s"}, "", "--timeout -1s"},
		{"json and jsonl", []string{"--json", "--jsonl", filepath.Join(dir, "x.jsonl")}, "", "choose one"},
		{"jsonl to stdout", []string{"--jsonl", "-"}, "", "--jsonl and --resume write to a file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(cli.IndexEnv, tt.index)
			code, out, stderr := polytile(t, append([]string{"solve", "scott"}, tt.args...)...)
			if code != 2 || !strings.HasPrefix(stderr, "polytile: ") || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("solve scott %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(tt.args, " "), code, stderr, tt.stderr)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("a refused run left %s", entries[0].Name())
	}
}

// shardLines reads a shard file as its header, its solution lines and its
// end line, each as a generic JSON object, without the code that writes
// or merges them.
func shardLines(t *testing.T, path string) (header map[string]any, solutions []jsonSolutionLine, end map[string]any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("%s has %d lines", path, len(lines))
	}
	if err := json.Unmarshal([]byte(lines[0]), &header); err != nil {
		t.Fatalf("header: %v", err)
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &end); err != nil {
		t.Fatalf("end line: %v", err)
	}
	count := map[int]int64{} // solutions by task
	lastDone := -1
	for i, line := range lines[1 : len(lines)-1] {
		if strings.HasPrefix(line, `{"done":`) {
			// The task ended: its solutions are all above, after those
			// of the tasks before it.
			var d struct{ Done, Distinct int64 }
			if err := json.Unmarshal([]byte(line), &d); err != nil || d.Distinct != count[int(d.Done)] || int(d.Done) <= lastDone {
				t.Fatalf("line %d: %v: %s after %d solutions of the task, and the end of task %d", i+2, err, line, count[int(d.Done)], lastDone)
			}
			lastDone = int(d.Done)
			continue
		}
		var s jsonSolutionLine
		if err := json.Unmarshal([]byte(line), &s); err != nil || len(s.Pieces) == 0 || s.Task <= lastDone {
			t.Fatalf("line %d: %v: %s", i+2, err, line)
		}
		s.line = line
		count[s.Task]++
		solutions = append(solutions, s)
	}
	return header, solutions, end
}

type jsonSolutionLine struct {
	Task   int `json:"task"`
	Orbit  int `json:"orbit"`
	Pieces []struct {
		Name  string   `json:"name"`
		Cells [][2]int `json:"cells"`
	} `json:"pieces"`
	line string
}

// withoutTask returns the solution as solve --json prints it.
func (s jsonSolutionLine) withoutTask() string {
	return regexp.MustCompile(`^\{"task":\d+,`).ReplaceAllString(s.line, "{")
}

func TestSolveJSONL(t *testing.T) {
	tests := []struct {
		spec                      string
		raw, distinct, symmetries int
		pieces                    int
	}{
		{"scott", 520, 65, 8, 12},
		{"pentominoes-3x20", 8, 2, 4, 12},
		{"dominoes-4x4", 36, 9, 8, 1},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out.jsonl")
			code, out, stderr := polytile(t, "solve", tt.spec, "--jsonl", path)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, want := range []string{"distinct:   " + strconv.Itoa(tt.distinct) + "\n", "written to " + path} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			if strings.Contains(out, "solution 1") {
				t.Errorf("with --jsonl the solutions went to standard output too:\n%s", out)
			}
			header, sols, end := shardLines(t, path)
			for key, want := range map[string]any{
				"polytile": float64(results.FormatVersion), "holds": "solutions", "kind": "tiling", "version": float64(results.Version), "spec": tt.spec, "shard": 0.0, "shards": 1.0,
				"symmetry_breaking": true, "symmetries": float64(tt.symmetries),
			} {
				if header[key] != want {
					t.Errorf("header %s = %v, want %v", key, header[key], want)
				}
			}
			if fp, _ := header["fingerprint"].(string); !regexp.MustCompile(`^[0-9a-f]{16,}$`).MatchString(fp) {
				t.Errorf("header fingerprint %q is not a hex digest", fp)
			}
			if names, _ := header["pieces"].([]any); len(names) != tt.pieces {
				t.Errorf("header pieces %v, want %d names", header["pieces"], tt.pieces)
			}
			if len(sols) != tt.distinct {
				t.Errorf("%d solution lines, want %d", len(sols), tt.distinct)
			}
			raw := 0
			for i, s := range sols {
				raw += s.Orbit
				if i > 0 && s.Task < sols[i-1].Task {
					t.Errorf("line %d: task %d after task %d: not in task order", i+2, s.Task, sols[i-1].Task)
				}
			}
			if raw != tt.raw {
				t.Errorf("orbits add up to %d, want %d", raw, tt.raw)
			}
			for key, want := range map[string]any{
				"end": true, "complete": true, "distinct": float64(tt.distinct), "raw": float64(tt.raw),
			} {
				if end[key] != want {
					t.Errorf("end line %s = %v, want %v", key, end[key], want)
				}
			}
			if tasks, _ := end["tasks"].(float64); tasks < 1 {
				t.Errorf("end line tasks = %v", end["tasks"])
			}
			if found, _ := end["found"].(float64); int(found) < tt.distinct {
				t.Errorf("end line found = %v, fewer than the distinct solutions", end["found"])
			}

			// The same solutions as solve --json.
			_, js, _ := polytile(t, "solve", tt.spec, "--json")
			want := solutionLines(t, js)
			var got []string
			for _, s := range sols {
				got = append(got, s.withoutTask())
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("the file's solutions differ from solve --json's")
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("the directory holds %d files, want the one written", len(entries))
			}
		})
	}
}

// solutionLines returns the solutions of solve --json output, one a line
// as printed.
func solutionLines(t *testing.T, out string) []string {
	t.Helper()
	var v struct{ Solutions []json.RawMessage }
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	var lines []string
	for _, s := range v.Solutions {
		var buf bytes.Buffer
		if err := json.Compact(&buf, s); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, buf.String())
	}
	return lines
}

// The number of workers changes neither the solutions nor their order,
// printed or streamed.
func TestSolveWorkers(t *testing.T) {
	for _, args := range [][]string{
		{"scott"},
		{"scott", "--engine", "dlx"},
		{"scott", "--no-symmetry-breaking"},
		{"pentominoes-4x15"},
		{"pentominoes-5x12"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var outs, files [2]string
			for i, workers := range []string{"1", "2"} {
				args := append(slices.Clip(args), "--workers", workers)
				code, out, stderr := polytile(t, append([]string{"solve", "--json"}, args...)...)
				if code != 0 {
					t.Fatalf("--workers %s: exit %d: %s", workers, code, stderr)
				}
				outs[i] = string(mustField(t, out, "solutions"))
				path := filepath.Join(t.TempDir(), "s.jsonl")
				if code, _, stderr := polytile(t, append([]string{"solve", "--jsonl", path}, args...)...); code != 0 {
					t.Fatalf("--workers %s --jsonl: exit %d: %s", workers, code, stderr)
				}
				lines := readLines(t, path)
				files[i] = strings.Join(lines[1:len(lines)-1], "\n") // the solutions
			}
			if outs[0] == "" || outs[0] != outs[1] {
				t.Errorf("--json: --workers 1 and 2 print different solutions")
			}
			if files[0] == "" || files[0] != files[1] {
				t.Errorf("--jsonl: --workers 1 and 2 stream different solutions, or in another order")
			}
		})
	}
}

// mustField returns one field of a JSON object.
func mustField(t *testing.T, out, field string) json.RawMessage {
	t.Helper()
	var v map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	return v[field]
}

// A stopped run prints and writes what it found, marked partial, and
// exits 1.
func TestSolveStopped(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name   string
		ctx    context.Context
		args   []string
		stderr string
	}{
		{"timeout", context.Background(), []string{"solve", "one-sided-pentominoes-6x15", "--timeout", "1ns"}, "search stopped: --timeout 1ns reached"},
		{"interrupted", canceled, []string{"solve", "pentominoes-6x10"}, "search stopped: context canceled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "partial.jsonl")
			var out, errOut bytes.Buffer
			code := run(tt.ctx, append(tt.args, "--jsonl", path), &out, &errOut)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			for _, want := range []string{tt.stderr, "are partial", path} {
				if !strings.Contains(errOut.String(), want) {
					t.Errorf("stderr %q lacks %q", errOut.String(), want)
				}
			}
			if !strings.Contains(out.String(), "partial:    the search stopped early") {
				t.Errorf("stdout does not say the results are partial:\n%s", out.String())
			}
			header, sols, end := shardLines(t, path)
			if header["polytile"] != float64(results.FormatVersion) || header["holds"] != "solutions" || end["end"] != true || end["complete"] != false {
				t.Errorf("header %v, end %v: want a shard file ending complete: false", header, end)
			}
			if end["distinct"] != float64(len(sols)) {
				t.Errorf("end line counts %v solutions, the file holds %d", end["distinct"], len(sols))
			}
		})
	}
}

func TestSolveStats(t *testing.T) {
	code, out, stderr := polytile(t, "solve", "scott", "--stats", "--workers", "1", "--show", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(out, "nodes/s") {
		t.Errorf("the statistics went to standard output:\n%s", out)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^engine: +fill$`),
		regexp.MustCompile(`(?m)^workers: +1$`),
		regexp.MustCompile(`(?m)^tasks: +[1-9]\d*$`),
		regexp.MustCompile(`(?m)^nodes: +[1-9]\d*$`),
		regexp.MustCompile(`(?m)^updates: +- \(the fill engine has no links\)$`),
		regexp.MustCompile(`(?m)^covers: +[1-9]\d*$`),
		regexp.MustCompile(`(?m)^distinct: +65$`),
		regexp.MustCompile(`(?m)^solutions/s: +\d+ distinct, \d+ covers$`),
		regexp.MustCompile(`(?m)^nodes/s: +\d+$`),
		regexp.MustCompile(`(?m)^wall: +[0-9.]+(ms|s|µs)$`),
		regexp.MustCompile(`(?m)^cpu: +[0-9.]+(ms|s|µs|ns)? ?.*\(user .*, system .*\)`),
	} {
		if !want.MatchString(stderr) {
			t.Errorf("--stats output lacks %s:\n%s", want, stderr)
		}
	}
	// Dancing Links counts its link updates.
	_, _, stderr = polytile(t, "solve", "scott", "--stats", "--engine", "dlx", "--show", "0")
	if !regexp.MustCompile(`(?m)^updates: +[1-9]\d*$`).MatchString(stderr) {
		t.Errorf("--engine dlx --stats: no updates:\n%s", stderr)
	}
}

// One shard prints its own counts, and says it is a shard.
func TestSolveShard(t *testing.T) {
	code, out, stderr := polytile(t, "solve", "scott", "--shard", "1/4", "--show", "0")
	if code != 0 || !strings.Contains(out, "shard:      1/4 (") {
		t.Errorf("--shard 1/4: exit %d, stderr %q, output:\n%s", code, stderr, out)
	}
	_, out, _ = polytile(t, "solve", "scott", "--shard", "1/4", "--json")
	if got := string(mustField(t, out, "shard")); got != `"1/4"` {
		t.Errorf("--json shard = %s, want \"1/4\"", got)
	}
	// The index comes from the environment, as in an Indexed Job.
	t.Setenv(cli.IndexEnv, "1")
	_, fromEnv, _ := polytile(t, "solve", "scott", "--shards", "4", "--json")
	if fromEnv != out {
		t.Errorf("%s=1 --shards 4 printed other results than --shard 1/4", cli.IndexEnv)
	}
	// --shard wins over the environment.
	_, explicit, _ := polytile(t, "solve", "scott", "--shard", "1/4", "--json")
	t.Setenv(cli.IndexEnv, "3")
	if _, again, _ := polytile(t, "solve", "scott", "--shard", "1/4", "--json"); again != explicit {
		t.Errorf("%s changed the shard that --shard 1/4 chose", cli.IndexEnv)
	}
}

// readLines returns the lines of a file.
// withoutDone returns the lines of a shard file without its done lines.
func withoutDone(lines []string) []string {
	return slices.DeleteFunc(slices.Clone(lines), func(l string) bool { return strings.HasPrefix(l, `{"done":`) })
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

func TestSolveJSONLUnwritable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no-such-dir", "x.jsonl")
	code, _, stderr := polytile(t, "solve", "scott", "--jsonl", path)
	if code != 1 || !strings.Contains(stderr, "cannot write "+path) {
		t.Errorf("exit %d, stderr %q; want 1 and cannot write %s", code, stderr, path)
	}
}

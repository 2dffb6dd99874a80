package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/cli"
)

// polytile runs the command line and returns its exit status and output.
func polytile(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("board: |\n  ..\npieces: domino\ncolour: red\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string // a part of the error, if any
	}{
		{"help", []string{"--help"}, 0, ""},
		{"no command", nil, 0, ""},
		{"version", []string{"--version"}, 0, ""},
		{"list", []string{"list"}, 0, ""},
		{"solve", []string{"solve", "dominoes-4x4"}, 0, ""},
		{"unknown command", []string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{"unknown flag", []string{"solve", "--frob", "scott"}, 2, "unknown flag: --frob"},
		{"bad flag value", []string{"solve", "--limit", "x", "scott"}, 2, "invalid argument"},
		{"negative limit", []string{"solve", "--limit", "-1", "scott"}, 2, "--limit -1"},
		{"no spec", []string{"solve"}, 2, "want one SPEC"},
		{"two specs", []string{"solve", "a", "b"}, 2, "want one SPEC"},
		{"list with args", []string{"list", "x"}, 2, "want no arguments"},
		{"schema", []string{"schema"}, 0, ""},
		{"schema with args", []string{"schema", "scott"}, 2, "want no arguments"},
		{"missing spec", []string{"solve", filepath.Join(dir, "nope.yaml")}, 1, "nope.yaml"},
		{"bad spec", []string{"solve", bad}, 1, "bad.yaml:4:1:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := polytile(t, tt.args...)
			if tt.name == "version" && !strings.HasPrefix(stdout, "polytile version ") {
				t.Errorf("polytile --version printed %q", stdout)
			}
			if code != tt.code {
				t.Errorf("polytile %s: exit %d, want %d (stderr %q)", strings.Join(tt.args, " "), code, tt.code, stderr)
			}
			if tt.code != 0 && !strings.HasPrefix(stderr, "polytile: ") {
				t.Errorf("stderr %q does not start with polytile:", stderr)
			}
			if !strings.Contains(stderr, tt.stderr) {
				t.Errorf("stderr %q does not contain %q", stderr, tt.stderr)
			}
		})
	}
}

func TestSolveText(t *testing.T) {
	code, out, stderr := polytile(t, "solve", "pentominoes-3x20", "--show", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"raw:        8\n",
		"distinct:   2\n",
		"symmetries: 4\n",
		"solution 1 of 2 (orbit 4):\nUUXIIIIINNNFTWYYYYZV\nUXXXPPLNNFFFTWWYZZZV\nUUXPPPLLLLFTTTWWZVVV\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "solution 2") {
		t.Errorf("--show 1 printed a second solution:\n%s", out)
	}
}

func TestSolveLimit(t *testing.T) {
	code, out, _ := polytile(t, "solve", "scott", "--limit", "5", "--show", "0")
	if code != 0 || !strings.Contains(out, "distinct:   at least 5\n") || !strings.Contains(out, "partial") {
		t.Errorf("solve --limit 5: exit %d, output:\n%s", code, out)
	}
}

type jsonOut struct {
	Raw        int64 `json:"raw"`
	Distinct   int   `json:"distinct"`
	Symmetries int   `json:"symmetries"`
	Complete   bool  `json:"complete"`
	Solutions  []struct {
		Orbit  int `json:"orbit"`
		Pieces []struct {
			Name  string   `json:"name"`
			Cells [][2]int `json:"cells"`
		} `json:"pieces"`
	} `json:"solutions"`
}

func TestSolveJSON(t *testing.T) {
	tests := []struct {
		spec                      string
		flags                     []string
		raw, distinct, symmetries int
	}{
		{"scott", nil, 520, 65, 8},
		{"scott", []string{"--no-symmetry-breaking"}, 520, 65, 8},
		{"pentominoes-3x20", nil, 8, 2, 4},
		{"dominoes-4x4", nil, 36, 9, 8},
	}
	for _, tt := range tests {
		t.Run(tt.spec+strings.Join(tt.flags, ""), func(t *testing.T) {
			code, out, stderr := polytile(t, append([]string{"solve", tt.spec, "--json"}, tt.flags...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var got jsonOut
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, out)
			}
			if got.Raw != int64(tt.raw) || got.Distinct != tt.distinct || got.Symmetries != tt.symmetries || !got.Complete {
				t.Errorf("raw %d distinct %d symmetries %d complete %v, want %d %d %d true",
					got.Raw, got.Distinct, got.Symmetries, got.Complete, tt.raw, tt.distinct, tt.symmetries)
			}
			if len(got.Solutions) != tt.distinct {
				t.Fatalf("%d solutions listed, want %d", len(got.Solutions), tt.distinct)
			}
			sum := int64(0)
			for i, s := range got.Solutions {
				sum += int64(s.Orbit)
				seen := map[[2]int]bool{}
				for _, p := range s.Pieces {
					for _, c := range p.Cells {
						if seen[c] {
							t.Fatalf("solution %d: cell %v covered twice", i, c)
						}
						seen[c] = true
					}
				}
			}
			if sum != got.Raw {
				t.Errorf("sum of orbits %d, raw %d", sum, got.Raw)
			}
		})
	}
}

// The JSON cells are rows and columns of the board picture: on Scott's
// board, the hole [3..4]×[3..4] is never covered, and every other cell is.
func TestSolveJSONCells(t *testing.T) {
	_, out, _ := polytile(t, "solve", "scott", "--json", "--limit", "1")
	var got jsonOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	var cells [][2]int
	for _, p := range got.Solutions[0].Pieces {
		cells = append(cells, p.Cells...)
	}
	slices.SortFunc(cells, func(a, b [2]int) int { return (a[0]*8 + a[1]) - (b[0]*8 + b[1]) })
	var want [][2]int
	for r := range 8 {
		for c := range 8 {
			if !(r >= 3 && r <= 4 && c >= 3 && c <= 4) {
				want = append(want, [2]int{r, c})
			}
		}
	}
	if !slices.Equal(cells, want) {
		t.Errorf("cells covered: %v", cells)
	}
}

func TestSolveDeterministic(t *testing.T) {
	_, a, _ := polytile(t, "solve", "pentominoes-5x12", "--json", "--limit", "50")
	_, b, _ := polytile(t, "solve", "pentominoes-5x12", "--json", "--limit", "50")
	if a != b {
		t.Errorf("two runs printed different JSON")
	}
}

func TestSolveCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"solve", "pentominoes-6x10", "--show", "0"}, &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), "partial") || !strings.Contains(out.String(), "partial") {
		t.Errorf("canceled solve: exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// The engines print the same solutions.
func TestSolveEngines(t *testing.T) {
	for _, spec := range []string{"scott", "dominoes-4x4", "pentominoes-3x20"} {
		var sols [2]string
		for i, engine := range []string{"dlx", "fill"} {
			code, out, stderr := polytile(t, "solve", spec, "--json", "--engine", engine)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var got struct {
				Engine    string          `json:"engine"`
				Solutions json.RawMessage `json:"solutions"`
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if got.Engine != engine {
				t.Errorf("engine %q, want %q", got.Engine, engine)
			}
			sols[i] = string(got.Solutions)
		}
		if sols[0] != sols[1] {
			t.Errorf("%s: the engines print different solutions", spec)
		}
	}
	if code, _, stderr := polytile(t, "solve", "scott", "--engine", "magic"); code != 2 || !strings.Contains(stderr, "auto, dlx or fill") {
		t.Errorf("--engine magic: exit %d, %q", code, stderr)
	}
}

// failingWriter fails every write, as a full disk or a closed pipe does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// Output that cannot be written is a failure, whatever the command.
func TestStdoutWriteError(t *testing.T) {
	for _, args := range [][]string{
		{"list"},
		{"palettes"},
		{"schema"},
		{"solve", "dominoes-4x4"},
		{"solve", "dominoes-4x4", "--json"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var errOut bytes.Buffer
			code := run(context.Background(), args, failingWriter{}, &errOut)
			if code != 1 {
				t.Errorf("exit status %d, want 1", code)
			}
			if want := "polytile: writing standard output: no space left on device\n"; errOut.String() != want {
				t.Errorf("stderr = %q, want %q", errOut.String(), want)
			}
		})
	}
}

// A flag's bad value is said in the flag's terms, not the Go parser's.
func TestFlagValueErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "scott", "--limit", "x"}, `invalid argument "x" for "--limit" flag: want a whole number`},
		{[]string{"solve", "scott", "--limit", "99999999999999999999"}, "flag: out of range"},
		{[]string{"draw", "scott", "-o", "x.svg", "--cell-size", "big"}, `--cell-size: "big": want a number`},
		{[]string{"draw", "scott", "-o", "x.svg", "--grid=maybe"}, `--grid: "maybe": want true or false`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, stderr := polytile(t, tt.args...)
			if code != 2 || !strings.Contains(stderr, tt.want) || strings.Contains(stderr, "strconv") {
				t.Errorf("exit %d, stderr %q; want exit 2 and %q", code, stderr, tt.want)
			}
		})
	}
}

// --workers N runs the search on at most N cores, and gives the process
// its cores back when it ends.
func TestWorkersCapCores(t *testing.T) {
	was := runtime.GOMAXPROCS(0)
	if was < 2 {
		t.Skip("one core")
	}
	undo := cli.CapCores(1)
	if got := runtime.GOMAXPROCS(0); got != 1 {
		t.Fatalf("--workers 1: %d cores", got)
	}
	undo()
	for _, workers := range []int{0, was, was + 1, 1} {
		if workers != 1 {
			undo := cli.CapCores(workers)
			if got := runtime.GOMAXPROCS(0); got != was {
				t.Fatalf("--workers %d: %d cores, want %d", workers, got, was)
			}
			undo()
		}
		if got := runtime.GOMAXPROCS(0); got != was {
			t.Fatalf("after --workers %d: %d cores, want %d back", workers, got, was)
		}
	}
	if code, out, errOut := polytile(t, "solve", "scott", "--workers", "1", "--show", "0"); code != 0 || !strings.Contains(out, "distinct:   65") {
		t.Fatalf("solve --workers 1: exit %d\n%s%s", code, out, errOut)
	}
	if got := runtime.GOMAXPROCS(0); got != was {
		t.Fatalf("after solve --workers 1: %d cores, want %d back", got, was)
	}
}

// polytile schema prints the schema that the repository keeps in
// docs/spec.schema.json for editors (TestSchemaFile in puzzles/specs
// keeps that file up to date).
func TestSchemaCommand(t *testing.T) {
	code, out, stderr := polytile(t, "schema")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want, err := os.ReadFile(filepath.Join("..", "..", "docs", "spec.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("polytile schema differs from docs/spec.schema.json")
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/polytile/polytile/puzzles/specs"

	"go.yaml.in/yaml/v4"
)

// runMainEnv makes the test binary run as polytile itself: the tests run
// it as separate processes, as a cluster scheduler would.
const runMainEnv = "POLYTILE_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		main()
		return
	}
	// The tests choose the shard themselves, even inside an Indexed Job.
	os.Unsetenv(cli.IndexEnv)
	os.Exit(m.Run())
}

// jobManifest is what TestShardsAsJob reads of the Kubernetes manifest.
type jobManifest struct {
	Kind string `yaml:"kind"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Parallelism    int    `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				Containers []struct {
					Command      []string `yaml:"command"`
					Args         []string `yaml:"args"`
					Env          []struct{ Name, Value string }
					VolumeMounts []struct {
						Name      string `yaml:"name"`
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// readJob returns the Indexed Job of deploy/kubernetes/polytile-shards.yaml
// and its container's environment, checking that they agree.
func readJob(t *testing.T) (command []string, env map[string]string) {
	t.Helper()
	path := filepath.Join("..", "..", "deploy", "kubernetes", "polytile-shards.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var doc jobManifest
		if err := dec.Decode(&doc); err != nil {
			t.Fatalf("%s: no Job: %v", path, err)
		}
		if doc.Kind != "Job" {
			continue
		}
		if doc.Spec.CompletionMode != "Indexed" {
			t.Errorf("completionMode %q, want Indexed", doc.Spec.CompletionMode)
		}
		cs := doc.Spec.Template.Spec.Containers
		if len(cs) != 1 {
			t.Fatalf("%d containers, want 1", len(cs))
		}
		c := cs[0]
		env = map[string]string{}
		for _, e := range c.Env {
			env[e.Name] = e.Value
		}
		if env["SHARDS"] != fmt.Sprint(doc.Spec.Completions) {
			t.Errorf("SHARDS is %q, completions %d: they must agree", env["SHARDS"], doc.Spec.Completions)
		}
		if len(c.VolumeMounts) != 1 || env["OUT"] != c.VolumeMounts[0].MountPath {
			t.Errorf("OUT is %q, not the volume's mountPath", env["OUT"])
		}
		if _, err := specs.Load(env["SPEC"]); err != nil {
			t.Errorf("SPEC: %v", err)
		}
		return append(c.Command, c.Args...), env
	}
}

// The shards of Scott's problem, run as separate processes exactly as the
// Kubernetes manifest runs them (its command, its environment, the index
// in JOB_COMPLETION_INDEX), merge into what an unsharded run prints.
func TestShardsAsJob(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the manifest's command is for a Unix shell")
	}
	command, env := readJob(t)
	if _, err := exec.LookPath(command[0]); err != nil {
		t.Skipf("no %s to run the manifest's command: %v", command[0], err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin, out := t.TempDir(), t.TempDir()
	if err := os.Symlink(exe, filepath.Join(bin, "polytile")); err != nil {
		t.Fatal(err)
	}
	const shards = 4
	env["SPEC"], env["SHARDS"], env["OUT"] = "scott", fmt.Sprint(shards), out
	for i := range shards {
		cmd := exec.Command(command[0], command[1:]...)
		cmd.Env = append(os.Environ(),
			"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
			runMainEnv+"=1",
			fmt.Sprintf("%s=%d", cli.IndexEnv, i))
		for k, v := range env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("shard %d: %v\n%s%s", i, err, stdout.String(), stderr.String())
		}
		if want := fmt.Sprintf("shard:      %d/%d", i, shards); !strings.Contains(stdout.String(), want) {
			t.Errorf("shard %d printed no %q:\n%s", i, want, stdout.String())
		}
		if !strings.Contains(stderr.String(), "nodes/s:") {
			t.Errorf("shard %d: no --stats on stderr: %q", i, stderr.String())
		}
	}
	files, _ := filepath.Glob(filepath.Join(out, "shard-*.jsonl"))
	if len(files) != shards {
		t.Fatalf("the shards wrote %v, want %d files", files, shards)
	}
	code, merged, stderr := polytile(t, append([]string{"merge"}, files...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	_, whole, _ := polytile(t, "solve", "scott", "--json")
	var m, w jsonOut
	if err := json.Unmarshal([]byte(merged), &m); err != nil {
		t.Fatalf("merge printed no JSON: %v", err)
	}
	json.Unmarshal([]byte(whole), &w)
	if m.Raw != 520 || m.Distinct != 65 || m.Symmetries != 8 || !m.Complete {
		t.Errorf("merged: raw %d, distinct %d, symmetries %d, complete %v; want 520, 65, 8, true", m.Raw, m.Distinct, m.Symmetries, m.Complete)
	}
	// The same solutions in the same order: solve --json's, line for line.
	if got, want := solutionLines(t, merged), solutionLines(t, whole); !slices.Equal(got, want) {
		t.Errorf("merge and solve --json print different solutions (%d and %d)", len(got), len(want))
	}
	// And the same object: the shards' node counts add up to the whole's.
	for _, field := range []string{"name", "title", "raw", "distinct", "symmetries", "complete", "engine", "nodes"} {
		if a, b := mustField(t, merged, field), mustField(t, whole, field); !bytes.Equal(a, b) {
			t.Errorf("%s: merged %s, unsharded %s", field, a, b)
		}
	}
	if merged != whole {
		t.Errorf("merge printed other bytes than solve --json")
	}
}

// The union of the shards is the whole, for other puzzles and splits too,
// and the shards stream in the unsharded run's order.
func TestMergeEqualsWhole(t *testing.T) {
	tests := []struct {
		spec   string
		shards int
		flags  []string
	}{
		{"pentominoes-3x20", 3, nil},
		{"pentominoes-5x12", 5, nil},
		{"scott", 7, []string{"--no-symmetry-breaking"}},
		{"scott", 2, []string{"--engine", "dlx"}},
		{"dominoes-4x4", 2, nil},
		{"dominoes-4x4", 10, nil}, // more shards than its 6 tasks: some are empty
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d%s", tt.spec, tt.shards, strings.Join(tt.flags, "")), func(t *testing.T) {
			dir := t.TempDir()
			var files []string
			type line struct {
				task, order int
				text        string
			}
			var streamed []line
			for i := range tt.shards {
				path := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", i))
				args := append([]string{"solve", tt.spec, "--shard", results.ShardName(i, tt.shards), "--jsonl", path}, tt.flags...)
				if code, _, stderr := polytile(t, args...); code != 0 {
					t.Fatalf("shard %d: exit %d: %s", i, code, stderr)
				}
				files = append(files, path)
				_, sols, _ := shardLines(t, path)
				for k, s := range sols {
					streamed = append(streamed, line{s.Task, k, s.line})
				}
			}
			code, merged, stderr := polytile(t, append([]string{"merge"}, files...)...)
			if code != 0 {
				t.Fatalf("merge: exit %d: %s", code, stderr)
			}
			_, whole, _ := polytile(t, append([]string{"solve", tt.spec, "--json"}, tt.flags...)...)
			if got, want := solutionLines(t, merged), solutionLines(t, whole); !slices.Equal(got, want) {
				t.Errorf("merge and solve --json print different solutions (%d and %d)", len(got), len(want))
			}
			// Even the node counts add up: the same bytes.
			if merged != whole {
				t.Errorf("merge printed other bytes than solve --json:\n%.500s\n%.500s", merged, whole)
			}
			// Ordered by task, the shards' lines are the unsharded stream.
			slices.SortStableFunc(streamed, func(a, b line) int { return a.task - b.task })
			path := filepath.Join(dir, "whole.jsonl")
			polytile(t, append([]string{"solve", tt.spec, "--jsonl", path}, tt.flags...)...)
			lines := withoutDone(readLines(t, path))
			want := lines[1 : len(lines)-1]
			var got []string
			for _, l := range streamed {
				got = append(got, l.text)
			}
			if !slices.Equal(got, want) {
				t.Errorf("the shards' lines in task order are not the unsharded stream (%d and %d lines)", len(got), len(want))
			}
		})
	}
}

func TestMergeRefusals(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	solve := func(ctx context.Context, file string, args ...string) {
		t.Helper()
		var out, errOut bytes.Buffer
		code := run(ctx, append(append([]string{"solve"}, args...), "--jsonl", path(file)), &out, &errOut)
		if code != 0 && ctx.Err() == nil {
			t.Fatalf("solve %v: exit %d: %s", args, code, errOut.String())
		}
	}
	bg := context.Background()
	for i := range 4 {
		solve(bg, fmt.Sprintf("s%d.jsonl", i), "scott", "--shard", results.ShardName(i, 4))
	}
	solve(bg, "other-spec.jsonl", "pentominoes-3x20", "--shard", "2/4")
	solve(bg, "other-split.jsonl", "scott", "--shard", "2/4", "--no-symmetry-breaking")
	solve(bg, "of3.jsonl", "scott", "--shard", "2/3")
	stopped, cancel := context.WithCancel(bg)
	cancel()
	solve(stopped, "partial.jsonl", "scott", "--shard", "2/4")
	solve(bg, "limited.jsonl", "scott", "--shard", "2/4", "--limit", "1")
	lines := withoutDone(readLines(t, path("s2.jsonl")))
	write := func(name string, lines []string) {
		if err := os.WriteFile(path(name), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("cut.jsonl", lines[:len(lines)-1])
	write("miscounted.jsonl", append(slices.Clone(lines[:2]), lines[len(lines)-1]))
	write("not-a-shard.jsonl", []string{`{"name": "scott"}`})
	write("after-end.jsonl", append(slices.Clone(lines), lines[1]))
	write("wrong-task.jsonl", append(append([]string{lines[0]}, withoutDone(readLines(t, path("s1.jsonl")))[1]), lines[2:]...))

	tests := []struct {
		name   string
		files  []string
		stderr string
	}{
		{"one missing", []string{"s0", "s1", "s3"}, "shard 2/4 is missing"},
		{"two missing", []string{"s0", "s3"}, "shards 1/4, 2/4 are missing"},
		{"twice", []string{"s0", "s1", "s2", "s3", "s2"}, path("s2.jsonl") + " and " + path("s2.jsonl") + " are both shard 2/4"},
		{"another spec", []string{"s0", "s1", "other-spec", "s3"}, "other-spec.jsonl belongs to another spec (pentominoes-3x20, fingerprint "},
		{"another split", []string{"s0", "s1", "other-split", "s3"}, "other-split.jsonl belongs to another search of scott"},
		{"another number of shards", []string{"s0", "s1", "of3", "s3"}, "of3.jsonl is shard 2/3, but " + path("s0.jsonl") + " is one of 4"},
		{"stopped", []string{"s0", "s1", "partial", "s3"}, "partial.jsonl is partial (the run was stopped): run shard 2/4 again"},
		{"limited", []string{"s0", "s1", "limited", "s3"}, "limited.jsonl is partial"},
		{"cut short", []string{"s0", "s1", "cut", "s3"}, "cut.jsonl has no end line"},
		{"miscounted", []string{"s0", "s1", "miscounted", "s3"}, "the end line counts"},
		{"not a shard file", []string{"not-a-shard"}, "not-a-shard.jsonl is not a shard file"},
		{"line after the end", []string{"after-end"}, "a line after the end line"},
		{"solution of another shard", []string{"wrong-task"}, "which is not in shard 2/4"},
		{"no such file", []string{"nope"}, "nope.jsonl: no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"merge"}
			for _, f := range tt.files {
				args = append(args, path(f+".jsonl"))
			}
			code, out, stderr := polytile(t, args...)
			if code != 1 || !strings.HasPrefix(stderr, "polytile: ") || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("merge %v: exit %d, stderr %q; want exit 1 and %q", tt.files, code, stderr, tt.stderr)
			}
			if out != "" {
				t.Errorf("a refused merge printed %q", out)
			}
		})
	}
	if code, _, stderr := polytile(t, "merge"); code != 2 || !strings.Contains(stderr, "want the shard files") {
		t.Errorf("merge without files: exit %d, %q", code, stderr)
	}
}

// merge -o writes what it would print.
func TestMergeOutput(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "all.jsonl")
	if code, _, stderr := polytile(t, "solve", "pentominoes-3x20", "--jsonl", shard); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, printed, _ := polytile(t, "merge", shard)
	out := filepath.Join(dir, "merged.json")
	code, stdout, stderr := polytile(t, "merge", shard, "-o", out)
	if code != 0 || stdout != "" || !strings.Contains(stderr, "wrote "+out) {
		t.Fatalf("merge -o: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	data, _ := os.ReadFile(out)
	if string(data) != printed || !strings.Contains(printed, `"distinct": 2,`) {
		t.Errorf("merge -o wrote:\n%s\nbut merge printed:\n%s", data, printed)
	}
}

// Damaged shards are refused, naming the file and the line, in the
// file's terms (the results package tests every kind of damage).
func TestMergeDamaged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.jsonl")
	if code, _, stderr := polytile(t, "solve", "scott", "--jsonl", path, "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The first solution is on the line after the done lines of the tasks
	// before its own.
	first := strings.Count(string(data[:strings.Index(string(data), `{"task":`)]), "\n") + 1
	at := fmt.Sprintf("s.jsonl:%d: ", first)
	task := regexp.MustCompile(`"task":\d+`).FindString(string(data))
	tests := []struct {
		name, old, new, stderr string
	}{
		{"orbit", `"orbit":8`, `"orbit":7`, at + "orbit 7 does not divide the 8 symmetries"},
		{"a cell in the hole", `"cells":[[0,4]`, `"cells":[[3,3]`, at + `not a solution of the puzzle: piece "F" covers cell [3, 3], which is in a hole of the board`},
		{"a piece's name", `"name":"I"`, `"name":"Q"`, at + `piece "Q" is not a piece of the puzzle`},
		{"a type", task, strings.Replace(task, ":", `:"`, 1) + `"`, at + `field "task" is a string, want a whole number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := strings.Replace(string(data), tt.old, tt.new, 1)
			if bad == string(data) {
				t.Fatalf("no %s in the shard", tt.old)
			}
			damaged := filepath.Join(dir, "damaged", "s.jsonl")
			os.MkdirAll(filepath.Dir(damaged), 0o755)
			if err := os.WriteFile(damaged, []byte(bad), 0o644); err != nil {
				t.Fatal(err)
			}
			if code, _, stderr := polytile(t, "merge", damaged); code != 1 || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("merge of a shard with %s: exit %d, %q; want exit 1 and %q", tt.new, code, stderr, tt.stderr)
			}
		})
	}
	// Shards carry their spec's text: a spec moved away is no matter.
	moved := strings.Replace(string(data), `"spec":"scott"`, `"spec":"`+filepath.Join(dir, "gone.yaml")+`"`, 1)
	os.WriteFile(path, []byte(moved), 0o644)
	if code, _, stderr := polytile(t, "merge", path); code != 0 {
		t.Errorf("merge of shards whose spec is gone, which carry its text: exit %d, %q", code, stderr)
	}
	// Without it (files of older versions), the spec may be given when
	// the shards' cannot be found.
	moved = regexp.MustCompile(`,"spec_text":"(?:[^"\\]|\\.)*"`).ReplaceAllString(moved, "")
	os.WriteFile(path, []byte(moved), 0o644)
	if code, _, stderr := polytile(t, "merge", path); code != 1 || !strings.Contains(stderr, "give it with --spec FILE") {
		t.Errorf("merge of shards whose spec is gone: exit %d, %q", code, stderr)
	}
	if code, _, stderr := polytile(t, "merge", path, "--spec", "scott"); code != 0 {
		t.Errorf("merge --spec scott: exit %d, %q", code, stderr)
	}
}

// A command whose output is one of its inputs refuses, before any work,
// and leaves the input as it was.
func TestOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "my.yaml")
	specText := "board: |\n  ....\n  ....\npieces: {A: \"##\", B: \"##\", C: \"##\", D: \"##\"}\n"
	os.WriteFile(spec, []byte(specText), 0o644)
	link := filepath.Join(dir, "link.yaml")
	hasLinks := os.Symlink("my.yaml", link) == nil
	shard := filepath.Join(dir, "s0.jsonl")
	if code, _, stderr := polytile(t, "solve", spec, "--jsonl", shard); code != 0 {
		t.Fatalf("solve: exit %d: %s", code, stderr)
	}
	shardText, _ := os.ReadFile(shard)
	tests := []struct {
		name   string
		args   []string
		input  string // the file that must not change
		stderr string
	}{
		{"solve --jsonl", []string{"solve", spec, "--jsonl", spec}, spec, "--jsonl " + spec + " is the input " + spec},
		{"draw -o", []string{"draw", spec, "-o", spec, "--format", "svg"}, spec, "-o " + spec + " is the input " + spec},
		{"merge -o", []string{"merge", shard, "-o", shard}, shard, "-o " + shard + " is the input " + shard},
		{"pieces -o", []string{"pieces", spec, "-o", spec, "--format", "svg"}, spec, "-o " + spec + " is the input " + spec},
		{"merge -o the spec", []string{"merge", shard, "--spec", spec, "-o", spec}, spec, "is the input " + spec},
		{"through a link", []string{"solve", spec, "--jsonl", link}, spec, "--jsonl " + link + " is the input " + spec},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "through a link" && !hasLinks {
				t.Skip("no symbolic links")
			}
			before, _ := os.ReadFile(tt.input)
			code, stdout, stderr := polytile(t, tt.args...)
			if code != 1 || !strings.Contains(stderr, tt.stderr) || !strings.Contains(stderr, "choose another file") {
				t.Errorf("polytile %s: exit %d, stderr %q; want exit 1 and %q", strings.Join(tt.args, " "), code, stderr, tt.stderr)
			}
			if stdout != "" {
				t.Errorf("a refused command printed %q", stdout)
			}
			if after, _ := os.ReadFile(tt.input); string(after) != string(before) {
				t.Errorf("%s changed:\n%s", tt.input, after)
			}
		})
	}
	if data, _ := os.ReadFile(spec); string(data) != specText {
		t.Errorf("the spec changed: %q", data)
	}
	if data, _ := os.ReadFile(shard); string(data) != string(shardText) {
		t.Errorf("the shard changed")
	}
}

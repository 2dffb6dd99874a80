package gallery

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/polytile/polytile/puzzles/specs"
)

// A saved file whose end line claims more solutions than any layout may
// hold is too large to draw, in any number of frames each: the count,
// times the frames, does not wrap round to a small number.
func TestCheckSavedForgedCount(t *testing.T) {
	spec, err := specs.Load("pentominoes-3x20")
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), &puzzles.SolveConfig{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w := results.NewWriter(&b, results.NewHeader(spec, nil))
	for _, d := range res.Distinct {
		w.Add(d, 0)
	}
	if err := w.Close(results.NewEnd(res, true)); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	last := bytes.LastIndexByte(data[:len(data)-1], '\n') + 1
	if !bytes.Contains(data[last:], []byte(`"distinct":2,`)) {
		t.Fatalf("the end line counts no 2 distinct solutions: %s", data[last:])
	}
	for _, distinct := range []int64{math.MaxInt64, math.MaxInt64/2 + 1, 1 << 40} {
		forged := append(append([]byte(nil), data[:last]...), bytes.Replace(data[last:], []byte(`"distinct":2,`), fmt.Appendf(nil, `"distinct":%d,`, distinct), 1)...)
		path := filepath.Join(t.TempDir(), "forged.jsonl")
		if err := os.WriteFile(path, forged, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, per := range []int{1, 2, 3} {
			if err := CheckSaved(context.Background(), path, Figure{}, per); !errors.As(err, new(*TooLargeError)) {
				t.Errorf("an end line of %d solutions, %d frames each: %v; want a *TooLargeError", distinct, per, err)
			}
		}
	}
}

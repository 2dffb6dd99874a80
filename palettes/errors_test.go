package palettes

import (
	"errors"
	"strings"
	"testing"
)

// TestErrorReason checks that every mistake the package reports is an
// *Error whose message names the package once, and whose Reason is the
// message without the name, so that a caller can place it without
// cutting text.
func TestErrorReason(t *testing.T) {
	tests := []struct {
		name string
		err  func() error
	}{
		{"parse", func() error { _, err := Parse("#12345"); return err }},
		{"named", func() error { _, err := Named("viridsi", 0); return err }},
		{"samples", func() error { _, err := Named("viridis", MaxSamples+1); return err }},
		{"empty list", func() error { _, err := FromList(nil); return err }},
		{"list colour", func() error { _, err := FromList([]string{"red", "nope"}); return err }},
		{"map empty name", func() error { _, err := FromMap(map[string]string{"": "red"}, nil); return err }},
		{"map colour", func() error { _, err := FromMap(map[string]string{"F": "#zz"}, nil); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.err()
			var pe *Error
			if !errors.As(err, &pe) || error(pe) != err {
				t.Fatalf("error %v (%T); want a *palettes.Error", err, err)
			}
			if strings.Count(err.Error(), "palettes: ") != 1 || !strings.HasPrefix(err.Error(), "palettes: ") {
				t.Errorf("error %q; want the package's name once, first", err)
			}
			if pe.Reason() != strings.TrimPrefix(err.Error(), "palettes: ") || strings.Contains(pe.Reason(), "palettes:") {
				t.Errorf("Reason %q of %q; want the message without the package's name", pe.Reason(), err)
			}
		})
	}
}

package cli

import (
	"fmt"
	"testing"
)

// Outputs lists what -o takes from its fields alone, and Check refuses
// what the command does not write, listing what it does.
func TestOutputs(t *testing.T) {
	pictures := Outputs{Command: "pieces", Pictures: []string{".svg", ".png"}, Formats: []string{"svg", "png"},
		Site: ".html", Prints: []string{".stl"}, Stdout: "-"}
	all := pictures
	all.Command, all.WritesSite, all.WritesPrints = "draw", true, true
	if got, want := pictures.List(), ".svg or .png for a picture"; got != want {
		t.Errorf("List() = %q, want %q", got, want)
	}
	if got, want := all.List(), ".svg or .png for a picture, DIR/index.html for a web gallery, or .stl for pieces to print"; got != want {
		t.Errorf("List() = %q, want %q", got, want)
	}
	if got, want := all.Short(), "pictures (.svg .png), a web gallery (.html), or pieces to print (.stl)"; got != want {
		t.Errorf("Short() = %q, want %q", got, want)
	}
	for _, tt := range []struct {
		o            Outputs
		path, format string
		want         string
	}{
		{pictures, "", "", "no output: give -o FILE (.svg or .png for a picture), or -o - with --format svg or png"},
		{pictures, "x.svg", "", "<nil>"},
		{pictures, "x.SVG", "", "<nil>"},
		{pictures, "-", "", "<nil>"},
		{pictures, "x.gif", "png", "<nil>"},
		{pictures, "x.gif", "", `-o x.gif: unknown extension ".gif"; want .svg or .png for a picture`},
		{pictures, "x", "", "-o x: no extension to choose a format by; want .svg or .png for a picture"},
		{pictures, "x.html", "", "-o x.html: pieces writes no web gallery; want .svg or .png for a picture"},
		{pictures, "x.stl", "", "-o x.stl: pieces writes no pieces to print; want .svg or .png for a picture"},
		{all, "x.stl", "", "<nil>"},
		{all, "d/index.html", "", "<nil>"},
	} {
		if got := fmt.Sprint(tt.o.Check(tt.path, tt.format)); got != tt.want {
			t.Errorf("%s: Check(%q, %q) = %q, want %q", tt.o.Command, tt.path, tt.format, got, tt.want)
		}
	}
	if got, want := OrList([]string{"a", "b", "c"}), "a, b or c"; got != want {
		t.Errorf("OrList = %q, want %q", got, want)
	}
}

// SplitFlags refuses negative workers and a bad shard as usage errors.
func TestSplitFlags(t *testing.T) {
	for _, tt := range []struct {
		s    SplitFlags
		want string
	}{
		{SplitFlags{Workers: -1}, "--workers -1: want 1 or more, or 0 for one per core"},
		{SplitFlags{Shards: -2}, "--shards -2: want 1 or more"},
		{SplitFlags{Shard: "1/3"}, "<nil>"},
	} {
		_, _, err := tt.s.Split()
		if got := fmt.Sprint(err); got != tt.want {
			t.Errorf("%+v: Part() = %q, want %q", tt.s, got, tt.want)
		}
		if err != nil {
			if _, ok := err.(UsageError); !ok {
				t.Errorf("%+v: %T, want a UsageError", tt.s, err)
			}
		}
	}
}

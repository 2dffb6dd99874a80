package palettes

import (
	"embed"
	"fmt"
	"image/color"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The built-in palettes, one file each, named after the palette.
//
// A file is UTF-8 text read line by line. Space at either end of a line is
// ignored, and so is everything from "//" to the end of a line, and blank
// lines. A line "key: value" sets a property:
//
//	about: the one-line description that About returns (required)
//	kind: fixed (the default) or continuous
//	range: lo hi, the part of a continuous map that is sampled, 0 <= lo < hi <= 1
//
// Every other line is a colour. In a fixed palette it is a colour in any
// notation Parse accepts, optionally followed by a label (such as a
// pentomino letter) after space; in a continuous map it is three numbers
// from 0 to 1, the red, green and blue of one stop in sRGB, the stops being
// evenly spaced from t = 0 to t = 1.
//
//go:embed data/*.txt
var dataFS embed.FS

// builtin is a palette as loaded from its file.
type builtin struct {
	name   string
	about  string
	fixed  *Palette     // a fixed palette; nil for a continuous map
	stops  [][3]float64 // a continuous map's stops, evenly spaced on [0, 1]
	lo, hi float64      // the sampled part of a continuous map
}

// builtins loads every built-in palette once, sorted by name. A file that
// does not load is a mistake in this package, found by its tests, so it
// panics.
var builtins = sync.OnceValue(func() []*builtin {
	files, err := dataFS.ReadDir("data")
	if err != nil {
		panic("palettes: " + err.Error())
	}
	var bs []*builtin
	for _, f := range files {
		name, ok := strings.CutSuffix(f.Name(), ".txt")
		if !ok {
			continue
		}
		text, err := dataFS.ReadFile(path.Join("data", f.Name()))
		if err != nil {
			panic("palettes: " + err.Error())
		}
		b, err := loadBuiltin(name, string(text))
		if err != nil {
			panic(fmt.Sprintf("palettes: data/%s:%v", f.Name(), err))
		}
		bs = append(bs, b)
	}
	slices.SortFunc(bs, func(a, b *builtin) int { return strings.Compare(a.name, b.name) })
	return bs
})

// lookup returns the built-in palette with the given name, compared without
// regard to case or surrounding space, or nil.
func lookup(name string) *builtin {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, b := range builtins() {
		if b.name == name {
			return b
		}
	}
	return nil
}

// loadBuiltin parses the text of a palette file. Its errors start with the
// line number.
func loadBuiltin(name, text string) (*builtin, error) {
	b := &builtin{name: name, lo: 0, hi: 1}
	body, err := b.readProperties(text)
	if err != nil {
		return nil, err
	}
	if b.about == "" {
		return nil, fmt.Errorf("1: no about line")
	}
	if body.continuous {
		if b.stops, err = body.stops(); err != nil {
			return nil, err
		}
		return b, nil
	}
	if b.fixed, err = body.palette(name); err != nil {
		return nil, err
	}
	return b, nil
}

// paletteBody is what is left of a palette file once its properties are
// read: the colour lines, not yet parsed, and the kind they are of.
type paletteBody struct {
	lines      []string // the colour lines, trimmed, comments removed
	lineNums   []int    // the line number of each, from 1
	last       int      // the last line that is not blank
	continuous bool     // kind: continuous
}

// readProperties sets b's properties from the "key: value" lines of text
// and returns the other lines, the colours.
func (b *builtin) readProperties(text string) (*paletteBody, error) {
	body := &paletteBody{last: 1}
	for i, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "//")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		body.last = i + 1
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			body.lines = append(body.lines, line)
			body.lineNums = append(body.lineNums, i+1)
			continue
		}
		if err := b.setProperty(body, key, strings.TrimSpace(value), i+1); err != nil {
			return nil, err
		}
	}
	return body, nil
}

// setProperty sets the property key, found on line num, to value: about
// and range on b, kind on body.
func (b *builtin) setProperty(body *paletteBody, key, value string, num int) error {
	switch key {
	case "about":
		b.about = value
	case "kind":
		switch value {
		case "fixed":
			body.continuous = false
		case "continuous":
			body.continuous = true
		default:
			return fmt.Errorf("%d: kind %q; want fixed or continuous", num, value)
		}
	case "range":
		f := strings.Fields(value)
		var err1, err2 error
		if len(f) == 2 {
			b.lo, err1 = strconv.ParseFloat(f[0], 64)
			b.hi, err2 = strconv.ParseFloat(f[1], 64)
		}
		if len(f) != 2 || err1 != nil || err2 != nil || !(0 <= b.lo && b.lo < b.hi && b.hi <= 1) {
			return fmt.Errorf("%d: range %q; want lo hi with 0 <= lo < hi <= 1", num, value)
		}
	default:
		return fmt.Errorf("%d: unknown key %q; want about, kind or range", num, key)
	}
	return nil
}

// stops parses the colour lines of a continuous map: three numbers from 0
// to 1 each, at least two lines.
func (pb *paletteBody) stops() ([][3]float64, error) {
	var stops [][3]float64
	for j, line := range pb.lines {
		f := strings.Fields(line)
		var stop [3]float64
		ok := len(f) == 3
		for k := 0; ok && k < 3; k++ {
			v, err := strconv.ParseFloat(f[k], 64)
			ok = err == nil && 0 <= v && v <= 1
			stop[k] = v
		}
		if !ok {
			return nil, fmt.Errorf("%d: %q; want three numbers from 0 to 1", pb.lineNums[j], line)
		}
		stops = append(stops, stop)
	}
	if len(stops) < 2 {
		return nil, fmt.Errorf("%d: too few stops (%d); want at least 2", pb.last, len(stops))
	}
	return stops, nil
}

// palette parses the colour lines of a fixed palette: a colour each,
// optionally followed by a label. Labels is nil when no line has one.
func (pb *paletteBody) palette(name string) (*Palette, error) {
	p := &Palette{Name: name}
	labelled := false
	for j, line := range pb.lines {
		colour, label := line, ""
		if end := strings.LastIndexByte(line, ')'); end >= 0 {
			colour, label = line[:end+1], line[end+1:]
		} else if k := strings.IndexAny(line, " \t"); k >= 0 {
			colour, label = line[:k], line[k:]
		}
		c, err := parse(colour)
		if err != nil {
			return nil, fmt.Errorf("%d: %w", pb.lineNums[j], err)
		}
		label = strings.TrimSpace(label)
		labelled = labelled || label != ""
		p.Colors = append(p.Colors, c)
		p.Labels = append(p.Labels, label)
	}
	if len(p.Colors) == 0 {
		return nil, fmt.Errorf("%d: no colours", pb.last)
	}
	if !labelled {
		p.Labels = nil
	}
	return p, nil
}

// sample returns n colours of a continuous map, evenly spaced over its
// range [lo, hi], both ends included; one colour is the middle of the range.
func (b *builtin) sample(n int) []color.NRGBA {
	colours := make([]color.NRGBA, n)
	for i := range colours {
		t := (b.lo + b.hi) / 2
		if n > 1 {
			t = b.lo + float64((b.hi-b.lo)*float64(i))/float64(n-1)
		}
		colours[i] = b.at(t)
	}
	return colours
}

// at returns the colour of a continuous map at t in [0, 1]: the stops are
// at t = k/(len(stops)-1), and between two stops each channel is
// interpolated linearly.
func (b *builtin) at(t float64) color.NRGBA {
	x := float64(t * float64(len(b.stops)-1))
	k := min(int(math.Floor(x)), len(b.stops)-2)
	k = max(k, 0)
	f := x - float64(k)
	var rgb [3]float64
	for c := range rgb {
		a, z := b.stops[k][c], b.stops[k+1][c]
		// float64(…) rounds the product, so no platform fuses it with the
		// addition and every platform gives the same result.
		rgb[c] = a + float64((z-a)*f)
	}
	return color.NRGBA{level(float64(rgb[0] * 255)), level(float64(rgb[1] * 255)), level(float64(rgb[2] * 255)), 0xff}
}

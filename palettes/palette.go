package palettes

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"sync"
)

// DefaultSamples is the number of colours that Named samples from a
// continuous colour map when asked for n <= 0: one for each pentomino.
const DefaultSamples = 12

// MaxSamples is the largest number of colours that Named samples from a
// continuous colour map. The maps are tables of 256 colours, so more than a
// few hundred samples repeat colours anyway.
const MaxSamples = 4096

// A Palette is a list of colours to fill pieces with, and the rule that
// gives each piece its colour (see the package documentation, and the
// methods InstanceColors and PieceColors).
//
// A nil *Palette, or one with no colours, colours pieces as Default does.
// Palettes returned by this package are fresh copies: changing one changes
// no other.
type Palette struct {
	// Name is the name of a built-in palette, such as "default" or
	// "viridis", or "custom" for one made by FromList or FromMap.
	Name string

	// Colors are the palette's colours, in order.
	Colors []color.NRGBA

	// Labels are optional labels, one for each colour in Colors, or nil if
	// the colours are not labelled. A piece whose name equals a label
	// (exactly, case included) is given that colour; the default palette
	// labels its colours with the pentomino letters. An empty label, or a
	// missing one when Labels is shorter than Colors, labels nothing.
	Labels []string

	// Continuous reports whether Colors were sampled from a continuous
	// colour map such as viridis.
	Continuous bool

	// sets are the names of the pieces of known sets, each in its set's
	// order (WithSets).
	sets [][]string
	// memo keeps ownDistinct's answers for the sets' names (WithSets),
	// by names and colours; nil for none.
	memo *sync.Map

	// base is the number of leading colours that make up the palette
	// proper. The colours after them were added by FromMap, each labelled
	// with the piece it is for, and override the palette proper for that
	// piece. Zero means that all the colours are the palette proper.
	base int
}

// Names returns the names of the built-in palettes, sorted.
func Names() []string {
	var names []string
	for _, b := range builtins() {
		names = append(names, b.name)
	}
	return names
}

// About returns a one-line description of the built-in palette with the
// given name, or "" if there is none.
func About(name string) string {
	if b := lookup(name); b != nil {
		return b.about
	}
	return ""
}

// Default returns the default palette: 12 soft, print-friendly colours,
// labelled with the pentomino letters F I L N P T U V W X Y Z, so that each
// pentomino has the same colour in every picture.
func Default() *Palette {
	p, err := Named("default", 0)
	if err != nil {
		panic(err) // the embedded data is broken, which the tests catch
	}
	return p
}

// Named returns the built-in palette with the given name (see Names; case
// and surrounding space do not matter). A fixed palette, such as "default"
// or "set3", has its own number of colours and ignores n. A continuous
// colour map, such as "viridis", is sampled to n evenly spaced colours, or
// DefaultSamples colours if n <= 0; asking for more than MaxSamples is an
// error.
func Named(name string, n int) (*Palette, error) {
	b := lookup(name)
	if b == nil {
		msg := fmt.Sprintf("unknown palette %q", name)
		if near := nearest(strings.ToLower(strings.TrimSpace(name)), Names()); near != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", near)
		}
		return nil, errorf("%s; want one of %s", msg, strings.Join(Names(), ", "))
	}
	if b.fixed != nil {
		return b.fixed.clone(), nil
	}
	if n <= 0 {
		n = DefaultSamples
	}
	if n > MaxSamples {
		return nil, errorf("%d colours from %s; want at most %d", n, b.name, MaxSamples)
	}
	return &Palette{Name: b.name, Colors: b.sample(n), Continuous: true}, nil
}

// FromList returns a palette of the given colours, in order, each in a
// notation that Parse accepts. An error names the first colour that does
// not parse by its index, as in
//
//	palettes: colours[2]: "blu": unknown colour name (did you mean "blue"?); want …
func FromList(colours []string) (*Palette, error) {
	if len(colours) == 0 {
		return nil, errorf("empty colour list; want at least one colour")
	}
	p := &Palette{Name: "custom", Colors: make([]color.NRGBA, len(colours))}
	for i, s := range colours {
		c, err := parse(s)
		if err != nil {
			return nil, errorf("colours[%d]: %w", i, err)
		}
		p.Colors[i] = c
	}
	return p, nil
}

// FromMap returns base with some pieces' colours set by hand: m maps a
// piece's name to its colour, in a notation that Parse accepts. A piece in
// m takes its colour from m; every other piece takes the colour that base
// would give it, as if m were empty. A nil base, or one with no colours,
// means Default(). Applying FromMap to a palette that FromMap made adds to
// its pieces, the later map winning.
//
// The result's Colors are base's colours followed by the colours of m in
// the order of their piece names, each labelled with its piece's name.
// Errors name the piece, in the order of the piece names.
func FromMap(m map[string]string, base *Palette) (*Palette, error) {
	base = base.orDefault()
	p := base.clone()
	p.Name = "custom"
	if p.base == 0 {
		p.base = len(p.Colors)
	}
	if len(p.Labels) < len(p.Colors) {
		p.Labels = append(p.Labels, make([]string, len(p.Colors)-len(p.Labels))...)
	}
	pieces := make([]string, 0, len(m))
	for name := range m {
		pieces = append(pieces, name)
	}
	slices.Sort(pieces)
	for _, name := range pieces {
		if name == "" {
			return nil, errorf("colour for a piece with an empty name; want a piece name")
		}
		c, err := parse(m[name])
		if err != nil {
			return nil, errorf("colour of piece %q: %w", name, err)
		}
		p.Colors = append(p.Colors, c)
		p.Labels = append(p.Labels, name)
	}
	return p, nil
}

// clone returns a deep copy of p.
func (p *Palette) clone() *Palette {
	q := *p
	q.memo = nil
	q.Colors = slices.Clone(p.Colors)
	q.Labels = slices.Clone(p.Labels)
	return &q
}

// orDefault returns p, or Default() if p is nil or has no colours.
func (p *Palette) orDefault() *Palette {
	if p == nil || len(p.Colors) == 0 {
		return Default()
	}
	return p
}

// label returns the label of colour i, or "".
func (p *Palette) label(i int) string {
	if i < len(p.Labels) {
		return p.Labels[i]
	}
	return ""
}

// proper returns the number of colours of the palette proper, those not
// added by FromMap.
func (p *Palette) proper() int {
	if p.base <= 0 || p.base > len(p.Colors) {
		return len(p.Colors)
	}
	return p.base
}

// nearest returns the word in words closest to w, if one is within an edit
// distance of 2, and "" otherwise; ties go to the first.
func nearest(w string, words []string) string {
	best, bestDist := "", 3
	if len(w) > 40 {
		return ""
	}
	for _, x := range words {
		if d := editDistance(w, x); d < bestDist {
			best, bestDist = x, d
		}
	}
	return best
}

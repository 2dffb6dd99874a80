package render

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomediumitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/gomonobolditalic"
	"golang.org/x/image/font/gofont/gomonoitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
	"golang.org/x/image/font/gofont/gosmallcapsitalic"
	"golang.org/x/image/font/sfnt"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/quote"
	"github.com/polytile/polytile/internal/suggest"
	"github.com/polytile/polytile/puzzles/specs"
)

// goFonts are the Go fonts (golang.org/x/image/font/gofont), embedded, by
// the names LoadFont knows them by, each with the face its bold text is
// set in: its own bold, Go Bold (Italic) for Go Medium (Italic), which
// has none, and the regular for Go Smallcaps, which has none either.
var goFonts = []struct {
	name          string
	regular, bold []byte
	load          func() (*Font, error)
}{
	{name: "Go", regular: goregular.TTF, bold: gobold.TTF},
	{name: "Go Italic", regular: goitalic.TTF, bold: gobolditalic.TTF},
	{name: "Go Medium", regular: gomedium.TTF, bold: gobold.TTF},
	{name: "Go Medium Italic", regular: gomediumitalic.TTF, bold: gobolditalic.TTF},
	{name: "Go Mono", regular: gomono.TTF, bold: gomonobold.TTF},
	{name: "Go Mono Italic", regular: gomonoitalic.TTF, bold: gomonobolditalic.TTF},
	{name: "Go Smallcaps", regular: gosmallcaps.TTF},
	{name: "Go Smallcaps Italic", regular: gosmallcapsitalic.TTF},
}

func init() {
	for i := range goFonts {
		g := &goFonts[i]
		g.load = sync.OnceValues(func() (*Font, error) { return newFont(g.regular, g.bold) })
	}
}

// GoFonts returns the names of the Go fonts, embedded, that LoadFont
// knows: Go, Go Italic, Go Medium, Go Medium Italic, Go Mono, Go Mono
// Italic, Go Smallcaps and Go Smallcaps Italic.
func GoFonts() []string {
	names := make([]string, len(goFonts))
	for i, g := range goFonts {
		names[i] = g.name
	}
	return names
}

// FontFinder loads fonts by a file's path or a family's name. The zero
// value looks for families in SystemFontDirs.
type FontFinder struct {
	// Dirs are the directories, with their subdirectories, in which
	// Load looks for a family by its name, in order; nil means
	// SystemFontDirs().
	Dirs []string
}

// LoadFont loads the font name names, as the zero FontFinder does.
func LoadFont(name string) (*Font, error) {
	var ff FontFinder
	return ff.Load(name)
}

// Load loads the font that name names:
//
//   - a font file, if name ends in .ttf or .otf (in any case; .ttc and
//     .otc too, to say that collections are not read) or holds a path
//     separator, a relative path being from the working directory: a
//     TrueType or OpenType font, with TrueType outlines or PostScript
//     (CFF) ones (which SVG and PNG set text in, but PDF does not embed:
//     Encode refuses them with a *FontFormatError), and for bold text the
//     bold face of its family in a file beside it, with outlines of the
//     same kind (its name table's family and the style Bold, or Bold
//     Italic beside an italic, of the same optical size if the style
//     begins with one, as Latin Modern's "10 Regular" and "10 Bold" do),
//     or, without one, the file's own face;
//   - one of the Go fonts, embedded (GoFonts): Go, Go Mono…;
//   - else a font family installed on the system: a font file in the
//     finder's directories whose name table gives that family (the
//     family, ID 1, or the typographic family, ID 16), its regular face
//     (the style Regular, Book, Normal or Roman, after any optical size)
//     for text and its Bold for bold text, if it has one, of the same
//     optical size if it has one. A family with faces of TrueType
//     outlines and of PostScript ones is set in the TrueType ones, which
//     every format takes.
//
// Names are matched ignoring case, spaces, hyphens and underscores: "go
// mono", "GoMono" and "Go Mono" are one font. The error says what was
// wrong, and for a name found nowhere, the names that would be valid.
func (ff *FontFinder) Load(name string) (*Font, error) {
	return ff.LoadContext(context.Background(), name)
}

// LoadContext is Load, stopped when ctx ends: the search of a family
// among the files of the finder's directories ends then, with an error
// that wraps ctx's cause.
func (ff *FontFinder) LoadContext(ctx context.Context, name string) (*Font, error) {
	f, err := ff.load(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("render: font %w", err)
	}
	return f, nil
}

// load is Load, its error without the package's prefix, beginning with
// name quoted.
func (ff *FontFinder) load(ctx context.Context, name string) (*Font, error) {
	if strings.TrimSpace(name) == "" {
		return nil, fmt.Errorf("%s: want a font file (.ttf, .otf) or a font family's name", fontName(name))
	}
	if isFontFile(name) {
		return loadFontFile(name)
	}
	key := fontKey(name)
	for _, g := range goFonts {
		if fontKey(g.name) == key {
			return g.load()
		}
	}
	dirs := ff.Dirs
	if dirs == nil {
		dirs = SystemFontDirs()
	}
	return findFamily(ctx, name, dirs)
}

// NewFont returns the font of the OpenType data regular, for regular
// text, and bold, for bold text; a nil bold sets bold text in the
// regular face. Each must be an OpenType font with TrueType outlines,
// which every format sets text in, or PostScript (CFF) ones, which PDF
// does not embed (Encode refuses them with a *FontFormatError). The
// font's family is the one regular's name table gives.
func NewFont(regular, bold []byte) (*Font, error) {
	f, err := newFont(regular, bold)
	if err != nil {
		return nil, fmt.Errorf("render: font: %w", err)
	}
	return f, nil
}

// newFont is NewFont, its error without the package's prefix.
func newFont(regular, bold []byte) (*Font, error) {
	face, info, err := loadFace(regular)
	if err != nil {
		return nil, err
	}
	var boldFace *fontFace
	if bold != nil {
		if boldFace, _, err = loadFace(bold); err != nil {
			return nil, fmt.Errorf("its bold face: %w", err)
		}
	}
	return fontOfFaces(face, info, boldFace)
}

// fontOfFaces returns the font of the faces regular, which info describes,
// and bold (nil: the regular).
func fontOfFaces(regular *fontFace, info fontInfo, bold *fontFace) (*Font, error) {
	f := &Font{generic: info.generic, italic: info.italic, faces: [2]*fontFace{regular, bold}}
	if bold == nil {
		f.faces[1] = regular
	}
	var buf sfnt.Buffer
	family, err := regular.font.Name(&buf, sfnt.NameIDFamily)
	if err != nil || family == "" {
		return nil, errors.New("its name table gives no family's name")
	}
	f.family = family
	return f, nil
}

// loadFace checks and parses one face of a font: one with TrueType
// outlines, that PDF embeds, is tried by the PDF writer too.
func loadFace(data []byte) (*fontFace, fontInfo, error) {
	info, err := checkFont(data)
	if err != nil {
		return nil, info, err
	}
	face, err := parseFace(data)
	if err != nil {
		return nil, info, fmt.Errorf("it cannot be read: %w", err)
	}
	face.cff = info.cff
	if !info.cff {
		if err := probePDF(data); err != nil {
			return nil, info, err
		}
	}
	return face, info, nil
}

// isFontFile reports whether Load takes name for a file: it has a font
// file's extension (.ttf, .otf, and .ttc and .otc, to say that
// collections are not read) or a path separator, as the spec's key font
// says (specs.FontNamesFile).
func isFontFile(name string) bool { return specs.FontNamesFile(name) }

// fontKey returns the name as Load compares names: lower case, without
// spaces, hyphens and underscores.
func fontKey(name string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		return r
	}, strings.ToLower(name))
}

// loadFontFile loads the font file at path, with the bold face of its
// family beside it, if there is one.
func loadFontFile(path string) (*Font, error) {
	data, err := readRegular(path, MaxFontSize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: no such file; want a font file (.ttf, .otf) or a font family's name", fontName(path))
	case err != nil:
		return nil, fmt.Errorf("%s: %w; want a font file (.ttf, .otf) of at most %d MiB, or a font family's name", fontName(path), unwrapPath(err), MaxFontSize>>20)
	}
	face, info, err := loadFace(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fontName(path), err)
	}
	var bold *fontFace
	if names, err := faceNamesOf(path); err == nil {
		bold = boldBeside(path, names)
	}
	f, err := fontOfFaces(face, info, bold)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fontName(path), err)
	}
	return f, nil
}

// unwrapPath returns the error inside a *fs.PathError, whose path the
// message gives already.
func unwrapPath(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

// boldBeside returns the bold face, in a file in the same directory as
// path, of the family of the face named names, with outlines of the same
// kind, or nil.
func boldBeside(path string, names faceNames) *fontFace {
	dir := filepath.Dir(path)
	entries, _, err := readDirEntries(dir, maxFontEntries)
	if err != nil {
		return nil
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.IsDir() || p == filepath.Clean(path) || !isFontFileName(p) {
			continue
		}
		if other, err := faceNamesOf(p); err != nil || other.cff != names.cff || !names.boldIs(other) {
			continue
		}
		if face, err := loadFaceFile(p); err == nil {
			return face
		}
	}
	return nil
}

// loadFaceFile checks and parses the face in the font file at path.
func loadFaceFile(path string) (*fontFace, error) {
	data, err := readRegular(path, MaxFontSize)
	if err != nil {
		return nil, err
	}
	face, _, err := loadFace(data)
	return face, err
}

// isFontFileName reports whether path has the extension of a TrueType or
// OpenType font.
func isFontFileName(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".ttf" || ext == ".otf"
}

// faceNames are a face's names of its family and its style, as compared
// (fontKey): the family (name ID 1) and subfamily (ID 2), and the
// typographic family and subfamily (IDs 16 and 17) if it has them.
type faceNames struct {
	pairs   []familyStyle
	written []string // the families as written
	cff     bool     // its outlines are PostScript (CFF) ones, not TrueType
}

// familyStyle is a face's family and style, as compared (fontKey), the
// style's optical size apart: a number that begins it, the size the
// face is drawn for, in points ("10 Regular" is the style "regular" of
// size "10", as Latin Modern names its faces; "Regular" has none).
type familyStyle struct {
	family, style, size string
}

// newFamilyStyle returns the family and style of a face, as compared,
// its style's optical size split off.
func newFamilyStyle(family, style string) familyStyle {
	size := ""
	if first, rest, _ := strings.Cut(strings.TrimSpace(style), " "); first != "" && strings.Trim(first, "0123456789.") == "" {
		size, style = first, rest // a style that is a size alone is the regular's
	}
	return familyStyle{family: fontKey(family), style: fontKey(style), size: size}
}

// faceNamesOf reads the names of the font file at path, reading only
// the tables it needs.
func faceNamesOf(path string) (faceNames, error) {
	var n faceNames
	f, err := openRegular(path, MaxFontSize)
	if err != nil {
		return n, err
	}
	defer f.Close()
	font, err := sfnt.ParseReaderAt(f)
	if err != nil {
		return n, err
	}
	var version [4]byte
	if _, err := f.ReadAt(version[:], 0); err == nil {
		n.cff = string(version[:]) == "OTTO"
	}
	var buf sfnt.Buffer
	for _, ids := range [][2]sfnt.NameID{{sfnt.NameIDFamily, sfnt.NameIDSubfamily}, {sfnt.NameIDTypographicFamily, sfnt.NameIDTypographicSubfamily}} {
		family, err := font.Name(&buf, ids[0])
		if err != nil || family == "" {
			continue
		}
		style, _ := font.Name(&buf, ids[1])
		n.pairs = append(n.pairs, newFamilyStyle(family, style))
		n.written = append(n.written, family)
	}
	return n, nil
}

// regularStyles are the styles of a family's regular face, as compared.
var regularStyles = []string{"regular", "book", "normal", "roman", ""}

// style returns the face's style and optical size in the family of key,
// and whether it is of that family.
func (n faceNames) style(key string) (style, size string, ok bool) {
	for _, p := range n.pairs {
		if p.family == key {
			return p.style, p.size, true
		}
	}
	return "", "", false
}

// boldIs reports whether other is the bold face of n's family: of the
// same family and optical size, its style n's with Bold added (Bold
// beside Regular, Bold Italic beside Italic).
func (n faceNames) boldIs(other faceNames) bool {
	for _, p := range n.pairs {
		style, size, ok := other.style(p.family)
		if !ok || size != p.size {
			continue
		}
		if slices.Contains(regularStyles, p.style) {
			if style == "bold" {
				return true
			}
		} else if style == "bold"+p.style || style == p.style+"bold" {
			return true
		}
	}
	return false
}

// findFamily loads the family name from the font files in dirs: its
// regular face, or, without one, the first that is not bold, or the first
// bold one; and its bold face of the same optical size as that, or the
// first bold one; the first of each in the order of dirs and of the
// files' names within them. A family that has faces with TrueType
// outlines is set in those, which every format takes; one that has
// PostScript (CFF) outlines alone, in those.
func findFamily(ctx context.Context, name string, dirs []string) (*Font, error) {
	found, families, cut, err := scanFamily(ctx, fontKey(name), dirs)
	if err != nil {
		return nil, fmt.Errorf("%s: the search of its family stopped: %w", fontName(name), err)
	}
	var regular, bold string
	for _, faces := range found {
		if regular, bold, _ = chooseFaces(faces); regular != "" {
			break
		}
	}
	if regular == "" {
		known := slices.Sorted(maps.Keys(families))
		var like []string
		for _, w := range suggest.Closest(name, append(GoFonts(), known...)) {
			like = append(like, strconv.Quote(w))
		}
		where := orList(dirs)
		if cut {
			where = fmt.Sprintf("the first %d files and directories of %s", maxFontEntries, where)
		}
		return nil, fmt.Errorf("%s is neither a Go font (%s) nor a font family in %s%s; want a family's name, or a font file (.ttf, .otf)",
			fontName(name), strings.Join(GoFonts(), ", "), where, suggest.Phrase(like))
	}
	data, err := readRegular(regular, MaxFontSize)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fontName(name), err)
	}
	face, info, err := loadFace(data)
	if err != nil {
		return nil, fmt.Errorf("%s (%s): %w", fontName(name), regular, err)
	}
	var boldFace *fontFace
	if bold != "" {
		boldFace, _ = loadFaceFile(bold) // without it, bold text is set in the regular face
	}
	f, err := fontOfFaces(face, info, boldFace)
	if err != nil {
		return nil, fmt.Errorf("%s (%s): %w", fontName(name), regular, err)
	}
	return f, nil
}

// scanFamily looks for the faces of the family key (fontKey) in the font
// files under dirs, among their first maxFontEntries entries, until ctx
// ends: it returns the faces found, with TrueType and with PostScript
// outlines, in the order of dirs and of the files' names within them,
// stopping once the choice of faces is final (chooseFaces); the families
// of every file read, as written; and whether the bound cut the search
// short. Files that are not regular, or larger than MaxFontSize, are
// passed over unopened.
func scanFamily(ctx context.Context, key string, dirs []string) (found [2][]familyFace, families map[string]bool, cut bool, err error) {
	families = map[string]bool{}
	cut, err = walkFiles(ctx, dirs, maxFontEntries, func(path string) bool {
		if !isFontFileName(path) {
			return true
		}
		n, err := faceNamesOf(path)
		if err != nil {
			return true
		}
		for _, w := range n.written {
			families[w] = true
		}
		if style, size, ok := n.style(key); ok {
			k := 0
			if n.cff {
				k = 1
			}
			found[k] = append(found[k], familyFace{path, style, size})
		}
		_, _, final := chooseFaces(found[0])
		return !final
	})
	return found, families, cut, err
}

// familyFace is a face of a family that findFamily found: its file, and
// its style and optical size (familyStyle).
type familyFace struct {
	path, style, size string
}

// chooseFaces returns the files of the regular face and the bold face
// of a family whose faces are faces, in the order found: the first of a
// regular style, or, without one, the first that is not bold, or the
// first bold one; and the first bold one of the same optical size as
// that, or, without one, the first bold one, unless it is the regular
// face ("" for none). The choice is final if no face found after these
// can change it: a regular face of a regular style, and a bold one of
// its size.
func chooseFaces(faces []familyFace) (regular, bold string, final bool) {
	first := func(ok func(familyFace) bool) (familyFace, bool) {
		if i := slices.IndexFunc(faces, ok); i >= 0 {
			return faces[i], true
		}
		return familyFace{}, false
	}
	isBold := func(f familyFace) bool { return f.style == "bold" }
	r, ok := first(func(f familyFace) bool { return slices.Contains(regularStyles, f.style) })
	final = ok
	if !ok {
		r, ok = first(func(f familyFace) bool { return !strings.Contains(f.style, "bold") })
	}
	if !ok {
		r, ok = first(isBold)
	}
	if !ok {
		return "", "", false
	}
	b, ok := first(func(f familyFace) bool { return isBold(f) && f.size == r.size })
	final = final && ok
	if !ok {
		b, ok = first(isBold)
	}
	if !ok || b.path == r.path {
		return r.path, "", final
	}
	return r.path, b.path, final
}

// fontName quotes a font's name or path for an error, whole unless it
// is longer than any path may be (4096 bytes): a name of 60,000
// characters from a spec must not fill the terminal.
func fontName(s string) string {
	if len(s) > 4096 {
		return quote.Short(s)
	}
	return strconv.Quote(s)
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	switch len(words) {
	case 0:
		return "no directory"
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// SystemFontDirs returns the directories where the system keeps fonts,
// in which a FontFinder looks for a family by default: on Linux and other
// Unix systems those fontconfig reads by default, /usr/share/fonts,
// /usr/local/share/fonts, ~/.local/share/fonts and ~/.fonts, then the
// others that its configuration (/etc/fonts/fonts.conf and the files it
// includes) names, where they are not in those (Debian's fonts-lmodern
// names /usr/share/texmf/fonts/opentype/public/lm); on macOS
// /System/Library/Fonts, /Library/Fonts and ~/Library/Fonts; on Windows
// C:\Windows\Fonts and the user's own fonts. The home directory is
// os.UserHomeDir's; without one, those under it are left out.
func SystemFontDirs() []string {
	home, err := os.UserHomeDir()
	inHome := func(elem ...string) []string {
		if err != nil || home == "" {
			return nil
		}
		return []string{filepath.Join(append([]string{home}, elem...)...)}
	}
	switch runtime.GOOS {
	case "darwin", "ios":
		return slices.Concat([]string{"/System/Library/Fonts", "/Library/Fonts"}, inHome("Library", "Fonts"))
	case "windows":
		return slices.Concat([]string{`C:\Windows\Fonts`}, inHome("AppData", "Local", "Microsoft", "Windows", "Fonts"))
	}
	dirs := slices.Concat([]string{"/usr/share/fonts", "/usr/local/share/fonts"}, inHome(".local", "share", "fonts"), inHome(".fonts"))
	if err != nil {
		home = ""
	}
	return appendDirs(dirs, fontconfigDirs(fontconfigFile, home))
}

// appendDirs appends to dirs those of more that are not in them, nor
// under one of them: a walk of dirs finds the fonts of those already.
func appendDirs(dirs, more []string) []string {
	n := len(dirs)
	for _, d := range more {
		d = filepath.Clean(d)
		if !slices.ContainsFunc(dirs[:n], func(have string) bool {
			rel, err := filepath.Rel(have, d)
			return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
		}) && !slices.Contains(dirs[n:], d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// loadForLayout loads the font that a render option names, for
// gallery.NewOptions: a relative file from dir, if dir is not "". Its
// error follows the option's name.
func loadForLayout(ctx context.Context, name, dir string) (gallery.Font, error) {
	if isFontFile(name) && dir != "" && !filepath.IsAbs(name) {
		name = filepath.Join(dir, name)
	}
	var ff FontFinder
	f, err := ff.load(ctx, name)
	if err != nil {
		return nil, err
	}
	return f, nil
}

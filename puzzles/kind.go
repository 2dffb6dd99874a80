package puzzles

// A Kind is a kind of puzzle that a spec names with its kind key: how to
// read a spec of it. The spec reader (package specs) keeps the registry
// of kinds; a kind's own package gives its Kind.
type Kind struct {
	// Name is the kind's name, as a spec's kind key gives it.
	Name string
	// About says what a puzzle of the kind is, in a line for a user.
	About string
	// Keys are the keys a spec of the kind may have besides title, kind
	// and render, in the order errors list them: the spec's reader
	// refuses any other, and the spec's schema (specs.Schema) describes
	// each.
	Keys []KindKey
	// Read reads a spec of the kind through r.
	Read func(r SpecReader) (Problem, error)
}

// KindKey is a key of a kind's spec: its name, the form of its value,
// whether a spec needs it, and what it says.
type KindKey struct {
	Name string  // the key, such as "grid"
	Form KeyForm // the form of its value: which method of SpecReader reads it
	// Min and Max bound a whole number (KeyFormInt); they are the bounds
	// that Read gives SpecReader.Int.
	Min, Max int
	Required bool   // whether a spec of the kind needs the key (Read calls SpecReader.Need)
	About    string // what the key holds, in a sentence or two for a user
}

// KeyForm is the form of the value of a kind's key: which method of
// SpecReader reads it.
type KeyForm int

const (
	KeyFormInt       KeyForm = iota // a whole number from Min to Max (SpecReader.Int)
	KeyFormBool                     // true or false (SpecReader.Bool)
	KeyFormPicture                  // a picture: a literal block of text (SpecReader.Picture)
	KeyFormNames                    // a list of names, or one string of names separated by spaces (SpecReader.Names)
	KeyFormNamesList                // a list whose entries are names as KeyFormNames reads them (SpecReader.NamesList)
	KeyFormCells                    // a list of [row, col] pairs counted from 0, each given once (SpecReader.Cells)
	// KeyFormSpec is a value whose form the spec reader itself knows and
	// describes, such as a tiling's board and pieces: a kind whose keys
	// have it is read by the spec reader's own Read.
	KeyFormSpec
)

// SpecReader reads the keys of one spec for its kind's Read. Its errors
// say where in the spec's file the problem is (file:line:column) and what
// would be valid; Read returns them as they are.
type SpecReader interface {
	// Has reports whether the spec has key.
	Has(key string) bool
	// Need returns an error if the spec has no key, saying that it needs
	// one, such as example.
	Need(key, example string) error
	// Int reads key's whole number, from lo to hi; want says what is
	// valid.
	Int(key string, lo, hi int, want string) (int, error)
	// Bool reads key's true or false (false if the spec has no key).
	Bool(key string) (bool, error)
	// Picture reads key's picture, a literal block of text; what names it
	// and want says what is valid.
	Picture(key, what, want string) (string, error)
	// Names reads key's list of names, or one string of names separated
	// by spaces. It returns no names (nil) for an empty list, an empty
	// string, no value and a spec without the key; a kind that needs
	// names checks that it has some.
	Names(key string) ([]string, error)
	// NamesList reads key's list whose entries are names as Names reads
	// them; entry names one in errors, and want says what is valid.
	NamesList(key, entry, want string) ([][]string, error)
	// Cells reads key's list of [row, col] pairs, each in a grid of rows
	// and cols and given once (nil if the spec has no key).
	Cells(key string, rows, cols int) ([][2]int, error)
	// Errorf returns an error at key's value (at its entry i, counted
	// from 0, when i ≥ 0 and the value is a list), or at the spec when it
	// has no key.
	Errorf(key string, i int, format string, args ...any) error
	// PictureError returns an error at line and column (counted from 1)
	// of key's picture.
	PictureError(key string, line, col int, msg string) error
}

package geom

import (
	"slices"
	"strings"
	"testing"
)

// The cube's 48 transforms are the symmetries of the cube: distinct, 24 of
// them rotations, closed under composition, each keeping neighbours
// neighbours.
func TestCubeTransforms(t *testing.T) {
	probe := Cell{Layer: 1, Row: 2, Col: 3}
	seen := map[Cell]int{}
	rotations := 0
	for tr := range Cube.Transforms() {
		img := Cube.Transform(tr, probe)
		if prev, ok := seen[img]; ok {
			t.Errorf("transforms %d and %d agree on %v", prev, tr, probe)
		}
		seen[img] = tr
		if !Cube.Reflects(tr) {
			rotations++
		}
		for _, n := range Cube.Neighbors(probe) {
			if !slices.Contains(Cube.Neighbors(img), Cube.Transform(tr, n)) {
				t.Errorf("transform %d does not keep a neighbour of %v a neighbour", tr, probe)
			}
		}
	}
	if rotations != 24 {
		t.Errorf("%d rotations, want 24", rotations)
	}
	if Cube.Transform(0, probe) != probe || Cube.Reflects(0) {
		t.Errorf("transform 0 is not the identity")
	}
	// Closed: the composition of two is one of them, and rotations compose
	// to rotations.
	for a := range 48 {
		for b := range 48 {
			img := Cube.Transform(a, Cube.Transform(b, probe))
			c, ok := seen[img]
			if !ok {
				t.Fatalf("transform %d after %d is none of the 48", a, b)
			}
			if Cube.Reflects(c) != (Cube.Reflects(a) != Cube.Reflects(b)) {
				t.Errorf("transform %d after %d: reflects %v", a, b, Cube.Reflects(c))
			}
		}
	}
}

// The polycubes up to rotation (OEIS A000162) and up to rotation and
// reflection (A038119).
func TestPolycubeCounts(t *testing.T) {
	oneSided := []int{1, 1, 2, 8, 29, 166}
	free := []int{1, 1, 2, 7, 23, 112}
	for n := 1; n <= 6; n++ {
		if got := len(Polyforms(Cube, n, true)); got != oneSided[n-1] {
			t.Errorf("%d-cubes up to rotation: %d, want %d", n, got, oneSided[n-1])
		}
		if got := len(Polyforms(Cube, n, false)); got != free[n-1] {
			t.Errorf("%d-cubes up to rotation and reflection: %d, want %d", n, got, free[n-1])
		}
	}
}

// The cube sets: counts, names, every piece one-sided and different, the
// screws each other's mirror image and the rest their own.
func TestCubeSets(t *testing.T) {
	tests := []struct {
		set   string
		names string
	}{
		{"tricubes", "I3 V"},
		{"tetracubes", "I O L T Z A B P"},
		{"soma", "V L T Z A B P"},
		{"pentacubes", "F I L N P T U V W X Y Z C01 C02 C03 C04 C05 C06 C07 C08 C09 C10 C11 C12 C13 C14 C15 C16 C17"},
	}
	for _, tt := range tests {
		pieces, err := PieceSet(tt.set)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(Names(pieces), " "); got != tt.names {
			t.Errorf("%s: %s, want %s", tt.set, got, tt.names)
		}
		if PieceSetLattice(tt.set) != Cube {
			t.Errorf("%s is not of the cube lattice", tt.set)
		}
		for i, p := range pieces {
			if !p.OneSided {
				t.Errorf("%s: %s is not one-sided", tt.set, p.Name)
			}
			for _, q := range pieces[:i] {
				if SameShape(Cube, q, p.Cells) {
					t.Errorf("%s: %s and %s are one shape", tt.set, q.Name, p.Name)
				}
			}
		}
	}
	tetra, _ := PieceSet("tetracubes")
	byName := map[string]Piece{}
	for _, p := range tetra {
		byName[p.Name] = p
	}
	mirror := func(p Piece) []Cell { return TransformShape(Cube, 1, p.Cells) } // transform 1 swaps rows and columns
	if !Cube.Reflects(1) {
		t.Fatal("transform 1 is a rotation")
	}
	for name, wantSelf := range map[string]bool{"I": true, "O": true, "L": true, "T": true, "Z": true, "P": true, "A": false, "B": false} {
		if got := SameShape(Cube, byName[name], mirror(byName[name])); got != wantSelf {
			t.Errorf("%s is its own mirror image: %v, want %v", name, got, wantSelf)
		}
	}
	if !SameShape(Cube, byName["B"], mirror(byName["A"])) {
		t.Errorf("A's mirror image is not B")
	}
	flat := 0
	for _, p := range tetra {
		if slices.IndexFunc(p.Cells, func(c Cell) bool { return c.Layer > 0 }) < 0 {
			flat++
		}
	}
	if flat != 5 {
		t.Errorf("%d flat tetracubes, want 5", flat)
	}
	pentominoes, _ := PieceSet("pentominoes")
	solids, err := Flat(Square, pentominoes)
	if err != nil || len(solids) != 12 || !solids[0].OneSided {
		t.Fatalf("Flat(pentominoes) = %d pieces, %v", len(solids), err)
	}
	pentacubes, _ := PieceSet("pentacubes")
	for i, p := range solids {
		if !SameShape(Cube, pentacubes[slices.IndexFunc(pentacubes, func(q Piece) bool { return q.Name == p.Name })], p.Cells) {
			t.Errorf("the flat pentacube %s is not the pentomino %s", pentacubes[i].Name, p.Name)
		}
		if len(p.Orientations(Cube)) > 24 {
			t.Errorf("%s has %d orientations, more than the 24 rotations", p.Name, len(p.Orientations(Cube)))
		}
	}
	if _, err := Flat(Triangle, pentominoes); err == nil {
		t.Errorf("Flat of triangle pieces: no error")
	}
}

func TestBoxAndLayers(t *testing.T) {
	box, err := NewBoxBoard(2, 2, 3, []Cell{{Layer: 1, Row: 1, Col: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if box.Len() != 11 || box.Layers() != 2 || box.Rows() != 2 || box.Cols() != 3 {
		t.Errorf("box: %d cells, %d × %d × %d", box.Len(), box.Layers(), box.Rows(), box.Cols())
	}
	if box.Index(Cell{Layer: 1, Row: 1, Col: 2}) >= 0 || box.Index(Cell{Layer: 1, Row: 0, Col: 0}) != 6 || box.Index(Cell{Layer: 2}) >= 0 {
		t.Errorf("box indices wrong")
	}
	if got, want := box.String(), "...\n...\n\n...\n..\n"; got != want {
		t.Errorf("box:\n%q, want\n%q", got, want)
	}
	layers, err := ParseLayers([]string{"...\n...", "...\n..#"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(layers.Cells(), box.Cells()) {
		t.Errorf("ParseLayers = %v, want the box's cells", layers.Cells())
	}
	for _, tt := range []struct {
		pics   []string
		layers int
		cells  []Cell
	}{
		{[]string{".", "#", "."}, 3, []Cell{{Layer: 0}, {Layer: 2}}},
		{[]string{".", "", "", "."}, 4, []Cell{{Layer: 0}, {Layer: 3}}},
		{[]string{" ", "."}, 2, []Cell{{Layer: 1}}},
		{[]string{".", "#"}, 1, []Cell{{Layer: 0}}},
	} {
		b, err := ParseLayers(tt.pics)
		if err != nil {
			t.Errorf("ParseLayers(%q): %v", tt.pics, err)
		} else if b.Layers() != tt.layers || !slices.Equal(b.Cells(), tt.cells) {
			t.Errorf("ParseLayers(%q): cells %v in %d layers, want %v in %d", tt.pics, b.Cells(), b.Layers(), tt.cells, tt.layers)
		}
	}
	if _, err := ParseLayers([]string{"..", ".x"}); err == nil || !strings.Contains(err.Error(), "layer 2's picture line 1, column 2") {
		t.Errorf("ParseLayers with a bad character: %v", err)
	}
	for _, bad := range [][3]int{{0, 1, 1}, {1, 0, 1}, {1, 1, 0}} {
		if _, err := NewBoxBoard(bad[0], bad[1], bad[2], nil); err == nil {
			t.Errorf("NewBoxBoard(%v): no error", bad)
		}
	}
	if _, err := NewBoxBoard(2, 2, 2, []Cell{{Layer: 2}}); err == nil || !strings.Contains(err.Error(), "[2, 0, 0] is outside") {
		t.Errorf("a hole outside: %v", err)
	}
	p, err := ParsePieceLayers("A", []string{"##\n#", " #"})
	if err != nil || !p.OneSided || len(p.Cells) != 4 {
		t.Errorf("ParsePieceLayers = %v, %v", p, err)
	}
	if _, err := ParsePieceLayers("X", []string{"#", "", "#"}); err == nil {
		t.Errorf("a piece in two parts: no error")
	}
	if _, err := NewBoard(Square, []Cell{{Layer: 1}}); err == nil {
		t.Errorf("a square board in a layer: no error")
	}
}

// A piece of any count has its fewest copies as its count (0 for count:
// any) and their area; count 0 without it, a spare with it, or more spare
// copies than copies, is a mistake. CountText writes the count as a spec
// does.
func TestAnyCountPiece(t *testing.T) {
	cells := []Cell{{}, {Col: 1}}
	tests := []struct {
		p    Piece
		ok   bool
		text string
	}{
		{Piece{Name: "D", Cells: cells, Count: 1}, true, "1"},
		{Piece{Name: "D", Cells: cells, Any: true}, true, "any"},
		{Piece{Name: "D", Cells: cells, Count: 2, Any: true}, true, "2..any"},
		{Piece{Name: "D", Cells: cells, Count: 3, Spare: 2}, true, "1..3"},
		{Piece{Name: "D", Cells: cells, Count: 1, Spare: 1}, true, "0..1"},
		{Piece{Name: "D", Cells: cells}, false, ""},
		{Piece{Name: "D", Cells: cells, Count: 2, Spare: 1, Any: true}, false, ""},
		{Piece{Name: "D", Cells: cells, Count: 2, Spare: 3}, false, ""},
		{Piece{Name: "D", Cells: cells, Count: 2, Spare: -1}, false, ""},
		{Piece{Name: "D", Cells: cells, Count: -1, Any: true}, false, ""},
	}
	for _, tt := range tests {
		if err := tt.p.Validate(Square); (err == nil) != tt.ok {
			t.Errorf("%+v: %v", tt.p, err)
		}
		if tt.ok && tt.p.CountText() != tt.text {
			t.Errorf("%+v: count %q, want %q", tt.p, tt.p.CountText(), tt.text)
		}
	}
	if a := (Piece{Name: "D", Cells: cells, Any: true}).Area(); a != 0 {
		t.Errorf("an any-count piece's area is %d, want 0", a)
	}
}

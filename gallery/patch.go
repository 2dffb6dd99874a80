package gallery

// A clear patch under each piece's name: the hatching of StyleGrey stops
// short of the letters, so that a name never sits on lines it could merge
// with, whatever the resolution. (Grid lines, thin and light, run on: they
// mark the cells the name is written across.)

// patch is a rectangle, X0 < X1, Y0 < Y1.
type patch struct{ X0, Y0, X1, Y1 float64 }

// letterPatch returns the patch kept clear under t, a name centred on
// (t.X, t.Y): its measured box with a margin of a fifth of its size.
func (s *sheetLayout) letterPatch(t Text) (patch, error) {
	k, err := s.measure(t.Text, 1, t.Bold)
	if err != nil {
		return patch{}, err
	}
	w, h := k*t.Size/2+t.Size/5, letterHeight*t.Size/2+t.Size/5
	return patch{t.X - w, t.Y - h, t.X + w, t.Y + h}, nil
}

// clearPatches returns segs with the parts inside the patches taken out.
func clearPatches(segs []Segment, patches []patch) []Segment {
	if len(patches) == 0 {
		return segs
	}
	var out []Segment
	for _, sg := range segs {
		pieces := []Segment{sg}
		for _, p := range patches {
			var next []Segment
			for _, q := range pieces {
				next = append(next, p.cut(q)...)
			}
			pieces = next
		}
		out = append(out, pieces...)
	}
	return out
}

// cut returns the parts of sg outside p: sg itself, one part or two.
func (p patch) cut(sg Segment) []Segment {
	// Liang–Barsky: the parameters t in [0, 1] of sg inside p.
	dx, dy := sg.B.X-sg.A.X, sg.B.Y-sg.A.Y
	t0, t1 := 0.0, 1.0
	for _, e := range [4][2]float64{{-dx, sg.A.X - p.X0}, {dx, p.X1 - sg.A.X}, {-dy, sg.A.Y - p.Y0}, {dy, p.Y1 - sg.A.Y}} {
		q, r := e[0], e[1]
		switch {
		case q == 0 && r < 0:
			return []Segment{sg} // parallel to the edge, outside it
		case q < 0:
			t0 = max(t0, r/q)
		case q > 0:
			t1 = min(t1, r/q)
		}
	}
	if t0 >= t1 {
		return []Segment{sg}
	}
	at := func(t float64) Point { return Point{sg.A.X + t*dx, sg.A.Y + t*dy} }
	var out []Segment
	if t0 > 1e-9 {
		out = append(out, Segment{sg.A, at(t0)})
	}
	if t1 < 1-1e-9 {
		out = append(out, Segment{at(t1), sg.B})
	}
	return out
}

package gallery

import (
	"context"
	"fmt"
	"image/color"

	"github.com/polytile/polytile/puzzles/matrix"
)

// Colours of the pictures of package matrix's puzzles and of the figures
// of the method.
var (
	givenFill   = color.NRGBA{0xee, 0xee, 0xee, 0xff} // a Sudoku's given cells
	solvedInk   = color.NRGBA{0x19, 0x65, 0xb0, 0xff} // the digits a solution writes
	lightSquare = color.NRGBA{0xf0, 0xd9, 0xb5, 0xff}
	darkSquare  = color.NRGBA{0xb5, 0x88, 0x63, 0xff}
	chosenRow   = color.NRGBA{0x19, 0x65, 0xb0, 0xff}
	otherRow    = color.NRGBA{0xcc, 0xcc, 0xcc, 0xff}
	secondaryBG = color.NRGBA{0xf4, 0xf4, 0xf4, 0xff}
)

// matrixSolutions lays out solutions of a puzzle of package matrix, one
// frame each, as Layout lays out tilings: a Sudoku as its grid, thick lines
// around the boxes, the givens in bold on grey and the digits the solution
// writes in blue, every digit a text; N queens as a chequered board with
// the queens on it; a plain matrix as the matrix, an item a column (named
// above it, primary items on white, secondary on grey) and an option a row,
// its ones filled, the rows of the solution in blue. numbers gives each
// solution's number, titles "solution K of total" (total < 0: unknown).
func matrixSolutions(ctx context.Context, p matrix.Model, sols [][]int, numbers []int, total int, opt *Options) ([]*Sheet, error) {
	if len(sols) == 0 {
		return nil, fmt.Errorf("gallery: nothing to lay out")
	}
	items := make([]Item, len(sols))
	for i := range sols {
		items[i] = Item{Caption: fmt.Sprint(numbers[i]), Title: fmt.Sprintf("solution %d of %d", numbers[i], total)}
		if total < 0 {
			items[i].Title = fmt.Sprintf("solution %d", numbers[i])
		}
	}
	return matrixSheets(ctx, p, items, sols, opt)
}

// matrixSheets lays out items, the pictures of p with the options of sols
// chosen (nil: the problem p poses, before it is solved).
func matrixSheets(ctx context.Context, p matrix.Model, items []Item, sols [][]int, opt *Options) ([]*Sheet, error) {
	s, err := newSheetLayout(opt)
	if err != nil {
		return nil, err
	}
	s.ctx = ctx
	contents := make([]frameContent, len(sols))
	for i, sol := range sols {
		if err := s.stopped(i); err != nil {
			return nil, err
		}
		if contents[i], err = matrixKindContent(s, p, sol); err != nil {
			return nil, err
		}
	}
	return s.layout(items, contents)
}

// matrixKindContent returns the picture of p, the options sol chosen
// (nil: the problem it poses), as its kind draws it.
func matrixKindContent(s *sheetLayout, p matrix.Model, sol []int) (frameContent, error) {
	switch q := p.(type) {
	case sudokuGrid:
		return sudokuContent(q, sol), nil
	case queensBoard:
		return queensContent(q, sol), nil
	}
	return matrixContent(s, p.Matrix(), sol)
}

// matrixKind is a puzzle or a solution of package matrix's kinds
// (*matrix.Puzzle, *matrix.Solution), which its kind draws.
type matrixKind interface{ Model() matrix.Model }

// sudokuGrid is a kind drawn as a Sudoku's grid (*matrix.Sudoku), the
// given symbols in bold on grey; queensBoard, as a chessboard with queens
// (*matrix.Queens). Any other is drawn as its matrix.
type (
	sudokuGrid interface {
		Boxes() (box int, givens [][]int)
		Grid(sol []int) []string
	}
	queensBoard interface {
		Squares() (n int, holes [][2]int)
		Cells(sol []int) [][2]int
	}
)

// cellRing returns the outline of the cell at column x, row y.
func cellRing(pt func(x, y float64) Point, x, y float64) Ring {
	return Ring{pt(x, y), pt(x+1, y), pt(x+1, y+1), pt(x, y+1)}
}

func sudokuContent(q sudokuGrid, sol []int) frameContent {
	box, givens := q.Boxes()
	size := box * box
	var grid []string
	if sol != nil {
		grid = q.Grid(sol)
	}
	return &painted{w: float64(size), h: float64(size), paint: func(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
		for r := range size {
			for c := range size {
				given := givens[r][c] != 0
				fill := color.NRGBA{0xff, 0xff, 0xff, 0xff}
				if given {
					fill = givenFill
				}
				f.Shapes = append(f.Shapes, Shape{Piece: fmt.Sprintf("r%dc%d", r+1, c+1), Fill: fill, Outline: []Ring{cellRing(pt, float64(c), float64(r))}})
				ink, bold := solvedInk, false
				if given {
					ink, bold = s.BorderColor, true
				}
				text := ""
				switch {
				case grid != nil:
					text = string(grid[r][c])
				case given:
					text = string(matrix.SudokuSymbol(givens[r][c]))
				default:
					continue
				}
				at := pt(float64(c)+0.5, float64(r)+0.5)
				f.Letters = append(f.Letters, Text{X: at.X, Y: at.Y, Size: s.cell * 0.6, Bold: bold, Color: ink, Text: text})
			}
		}
		for i := 0; i <= size; i++ {
			line := []Segment{{pt(float64(i), 0), pt(float64(i), float64(size))}, {pt(0, float64(i)), pt(float64(size), float64(i))}}
			if i%box == 0 {
				f.Borders = append(f.Borders, line...)
			} else {
				f.Grid = append(f.Grid, line...)
			}
		}
	}}
}

func queensContent(q queensBoard, sol []int) frameContent {
	n, holes := q.Squares()
	hole := map[[2]int]bool{}
	for _, h := range holes {
		hole[h] = true
	}
	return &painted{w: float64(n), h: float64(n), paint: func(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
		for r := range n {
			for c := range n {
				if hole[[2]int{r, c}] {
					x, y := float64(c), float64(r)
					f.Borders = append(f.Borders, Segment{pt(x, y), pt(x+1, y)}, Segment{pt(x+1, y), pt(x+1, y+1)},
						Segment{pt(x+1, y+1), pt(x, y+1)}, Segment{pt(x, y+1), pt(x, y)})
					continue
				}
				fill := lightSquare
				if (r+c)%2 == 1 {
					fill = darkSquare
				}
				f.Shapes = append(f.Shapes, Shape{Piece: fmt.Sprintf("r%dc%d", r, c), Fill: fill, Outline: []Ring{cellRing(pt, float64(c), float64(r))}})
			}
		}
		for _, c := range q.Cells(sol) {
			x, y := float64(c[1]), float64(c[0])
			crown := Ring{pt(x+0.2, y+0.8), pt(x+0.8, y+0.8), pt(x+0.84, y+0.32), pt(x+0.66, y+0.56),
				pt(x+0.5, y+0.22), pt(x+0.34, y+0.56), pt(x+0.16, y+0.32)}
			f.Shapes = append(f.Shapes, Shape{Piece: "queen", Fill: s.BorderColor, Outline: []Ring{crown}})
		}
		fn := float64(n)
		f.Borders = append(f.Borders, Segment{pt(0, 0), pt(fn, 0)}, Segment{pt(fn, 0), pt(fn, fn)}, Segment{pt(fn, fn), pt(0, fn)}, Segment{pt(0, fn), pt(0, 0)})
	}}
}

package tiling_test

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling"
)

// The two ways to fill a 3×20 rectangle with the twelve pentominoes.
func ExamplePuzzle_Solve() {
	board, err := geom.NewRectBoard(3, 20, nil)
	if err != nil {
		panic(err)
	}
	pieces, err := geom.PieceSet("pentominoes")
	if err != nil {
		panic(err)
	}
	p, err := tiling.New("3×20", board, pieces)
	if err != nil {
		panic(err)
	}
	res, err := p.Solve(context.Background(), nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("raw %d, distinct %d, symmetries %d\n", res.Raw, len(res.Distinct), res.Symmetries)
	for _, d := range res.Distinct {
		fmt.Print("\n", d)
	}
	// Output:
	// raw 8, distinct 2, symmetries 4
	//
	// UUXIIIIINNNFTWYYYYZV
	// UXXXPPLNNFFFTWWYZZZV
	// UUXPPPLLLLFTTTWWZVVV
	//
	// UUXIIIIIZWWTTTFLLLLV
	// UXXXPPZZZYWWTFFFNNLV
	// UUXPPPZYYYYWTFNNNVVV
}

// A solution prints as an ASCII grid; pieces with several copies get
// letters of their own.
func ExampleSolution_String() {
	board, err := geom.ParseBoard("" +
		"....\n" +
		".#..\n" +
		"....\n")
	if err != nil {
		panic(err)
	}
	v, err := geom.ParsePiece("V", "#\n##")
	if err != nil {
		panic(err)
	}
	i, err := geom.ParsePiece("I", "##")
	if err != nil {
		panic(err)
	}
	v.Count = 3
	p, err := tiling.New("", board, []geom.Piece{v, i})
	if err != nil {
		panic(err)
	}
	for s := range p.Solutions(context.Background()) {
		fmt.Println(s)
	}
	// Output:
	// VVvv
	// V Av
	// IIAA
	//
	// VVvv
	// V vA
	// IIAA
	//
	// IIVV
	// v AV
	// vvAA
	//
	// IIVV
	// v VA
	// vvAA
}

func ExamplePiece_Orientations() {
	pieces, err := geom.PieceSet("pentominoes")
	if err != nil {
		panic(err)
	}
	for _, p := range pieces {
		fmt.Printf("%s:%d ", p.Name, len(p.Orientations(geom.Square)))
	}
	fmt.Println()
	// Output:
	// F:8 I:2 L:8 N:8 P:8 T:4 U:4 V:4 W:4 X:1 Y:8 Z:4
}

package palettes_test

import (
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/palettes"
)

func ExampleParse() {
	for _, s := range []string{
		"#4e79a7",
		"#f80",
		"SteelBlue",
		"rgb(255, 128, 0)",
		"rgb(255 128 0 / 50%)",
		"rgb(100%, 0%, 0%)",
		"hsl(120, 100%, 25%)",
		"transparent",
		"#12345",
		"stealblue",
	} {
		c, err := palettes.Parse(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-22s %-10s %v\n", s, palettes.Hex(c), c)
	}
	// Output:
	// #4e79a7                #4e79a7    {78 121 167 255}
	// #f80                   #ff8800    {255 136 0 255}
	// SteelBlue              #4682b4    {70 130 180 255}
	// rgb(255, 128, 0)       #ff8000    {255 128 0 255}
	// rgb(255 128 0 / 50%)   #ff800080  {255 128 0 128}
	// rgb(100%, 0%, 0%)      #ff0000    {255 0 0 255}
	// hsl(120, 100%, 25%)    #008000    {0 128 0 255}
	// transparent            #00000000  {0 0 0 0}
	// palettes: "#12345": 5 hex digits; want #rgb, #rgba, #rrggbb or #rrggbbaa
	// palettes: "stealblue": unknown colour name (did you mean "steelblue"?); want #rrggbb, a CSS colour name such as "steelblue", rgb(r, g, b) or hsl(h, s%, l%)
}

func ExampleNamed() {
	for _, name := range palettes.Names() {
		fmt.Printf("%-11s %s\n", name, palettes.About(name))
	}

	// A fixed palette has its own size; a continuous map is sampled.
	p, err := palettes.Named("okabe-ito", 0)
	if err != nil {
		panic(err)
	}
	fmt.Println("\nokabe-ito:", hexes(p))
	p, err = palettes.Named("viridis", 5)
	if err != nil {
		panic(err)
	}
	fmt.Println("viridis 5:", hexes(p))

	// The default palette labels its colours with the pentomino letters.
	d := palettes.Default()
	for i := 0; i < len(d.Colors); i += 4 {
		var row []string
		for j := i; j < i+4; j++ {
			row = append(row, d.Labels[j]+" "+palettes.Hex(d.Colors[j]))
		}
		fmt.Println(strings.Join(row, "  "))
	}
	// Output:
	// default     soft, print-friendly colours, one for each pentomino letter (the default)
	// inferno     matplotlib inferno: purple through red to pale yellow, perceptually uniform
	// kelly       Kelly's 20 colours of maximum contrast, for sets of up to 20 pieces
	// magma       matplotlib magma: purple through pink to pale yellow, perceptually uniform
	// okabe-ito   Okabe and Ito's 8 colour-blind-safe colours (black replaced by grey)
	// paired      ColorBrewer Paired: 6 hues, each light and dark
	// plasma      matplotlib plasma: blue through magenta to yellow, perceptually uniform
	// set3        ColorBrewer Set3: 12 light qualitative colours
	// tableau10   Tableau 10: 10 medium categorical colours
	// tol-bright  Paul Tol's bright scheme: 7 colour-blind-safe colours
	// tol-high-contrast Paul Tol's high-contrast scheme: 3 colour-blind-safe colours, distinct in greyscale too
	// tol-light   Paul Tol's light scheme: 9 colour-blind-safe colours, for text on them
	// tol-muted   Paul Tol's muted scheme: 9 colour-blind-safe colours
	// tol-rainbow Paul Tol's discrete rainbow: 12 colour-blind-safe colours, one per pentomino
	// tol-rainbow-23 Paul Tol's discrete rainbow at its largest: 23 colour-blind-safe colours
	// tol-vibrant Paul Tol's vibrant scheme: 7 colour-blind-safe colours
	// viridis     matplotlib viridis: dark blue through green to yellow, perceptually uniform
	//
	// okabe-ito: #e69f00 #56b4e9 #009e73 #f0e442 #0072b2 #d55e00 #cc79a7 #999999
	// viridis 5: #440154 #3b528b #21908c #5dc963 #fde725
	// F #72bb6f  I #a6dcef  L #c8e07a  N #f6a55b
	// P #f5a9cb  T #52bcab  U #7b9be0  V #b895dc
	// W #a98467  X #e9716b  Y #f9d54f  Z #b9b9b9
}

// The twelve pentominoes in a 3×20 rectangle, coloured from the 8 colours
// of okabe-ito. F to V keep their own colours 0 to 7; W, X, Y and Z would
// take 0 to 3 in turn, and do, except X, whose neighbour I has 1, so it
// takes the next colour none of its neighbours has, 2. Each cell shows the
// index of its piece's colour.
func ExamplePalette_InstanceColors() {
	solution := []string{
		"UUXIIIIINNNFTWYYYYZV",
		"UXXXPPLNNFFFTWWYZZZV",
		"UUXPPPLLLLFTTTWWZVVV",
	}
	pieceNames := strings.Fields("F I L N P T U V W X Y Z")

	// One instance per piece, numbered as the pieces are; two instances
	// are adjacent when two of their cells share an edge.
	instancePiece := make([]int, len(pieceNames))
	for i := range instancePiece {
		instancePiece[i] = i
	}
	adjacent := make([][]int, len(pieceNames))
	piece := func(r, c int) int { return slices.Index(pieceNames, solution[r][c:c+1]) }
	for r, row := range solution {
		for c := range row {
			if c+1 < len(row) && row[c+1] != row[c] {
				adjacent[piece(r, c)] = append(adjacent[piece(r, c)], piece(r, c+1))
			}
			if r+1 < len(solution) && solution[r+1][c] != row[c] {
				adjacent[piece(r, c)] = append(adjacent[piece(r, c)], piece(r+1, c))
			}
		}
	}

	p, err := palettes.Named("okabe-ito", 0)
	if err != nil {
		panic(err)
	}
	colours := p.InstanceColors(pieceNames, instancePiece, adjacent)
	for r, row := range solution {
		var b strings.Builder
		for c := range row {
			b.WriteString(fmt.Sprint(slices.Index(p.Colors, colours[piece(r, c)])))
		}
		fmt.Println(b.String())
	}
	// Output:
	// 66211111333050222237
	// 62224423300050023337
	// 66244422220555003777
}

// hexes formats a palette's colours.
func hexes(p *palettes.Palette) string {
	var s []string
	for _, c := range p.Colors {
		s = append(s, palettes.Hex(c))
	}
	return strings.Join(s, " ")
}

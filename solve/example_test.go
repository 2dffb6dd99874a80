package solve_test

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/solve"
)

// twoPieceProblem builds the two-piece example: items 0 and 1 are the two
// pieces, items 2…7 the six cells of the board, and each of the seven
// placements of a shape on the board is an option for either piece.
func twoPieceProblem() *solve.Links {
	placements := [][]int{
		{1, 2, 4},
		{2, 3, 5},
		{2, 3, 4},
		{0, 2, 3},
		{2, 4, 5},
		{0, 1, 2},
		{3, 4, 5},
	}
	p := solve.NewLinks(8, 0)
	for piece := range 2 {
		for _, cells := range placements {
			items := []int{piece}
			for _, c := range cells {
				items = append(items, 2+c)
			}
			if _, err := p.AddOption(items...); err != nil {
				panic(err)
			}
		}
	}
	return p
}

func ExampleLinks_Solutions() {
	p := twoPieceProblem()
	for sol := range p.Solutions(context.Background()) {
		fmt.Println("solution:", sol)
		for _, k := range sol {
			fmt.Println("  option", k, "covers", p.Option(k))
		}
	}
	// Output:
	// solution: [5 13]
	//   option 5 covers [0 2 3 4]
	//   option 13 covers [1 5 6 7]
	// solution: [6 12]
	//   option 6 covers [0 5 6 7]
	//   option 12 covers [1 2 3 4]
}

func ExampleNewSearch() {
	// Eight queens: ranks 0…7 and files 8…15 are primary items, the 15
	// diagonals and 15 antidiagonals secondary, since a diagonal may stay
	// empty.
	const n = 8
	p := solve.NewLinks(2*n, 2*(2*n-1))
	for r := range n {
		for c := range n {
			if _, err := p.AddOption(r, n+c, 2*n+r+c, 2*n+(2*n-1)+r-c+n-1); err != nil {
				panic(err)
			}
		}
	}

	s := solve.NewSearch(p, &solve.Config{Limit: 10})
	count, err := s.Count(context.Background())
	fmt.Println("first solutions:", count, err)

	s = solve.NewSearch(p, nil)
	count, err = s.Count(context.Background())
	fmt.Println("all solutions:", count, err)
	fmt.Println("stats agree:", s.Stats().Solutions == count)
	// Output:
	// first solutions: 10 <nil>
	// all solutions: 92 <nil>
	// stats agree: true
}

func ExampleSearch_Count() {
	s := solve.NewSearch(twoPieceProblem(), nil)
	count, err := s.Count(context.Background())
	if err != nil {
		panic(err)
	}
	st := s.Stats()
	fmt.Println("solutions:", count)
	fmt.Println("nodes:", st.Nodes)
	fmt.Println("updates:", st.Updates)
	// Output:
	// solutions: 2
	// nodes: 6
	// updates: 132
}

// Knuth's example of colours (TAOCP 7.2.2.1, (49)): items p, q, r
// primary and x, y secondary; options may share x or y when they give it
// the same colour (A = 1, B = 2).
func ExampleLinks_AddColoredOption() {
	const p, q, r, x, y = 0, 1, 2, 3, 4
	m := solve.NewLinks(3, 2)
	m.AddColoredOption([]int{p, q, x, y}, []int{0, 0, 0, 1}) // p q x y:A
	m.AddColoredOption([]int{p, r, x, y}, []int{0, 0, 1, 0}) // p r x:A y
	m.AddColoredOption([]int{p, x}, []int{0, 2})             // p x:B
	m.AddColoredOption([]int{q, x}, []int{0, 1})             // q x:A
	m.AddColoredOption([]int{r, y}, []int{0, 2})             // r y:B
	for sol := range m.Solutions(context.Background()) {
		fmt.Println(sol)
	}
	// Output: [1 3]
}

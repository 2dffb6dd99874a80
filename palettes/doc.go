// Package palettes holds the colours that pieces are filled with: named
// palettes stored as embedded data files, a parser for the CSS colour
// notations, and the rule that gives each piece its colour.
//
// Every colour is a color.NRGBA, not alpha-premultiplied.
//
// # Palettes
//
// The built-in palettes (see Names and About) are
//
//   - default: 12 soft, print-friendly colours, one for each pentomino,
//     labelled with its letter, so that the F pentomino is always fern
//     green and the X always coral red;
//   - set3 and paired: ColorBrewer's 12-colour qualitative palettes;
//   - okabe-ito: Okabe and Ito's 8 colour-blind-safe colours, with grey in
//     place of black, which would vanish into the borders;
//   - tableau10: Tableau's 10 categorical colours;
//   - viridis, plasma, inferno and magma: matplotlib's continuous colour
//     maps, sampled to as many colours as asked for (inferno and magma
//     only from 0.2 to 0.95 of the way along, leaving out their near-black
//     start).
//
// Each is a text file in data/, loaded with go:embed; the file says where
// its colours come from. FromList and FromMap make palettes of one's own.
//
// # The colouring rule
//
// The package knows pieces only by name and solutions only as a graph: one
// node for each piece instance, joined to the instances it touches. The
// rule aims first at consistency (a piece has the same colour in every
// frame of a gallery) and then at contrast (touching pieces differ).
//
// Each piece has its own colour (PieceColors), and copies of a piece (pieces
// of one name, as a spec's count makes them) share it. A piece whose name is the
// label of a colour takes that colour: with the default palette, the
// pentomino named F takes the colour labelled F, whatever its position in
// the puzzle. The other pieces take the remaining colours in order, so
// with an unlabelled palette piece i takes colour i, except that when the
// palette has more colours than there are pieces, colours nearer than
// MinDeltaE (CIEDE2000, DeltaE) to others are passed over where the
// palette allows it, and else those that keep the least difference as
// large as it can. When there are more pieces than colours, the colours
// are used again from the first, piece i taking colour i mod the number
// of colours.
//
// A palette that knows the piece sets (WithSets; the gallery gives it the
// built-in ones) colours the pieces of a figure as the smallest set that
// holds them all: a piece's colour then follows its name and set, the
// same in a figure of all the set and of some of it.
//
// In a solution (InstanceColors), each instance gets its piece's own colour, unless
// that would put one colour on two touching instances of different pieces
// (touching copies of one piece keep it: the borders between pieces tell
// them apart). That happens only when there are more pieces than colours;
// then the instances are coloured greedily, one at a time in a fixed
// order (by piece, then by instance), each keeping its own colour if no
// coloured neighbour has it, and otherwise taking the next colour that no
// coloured neighbour has, preferring colours that belong to no piece so as
// not to pass one piece off as another. With at least one more colour than
// the most neighbours any instance has, touching instances always differ;
// with fewer, an instance whose neighbours already use every colour takes
// the colour fewest of them use. Earlier pieces keep their colours; later
// ones give way.
//
// The rule is deterministic: the same arguments always give the same
// colours. Copies of a piece are interchangeable, so which copy gets which
// colour follows the order in which the caller lists the instances; a
// canonical order gives a solution the same colours every time it is drawn.
package palettes

package geom

// The polysticks' pictures, each named by the line above it: the
// tristicks by a letter and their size, the tetrasticks by the letters
// Polyform Puzzler gives them, drawn as it draws them (its rows grow
// upwards, so its pictures are read bottom up; turned or reflected, a
// piece is the same free piece). TestTetrastickNames checks that the 16
// are the 16 free tetrasticks.
const (
	tristickPics = `I3
+-+-+-+
L3
    +
    |
+-+-+
T3
  +
  |
+-+-+
U3
+ +
| |
+-+
Z3
+-+
  |
  +-+
`
	tetrastickPics = `F
+ +
| |
+-+-+
H
  +-+
  |
+-+-+
I
+-+-+-+-+
J
  +-+
    |
+-+-+
L
      +
      |
+-+-+-+
N
    +-+
    |
+-+-+
O
+-+
| |
+-+
P
+-+
| |
+ +-+
R
  +
  |
+-+-+
|
+
T
  +
  |
  +
  |
+-+-+
U
+   +
|   |
+-+-+
V
    +
    |
    +
    |
+-+-+
W
    +
    |
  +-+
  |
+-+
X
  +
  |
+-+-+
  |
  +
Y
    +
    |
+-+-+-+
Z
    +
    |
+-+-+
|
+
`
)

// drawnSticks parses a list of named stick pictures: a line without '+'
// or '|' names the piece whose picture follows.
func drawnSticks(pics string) []Piece { return drawnOn(Stick, pics, "+|") }

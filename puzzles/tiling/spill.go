package tiling

import (
	"encoding/binary"
	"fmt"
	"os"

	"github.com/polytile/polytile/puzzles"
)

// A spill holds, on disk, classes that a task found and the merger has not
// taken yet, so that a worker whose task runs ahead of the merger goes on
// searching (instead of waiting for its task to come to the front) while
// memory stays bounded: when a task holds bufferCap classes, its worker
// writes them to the task's spill file, and the merger reads them back,
// bufferCap at a time, before those in memory. The file is a run of
// fixed-size records (the orbit, then the code of the solution), made
// when first needed and gone once read.
type spill struct {
	f          *os.File
	width      int   // bytes a number: 2 or 4
	cells      int   // numbers a code
	end, read  int64 // bytes written, and read back
	records    int64 // written in all, for tests
	buf        []byte
	p          *Puzzle
	removeName string // the file's name, if it could not be removed while open
}

func newSpill(p *Puzzle) *spill {
	s := &spill{width: 2, cells: p.board.Len(), p: p}
	if p.Instances()*len(p.pieces) >= 1<<16 {
		s.width = 4
	}
	return s
}

// recordSize is the size of a record.
func (s *spill) recordSize() int { return s.width * (1 + s.cells) }

// write appends the classes to the file.
func (s *spill) write(classes []puzzles.Class) error {
	if s.f == nil {
		f, err := os.CreateTemp("", "polytile-spill-*")
		if err != nil {
			return err
		}
		s.f = f
		if os.Remove(f.Name()) != nil { // where open files cannot be removed
			s.removeName = f.Name()
		}
	}
	s.buf = s.buf[:0]
	for _, c := range classes {
		s.buf = s.put(s.buf, uint32(c.Orbit))
		for _, v := range c.Solution.(*Solution).code {
			s.buf = s.put(s.buf, uint32(v))
		}
	}
	if _, err := s.f.WriteAt(s.buf, s.end); err != nil {
		return err
	}
	s.end += int64(len(s.buf))
	s.records += int64(len(classes))
	return nil
}

func (s *spill) put(b []byte, v uint32) []byte {
	if s.width == 2 {
		return binary.LittleEndian.AppendUint16(b, uint16(v))
	}
	return binary.LittleEndian.AppendUint32(b, v)
}

func (s *spill) get(b []byte) int32 {
	if s.width == 2 {
		return int32(binary.LittleEndian.Uint16(b))
	}
	return int32(binary.LittleEndian.Uint32(b))
}

// pending reports whether there are records not read back.
func (s *spill) pending() bool { return s.read < s.end }

// next reads back up to max records, in the order they were written. Once
// all are read the file is written from its start again.
func (s *spill) next(max int) ([]puzzles.Class, error) {
	size := int64(s.recordSize())
	n := min(int64(max), (s.end-s.read)/size)
	data := make([]byte, n*size)
	if _, err := s.f.ReadAt(data, s.read); err != nil {
		return nil, fmt.Errorf("tiling: reading back the solutions put aside on disk: %w", err)
	}
	s.read += int64(len(data))
	if s.read == s.end {
		s.read, s.end = 0, 0
	}
	out := make([]puzzles.Class, n)
	for i := range out {
		rec := data[int64(i)*size:]
		code := make([]int32, s.cells)
		for k := range code {
			code[k] = s.get(rec[(k+1)*s.width:])
		}
		out[i] = puzzles.Class{Solution: &Solution{p: s.p, code: code}, Orbit: int(s.get(rec))}
	}
	return out, nil
}

// close closes the file, if there is one.
func (s *spill) close() {
	if s.f != nil {
		s.f.Close()
		if s.removeName != "" {
			os.Remove(s.removeName)
		}
		s.f = nil
	}
}

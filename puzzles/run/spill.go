package run

import (
	"encoding/binary"
	"fmt"
	"os"

	"github.com/polytile/polytile/puzzles"
)

// A spill holds, on disk, classes that a task found and the merger has not
// taken yet, so that a worker whose task runs ahead of the merger goes on
// searching (instead of waiting for its task to come to the front) while
// memory stays bounded: when a task holds a buffer of classes, its worker
// writes them to the task's spill file, and the merger reads them back, a
// buffer at a time, before those in memory. The file is a run of records
// of the Codec's size, made when first needed and gone once read.
type spill struct {
	codec      Codec
	f          *os.File
	end, read  int64 // bytes written, and read back
	records    int64 // written in all
	buf        []byte
	removeName string // the file's name, if it could not be removed while open
}

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
		s.buf = s.codec.Append(s.buf, c)
	}
	if _, err := s.f.WriteAt(s.buf, s.end); err != nil {
		return err
	}
	s.end += int64(len(s.buf))
	s.records += int64(len(classes))
	return nil
}

// pending reports whether there are records not read back.
func (s *spill) pending() bool { return s.read < s.end }

// next reads back up to max records, in the order they were written. Once
// all are read the file is written from its start again.
func (s *spill) next(max int) ([]puzzles.Class, error) {
	size := int64(s.codec.Size())
	n := min(int64(max), (s.end-s.read)/size)
	data := make([]byte, n*size)
	if _, err := s.f.ReadAt(data, s.read); err != nil {
		return nil, fmt.Errorf("run: reading back the solutions put aside on disk: %w", err)
	}
	s.read += int64(len(data))
	if s.read == s.end {
		s.read, s.end = 0, 0
	}
	out := make([]puzzles.Class, n)
	for i := range out {
		out[i] = s.codec.Decode(data[int64(i)*size : int64(i+1)*size])
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

// Numbers is a Codec of classes written as an orbit and then Count
// numbers (Of gives them, Back reads them back), each in 2 bytes, or 4 if Wide.
type Numbers struct {
	Count int
	Wide  bool
	Of    func(c puzzles.Class) []int32
	Back  func(orbit int, nums []int32) puzzles.Class
}

func (n Numbers) width() int {
	if n.Wide {
		return 4
	}
	return 2
}

// Size is a record's size.
func (n Numbers) Size() int { return n.width() * (1 + n.Count) }

// Append appends c's record to b.
func (n Numbers) Append(b []byte, c puzzles.Class) []byte {
	b = n.put(b, uint32(c.Orbit))
	for _, v := range n.Of(c) {
		b = n.put(b, uint32(v))
	}
	return b
}

// Decode reads a record back.
func (n Numbers) Decode(rec []byte) puzzles.Class {
	w := n.width()
	nums := make([]int32, n.Count)
	for k := range nums {
		nums[k] = n.get(rec[(k+1)*w:])
	}
	return n.Back(int(n.get(rec)), nums)
}

func (n Numbers) put(b []byte, v uint32) []byte {
	if !n.Wide {
		return binary.LittleEndian.AppendUint16(b, uint16(v))
	}
	return binary.LittleEndian.AppendUint32(b, v)
}

func (n Numbers) get(b []byte) int32 {
	if !n.Wide {
		return int32(binary.LittleEndian.Uint16(b))
	}
	return int32(binary.LittleEndian.Uint32(b))
}

package bigmem

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// Words maps zeroed words of their own, on a huge page's edge, in huge
// pages when the kernel gives them to those who ask; release gives them
// back, and the search gives back its tables when it ends.
func TestBigWords(t *testing.T) {
	// Under "madvise" the kernel gives huge pages only to memory that
	// asks for them.
	thp, _ := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	asked := strings.Contains(string(thp), "[madvise]")
	huge := 0 // kB in huge pages, over the tables of a megabyte or more
	for _, n := range []int{1, 1 << 13, 1 << 17, 3<<18 + 5} {
		owner := new(int)
		w, release, ok := Words(n, owner)
		if !ok {
			t.Fatalf("%d words: not mapped", n)
		}
		if len(w) != n {
			t.Fatalf("%d words: got %d", n, len(w))
		}
		at := uintptr(unsafe.Pointer(&w[0]))
		if at%hugePage != 0 {
			t.Fatalf("%d words at %#x: not on a huge page's edge", n, at)
		}
		for i := range w {
			if w[i] != 0 {
				t.Fatalf("%d words: word %d is %#x", n, i, w[i])
			}
			w[i] = uint64(i) * 0x9e3779b97f4a7c15
		}
		for i := range w {
			if w[i] != uint64(i)*0x9e3779b97f4a7c15 {
				t.Fatalf("%d words: word %d changed", n, i)
			}
		}
		if n*8 >= 1<<20 {
			kb := anonHuge(t, at)
			t.Logf("%d words: %d kB in huge pages", n, kb)
			huge += kb
		}
		live := Mapped()
		release()
		if Mapped() != live-1 {
			t.Fatalf("%d words: not given back", n)
		}
	}
	if asked && huge == 0 {
		t.Errorf("no huge pages, though the kernel gives them to memory that asks (%s)", strings.TrimSpace(string(thp)))
	}
}

// anonHuge returns the kilobytes of huge pages of the mapping that holds
// address at, or -1 if none does.
func anonHuge(t *testing.T, at uintptr) int {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip("no /proc/self/smaps")
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x", &lo, &hi); n == 2 && strings.Contains(line, " ") && !strings.HasSuffix(strings.Fields(line)[0], ":") {
			in = lo <= at && at < hi
			continue
		}
		var kb int
		if n, _ := fmt.Sscanf(line, "AnonHugePages: %d kB", &kb); n == 1 && in {
			return kb
		}
	}
	return -1
}

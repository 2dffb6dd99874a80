package pfaffian

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"
)

// Count returns the number of perfect matchings of g, drawn in the plane
// by its rotation system: Orient, then Matrix.Count. It returns an error
// wrapping ErrNotPlanar if the rotation system is not planar.
func Count(ctx context.Context, g *Graph) (*big.Int, error) {
	m, err := Orient(g)
	if err != nil {
		return nil, err
	}
	return m.Count(ctx, nil)
}

// Count returns the absolute value of the Pfaffian of m, the number of
// perfect matchings of the graph it was oriented from: the square root of
// its determinant, which it counts modulo primes below 2^31 until their
// product passes Hadamard's bound on the determinant (the product of the
// rows' lengths), and puts together by the Chinese remainder theorem. Its
// work for each prime grows with the vertices and the square of the band
// of the matrix: number the vertices so that neighbours are close (a scan
// order). tell, if not nil, is told the fraction of the primes done after
// each one; between two, Count stops if ctx has ended, with its cause.
func (m *Matrix) Count(ctx context.Context, tell func(done float64)) (*big.Int, error) {
	if m.none || slices.ContainsFunc(m.rows, func(r []entry) bool { return len(r) == 0 }) {
		return new(big.Int), nil // a vertex of no edge, or a row of zeros
	}
	bound := 0.0 // log2 of Hadamard's bound
	for _, r := range m.rows {
		var sq float64
		for _, x := range r {
			sq += float64(x.val) * float64(x.val)
		}
		bound += math.Log2(sq) / 2
	}
	// Two bits more than the bound, for the rounding of the logarithms.
	need := int(math.Ceil(bound)) + 2
	first := make([]int32, len(m.rows)) // the rows by their first column
	for i := range first {
		first[i] = int32(i)
	}
	slices.SortStableFunc(first, func(a, b int32) int { return cmp.Compare(m.rows[a][0].col, m.rows[b][0].col) })
	det, mod := new(big.Int), big.NewInt(1)
	var bp, t big.Int
	for p := uint64(1<<31 - 1); mod.BitLen() <= need; p -= 2 {
		if !bp.SetUint64(p).ProbablyPrime(0) { // exact below 2^64
			continue
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("pfaffian: count stopped: %w", context.Cause(ctx))
		}
		r := m.detMod(p, first)
		// det += mod × ((r − det) / mod modulo p): det ≡ r modulo p, and
		// what it was modulo the primes before.
		was := t.Mod(det, &bp).Uint64()
		k := (r + p - was) % p * inverse(t.Mod(mod, &bp).Uint64(), p) % p
		det.Add(det, t.Mul(mod, t.SetUint64(k)))
		mod.Mul(mod, &bp)
		if tell != nil {
			tell(min(float64(mod.BitLen())/float64(need+1), 1))
		}
	}
	root := new(big.Int).Sqrt(det)
	if t.Mul(root, root).Cmp(det) != 0 {
		return nil, fmt.Errorf("pfaffian: the determinant %v of a skew-symmetric matrix is not a square", det)
	}
	return root, nil
}

// detMod returns the determinant of m modulo the prime p, by Gaussian
// elimination with the pivot in each column taken from the rows that
// reach it, the one that ends first, so that the fill stays within the
// band; a row starts at its first nonzero column, which first lists the
// rows in the order of, and ends at its last.
func (m *Matrix) detMod(p uint64, first []int32) uint64 {
	n := len(m.rows)
	mu := ^uint64(0) / p // Barrett's reduction: x − ⌊x·mu / 2^64⌋·p < 2p
	vals := make([][]uint32, n)
	for i, r := range m.rows {
		lo := r[0].col
		v := make([]uint32, r[len(r)-1].col-lo+1, 2*(r[len(r)-1].col-lo+1))
		for _, x := range r {
			v[x.col-lo] = uint32((x.val%int64(p) + int64(p)) % int64(p))
		}
		vals[i] = v
	}
	var active []int32
	next := 0
	perm := make([]int32, n)
	det := uint64(1)
	for k := range n {
		for next < n && int(m.rows[first[next]][0].col) == k {
			active = append(active, first[next])
			next++
		}
		best := -1
		for a, r := range active {
			if v := vals[r]; len(v) == 0 {
				return 0 // a row of zeros
			} else if v[0] != 0 && (best < 0 || len(v) < len(vals[active[best]])) {
				best = a
			}
		}
		if best < 0 {
			return 0
		}
		perm[k] = active[best]
		piv := vals[active[best]]
		active[best] = active[len(active)-1]
		active = active[:len(active)-1]
		det = det * uint64(piv[0]) % p
		inv := inverse(uint64(piv[0]), p)
		for _, r := range active {
			v := vals[r]
			if v[0] != 0 {
				if len(v) < len(piv) {
					v = append(v, make([]uint32, len(piv)-len(v))...)
				}
				f := p - uint64(v[0])*inv%p
				for j := 1; j < len(piv); j++ {
					x := uint64(v[j]) + f*uint64(piv[j])
					q, _ := bits.Mul64(x, mu)
					if x -= q * p; x >= p {
						x -= p
					}
					v[j] = uint32(x)
				}
			}
			vals[r] = v[1:]
		}
	}
	if odd(perm) {
		det = (p - det) % p
	}
	return det
}

// odd reports whether the permutation is odd: whether it has an odd
// number of cycles of even length.
func odd(perm []int32) bool {
	seen := make([]bool, len(perm))
	odd := false
	for i := range perm {
		length := 0
		for j := int32(i); !seen[j]; j = perm[j] {
			seen[j] = true
			length++
		}
		if length > 0 && length%2 == 0 {
			odd = !odd
		}
	}
	return odd
}

// inverse returns the inverse of a modulo the prime p (a not 0 modulo p),
// by Euclid's algorithm.
func inverse(a, p uint64) uint64 {
	r0, r1 := int64(p), int64(a%p)
	s0, s1 := int64(0), int64(1)
	for r1 != 0 {
		q := r0 / r1
		r0, r1 = r1, r0-q*r1
		s0, s1 = s1, s0-q*s1
	}
	return uint64((s0%int64(p) + int64(p)) % int64(p))
}

// Package plural writes counts of things in English: "1 cell", "2 cells",
// "1 symmetry", "8 symmetries".
package plural

import "strconv"

// Of returns n and noun, the noun made plural unless n is 1 or -1: "s"
// is added, or "ies" in place of a final "y" after a consonant, and "es"
// after s, x, z, ch or sh. Nouns whose plural is irregular take Form.
func Of[T ~int | ~int64](n T, noun string) string {
	return Form(n, noun, pluralOf(noun))
}

// Form returns n and one or many, whichever n calls for.
func Form[T ~int | ~int64](n T, one, many string) string {
	s := strconv.FormatInt(int64(n), 10)
	if n == 1 || n == -1 {
		return s + " " + one
	}
	return s + " " + many
}

func pluralOf(noun string) string {
	l := len(noun)
	switch {
	case l == 0:
		return noun
	case l >= 2 && noun[l-1] == 'y' && !isVowel(noun[l-2]):
		return noun[:l-1] + "ies"
	case noun[l-1] == 's' || noun[l-1] == 'x' || noun[l-1] == 'z',
		l >= 2 && (noun[l-2:] == "ch" || noun[l-2:] == "sh"):
		return noun + "es"
	}
	return noun + "s"
}

func isVowel(b byte) bool {
	switch b {
	case 'a', 'e', 'i', 'o', 'u':
		return true
	}
	return false
}

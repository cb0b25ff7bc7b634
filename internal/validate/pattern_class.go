package validate

import (
	"slices"
	"unicode/utf8"
)

// runeClass is a set of runes for Pattern's matcher: a bit per ASCII
// rune, and sorted, disjoint ranges (lo, hi pairs) above.
type runeClass struct {
	ascii [2]uint64
	wide  []rune
}

// newRuneClass builds the set of the range pairs (lo, hi, lo, hi, ...),
// in any order.
func newRuneClass(pairs []rune) *runeClass {
	c := &runeClass{}
	var wide [][2]rune
	for i := 0; i+1 < len(pairs); i += 2 {
		lo, hi := pairs[i], pairs[i+1]
		for r := max(lo, 0); r <= hi && r < utf8.RuneSelf; r++ {
			c.ascii[r>>6] |= 1 << (r & 63)
		}
		if hi >= utf8.RuneSelf {
			wide = append(wide, [2]rune{max(lo, utf8.RuneSelf), hi})
		}
	}
	slices.SortFunc(wide, func(a, b [2]rune) int { return int(a[0] - b[0]) })
	for _, r := range wide {
		if n := len(c.wide); n > 0 && r[0] <= c.wide[n-1]+1 {
			c.wide[n-1] = max(c.wide[n-1], r[1])
			continue
		}
		c.wide = append(c.wide, r[0], r[1])
	}
	return c
}

// run takes the runes of the class from s[pos:], at most limit of them
// (limit < 0: no limit), and returns where it stopped and how many it
// took. ASCII is tested here, without a call: the common case.
func (c *runeClass) run(s string, pos, limit int) (end, n int) {
	for pos < len(s) && n != limit {
		if b := s[pos]; b < utf8.RuneSelf {
			if c.ascii[b>>6]&(1<<(b&63)) == 0 {
				break
			}
			pos++
		} else {
			r, w := utf8.DecodeRuneInString(s[pos:])
			if !c.hasWide(r) {
				break
			}
			pos += w
		}
		n++
	}
	return pos, n
}

// hasWide reports whether r, at or above U+0080, is in the class.
func (c *runeClass) hasWide(r rune) bool {
	lo, hi := 0, len(c.wide)/2
	for lo < hi { // the first range whose end is at or above r
		m := int(uint(lo+hi) >> 1)
		if c.wide[2*m+1] < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(c.wide)/2 && c.wide[2*lo] <= r
}

// overlaps reports whether the classes share a rune.
func (c *runeClass) overlaps(d *runeClass) bool {
	if c.ascii[0]&d.ascii[0] != 0 || c.ascii[1]&d.ascii[1] != 0 {
		return true
	}
	i, j := 0, 0
	for i < len(c.wide) && j < len(d.wide) {
		switch {
		case c.wide[i+1] < d.wide[j]:
			i += 2
		case d.wide[j+1] < c.wide[i]:
			j += 2
		default:
			return true
		}
	}
	return false
}

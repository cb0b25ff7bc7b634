package validate

import (
	"regexp"
	"regexp/syntax"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// Pattern is a JSON Schema "pattern" as Go's regexp compiles it (the
// engine the validators and the jsonschema library use), with a matcher
// of its own for the patterns schemas mostly carry: anchored at both
// ends, a sequence of literal text and character classes with counts
// (^[0-9]{13}$, ^[0-9-]+$, ^[a-z]+@[a-z]+\.[a-z]{2,}$). That matcher reads
// the string once, left to right, taking as many runes of each class as
// it can (up to the count's maximum) and never going back. It takes a
// pattern only when that one greedy pass decides exactly what the regexp
// decides: every class with a variable count shares no rune with what
// may come right after it (the classes that follow, up to and including
// the first that must match something), so no later part could have used
// a rune it took. Anything else (alternation, unanchored patterns, case
// folding of literals, repeated groups, more than maxSteps parts) is
// matched by the regexp. Input is read as the regexp reads it: a byte
// that is not UTF-8 is U+FFFD, one byte wide. The matcher costs one
// class lookup per rune (a bit test below U+0080, a binary search above),
// so it is never slower than the regexp's linear scan on long input.
// TestPatternAgreesWithRegexp and FuzzPatternAgreesWithRegexp hold it to
// the regexp.
type Pattern struct {
	re    *regexp.Regexp
	steps []step // the matcher's parts, when fast
	fast  bool
}

// step is one part of a fast pattern: literal text, or runes of a class
// counted between min and max (max < 0: no bound).
type step struct {
	lit      string
	class    *runeClass
	min, max int
}

// maxSteps bounds the parts a fast pattern may have, and so the work of
// proving its greedy pass exact (each variable part against the parts
// after it).
const maxSteps = 32

// CompilePattern compiles a pattern as regexp.Compile does (the same
// errors), with the fast matcher when the pattern allows it.
func CompilePattern(src string) (*Pattern, error) {
	re, err := regexp.Compile(src)
	if err != nil {
		return nil, err
	}
	p := &Pattern{re: re}
	if jsonfast.Fast {
		p.steps, p.fast = fastSteps(src)
	}
	return p, nil
}

// MatchString reports whether s contains a match of the pattern, as
// regexp's MatchString does.
func (p *Pattern) MatchString(s string) bool {
	if p.fast {
		return matchSteps(p.steps, s)
	}
	return p.re.MatchString(s)
}

// String is the pattern's source text.
func (p *Pattern) String() string { return p.re.String() }

// fastSteps are the parts of src, and whether the greedy pass over them
// decides a match exactly.
func fastSteps(src string) ([]step, bool) {
	re, err := syntax.Parse(src, syntax.Perl) // as regexp.Compile parses
	if err != nil || re.Op != syntax.OpConcat || len(re.Sub) < 2 {
		return nil, false
	}
	first, last := re.Sub[0], re.Sub[len(re.Sub)-1]
	if first.Op != syntax.OpBeginText || last.Op != syntax.OpEndText {
		return nil, false
	}
	var steps []step
	for _, sub := range re.Sub[1 : len(re.Sub)-1] {
		var ok bool
		if steps, ok = appendSteps(steps, sub); !ok || len(steps) > maxSteps {
			return nil, false
		}
	}
	return steps, greedyExact(steps)
}

// appendSteps appends the parts of r; false when r is not a sequence of
// literals and counted classes.
func appendSteps(steps []step, r *syntax.Regexp) ([]step, bool) {
	switch r.Op {
	case syntax.OpConcat:
		for _, sub := range r.Sub {
			var ok bool
			if steps, ok = appendSteps(steps, sub); !ok {
				return nil, false
			}
		}
		return steps, true
	case syntax.OpCapture:
		return appendSteps(steps, r.Sub[0])
	case syntax.OpEmptyMatch:
		return steps, true
	case syntax.OpLiteral:
		return appendLiteral(steps, r)
	case syntax.OpStar:
		return appendCounted(steps, r.Sub[0], 0, -1)
	case syntax.OpPlus:
		return appendCounted(steps, r.Sub[0], 1, -1)
	case syntax.OpQuest:
		return appendCounted(steps, r.Sub[0], 0, 1)
	case syntax.OpRepeat:
		return appendCounted(steps, r.Sub[0], r.Min, r.Max)
	}
	return appendCounted(steps, r, 1, 1)
}

// appendLiteral appends literal text. A rune the input can only match
// as U+FFFD stands for itself in a class of its own.
func appendLiteral(steps []step, r *syntax.Regexp) ([]step, bool) {
	if r.Flags&syntax.FoldCase != 0 {
		return nil, false
	}
	for _, c := range r.Rune {
		if c == utf8.RuneError || !utf8.ValidRune(c) {
			steps = append(steps, step{class: newRuneClass([]rune{c, c}), min: 1, max: 1})
			continue
		}
		if n := len(steps); n > 0 && steps[n-1].lit != "" {
			steps[n-1].lit += string(c)
			continue
		}
		steps = append(steps, step{lit: string(c), min: 1, max: 1})
	}
	return steps, true
}

// appendCounted appends one class, r, counted between min and max.
func appendCounted(steps []step, r *syntax.Regexp, min, max int) ([]step, bool) {
	for r.Op == syntax.OpCapture {
		r = r.Sub[0]
	}
	var pairs []rune
	switch {
	case r.Op == syntax.OpCharClass:
		pairs = r.Rune
	case r.Op == syntax.OpAnyChar:
		pairs = []rune{0, utf8.MaxRune}
	case r.Op == syntax.OpAnyCharNotNL:
		pairs = []rune{0, '\n' - 1, '\n' + 1, utf8.MaxRune}
	case r.Op == syntax.OpLiteral && len(r.Rune) == 1 && r.Flags&syntax.FoldCase == 0:
		pairs = []rune{r.Rune[0], r.Rune[0]}
	default:
		return nil, false
	}
	return append(steps, step{class: newRuneClass(pairs), min: min, max: max}), true
}

// greedyExact reports whether taking as many runes as possible at each
// part decides a match exactly: the first rune after a variable part's
// run belongs to one of the parts that follow, up to the first that
// cannot be empty, and none of those may share a rune with it.
func greedyExact(steps []step) bool {
	for i, s := range steps {
		if s.min == s.max {
			continue
		}
		for _, next := range steps[i+1:] {
			if s.class.overlaps(next.firstClass()) {
				return false
			}
			if next.min > 0 {
				break
			}
		}
	}
	return true
}

// firstClass is the class of the first rune the part takes.
func (s step) firstClass() *runeClass {
	if s.lit == "" {
		return s.class
	}
	r, _ := utf8.DecodeRuneInString(s.lit)
	return newRuneClass([]rune{r, r})
}

// matchSteps runs the greedy pass over s.
func matchSteps(steps []step, s string) bool {
	pos := 0
	for i := range steps {
		st := &steps[i]
		if st.lit != "" {
			if len(s)-pos < len(st.lit) || s[pos:pos+len(st.lit)] != st.lit {
				return false
			}
			pos += len(st.lit)
			continue
		}
		var n int
		if pos, n = st.class.run(s, pos, st.max); n < st.min {
			return false
		}
	}
	return pos == len(s)
}

package validate

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// fastPatterns are patterns Pattern's own matcher takes; slowPatterns are
// patterns it must leave to the regexp (a greedy pass would be wrong, or
// the pattern is not a sequence of counted classes).
var (
	fastPatterns = []string{
		`^[0-9]{13}$`, `^[0-9-]+$`, `^[a-z]+@[a-z]+\.[a-z]{2,}$`, `^$`, `\A\d{3}\z`, `^abc$`,
		`^[A-Z]{2}-[0-9]{1,4}$`, `^.*$`, `^(?s:.)*$`, `^[^a]$`, `^\pL+$`, `^([a-z]+)(-[0-9]+)$`, `^(a|b)+$`,
		`^a?b?c$`, `^x{0}y$`, `^é+ü*$`, `^\x{FFFD}$`, `^[\x{FFFD}a]+$`, `^(?i)[a-z]+$`, `^a{2,3}b$`,
		`^[0-9]*\.[0-9]+$`, `^[\x00-\x{10FFFF}]$`, `^[\x{D800}-\x{DFFF}]$`, `^(?U)a+$`,
	}
	slowPatterns = []string{
		`^a*a$`, `^a?b?a$`, `^[0-9]+-?[0-9]+$`, `[0-9]`, `^[0-9]`, `[0-9]$`, `^a|b$`, `^(?i)abc$`, `^([a-z]+)(-[0-9]+)?$`,
		`^(?:ab)+$`, `(?m)^a$`, `^(ab|b)+$`, `^.*a$`, `^\bx$`, `^[a-z]{2,}[a-c]$`, `^a+(?:a)?$`,
		`^` + strings.Repeat(`[a-c]`, maxSteps+1) + `$`,
	}
)

func TestPatternFastFor(t *testing.T) {
	if !jsonfast.Fast {
		t.Skip("wireslow: every pattern goes to the regexp")
	}
	for _, src := range fastPatterns {
		if p := mustPattern(t, src); !p.fast {
			t.Errorf("%q: left to the regexp, want the fast matcher", src)
		}
	}
	for _, src := range slowPatterns {
		if p := mustPattern(t, src); p.fast {
			t.Errorf("%q: fast matcher, want the regexp", src)
		}
	}
}

// The fast matcher answers as the regexp does for every string of up to
// four runes over an alphabet of the patterns' characters, newline,
// non-ASCII and a byte that is not UTF-8.
func TestPatternAgreesWithRegexp(t *testing.T) {
	alphabet := []string{"a", "b", "c", "x", "y", "0", "9", "-", ".", "@", "\n", "é", "\ufffd", "\xff", "A", "\xed\xa0\x80"}
	inputs := []string{""}
	for n, last := 0, []string{""}; n < 4; n++ {
		var next []string
		for _, s := range last {
			for _, c := range alphabet {
				next = append(next, s+c)
			}
		}
		inputs, last = append(inputs, next...), next
	}
	inputs = append(inputs, "9780441013593", "978044101359", "97804410135933", "ab@cd.ef", "ab@cd.e", "AB-1234", "AB-12345")
	for _, src := range append(fastPatterns, slowPatterns...) {
		p, re := mustPattern(t, src), regexp.MustCompile(src)
		for _, s := range inputs {
			if got, want := p.MatchString(s), re.MatchString(s); got != want {
				t.Errorf("%q on %q: %v, regexp %v", src, s, got, want)
			}
		}
	}
}

func FuzzPatternAgreesWithRegexp(f *testing.F) {
	for _, src := range append(fastPatterns, slowPatterns...) {
		f.Add(src, "9780441013593")
		f.Add(src, "ab@cd.ef")
	}
	f.Fuzz(func(t *testing.T, src, s string) {
		p, err := CompilePattern(src)
		if _, reErr := regexp.Compile(src); (err == nil) != (reErr == nil) {
			t.Fatalf("%q: CompilePattern error %v, regexp.Compile error %v", src, err, reErr)
		}
		if err != nil {
			return
		}
		if got, want := p.MatchString(s), p.re.MatchString(s); got != want {
			t.Fatalf("%q on %q: %v (fast %v), regexp %v", src, s, got, p.fast, want)
		}
		if p.String() != src {
			t.Fatalf("String() = %q, want %q", p.String(), src)
		}
	})
}

func mustPattern(t testing.TB, src string) *Pattern {
	t.Helper()
	p, err := CompilePattern(src)
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	return p
}

// BenchmarkPattern matches the bookshop's ISBN pattern (and an e-mail
// like one) by the fast matcher and by the regexp it stands for.
func BenchmarkPattern(b *testing.B) {
	for _, c := range []struct{ name, src, in string }{
		{"isbn", `^[0-9]{13}$`, "9780441013593"},
		{"email", `^[a-z]+@[a-z]+\.[a-z]{2,}$`, "reader@bookshop.example"},
		{"long", `^[0-9-]+$`, strings.Repeat("0123-", 1000)},
	} {
		p := mustPattern(b, c.src)
		b.Run(c.name+"/fast", func(b *testing.B) {
			for b.Loop() {
				if !p.MatchString(c.in) {
					b.Fatal("no match")
				}
			}
		})
		b.Run(c.name+"/regexp", func(b *testing.B) {
			for b.Loop() {
				if !p.re.MatchString(c.in) {
					b.Fatal("no match")
				}
			}
		})
	}
}

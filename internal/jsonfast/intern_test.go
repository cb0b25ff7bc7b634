package jsonfast

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// Intern returns the bytes it is given, whatever slot they share with
// other values, for every length (past maxInterned too).
func TestInternReturnsTheBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		b := make([]byte, r.IntN(80))
		for i := range b {
			b[i] = "ab/\x00\xff"[r.IntN(5)]
		}
		if got := Intern(b); got != string(b) {
			t.Fatalf("Intern(%q) = %q", b, got)
		}
	}
}

// A string that recurs is interned once: decoding it again allocates
// nothing.
func TestInternRecurringStringAllocatesNothing(t *testing.T) {
	for _, s := range []string{"2.0", "tools/call", "search_books", strings.Repeat("x", maxInterned)} {
		b := []byte(s)
		Intern(b)
		if n := testing.AllocsPerRun(100, func() { Intern(b) }); n != 0 {
			t.Errorf("Intern(%q) took %.0f allocations once interned, want 0", s, n)
		}
	}
}

// Goroutines interning different values at once each get their own bytes
// back (run with -race).
func TestInternConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 2000 {
				want := fmt.Sprintf("method/%d", (g*7+i)%40)
				if got := Intern([]byte(want)); got != want {
					t.Errorf("Intern(%q) = %q", want, got)
					return
				}
			}
		})
	}
	wg.Wait()
}

package columns

import (
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/charmbracelet/x/ansi"
)

// The second column starts at the same terminal column in every row,
// whatever the first holds: ZWJ sequences, CJK, flags, combining marks.
func TestColumnsAlignByGraphemeWidth(t *testing.T) {
	rows := "NAME\tTITLE\tX\n👩‍👩‍👧‍👦 family\tone\ta\n🏳️‍🌈\ttwo\tb\n書籍\tthree\tc\ne\u0301\tfour\td\nplain\tfive\n"
	var b strings.Builder
	w := NewWriter(&b)
	w.Write([]byte(rows))
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := ansi.StringWidth("👩‍👩‍👧‍👦 family") + 2
	for _, l := range lines[1:] {
		first := strings.Fields(l)[0]
		if first == "👩‍👩‍👧‍👦" {
			first = "👩‍👩‍👧‍👦 family"
		}
		rest := strings.TrimPrefix(l, first)
		if col := ansi.StringWidth(first) + len(rest) - len(strings.TrimLeft(rest, " ")); col != want {
			t.Errorf("%q: the second column starts at %d, want %d", l, col, want)
		}
	}
}

// Plain ASCII tables come out as tabwriter wrote them.
func TestColumnsAsTabwriterForASCII(t *testing.T) {
	in := "NAME\tTITLE\tANNOTATIONS\tREQUIRED ARGS\nsearch_books\t-\tread-only\tquery\nx\tA title\t-\t-\n\ttrailing\t\n"
	var got, want strings.Builder
	w := NewWriter(&got)
	w.Write([]byte(in))
	w.Flush()
	tw := tabwriter.NewWriter(&want, 0, 4, 2, ' ', 0)
	tw.Write([]byte(in))
	tw.Flush()
	if got.String() != want.String() {
		t.Errorf("got:\n%q\nwant (tabwriter):\n%q", got.String(), want.String())
	}
}

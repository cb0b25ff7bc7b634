package tui

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

// A long text result is laid out as it is shown: its rows are found once
// for the width, and only the rows on screen are cut out of it; laying a
// 4 MB text out allocates a fraction of it (before, every row was a copy).
func TestResultPaneLaysOutOnlyShownRows(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "x")
	press(m, "ctrl+r")
	text := strings.Repeat(strings.Repeat("word ", 40)+"\n", 20000) // 4 MB, each line wrapped in two
	res := &sdk.CallToolResult{Content: []sdk.Content{sdk.Text(text)}}
	view := prepareResult(res, sdk.ToolInfo{})
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m.Update(callDoneMsg{gen: m.gen, id: m.call.id, res: res, view: view, elapsed: time.Second})
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > uint64(len(text))/2 {
		t.Errorf("laying out a %d-byte text allocated %d bytes, want under half of it", len(text), grew)
	}
	doc := m.result.vp.doc
	if doc == nil || doc.Len() < 40000 {
		t.Fatalf("the result has %v rows, want the text's 40,000 and more", doc)
	}
	h := m.result.vp.height
	_ = m.View()
	if n := doc.drawn(); n == 0 || n > h {
		t.Errorf("showing the result cut %d rows out of the text, want at most the pane's %d", n, h)
	}
	press(m, "pgdown", "pgdown")
	_ = m.View()
	if n := doc.drawn(); n > 2*h {
		t.Errorf("after scrolling, %d rows cut out in all, want at most %d", n, 2*h)
	}
	if s := screen(m); !strings.Contains(s, "word word") || !strings.Contains(s, "more lines") {
		t.Errorf("the result is not on screen:\n%s", s)
	}
}

// A paged text wraps as wrapWords does: the same rows, for texts with
// indentation, words longer than the width (cut after a slash, or at the
// width), wide characters and blank lines.
func TestPagedTextWrapsAsWrapWords(t *testing.T) {
	texts := []string{
		"short\n\nlines",
		strings.Repeat("the quick brown fox ", 20),
		"    indented " + strings.Repeat("text  with  double  spaces ", 8),
		"/usr/local/lib/" + strings.Repeat("segment-", 30) + "/end and then words",
		strings.Repeat("x", 250) + " tail",
		strings.Repeat("漢字かな ", 40),
		strings.Repeat("a ", 100) + "\n" + strings.Repeat("b", 31) + " " + strings.Repeat("c", 29),
		"trailing space at the cut " + strings.Repeat(" ", 40) + "end",
	}
	for _, w := range []int{10, 30, 80} {
		for _, text := range texts {
			want := strings.Split(wrapWords(text, w), "\n")
			p := newPagedText(text, w)
			got := make([]string, p.Len())
			for i := range got {
				got[i] = p.Row(i)
			}
			if d := diffLines(want, got); d != "" {
				t.Errorf("width %d, %.30q…: (-want +got)\n%s", w, text, d)
			}
			if len(p.own) > 0 {
				t.Errorf("width %d, %.30q…: %d rows are not slices of the text", w, text, len(p.own))
			}
		}
	}
}

func diffLines(want, got []string) string {
	var b strings.Builder
	for i := range max(len(want), len(got)) {
		var w, g string
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g || i >= len(want) || i >= len(got) {
			b.WriteString("-" + w + "\n+" + g + "\n")
		}
	}
	return b.String()
}

// Laying out a long text makes no garbage per row: the rows of a word
// longer than the width (a log line without spaces, a base64 blob) are
// found without copying it. Before, each such line cost ansi.Wrap's
// buffers and a split, several times the text in garbage, which let the
// heap grow to twice what it held while a big result arrived.
func TestPagedTextCutsLongWordsWithoutGarbage(t *testing.T) {
	text := strings.Repeat(strings.Repeat("x", 98)+"\n", 10000) + strings.Repeat("y", 5000)
	var p *pagedText
	allocs := testing.AllocsPerRun(3, func() { p = newPagedText(text, 57) })
	if allocs > 2 {
		t.Errorf("laying out %d lines made %.0f allocations, want at most 2 (the text's row index)", 10001, allocs)
	}
	if want := 2*10000 + 88; p.Len() != want {
		t.Errorf("%d rows, want %d", p.Len(), want)
	}
}

// The rows of a word wider than the line are those cutWord gives (after
// its last slash or hyphen that fits, else at the width), whether they
// are found by ansi.Wrap or, for a word without breaks, by counting.
func TestCutRowsAsCutWord(t *testing.T) {
	words := []string{
		strings.Repeat("x", 98),
		strings.Repeat("0123456789", 13),
		"abc/defghijklmnopqrstuvwxyz/0123456789/" + strings.Repeat("q", 40),
		strings.Repeat("seg-", 30),
		"aGVsbG8gd29ybGQ=" + strings.Repeat("QUJD+", 20),
		strings.Repeat("漢字", 30),
		"tab\there" + strings.Repeat("z", 60),
		strings.Repeat("~", 61),
	}
	for _, w := range []int{1, 7, 10, 30, 60} {
		for _, word := range words {
			if width(word) <= w {
				continue
			}
			want := strings.Split(cutWord(word, w), "\n")
			var got []string
			last, end := cutRows(word, len(word), w, func(row string, end int) {
				if end >= 0 && word[end-len(row):end] != row {
					t.Errorf("width %d, %.20q…: row %q does not end at %d", w, word, row, end)
				}
				got = append(got, row)
			})
			got = append(got, last)
			if d := diffLines(want, got); d != "" {
				t.Errorf("width %d, %.20q…: (-want +got)\n%s", w, word, d)
			}
			if end != len(word) && want[len(want)-1] == last && strings.Join(want, "") == word {
				t.Errorf("width %d, %.20q…: the last row's end is %d, want %d", w, word, end, len(word))
			}
		}
	}
}

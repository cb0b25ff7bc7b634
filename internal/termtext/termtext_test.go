package termtext

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// hostile carries what a server put in its texts in the issue: OSC 52
// (clipboard), a screen clear, a window title, an OSC 8 hyperlink, a "\r"
// and a cursor-up overwrite, an 8-bit CSI, a tab.
const hostile = "a\x1b]52;c;SGFja2Vk\x07\x1b[2J\x1b]0;pwned\x07\x1b]8;;https://evil.example/\x1b\\link\x1b]8;;\x1b\\\rFAKE\x1b[1A\u009b2Jb\tc"

func TestSanitizer(t *testing.T) {
	tests := []struct {
		name, in, text, line string
	}{
		{"plain", "search_books", "search_books", "search_books"},
		{"unicode kept", "café ☕ 日本", "café ☕ 日本", "café ☕ 日本"},
		{"newline", "a\nb", "a\nb", "a␊b"},
		{"crlf is a line break", "a\r\nb", "a\nb", "a␍␊b"},
		{"carriage return", "real\rfake", "real␍fake", "real␍fake"},
		{"tab to the next stop", "a.txt\toriginal", "a.txt   original", "a.txt   original"},
		{"tab stops per line", "ab\ncd\te", "ab\ncd      e", "ab␊cd   e"},
		{"escape sequence", "\x1b[2J", "␛[2J", "␛[2J"},
		{"osc 52", "\x1b]52;c;SGk=\x07", "␛]52;c;SGk=␇", "␛]52;c;SGk=␇"},
		{"nul", "a\x00b", "a␀b", "a␀b"},
		{"del", "a\x7fb", "a␡b", "a␡b"},
		{"c1 csi", "a\u009b2Jb", `a\u009b2Jb`, `a\u009b2Jb`},
		{"invalid utf-8", "a\xffb", `a\xffb`, `a\xffb`},
		{"bidi override", "safe\u202eexe.txt", "safe⟨U+202E⟩exe.txt", "safe⟨U+202E⟩exe.txt"},
		{"bidi isolate and mark", "a\u2066b\u2069\u200fc", "a⟨U+2066⟩b⟨U+2069⟩⟨U+200F⟩c", "a⟨U+2066⟩b⟨U+2069⟩⟨U+200F⟩c"},
		{"zero-width space", "delete_files\u200b", "delete_files⟨U+200B⟩", "delete_files⟨U+200B⟩"},
		{"zero-width joiner in a word", "de\u200dlete", "de⟨U+200D⟩lete", "de⟨U+200D⟩lete"},
		{"byte order mark and word joiner", "\ufeffa\u2060b", "⟨U+FEFF⟩a⟨U+2060⟩b", "⟨U+FEFF⟩a⟨U+2060⟩b"},
		{"soft hyphen", "pass\u00adword", "pass⟨U+00AD⟩word", "pass⟨U+00AD⟩word"},
		{"tag characters", "ok\U000E0041\U000E0042", "ok⟨U+E0041⟩⟨U+E0042⟩", "ok⟨U+E0041⟩⟨U+E0042⟩"},
		{"hangul filler", "run\u3164", "run⟨U+3164⟩", "run⟨U+3164⟩"},
		{"line separator", "a\u2028b", `a\u2028b`, `a\u2028b`},
		{"emoji joined kept", "👩\u200d💻 and 👁\ufe0f\u200d🗨\ufe0f", "👩\u200d💻 and 👁\ufe0f\u200d🗨\ufe0f", "👩\u200d💻 and 👁\ufe0f\u200d🗨\ufe0f"},
		{"joiner after an emoji, before a letter", "👩\u200dx", "👩⟨U+200D⟩x", "👩⟨U+200D⟩x"},
		{"replacement char kept", "a\ufffdb", "a\ufffdb", "a\ufffdb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Text(tt.in); got != tt.text {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.text)
			}
			if got := Line(tt.in); got != tt.line {
				t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.line)
			}
		})
	}
}

func TestSanitizerHostileServerText(t *testing.T) {
	want := `a␛]52;c;SGFja2Vk␇␛[2J␛]0;pwned␇␛]8;;https://evil.example/␛\link␛]8;;␛\␍FAKE␛[1A\u009b2Jb        c`
	if got := Text(hostile); got != want {
		t.Errorf("Text:\n got %q\nwant %q", got, want)
	}
	checkSafe(t, Text(hostile), true, false)
}

func TestStyledKeepsOnlySGR(t *testing.T) {
	in := "\x1b[1;38;2;255;0:1mbold\x1b[m \x1b]0;title\x07 \x1b[2J\x1b[?1049h\n"
	want := "\x1b[1;38;2;255;0:1mbold\x1b[m ␛]0;title␇ ␛[2J␛[?1049h\n"
	if got := Styled(in); got != want {
		t.Errorf("Styled:\n got %q\nwant %q", got, want)
	}
}

func TestSafeTextIsNotCopied(t *testing.T) {
	s := strings.Repeat("a tool description, ünïcode too\n", 100)
	if got := Text(s); got != s {
		t.Fatalf("safe text changed: %q", got)
	}
	if n := testing.AllocsPerRun(10, func() { Text(s) }); n != 0 {
		t.Errorf("Text of safe text allocates %v times", n)
	}
}

// checkSafe fails when out holds anything a terminal would act on.
func checkSafe(t *testing.T, out string, keepNL, keepSGR bool) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("not valid UTF-8: %q", out)
	}
	for i := 0; i < len(out); {
		if keepSGR {
			if n := sgrLen(out[i:]); n > 0 {
				i += n
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(out[i:])
		switch {
		case r == '\n' && keepNL:
		case r < 0x20, r == 0x7f, unsafeRune(r), hiddenAt(out, i, r, size):
			t.Fatalf("control %U at %d in %q", r, i, out)
		}
		i += size
	}
}

func FuzzSanitizer(f *testing.F) {
	for _, s := range []string{"", "plain", hostile, "a\r\nb\tc", "\xff\xfe\x00", "\x1b[31mred\x1b[0m", "\x1b[", "\u202e\u2028", "\t\t\n\t", "a\u200b👩\u200d💻\u200d", "\U000E0041\u3164\xf3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		text, line, styled := Text(s), Line(s), Styled(s)
		checkSafe(t, text, true, false)
		checkSafe(t, line, false, false)
		checkSafe(t, styled, true, true)
		if strings.Contains(line, "\n") {
			t.Fatalf("Line kept a line break: %q", line)
		}
		if again := Text(text); again != text {
			t.Fatalf("Text is not idempotent: %q → %q → %q", s, text, again)
		}
		if again := Line(line); again != line {
			t.Fatalf("Line is not idempotent: %q → %q → %q", s, line, again)
		}
		if firstUnsafe(s, true, false) < 0 && text != s {
			t.Fatalf("safe text changed: %q → %q", s, text)
		}
	})
}

func BenchmarkText(b *testing.B) {
	safe := strings.Repeat("Found 3 books matching 'dune' (showing up to 5).\n", 20000) // ~1 MB
	dirty := strings.Repeat("col\tcol\x1b[31m\r\n", 60000)
	b.Run("safe 1MB", func(b *testing.B) {
		b.SetBytes(int64(len(safe)))
		for b.Loop() {
			Text(safe)
		}
	})
	b.Run("dirty 1MB", func(b *testing.B) {
		b.SetBytes(int64(len(dirty)))
		for b.Loop() {
			Text(dirty)
		}
	})
}

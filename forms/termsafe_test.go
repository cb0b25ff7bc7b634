package forms

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostile is what a server put in its schemas' texts: OSC 52, a screen
// clear, a window title, an OSC 8 link, "\r" and cursor-up, an 8-bit CSI.
const hostile = "\x1b]52;c;SGFja2Vk\x07\x1b[2J\x1b]0;pwned\x07\x1b]8;;https://evil.example/\x07link\x1b]8;;\x07\rFAKE\x1b[1A\u009b2J\tEND"

func q(s string) string { b, _ := json.Marshal(s); return string(b) }

// Field names, titles, descriptions, enum values and branch titles come
// from the server: the form shows them without the terminal acting on them.
func TestHostileSchemaTextIsSanitized(t *testing.T) {
	schema := `{"type":"object","properties":{
		` + q("name"+hostile) + `:{"type":"string","title":` + q("Title"+hostile) + `,"description":` + q("Desc"+hostile) + `},
		"pick":{"enum":[` + q("one"+hostile) + `,"two"],"description":` + q("Pick"+hostile) + `},
		"many":{"type":"array","items":{"enum":[` + q("a"+hostile) + `,"b"]}},
		"either":{"anyOf":[{"title":` + q("Branch"+hostile) + `,"type":"string"},{"type":"integer"}]},
		"obj":{"type":"object","title":` + q("Object"+hostile) + `,"description":` + q("Nested"+hostile) + `,"properties":{"x":{"type":"string"}}},
		"list":{"type":"array","description":` + q("List"+hostile) + `,"items":{"type":"object","properties":{"y":{"type":"string"}}}}}}`
	f := mustNew(t, schema, &Options{Width: 100})
	v := f.View()
	checkOnlySGR(t, v)
	for _, s := range []string{"Title␛]52;c;SGFja2Vk␇", "Desc␛]52", "one␛]52", "Object␛]52", "Nested␛]52", "List␛]52"} {
		if !strings.Contains(plainView(f), s) {
			t.Errorf("the form does not show %q:\n%s", s, plainView(f))
		}
	}
}

// checkOnlySGR fails on any control in s but "\n" and SGR styling.
func checkOnlySGR(t *testing.T, s string) {
	t.Helper()
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], "\x1b[") {
			j := i + 2
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':') {
				j++
			}
			if j < len(s) && s[j] == 'm' {
				i = j + 1
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r != '\n' && (r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f) {
			t.Fatalf("control %U in the form at %d: %q", r, i, s[max(0, i-60):min(len(s), i+60)])
		}
		i += size
	}
}

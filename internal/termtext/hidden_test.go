package termtext

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestHidden(t *testing.T) {
	tests := []struct {
		in      string
		hidden  []rune
		without string
	}{
		{"delete_files", nil, "delete_files"},
		{"delete_files\u200b", []rune{0x200b}, "delete_files"},
		{"\u202eexe.txt\u2066", []rune{0x202e, 0x2066}, "exe.txt"},
		{"café ☕ 日本 👩\u200d💻", nil, "café ☕ 日本 👩\u200d💻"},
		{"a\x1b[2Jb", nil, "a\x1b[2Jb"}, // controls are not hidden: they are shown as ␛
		{"ok\U000E0041\u3164", []rune{0xe0041, 0x3164}, "ok"},
	}
	for _, tt := range tests {
		if got := Hidden(tt.in); !slices.Equal(got, tt.hidden) {
			t.Errorf("Hidden(%q) = %U, want %U", tt.in, got, tt.hidden)
		}
		if got := WithoutHidden(tt.in); got != tt.without {
			t.Errorf("WithoutHidden(%q) = %q, want %q", tt.in, got, tt.without)
		}
	}
}

func TestJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"a":"plain","b":[1,2]}`, `{"a":"plain","b":[1,2]}`},
		{"{\n  \"name\": \"café ☕ 👩\u200d💻\"\n}", "{\n  \"name\": \"café ☕ 👩\\u200d💻\"\n}"}, // every zero-width character escaped
		{`{"a":"x` + "\u009b2J\u200b\u202e\u2028\x7f\U000E0041" + `y"}`, `{"a":"x\u009b2J\u200b\u202e\u2028\u007f\udb40\udc41y"}`},
		{`{"esc":"\u001b]52;c;\"q\\"}`, `{"esc":"\u001b]52;c;\"q\\"}`},       // escapes kept as they are
		{"{\"raw\":\"a\x1bb\tc\xffd\"}", `{"raw":"a\u001bb\u0009c\ufffdd"}`}, // not JSON, made JSON
		{"{\"k\u200b\":1}", `{"k\u200b":1}`},
	}
	for _, tt := range tests {
		got := string(JSON([]byte(tt.in)))
		if got != tt.want {
			t.Errorf("JSON(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
		var a, b any
		if json.Valid([]byte(tt.in)) && utf8.ValidString(tt.in) {
			if json.Unmarshal([]byte(tt.in), &a) != nil || json.Unmarshal([]byte(got), &b) != nil || !jsonEqual(a, b) {
				t.Errorf("JSON(%q) changed the value: %v → %v", tt.in, a, b)
			}
		}
	}
	s := `{"a":"` + strings.Repeat("safe text ", 1000) + `"}`
	if n := testing.AllocsPerRun(10, func() { JSON([]byte(s)) }); n != 0 {
		t.Errorf("JSON of safe JSON allocates %v times", n)
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func FuzzJSON(f *testing.F) {
	for _, s := range []string{`{"a":"b"}`, "\"\u009b\u200b\"", `["\\\"",1,true,null]`, "{\"a\":\"\x00\xff\"}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := JSON([]byte(s))
		if !json.Valid([]byte(s)) || !utf8.ValidString(s) {
			return
		}
		var a, b any
		if err := json.Unmarshal(out, &b); err != nil {
			t.Fatalf("JSON(%q) = %q is not JSON: %v", s, out, err)
		}
		json.Unmarshal([]byte(s), &a)
		if !jsonEqual(a, b) {
			t.Fatalf("JSON(%q) = %q changed the value", s, out)
		}
		for i, r := range string(out) {
			if r < 0x20 && r != '\n' && r != '\t' && r != '\r' || r == 0x7f || unsafeRune(r) || hiddenRune(r) {
				t.Fatalf("JSON(%q) = %q holds %U raw at %d", s, out, r, i)
			}
		}
	})
}

package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestWrapWords(t *testing.T) {
	tests := []struct {
		s    string
		w    int
		want string
	}{
		{"open /tmp/go-build-1234/foo-bar: denied", 20, "open\n/tmp/go-build-1234/\nfoo-bar: denied"},
		{"run /tmp/go-build/x-y now", 20, "run\n/tmp/go-build/x-y\nnow"},
		{"    indented line that wraps", 16, "    indented\nline that wraps"},
		{"a  b", 10, "a  b"},
		{"", 10, ""},
		{"one\ntwo-three four", 9, "one\ntwo-three\nfour"},
		{"日本語のテキスト", 6, "日本語\nのテキ\nスト"},
	}
	for _, tt := range tests {
		got := wrapWords(tt.s, tt.w)
		if got != tt.want {
			t.Errorf("wrapWords(%q, %d) = %q, want %q", tt.s, tt.w, got, tt.want)
		}
		for _, l := range strings.Split(got, "\n") {
			if ansi.StringWidth(l) > tt.w {
				t.Errorf("wrapWords(%q, %d): line %q is wider than %d", tt.s, tt.w, l, tt.w)
			}
		}
	}
}

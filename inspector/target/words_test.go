package target

import (
	"reflect"
	"testing"
)

func TestSplitWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`a b  c`, []string{"a", "b", "c"}},
		{`"book.author=Frank Herbert" x`, []string{"book.author=Frank Herbert", "x"}},
		{`'{"a": 1}'`, []string{`{"a": 1}`}},
		{`a\ b "q\"uote"`, []string{"a b", `q"uote`}},
		{`x='' y`, []string{"x=", "y"}},
		{``, nil},
	}
	for _, tt := range tests {
		got, err := SplitWords(tt.in)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitWords(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{`"open`, `'open`} {
		if _, err := SplitWords(bad); err == nil {
			t.Errorf("SplitWords(%q): no error", bad)
		}
	}
}

func TestExpandEnv(t *testing.T) {
	t.Setenv("MCPDEV_T_SET", "/opt/node")
	tests := map[string]string{
		"${MCPDEV_T_SET}/bin":         "/opt/node/bin",
		"${MCPDEV_T_UNSET:-node}":     "node",
		"${MCPDEV_T_SET:-node}":       "/opt/node",
		"$MCPDEV_T_SET":               "/opt/node",
		"${MCPDEV_T_UNSET:-a/b}/c.js": "a/b/c.js",
	}
	for in, want := range tests {
		if got := ExpandEnv(in); got != want {
			t.Errorf("ExpandEnv(%q) = %q, want %q", in, got, want)
		}
	}
}

package testsession

import (
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

func TestCallCommandLineWords(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer","minimum":0},"q":{"type":"string"},
		"book":{"type":"object","properties":{"title":{"type":"string"},"year":{"type":"integer"}}},"tags":{"type":"array","items":{"type":"string"}}}}`)
	goTarget := &target.Target{Words: []string{"--env", "K=a b", "./srv"}}
	cmdTarget := &target.Target{Words: []string{"--cwd", "/tmp/x y", "--", "python3", "my server.py"}}
	configTarget := &target.Target{Words: []string{"--config", "mcp.json", "--server", "s"}}
	tests := []struct {
		name   string
		target *target.Target
		args   string
		want   string
	}{
		{"no target", nil, `{}`, `mcpdev call TARGET tool`},
		{"no arguments", goTarget, ``, `mcpdev call --env 'K=a b' ./srv tool`},
		{"plain", goTarget, `{"q":"two words","n":1,"tags":["a","b"]}`, `mcpdev call --env 'K=a b' ./srv tool n=1 'q=two words' 'tags=["a","b"]'`},
		{"nested", goTarget, `{"book":{"title":"Dune","year":1965}}`, `mcpdev call --env 'K=a b' ./srv tool book.title=Dune book.year=1965`},
		{"quote", goTarget, `{"q":"it's"}`, `mcpdev call --env 'K=a b' ./srv tool 'q=it'\''s'`},
		{"shell characters", goTarget, `{"q":"$HOME ` + "`x`" + ` \\ \" *\n"}`, "mcpdev call --env 'K=a b' ./srv tool 'q=$HOME `x` \\ \" *\n'"},
		{"command after --", cmdTarget, `{"q":"x"}`, `mcpdev call --cwd '/tmp/x y' tool q=x -- python3 'my server.py'`},
		{"config", configTarget, `{}`, `mcpdev call --config mcp.json --server s tool`},
		{"string the schema would convert", goTarget, `{"n":"42"}`, `mcpdev call --no-validate --env 'K=a b' ./srv tool 'n:="42"'`},
		{"refused", goTarget, `{"n":-1}`, `mcpdev call --no-validate --env 'K=a b' ./srv tool n=-1`},
		{"dotted key", goTarget, `{"a.b":1}`, `mcpdev call --env 'K=a b' ./srv tool --args-json '{"a.b":1}'`},
		{"key like a flag", goTarget, `{"-v":1}`, `mcpdev call --env 'K=a b' ./srv tool --args-json '{"-v":1}'`},
		{"NUL", goTarget, `{"q":"a\u0000b"}`, `mcpdev call --env 'K=a b' ./srv tool 'q:="a\u0000b"'`},
		{"big number kept", goTarget, `{"x": 12345678901234567890123}`, `mcpdev call --env 'K=a b' ./srv tool x=12345678901234567890123`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := CommandLine(tc.target, Call{Tool: "tool", Args: json.RawMessage(tc.args), Schema: schema})
			if got != tc.want {
				t.Errorf("CallCommandLine(%s)\n-want %s\n+got  %s", tc.args, tc.want, got)
			}
		})
	}
}

func TestResolveKeepsTargetWords(t *testing.T) {
	tests := []struct {
		name  string
		words []string
		opts  target.ResolveOptions
		want  []string
	}{
		{"go", []string{"../testdata/servers/raw"}, target.ResolveOptions{Env: []string{"A=1"}, Dir: "x"},
			[]string{"--env", "A=1", "--cwd", "x", "../testdata/servers/raw"}},
		{"command", []string{"--", "node", "s.js"}, target.ResolveOptions{}, []string{"--", "node", "s.js"}},
		{"url", []string{"http://h/mcp"}, target.ResolveOptions{Headers: []string{"A: b"}}, []string{"--header", "A: b", "http://h/mcp"}},
		{"protocol", []string{"http://h/mcp"}, target.ResolveOptions{Protocol: "legacy"}, []string{"--protocol", "legacy", "http://h/mcp"}},
		{"protocol auto", []string{"http://h/mcp"}, target.ResolveOptions{Protocol: "auto"}, []string{"http://h/mcp"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tg, err := target.Resolve(tc.words, &tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(tg.Words, tc.want) {
				t.Errorf("Words (-want +got):\n-%q\n+%q", tc.want, tg.Words)
			}
		})
	}
}

// TestShellQuotePastesNoControlBytes: a word from a hostile server (a
// tool's name, an argument) comes out of shellQuote with no byte a terminal
// or line editor would act on when the command is pasted, and the shell
// turns it back into exactly the word.
func TestShellQuotePastesNoControlBytes(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh:", err)
	}
	words := []string{
		"plain", "two words", "it's", "", "=x", "~x", "é ü 日本", "tab\tand\nnewline",
		"\x1b[31mred\x1b[0m", "\x1b[201~; rm -rf ~\n", "a\rb", "\x07\x08\x7f", "\u009b31m", "x\u0085y",
		"bad \x9b utf-8 \xff\xfe", "'\x1b'", "\x1b", "ends in esc\x1b", "\x01\x02\x03é\x1f",
		"delete_files\u200b", "\u202eexe.txt", "a\u2060b\U000E0041",
	}
	for c := 1; c < 0x20; c++ {
		words = append(words, "c"+string(rune(c))+"c")
	}
	for _, w := range words {
		q := shellQuote(w)
		if i := rawControl(q); i >= 0 {
			t.Errorf("shellQuote(%q) = %q: byte %#x at %d is pasted raw", w, q, q[i], i)
		}
		if i := strings.IndexFunc(q, termtext.IsHidden); i >= 0 {
			t.Errorf("shellQuote(%q) = %q: a hidden character at %d is pasted raw", w, q, i)
		}
		out, err := exec.Command(sh, "-c", "printf '%s' "+q).Output()
		if err != nil {
			t.Fatalf("sh -c printf %s: %v", q, err)
		}
		if string(out) != w {
			t.Errorf("shellQuote(%q) = %s: the shell reads it as %q", w, q, out)
		}
	}
	if got, want := shellQuote("a\x1bb"), `'a'"$(printf '\033')"'b'`; got != want {
		t.Errorf("shellQuote(a ESC b) = %s, want %s", got, want)
	}
}

// TestCommandLineHostileToolName: the whole command `y` copies for a tool
// whose name carries an escape sequence runs the call with that name.
func TestCommandLineHostileToolName(t *testing.T) {
	got := CommandLine(&target.Target{Words: []string{"./srv"}}, Call{Tool: "evil\x1b]52;c;cm0gLXJm\x07", Args: json.RawMessage(`{"q":"\u001b[2J"}`)})
	want := `mcpdev call ./srv 'evil'"$(printf '\033')"']52;c;cm0gLXJm'"$(printf '\007')"`
	if !strings.HasPrefix(got, want) {
		t.Fatalf("CommandLine = %s\nwant prefix %s", got, want)
	}
	if i := rawControl(got); i >= 0 {
		t.Fatalf("CommandLine = %q carries byte %#x raw", got, got[i])
	}
}

// rawControl is the index of the first byte of s that escapedInPaste would
// escape, or -1.
func rawControl(s string) int {
	for i := 0; i < len(s); {
		if escapedInPaste(s[i:]) > 0 {
			return i
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return -1
}

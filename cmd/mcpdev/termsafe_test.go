package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/sdk"
)

// The hostile server (inspector/testdata/servers/hostile) puts this in every
// text it sends: OSC 52, a screen clear, a window title, an OSC 8 link, a
// "\r" and a cursor-up overwrite, an 8-bit CSI, a tab.
const (
	hostile = "inspector/testdata/servers/hostile"
	payload = "\x1b]52;c;SGFja2Vk\x07\x1b[2J\x1b]0;pwned\x07\x1b]8;;https://evil.example/\x07link\x1b]8;;\x07\rFAKE\x1b[1A\u009b2J\tEND"
	// shown is the start of the payload as mcpdev shows it.
	shown      = "␛]52;c;SGFja2Vk␇␛[2J␛]0;pwned␇␛]8;;https://evil.example/␇link␛]8;;␇␍FAKE␛[1A\\u009b2J"
	echoTool   = "echo" + payload
	strictTool = "strict" + payload
	failTool   = "fail" + payload
)

// checkTerminalSafe fails when out holds anything a terminal acts on: a
// control other than "\n" (and "\r" before it, on a pty), a C1 control, or
// bytes that are not UTF-8.
func checkTerminalSafe(t *testing.T, what, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Errorf("%s is not valid UTF-8:\n%q", what, out)
		return
	}
	for i, r := range out {
		switch {
		case r == '\n', r == '\r' && strings.HasPrefix(out[i:], "\r\n"):
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
			t.Errorf("%s holds control %U at byte %d:\n%q", what, r, i, out[max(0, i-40):min(len(out), i+40)])
			return
		}
	}
}

func TestHostileServerTextIsSanitizedOnCLI(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{"tools", []string{"tools", hostile}, 0, []string{"echo" + shown, "Echo" + shown}, nil},
		{"call", []string{"call", hostile, echoTool}, 0,
			[]string{"result" + shown, "line two        with a tab", "[resource link link" + shown, `"text\u001b]52;c;`}, nil},
		{"call -v: stderr and logs", []string{"call", "-v", hostile, echoTool}, 0, nil,
			[]string{"server: stderr at start" + shown, "server: stderr during echo" + shown, "log warning: log" + shown}},
		{"refused arguments table", []string{"call", hostile, strictTool}, 2, nil,
			[]string{"arguments refused by strict" + shown, "need" + shown, "arguments of strict" + shown, "Argument" + shown}},
		{"JSON-RPC error", []string{"call", hostile, failTool}, 7, nil, []string{"error" + shown}},
		{"unknown tool", []string{"call", hostile, "nope"}, 5, nil, []string{"the server has: echo" + shown}},
		{"resources", []string{"resources", hostile}, 0, []string{"doc" + shown, "Doc" + shown, "hostile://doc" + shown}, nil},
		{"templates", []string{"templates", hostile}, 0, []string{"tmpl" + shown, "hostile://t/{x}" + shown}, nil},
		{"read", []string{"read", hostile, "hostile://doc"}, 0, []string{"content" + shown}, nil},
		{"prompts", []string{"prompts", hostile}, 0, []string{"ask" + shown, "Ask" + shown, "q" + shown}, nil},
		{"prompt", []string{"prompt", "--no-validate", hostile, "ask"}, 0, []string{"described" + shown, "user" + shown, ": message" + shown}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdev(t, tt.args...)
			if r.code != tt.code {
				t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tt.code, r.stdout, r.stderr)
			}
			checkTerminalSafe(t, "stdout", r.stdout)
			checkTerminalSafe(t, "stderr", r.stderr)
			for _, s := range tt.stdout {
				if !strings.Contains(r.stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
				}
			}
			for _, s := range tt.stderr {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
				}
			}
		})
	}
}

// --json is for programs: the server's text arrives exactly as sent, its
// controls as JSON's \u escapes (never raw, C1 too).
func TestJSONOutputStaysByteExact(t *testing.T) {
	r := mcpdev(t, "call", "--json", hostile, echoTool)
	var res sdk.CallToolResult
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &res) != nil {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if want := "result" + payload + "\nline two\twith a tab"; res.Content[0].Text != want {
		t.Errorf("text %q, want %q", res.Content[0].Text, want)
	}
	var sc map[string]string
	if json.Unmarshal(res.StructuredContent, &sc) != nil || sc["text"+payload] != "value"+payload {
		t.Errorf("structuredContent %s, want the server's key and value", res.StructuredContent)
	}
	if !strings.Contains(r.stdout, `\u001b]52;c;SGFja2Vk\u0007\u001b[2J`) || !strings.Contains(r.stdout, `\u009b2J`) || strings.Contains(r.stdout, "␛") {
		t.Errorf("--json is not the server's text, escaped:\n%q", r.stdout)
	}
	r = mcpdev(t, "tools", "--json", hostile)
	var tools struct{ Tools []sdk.ToolInfo }
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &tools) != nil || len(tools.Tools) != 3 || tools.Tools[0].Name != echoTool {
		t.Fatalf("exit %d, tools --json:\n%s", r.code, r.stdout)
	}
}

// A print() to stdout: the connection works (mcpdev skips the line), and
// stderr says why that is a bug anyway.
func TestStrayStdoutLineWarnsOnCLI(t *testing.T) {
	r := mcpdev(t, "tools", hostile)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	checkTerminalSafe(t, "stderr", r.stderr)
	for _, s := range []string{"warning: the server wrote a line to stdout that is not JSON-RPC", "other MCP clients may fail on it",
		"print logs to stderr", "print() to stdout" + shown, "END␀\\xff"} {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
		}
	}
}

// The connection doctor's wording (issue 11, item 12), and the stdout lines
// it quotes made safe (item 2).
func TestDoctorWording(t *testing.T) {
	stop := make(chan struct{})
	silentHTTP := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // accepts the POST, never answers
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}))
	defer silentHTTP.Close()
	defer close(stop)
	tests := []struct {
		name, doctor string
		args         []string
		stderr       []string
		not          []string
	}{
		{"stdout lines with NUL and 0xFF are quoted safely", "bad-stdout", []string{"tools", "--env", "HOSTILE_MODE=noise", hostile},
			[]string{"stdout: Server starting" + shown, "stdout: nul␀byte and \\xff\\xfe bytes"}, nil},
		{"an over-long line is quoted by its start", "bad-stdout", []string{"tools", "--env", "HOSTILE_MODE=long", hostile},
			[]string{`stdout: {"jsonrpc":"2.0","id":1,"result":{"start` + shown, "xxxx…", "bytes in all; Parse error: "}, nil},
		{"an answer over --max-message-size is named", "too-large", []string{"tools", "--max-message-size", "4MiB", "--env", "HOSTILE_MODE=long", hostile},
			[]string{"the server's answer to the handshake is over the message size limit", "transport: response too large: 524", "over the 4 MiB limit", "raise the limit with --max-message-size 8MiB"},
			[]string{"not JSON-RPC"}},
		{"answers with the wrong id are named", "wrong-id", []string{"tools", "--env", "HOSTILE_MODE=wrong-id", "--connect-timeout", "1s", hostile},
			[]string{"the server answered, but not with the id of any request", `it answered with id "1", which no request had (the requests had id 1)`, `1 and "1" differ`},
			[]string{"no answer to initialize"}},
		{"an HTTP endpoint gets an HTTP hint", "no-answer", []string{"tools", "--connect-timeout", "500ms", silentHTTP.URL + "/mcp"},
			[]string{"no answer to initialize within 500ms", "is the server's MCP endpoint"}, []string{"stdio"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdev(t, tt.args...)
			if r.code != 4 {
				t.Fatalf("exit code %d, want 4\nstderr:\n%s", r.code, r.stderr)
			}
			if got := r.errJSON(t)["doctor"]; got != tt.doctor {
				t.Errorf("doctor %v, want %s\nstderr:\n%s", got, tt.doctor, r.stderr)
			}
			checkTerminalSafe(t, "stderr", r.stderr)
			for _, s := range tt.stderr {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
				}
			}
			for _, s := range tt.not {
				if strings.Contains(r.stderr, s) {
					t.Errorf("stderr says %q:\n%s", s, r.stderr)
				}
			}
		})
	}
}

// Tool names and descriptions that read like honest ones because of
// hidden characters (issue 31): the text output shows each as ⟨U+…⟩ and
// warns; call runs a tool only by its exact name, and refuses a name that
// reads the same only without them or in the shown form, saying how to
// give it exactly; --json escapes them.
func TestLookalikeToolNamesOnCLI(t *testing.T) {
	const env = "HOSTILE_MODE=lookalike"
	tests := []struct {
		name         string
		args         []string
		code         int
		stdout, errs []string
		not          []string
	}{
		{"tools shows and warns", []string{"tools"}, 0,
			[]string{"delete_files⟨U+200B⟩", "list⟨U+2060⟩_files"},
			[]string{"warning: tool delete_files⟨U+200B⟩: its name holds hidden characters (U+200B) and reads as the name of another tool, delete_files",
				"warning: tool list⟨U+2060⟩_files: its name holds hidden characters (U+2060)",
				"warning: tool read_file: its description holds hidden characters (U+202E)"}, nil},
		{"the honest name runs the honest tool", []string{"call", "delete_files"}, 0,
			[]string{`ran "delete_files"`}, []string{"warning: tool delete_files: the server also has delete_files⟨U+200B⟩, which reads as delete_files"}, nil},
		{"the exact hidden name runs that tool", []string{"call", "delete_files\u200b"}, 0,
			[]string{`ran "delete_files\u200b"`}, []string{"warning: tool delete_files⟨U+200B⟩: its name holds hidden characters (U+200B)"}, nil},
		{"a name that reads the same is refused", []string{"call", "list_files"}, 5, nil,
			[]string{`no tool named "list_files"`, "list⟨U+2060⟩_files reads like it but holds hidden characters (U+2060)",
				`to call it, give its exact name: $'list\u2060_files'`}, []string{"ran "}},
		{"the shown form is refused", []string{"call", "list⟨U+2060⟩_files"}, 5, nil,
			[]string{`no tool named "list⟨U+2060⟩_files"`, "list⟨U+2060⟩_files reads like it but holds hidden characters (U+2060)", `$'list\u2060_files'`}, []string{"ran "}},
		{"the shown form of a twin is refused", []string{"call", "delete_files⟨U+200B⟩"}, 5, nil,
			[]string{`$'delete_files\u200b'`}, []string{"ran "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{tt.args[0], "--env", env, hostile}, tt.args[1:]...)
			r := mcpdev(t, args...)
			if r.code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tt.code, r.stdout, r.stderr)
			}
			checkTerminalSafe(t, "stdout", r.stdout)
			checkTerminalSafe(t, "stderr", r.stderr)
			for _, out := range []string{r.stdout, r.stderr} {
				for _, h := range []string{"\u200b", "\u2060", "\u202e"} {
					if strings.Contains(out, h) {
						t.Errorf("output holds %U raw:\n%s", []rune(h)[0], out)
					}
				}
			}
			for _, s := range tt.stdout {
				if !strings.Contains(r.stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
				}
			}
			for _, s := range tt.errs {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
				}
			}
			for _, s := range tt.not {
				if strings.Contains(r.stdout+r.stderr, s) {
					t.Errorf("output says %q:\n%s%s", s, r.stdout, r.stderr)
				}
			}
		})
	}
}

// Every --json output, and the JSON line of a failure on stderr, writes
// C0, C1, bidi and zero-width characters as \u escapes: exact JSON, never
// raw.
func TestJSONOutputEscapesHiddenCharacters(t *testing.T) {
	r := mcpdev(t, "tools", "--json", "--env", "HOSTILE_MODE=lookalike", hostile)
	var tools struct{ Tools []sdk.ToolInfo }
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &tools) != nil || len(tools.Tools) != 4 {
		t.Fatalf("exit %d, tools --json:\n%s", r.code, r.stdout)
	}
	if got := tools.Tools[1].Name; got != "delete_files\u200b" {
		t.Errorf("name %q, want delete_files\\u200b", got)
	}
	for _, want := range []string{`"delete_files\u200b"`, `"list\u2060_files"`, `the file \u202etxt.exe`} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("tools --json lacks %s:\n%s", want, r.stdout)
		}
	}
	r2 := mcpdev(t, "call", "--env", "HOSTILE_MODE=lookalike", hostile, "list_files")
	lines := strings.Split(strings.TrimSpace(r2.stderr), "\n")
	if last := lines[len(lines)-1]; !strings.Contains(last, `list\u2060_files`) {
		t.Errorf("the error's JSON line does not escape U+2060: %s", last)
	}
	for _, args := range [][]string{{"call", "--json", hostile, echoTool}, {"resources", "--json", hostile}, {"read", "--json", hostile, "hostile://doc"},
		{"prompts", "--json", hostile}, {"prompt", "--json", "--no-validate", hostile, "ask"}, {"templates", "--json", hostile}} {
		r := mcpdev(t, args...)
		if r.code != 0 || !json.Valid([]byte(r.stdout)) {
			t.Fatalf("%v: exit %d\n%s%s", args, r.code, r.stdout, r.stderr)
		}
		if !strings.Contains(r.stdout, `\u009b2J`) {
			t.Errorf("%v: the 8-bit CSI is not escaped:\n%q", args, r.stdout)
		}
		checkTerminalSafe(t, strings.Join(args[:2], " "), r.stdout)
		checkTerminalSafe(t, "stderr", r.stderr)
	}
}

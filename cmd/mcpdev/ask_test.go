package main

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/peers"
)

// askCase is one run of mcpdev against a server that asks back.
type askCase struct {
	name   string
	stdin  string
	args   []string
	code   int
	stdout []string
	stderr []string
}

func (tt askCase) check(t *testing.T) {
	t.Helper()
	r := mcpdevStdin(t, tt.stdin, tt.args...)
	if r.code != tt.code {
		t.Fatalf("exit %d (want %d)\nstdout:\n%s\nstderr:\n%s", r.code, tt.code, r.stdout, r.stderr)
	}
	for _, want := range tt.stdout {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
	for _, want := range tt.stderr {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
}

// fileURI is the root mcpdev offers for dir.
func fileURI(dir string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
}

// TestCallAnswersSamplingAndRootsOfServerEverything: the TypeScript
// reference (session era) offers its sampling and roots tools to mcpdev,
// which declares both; the reply is --sample-reply, typed, or refused; the
// roots are --root, none without it.
func TestCallAnswersSamplingAndRootsOfServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	se := []string{"--", node, files[0], "stdio"}
	other := t.TempDir()
	asked := "The server asks for a model's reply (sampling):\n  system: You are a helpful test server.\n  user: Resource trigger-sampling-request context: capital?\n  max tokens 100 · temperature 0.7\n"
	for _, tt := range []askCase{
		{name: "tools lists them", args: []string{"tools"}, stdout: []string{"trigger-sampling-request", "get-roots-list"}},
		{name: "--sample-reply", args: []string{"call", "--sample-reply", "Paris.", "trigger-sampling-request", "prompt=capital?"},
			stdout: []string{`"text": "Paris."`, `"model": "mcpdev (written by a person)"`}, stderr: []string{asked, "replied with --sample-reply"}},
		{name: "typed reply", stdin: "Paris,\nin France.\n\n", args: []string{"call", "trigger-sampling-request", "prompt=capital?"},
			stdout: []string{`"text": "Paris,\nin France."`}, stderr: []string{asked, "Type the reply; an empty line ends it"}},
		{name: "--decline refuses", args: []string{"call", "--decline", "trigger-sampling-request", "prompt=capital?"}, code: 5,
			stdout: []string{"User rejected sampling request"}, stderr: []string{"refused (--decline)"}},
		{name: "no input refuses clearly", args: []string{"call", "trigger-sampling-request", "prompt=capital?"}, code: 5,
			stderr: []string{"refused: the input ended without a reply (--sample-reply TEXT answers sampling in scripts)"}},
		{name: "an empty reply refuses", stdin: "\n", args: []string{"call", "trigger-sampling-request", "prompt=capital?"}, code: 5,
			stderr: []string{"refused (an empty reply)"}},
		{name: "roots: none unless asked", args: []string{"call", "get-roots-list"},
			stdout: []string{"The client supports roots but no roots are currently configured."}},
		{name: "roots: not --cwd either", args: []string{"call", "--cwd", other, "get-roots-list"},
			stdout: []string{"The client supports roots but no roots are currently configured."}},
		{name: "roots: --root twice", args: []string{"call", "--root", other, "--root", "examples", "get-roots-list"},
			stdout: []string{"(2 total)", "URI: " + fileURI(other), "2. examples\n   URI: " + fileURI(filepath.Join(repoRoot, "examples"))}},
		{name: "roots: no such path", args: []string{"call", "--root", "no/such/dir", "get-roots-list"}, code: 1,
			stderr: []string{"mcpdev: --root " + filepath.Join(repoRoot, "no/such/dir") + ": no such file or directory"}},
		{name: "URL: --answer accepts", args: []string{"call", "--answer", "ok=1", "trigger-url-elicitation", "url=https://example.com/x"},
			stdout: []string{"User completed the URL elicitation flow"}, stderr: []string{"The server asks you to open https://example.com/x"}},
		{name: "URL: --decline", args: []string{"call", "--decline", "trigger-url-elicitation", "url=https://example.com/x"},
			stdout: []string{"User declined to open the URL"}},
		{name: "URL: --answer-url accept", args: []string{"call", "--answer-url", "accept", "trigger-url-elicitation", "url=https://example.com/x"},
			stdout: []string{"User completed the URL elicitation flow"}, stderr: []string{"The server asks you to open https://example.com/x", "accepted (--answer-url accept)"}},
		{name: "URL: --answer-url decline over --answer", args: []string{"call", "--answer-url", "decline", "--answer", "ok=1", "trigger-url-elicitation", "url=https://example.com/x"},
			stdout: []string{"User declined to open the URL"}, stderr: []string{"declined (--answer-url decline)"}},
		{name: "URL: --answer-url accept over --decline", args: []string{"call", "--answer-url", "accept", "--decline", "trigger-url-elicitation", "url=https://example.com/x"},
			stdout: []string{"User completed the URL elicitation flow"}},
		{name: "URL: --answer-url cancel", args: []string{"call", "--answer-url", "cancel", "trigger-url-elicitation", "url=https://example.com/x"},
			stdout: []string{"cancel"}, stderr: []string{"cancelled (--answer-url cancel)"}},
		{name: "URL required (-32042): --answer-url accept", args: []string{"call", "--answer-url", "accept", "trigger-url-elicitation", "url=https://example.com/x", "errorPath=true"},
			stdout: []string{"User completed the URL elicitation flow"}, stderr: []string{"accepted (--answer-url accept)", "calling the tool again"}},
		{name: "URL: --answer-url takes accept, decline or cancel", args: []string{"call", "--answer-url", "yes", "trigger-url-elicitation"}, code: 1,
			stderr: []string{`"yes": want accept, decline or cancel`}},
		{name: "URL: n declines", stdin: "n\n", args: []string{"call", "trigger-url-elicitation", "url=https://example.com/x"},
			stdout: []string{"User declined to open the URL"}, stderr: []string{"Open it, then press Enter (n declines)"}},
		{name: "URL required (-32042): opened, called again", stdin: "\n\n", args: []string{"call", "trigger-url-elicitation", "url=https://example.com/x", "errorPath=true"},
			stdout: []string{"User completed the URL elicitation flow"},
			stderr: []string{"The call needs you to open a URL first (URLElicitationRequiredError, -32042):\nThe server asks you to open https://modelcontextprotocol.io", "calling the tool again"}},
		{name: "URL required (-32042): declined", args: []string{"call", "--decline", "trigger-url-elicitation", "url=https://example.com/x", "errorPath=true"}, code: 7,
			stderr: []string{"declined (--decline)", `"rpcCode":-32042`}},
	} {
		tt.args = append(tt.args, se...)
		t.Run(tt.name, tt.check)
	}
}

// TestCallAnswersSamplingAndRootsOfTheSDK: the sdk's conformance example
// asks in the 2026-07-28 era (InputRequiredResult rounds): one call, the
// same flags.
func TestCallAnswersSamplingAndRootsOfTheSDK(t *testing.T) {
	const conf = "examples/conformance"
	other := t.TempDir()
	for _, tt := range []askCase{
		{name: "--sample-reply", args: []string{"call", "--sample-reply", "Paris.", conf, "test_sampling", "prompt=capital?"},
			stdout: []string{"LLM response: Paris."}, stderr: []string{"user: capital?\n  max tokens 100\n  replied with --sample-reply"}},
		{name: "typed reply", stdin: "Paris.\n\n", args: []string{"call", conf, "test_sampling", "prompt=capital?"}, stdout: []string{"LLM response: Paris."}},
		{name: "--decline ends the call", args: []string{"call", "--decline", conf, "test_sampling", "prompt=capital?"}, code: 7,
			stderr: []string{"refused (--decline)", "User rejected sampling request"}},
		{name: "roots", args: []string{"call", "--root", other, conf, "test_roots"}, stdout: []string{"Roots: " + filepath.Base(other) + " (" + fileURI(other) + ")"}},
		{name: "all three in one round", args: []string{"call", "--sample-reply", "Hello", "--answer", "name=Ada", conf, "test_input_required_result_multiple_inputs"},
			stdout: []string{"Hello, Ada! Roots: none"}}, // none unless --root asks
		{name: "two rounds, typed", stdin: "Ada\nteal\n", args: []string{"call", conf, "test_input_required_result_multi_round"},
			stdout: []string{"Ada likes teal"}, stderr: []string{"Step 1: What is your name?", "Step 2: What is your favorite color?"}},
	} {
		t.Run(tt.name, tt.check)
	}
}

// TestSamplingRequestIsShownSanitised: a sampling request whose every text
// carries escape sequences, "\r" and NUL, and a message over a megabyte,
// is shown as harmless text, the long message cut.
func TestSamplingRequestIsShownSanitised(t *testing.T) {
	r := mcpdevStdin(t, "", "call", "--sample-reply", "ok", "cmd/mcpdev/testdata/asker", "hostile_sample")
	if r.code != 0 || !strings.Contains(r.stdout, "reply: ok") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%.2000s", r.code, r.stdout, r.stderr)
	}
	checkTerminalSafe(t, "stderr", r.stderr)
	const sh = "␛]52;c;SGFja2Vk␇␛[2J␛]0;pwned␇␍FAKE␛[1A␀END"                                                                     // the payload as shown
	const long = len("start") + 1<<20 + len("TAIL") + 2*len("\x1b]52;c;SGFja2Vk\x07\x1b[2J\x1b]0;pwned\x07\rFAKE\x1b[1A\x00END") // the message's bytes
	for _, want := range []string{"system: system" + sh, "user: start" + sh + "xxx", fmt.Sprintf("… (%d bytes in all)", long), "user: second" + sh,
		"max tokens 10 · models model" + sh, "tool tool" + sh + ": described" + sh} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%.3000s", want, r.stderr)
		}
	}
	if strings.Contains(r.stderr, "TAIL") || len(r.stderr) > 16<<10 {
		t.Errorf("the megabyte message is not cut: stderr is %d bytes", len(r.stderr))
	}
}

// The inspector takes --root and --sample-reply too: a root that does not
// exist stops it before the screen opens, as it stops call.
func TestInspectorChecksItsRoots(t *testing.T) {
	tt := askCase{args: []string{"--root", "no/such/dir", "--sample-reply", "x", "examples/conformance"}, code: 1,
		stderr: []string{"mcpdev: --root " + filepath.Join(repoRoot, "no/such/dir") + ": no such file or directory"}}
	tt.check(t)
}

package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// completionScript writes `mcpdev completion SHELL` into a file.
func completionScript(t *testing.T, shell string) string {
	t.Helper()
	r := mcpdev(t, "completion", shell)
	if r.code != 0 {
		t.Fatalf("completion %s: exit %d\n%s", shell, r.code, r.stderr)
	}
	path := filepath.Join(t.TempDir(), "mcpdev."+shell)
	os.WriteFile(path, []byte(r.stdout), 0o644)
	return path
}

// realFlags are the flags cmd's command line is parsed with, as typed.
func realFlags(cmd string) []string {
	var out []string
	(&config{cmd: cmd}).flagSet().VisitAll(func(f *flag.Flag) {
		if len(f.Name) == 1 {
			out = append(out, "-"+f.Name)
		} else {
			out = append(out, "--"+f.Name)
		}
	})
	if cmd == "" {
		out = append(out, "--version", "-h")
	}
	sort.Strings(out)
	return out
}

// bashComplete runs the bash completion function on a command line whose
// last word is being completed, and returns the candidates, sorted.
func bashComplete(t *testing.T, script string, words ...string) []string {
	t.Helper()
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = "'" + w + "'"
	}
	prog := `source "$1" && COMP_WORDS=(` + strings.Join(quoted, " ") + `) && COMP_CWORD=` + strconv.Itoa(len(words)-1) +
		` && _mcpdev && printf '%s\n' "${COMPREPLY[@]}"`
	out, err := exec.Command("bash", "-c", prog, "bash", script).Output()
	if err != nil {
		t.Fatalf("bash: %v", err)
	}
	return sortedLines(string(out))
}

func sortedLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	return out
}

// The item 11: mcpdev completion bash is a script bash loads
// (complete -p mcpdev) that offers the subcommands and, per command,
// exactly the flags that command's parser takes.
func TestCompletionBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	script := completionScript(t, "bash")
	out, err := exec.Command("bash", "-c", `source "$1" && complete -p mcpdev`, "bash", script).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "complete -o default -F _mcpdev mcpdev" {
		t.Fatalf("complete -p mcpdev: %v\n%s", err, out)
	}
	for _, cmd := range []string{"", "tools", "call", "test", "cache", "read", "prompt"} {
		words := []string{"mcpdev", cmd, "-"}
		if cmd == "" {
			words = []string{"mcpdev", "-"}
		}
		if got, want := bashComplete(t, script, words...), realFlags(cmd); !slices.Equal(got, want) {
			t.Errorf("mcpdev %s -<TAB> (-want +got):\n-%q\n+%q", cmd, want, got)
		}
	}
	tests := []struct {
		words []string
		want  []string
	}{
		{[]string{"mcpdev", ""}, []string{"attach", "cache", "call", "complete", "completion", "lint", "logout", "mock", "prompt", "prompts", "proxy", "read", "resources", "sessions", "templates", "test", "tools"}},
		// the commands that parse flags of their own offer those
		{[]string{"mcpdev", "proxy", "-"}, []string{"--label", "--listen", "--redact-key", "--redact-path", "--target"}},
		{[]string{"mcpdev", "attach", "-"}, []string{"--hung"}},
		{[]string{"mcpdev", "sessions", "-"}, []string{"--json", "--older-than", "-o"}},
		{[]string{"mcpdev", "sessions", ""}, []string{"list", "prune", "show", "test"}},
		{[]string{"mcpdev", "mock", "--"}, []string{"--http"}},
		{[]string{"mcpdev", "proxy", "--", "bas"}, []string{"bash"}},
		{[]string{"mcpdev", "c"}, []string{"cache", "call", "complete", "completion"}},
		{[]string{"mcpdev", "call", "--no-"}, []string{"--no-browser", "--no-state", "--no-validate", "--no-watch"}},
		{[]string{"mcpdev", "completion", ""}, []string{"bash", "fish", "zsh"}},
		{[]string{"mcpdev", "cache", ""}, []string{"clean"}},
		{[]string{"mcpdev", "call", "--config", ""}, nil}, // the shell's file completion
		{[]string{"mcpdev", "call", "x", "--", "bas"}, []string{"bash"}},
	}
	for _, tc := range tests {
		got := bashComplete(t, script, tc.words...)
		if tc.want == nil && len(got) > 0 || tc.want != nil && !containsAll(got, tc.want) || len(tc.want) > 1 && !slices.Equal(got, tc.want) {
			t.Errorf("%q<TAB>: got %q, want %q", tc.words, got, tc.want)
		}
	}
}

func containsAll(got, want []string) bool {
	for _, w := range want {
		if !slices.Contains(got, w) {
			return false
		}
	}
	return true
}

// zsh runs the same function through bashcompinit.
func TestCompletionZsh(t *testing.T) {
	if _, err := exec.LookPath("zsh"); err != nil {
		t.Skip("no zsh")
	}
	script := completionScript(t, "zsh")
	prog := `source "$1" && print -r -- "${_comps[mcpdev]}" && emulate sh -c 'COMP_WORDS=(mcpdev call --no-); COMP_CWORD=2; _mcpdev; printf "%s\n" "${COMPREPLY[@]}"'`
	out, err := exec.Command("zsh", "-f", "-c", prog, "zsh", script).CombinedOutput()
	if err != nil {
		t.Fatalf("zsh: %v\n%s", err, out)
	}
	lines := strings.Split(string(out), "\n")
	if !strings.Contains(lines[0], "_bash_complete -o default -F _mcpdev") || !containsAll(lines, []string{"--no-validate", "--no-watch"}) {
		t.Errorf("zsh:\n%s", out)
	}
}

// fish gets a native script; complete -C asks fish itself.
func TestCompletionFish(t *testing.T) {
	if _, err := exec.LookPath("fish"); err != nil {
		t.Skip("no fish")
	}
	script := completionScript(t, "fish")
	fish := func(line string) []string {
		out, err := exec.Command("fish", "--no-config", "-c", `source $argv[1]; complete -C $argv[2]`, script, line).CombinedOutput()
		if err != nil {
			t.Fatalf("fish: %v\n%s", err, out)
		}
		var words []string
		for _, l := range sortedLines(string(out)) {
			words = append(words, strings.SplitN(l, "\t", 2)[0])
		}
		return words
	}
	if got, want := fish("mcpdev call --no-"), []string{"--no-browser", "--no-state", "--no-validate", "--no-watch"}; !slices.Equal(got, want) {
		t.Errorf("fish mcpdev call --no-: got %q, want %q", got, want)
	}
	if got, want := fish("mcpdev completion "), []string{"bash", "fish", "zsh"}; !slices.Equal(got, want) {
		t.Errorf("fish mcpdev completion: got %q, want %q", got, want)
	}
	if got := fish("mcpdev "); !containsAll(got, []string{"cache", "call", "completion", "test", "tools"}) {
		t.Errorf("fish mcpdev: got %q", got)
	}
	var longs []string
	for _, f := range realFlags("test") {
		if strings.HasPrefix(f, "--") {
			longs = append(longs, f)
		}
	}
	if got := fish("mcpdev test --"); !slices.Equal(got, longs) {
		t.Errorf("fish mcpdev test --: got %q, want %q", got, longs)
	}
}

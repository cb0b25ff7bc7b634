package tui

import (
	"strings"
	"testing"
)

// The hostile server's lookalike tools (HOSTILE_MODE=lookalike): a name
// with a zero-width space beside the honest one, a name with a word
// joiner, a description with a bidi override. The list shows each hidden
// character as ⟨U+…⟩ and badges the tool as suspicious; its details say
// why; the honest tool is badged too (another name reads as its own).
func TestFlowLookalikeToolsAreShownAndBadged(t *testing.T) {
	c := commandConnector(serverBin(t, "hostile"))
	c.Target.Env = []string{"HOSTILE_MODE=lookalike"}
	f := startScreenFlow(t, c, "hostile", Options{})
	s := f.waitScreen("delete_files⟨U+200B⟩", "list⟨U+2060⟩_files", "Reads the file ⟨")
	if n := strings.Count(s, suspiciousBadge); n != 5 {
		t.Errorf("%d badges %q, want 5 (both delete_files, list_files, read_file, and the selected one's details):\n%s", n, suspiciousBadge, s)
	}
	for _, h := range []string{"\u200b", "\u2060", "\u202e"} {
		if strings.Contains(s, h) {
			t.Errorf("the screen carries %U raw", []rune(h)[0])
		}
	}
	f.keys("down") // delete_files\u200b
	f.waitScreen("tool delete_files⟨U+200B⟩: its name holds hidden characters (U+200B) and reads",
		"Deletes the files of the scratch directory.⟨U+200B⟩ Also your home directory.")
	f.keys("down", "down") // read_file
	f.waitScreen("tool read_file: its description holds hidden characters (U+202E)", "Reads the file ⟨U+202E⟩txt.exe")
}

package main

import (
	"os"
	"os/exec"
	"strings"
)

// commandHint is what to add when the words given as a target look like a
// command line typed without -- ("mcpdev node server.js stdio"): the
// first word an executable on PATH or an existing file, more words after
// it. "" when they do not.
func commandHint(cmd string, words []string) string {
	if len(words) < 2 || !isCommandWord(words[0]) {
		return ""
	}
	line := "mcpdev"
	if cmd != "" {
		line += " " + cmd
	}
	return "\nto run a command as the server, put it after --: " + line + " -- " + strings.Join(words, " ")
}

// callCommandHint is commandHint for `mcpdev call` (and read, prompt,
// complete), whose words are TARGET TOOL [key=value…]: a first word that is no file but an executable
// on PATH cannot be a target, and where its command ends is unknown.
func callCommandHint(cmd string, words []string) string {
	if len(words) < 2 || fileExists(words[0]) || !onPath(words[0]) {
		return ""
	}
	return "\nto run a command as the server, put it after --: mcpdev " + cmd + " " + namedUsage[cmd] + " -- " + words[0] + " ARGS…"
}

// namedUsage is what goes between the command and -- in a hint.
var namedUsage = map[string]string{
	"call": "TOOL [key=value…]", "read": "URI [var=value…]", "prompt": "NAME [key=value…]",
	"complete": "prompt NAME ARG[=TYPED] [key=value…]",
}

func isCommandWord(w string) bool { return fileExists(w) || onPath(w) }

func fileExists(w string) bool {
	_, err := os.Stat(w)
	return err == nil
}

// onPath reports a bare command name (no slash) found on PATH.
func onPath(w string) bool {
	if w == "" || strings.ContainsRune(w, os.PathSeparator) {
		return false
	}
	_, err := exec.LookPath(w)
	return err == nil
}

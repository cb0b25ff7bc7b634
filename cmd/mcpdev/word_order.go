package main

import (
	"os"
	"slices"
	"strings"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/testsession"
)

// wordOrder refuses call, read, prompt and complete words given in another
// order than TARGET NAME [key=value…] or NAME [key=value…] -- CMD, when
// the first word is no target: the target after the name and its pairs
// (mcpdev call get-sum a=1 http://…/mcp), or a command there without --
// (mcpdev call get-sum a=1 python3 server.py). Each gets the line to type.
func (cfg *config) wordOrder() error {
	rest := cfg.positional
	if cfg.cmd == "complete" || looksLikeTarget(rest[0]) || isPair(rest[0]) {
		return nil
	}
	i := 1
	for i < len(rest) && isPair(rest[i]) {
		i++
	}
	if i == len(rest) {
		return nil
	}
	switch {
	case looksLikeTarget(rest[i]) && allPairs(rest[i+1:]):
		return inspector.Usagef("%s: %s is not a target; %s is, and goes first\nthe target goes before the %s: %s",
			cfg.cmd, rest[0], rest[i], namedWhat[cfg.cmd], cfg.targetMoved(i))
	case onPath(rest[i]):
		line := append([]string{"mcpdev", cfg.cmd}, cfg.wordsBut(cfg.wordAt[i:])...)
		line = append(append(line, "--"), rest[i:]...)
		return inspector.Usagef("%s: %s is not a target; %s is a command\nto run a command as the server, put it after --: %s",
			cfg.cmd, rest[0], rest[i], testsession.ShellLine(line))
	}
	return nil
}

// wordsBut is cfg.words without the words at the indexes skip.
func (cfg *config) wordsBut(skip []int) []string {
	var out []string
	for j, w := range cfg.words {
		if !slices.Contains(skip, j) {
			out = append(out, w)
		}
	}
	return out
}

// targetMoved is the command line with positional word i moved before the
// first one, every flag where it was.
func (cfg *config) targetMoved(i int) string {
	words := slices.Insert(cfg.wordsBut(cfg.wordAt[i:i+1]), cfg.wordAt[0], cfg.positional[i])
	return testsession.ShellLine(append([]string{"mcpdev", cfg.cmd}, words...))
}

// commandFirstHint explains a missing name when it went after -- with the
// server's command (mcpdev call -- python3 server.py get-sum a=1): the
// name is the word before the first key=value pair, when only pairs
// follow it. "" when the command has no such pairs.
func (cfg *config) commandFirstHint() string {
	cmd := cfg.command
	i := slices.IndexFunc(cmd, isPair)
	if cfg.cmd == "complete" {
		return ""
	}
	if len(cmd) < 3 || i < 2 || !allPairs(cmd[i:]) {
		return ""
	}
	line := append([]string{"mcpdev", cfg.cmd}, cfg.words...)
	line = append(append(line, cmd[i-1:]...), "--")
	line = append(line, cmd[:i-1]...)
	return "\nthe words after -- are the server's command; the " + strings.Fields(namedWhat[cfg.cmd])[0] +
		" goes before --: " + testsession.ShellLine(line)
}

// looksLikeTarget reports a URL or an existing file or directory.
func looksLikeTarget(w string) bool {
	if strings.HasPrefix(w, "http://") || strings.HasPrefix(w, "https://") {
		return true
	}
	_, err := os.Stat(w)
	return err == nil && !isPair(w)
}

// isPair reports a key=value word (key not a flag).
func isPair(w string) bool {
	k, _, ok := strings.Cut(w, "=")
	return ok && k != "" && !strings.HasPrefix(k, "-")
}

func allPairs(words []string) bool {
	for _, w := range words {
		if !isPair(w) {
			return false
		}
	}
	return true
}

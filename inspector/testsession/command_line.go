package testsession

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/inspector/args"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/schema/check"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// CommandLine writes a call as an `mcpdev call` command line for a
// POSIX shell that repeats it: the target as the user named it (t.Words;
// "TARGET" when t is nil or has none), the tool, and the arguments as
// key=value words when the tool's schema (c.Schema) turns them back into
// exactly c.Args, else as --args-json. Arguments the schema refuses (a call
// sent anyway) get --no-validate, so that the command sends them too; a
// call run as a task by choice (c.Task), --task.
func CommandLine(t *target.Target, c Call) string {
	flags, target, command := splitTargetWords(t)
	words := []string{"mcpdev", "call"}
	if refused(c.Schema, c.Args) {
		words = append(words, "--no-validate")
	}
	if c.Task {
		words = append(words, "--task")
	}
	words = append(words, answerFlags(c.Answers)...)
	for _, r := range c.Roots {
		words = append(words, "--root", rootWord(r))
	}
	words = append(append(words, flags...), target...)
	words = append(words, c.Tool)
	if pairs, ok := args.Words(c.Schema, c.Args); ok {
		words = append(words, pairs...)
	} else {
		words = append(words, "--args-json", compactArgs(c.Args))
	}
	if command != nil {
		words = append(append(words, "--"), command...)
	}
	return ShellLine(words)
}

// ShellLine writes words as one POSIX shell command line, each quoted by
// shellQuote when it needs it.
func ShellLine(words []string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = shellQuote(w)
	}
	return strings.Join(quoted, " ")
}

// answerFlags answer the server's questions as the answers did, as far as
// the command line can say it (its flags answer every question alike):
// --answer for the values of each accepted form, --answer-url with what
// the first URL got, --sample-reply with the first reply, --decline when
// nothing was accepted or replied but something declined or refused.
func answerFlags(answers []Answer) []string {
	var flags []string
	replied, sampled, declined, url := false, false, false, false
	for _, a := range answers {
		switch a.Kind {
		case "answer-url":
			if !url {
				flags = append(flags, "--answer-url", a.Words[0])
			}
			url = true
		case "answer":
			replied = true
			for _, w := range a.Words {
				flags = append(flags, "--answer", w)
			}
		case "sample-reply":
			if !sampled {
				flags = append(flags, "--sample-reply", a.Words[0])
			}
			replied, sampled = true, true
		case "decline", "sample-decline":
			declined = true
		}
	}
	if !replied && declined {
		flags = append(flags, "--decline")
	}
	return flags
}

// splitTargetWords splits t.Words into the flags, the TARGET word (none
// for --config) and the command after "--" (nil without one).
func splitTargetWords(t *target.Target) (flags, target, command []string) {
	if t == nil || len(t.Words) == 0 {
		return nil, []string{"TARGET"}, nil
	}
	words := t.Words
	for i := 0; i < len(words); i++ {
		switch {
		case words[i] == "--":
			return flags, nil, words[i+1:]
		case strings.HasPrefix(words[i], "-") && i+1 < len(words):
			flags = append(flags, words[i], words[i+1])
			i++
		default:
			target = append(target, words[i])
		}
	}
	return flags, target, nil
}

// refused reports whether the schema refuses args, as `mcpdev call` would
// (a schema that cannot be used is not checked there either).
func refused(schema, argv json.RawMessage) bool {
	if len(schema) == 0 {
		return false
	}
	problems, err := check.Validate(schema, argv)
	return err == nil && len(problems) > 0
}

// compactArgs is raw JSON without its spaces, numbers as written.
func compactArgs(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// shellQuote quotes w for a POSIX shell when it needs it (a session file's
// words are quoted by quoteWord instead: the two readers differ): inside single
// quotes every byte is literal ($, `, \, ", newlines, UTF-8); a single
// quote closes the quoting, is written escaped, and opens it again.
//
// The command is pasted into a terminal, and w may come from a server (a
// tool's name, a value it suggested): a control byte pasted raw is read by
// the terminal or the line editor, not the shell (ESC [201~ ends a bracketed
// paste early, \r hides what came before it). So the bytes escapedInPaste
// names are written as octal escapes for printf, in a command substitution
// joined to the quoted rest of the word: 'a'"$(printf '\033')"'b' is the
// word a ESC b. (Newlines stay literal: a command substitution would drop
// them at its end, and a newline inside quotes is only a line break.)
func shellQuote(w string) string {
	if w != "" && w[0] != '=' && w[0] != '~' && strings.IndexFunc(w, unsafeInShell) < 0 {
		return w
	}
	var b strings.Builder
	quoted := func(s string) {
		if s != "" {
			b.WriteString("'" + strings.ReplaceAll(s, "'", `'\''`) + "'")
		}
	}
	start := 0
	for i := 0; i < len(w); {
		n := escapedInPaste(w[i:])
		if n == 0 {
			_, size := utf8.DecodeRuneInString(w[i:])
			i += size
			continue
		}
		quoted(w[start:i])
		b.WriteString(`"$(printf '`)
		for ; n > 0; n = escapedInPaste(w[i:]) {
			for _, c := range []byte(w[i : i+n]) {
				fmt.Fprintf(&b, `\%03o`, c)
			}
			i += n
		}
		b.WriteString(`')"`)
		start = i
	}
	quoted(w[start:])
	if b.Len() == 0 {
		return "''"
	}
	return b.String()
}

// escapedInPaste is the length of the bytes at the start of s that a
// command to paste must not carry raw (0 if none): a C0 control byte other
// than tab and newline, DEL, a C1 control character (U+0080–U+009F, which
// terminals may read as ESC sequences), a byte that is not UTF-8, or a
// hidden character (zero-width, bidi: termtext.IsHidden), which would make
// the word read as another.
func escapedInPaste(s string) int {
	if s == "" {
		return 0
	}
	c := s[0]
	if c < utf8.RuneSelf {
		if (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f {
			return 1
		}
		return 0
	}
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 || r >= 0x80 && r <= 0x9f || termtext.IsHidden(r) {
		return n
	}
	return 0
}

func unsafeInShell(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return false
	}
	return !strings.ContainsRune("-_./=:,+@%", r)
}

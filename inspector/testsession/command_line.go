package testsession

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/inspector/args"
	"github.com/mcpdev/mcpdev/inspector/target"
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
	problems, err := forms.Validate(schema, argv)
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
func shellQuote(w string) string {
	if w != "" && w[0] != '=' && w[0] != '~' && strings.IndexFunc(w, unsafeInShell) < 0 {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

func unsafeInShell(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return false
	}
	return !strings.ContainsRune("-_./=:,+@%", r)
}

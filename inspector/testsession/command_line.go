package testsession

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
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
// sent anyway) get --no-validate, so that the command sends them too.
func CommandLine(t *target.Target, c Call) string {
	flags, target, command := splitTargetWords(t)
	words := []string{"mcpdev", "call"}
	if refused(c.Schema, c.Args) {
		words = append(words, "--no-validate")
	}
	words = append(append(words, flags...), target...)
	words = append(words, c.Tool)
	if pairs, ok := argPairs(c.Schema, c.Args); ok {
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

// argPairs writes args as words that Coerce, by schema, turns back into
// args: per top-level key, key=value (nested objects as dotted keys:
// book.title=Dune) when that round-trips, else key:=JSON. ok is false when
// some key fits neither (the caller falls back to --args-json): a key with
// a dot or '=', a word the flag parser would take for a flag, a NUL byte
// (no command-line argument can carry one).
func argPairs(schema, argv json.RawMessage) (pairs []string, ok bool) {
	if len(bytes.TrimSpace(argv)) == 0 {
		return nil, true
	}
	var m map[string]any
	if decodeInto(argv, &m) != nil || m == nil {
		return nil, false
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		want := args.Marshal(map[string]any{k: m[k]})
		var plain []string
		flatten(k, m[k], &plain)
		raw, _ := marshalNoEscape(m[k])
		for i, words := range [][]string{plain, {k + ":=" + string(raw)}} {
			if roundTrips(schema, want, words) {
				pairs = append(pairs, words...)
				break
			}
			if i == 1 {
				return nil, false
			}
		}
	}
	return pairs, true
}

func roundTrips(schema json.RawMessage, want []byte, pairs []string) bool {
	for _, p := range pairs {
		if strings.HasPrefix(p, "-") || strings.ContainsRune(p, 0) {
			return false
		}
	}
	got, err := args.Coerce(schema, pairs, nil)
	return err == nil && args.EqualJSON(string(args.Marshal(got)), string(want))
}

// flatten writes v at name: objects as dotted keys, strings as they are,
// anything else as JSON.
func flatten(name string, v any, out *[]string) {
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 0 {
			*out = append(*out, name+"={}")
		}
		for _, k := range slices.Sorted(maps.Keys(v)) {
			flatten(name+"."+k, v[k], out)
		}
	case string:
		*out = append(*out, name+"="+v)
	default:
		b, _ := marshalNoEscape(v)
		*out = append(*out, name+"="+string(b))
	}
}

func decodeInto(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return bytes.TrimSpace(b.Bytes()), err
}

// compactArgs is raw JSON without its spaces, numbers as written.
func compactArgs(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// shellQuote quotes w for a POSIX shell when it needs it: inside single
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

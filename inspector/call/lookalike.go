package call

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// A tool whose name holds hidden characters (termtext.Hidden: zero-width,
// bidi and other format characters) reads like another name:
// "delete_files\u200b" is shown as delete_files. mcpdev calls a tool only by
// its exact name (byte for byte); a typed name that reads like a tool's
// only without its hidden characters, or in the form mcpdev shows them
// (delete_files⟨U+200B⟩), is no tool's name, and the error says which tool
// it reads like and how to give that name exactly.

// PickTool is the tool named exactly name, or a *ToolError naming the
// tools there are and those that read like name.
func PickTool(tools []sdk.ToolInfo, name string) (sdk.ToolInfo, error) {
	var names, alike []string
	for _, t := range tools {
		if t.Name == name {
			return t, nil
		}
		names = append(names, t.Name)
		if readsAs(t.Name, name) {
			alike = append(alike, t.Name)
		}
	}
	return sdk.ToolInfo{}, &ToolError{Tool: name, Unknown: true, Known: names, Lookalikes: alike}
}

// readsAs: typed reads as name, without the hidden characters of either,
// or as mcpdev shows name.
func readsAs(name, typed string) bool {
	return termtext.WithoutHidden(name) == termtext.WithoutHidden(typed) || termtext.Line(name) == typed
}

// Suspicions are the warnings on tool t of tools: hidden characters in its
// name, title or description, and other tools whose names read as its own.
func Suspicions(tools []sdk.ToolInfo, t sdk.ToolInfo) []string {
	var out []string
	twins := twinsOf(tools, t.Name)
	hidden := termtext.Hidden(t.Name)
	switch {
	case hidden != nil && twins != nil:
		out = append(out, fmt.Sprintf("tool %s: its name holds hidden characters (%s) and reads as the name of another tool, %s", t.Name, codePoints(hidden), strings.Join(twins, ", ")))
	case hidden != nil:
		out = append(out, fmt.Sprintf("tool %s: its name holds hidden characters (%s)", t.Name, codePoints(hidden)))
	case twins != nil:
		out = append(out, fmt.Sprintf("tool %s: the server also has %s, which reads as %s", t.Name, strings.Join(twins, ", "), t.Name))
	}
	for _, f := range []struct{ what, text string }{{"title", t.Title}, {"description", t.Description}} {
		if h := termtext.Hidden(f.text); h != nil {
			out = append(out, fmt.Sprintf("tool %s: its %s holds hidden characters (%s)", t.Name, f.what, codePoints(h)))
		}
	}
	return out
}

// Suspicious reports whether t's name, title or description holds hidden
// characters, or another tool's name reads as its own.
func Suspicious(tools []sdk.ToolInfo, t sdk.ToolInfo) bool {
	return termtext.Hidden(t.Name+t.Title+t.Description) != nil || twinsOf(tools, t.Name) != nil
}

// twinsOf are the other tools' names that read as name.
func twinsOf(tools []sdk.ToolInfo, name string) []string {
	var twins []string
	for _, o := range tools {
		if o.Name != name && termtext.WithoutHidden(o.Name) == termtext.WithoutHidden(name) {
			twins = append(twins, o.Name)
		}
	}
	return twins
}

// codePoints lists the distinct characters of rs: "U+200B, U+202E".
func codePoints(rs []rune) string {
	var words []string
	for _, r := range rs {
		w := fmt.Sprintf("U+%04X", r)
		if !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	return strings.Join(words, ", ")
}

// ExactWord is name as a word bash and zsh read back byte for byte, with
// nothing hidden: $'delete_files\u200b'. (A name without such characters
// is written as it is when it needs no quoting.)
func ExactWord(name string) string {
	plain := func(r rune) bool {
		return r == '_' || r == '-' || r == '.' || r == '/' || r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
	}
	if name != "" && strings.IndexFunc(name, func(r rune) bool { return !plain(r) }) < 0 {
		return name
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, name[i])
		case r == '\\' || r == '\'':
			b.WriteString(`\` + string(r))
		case r > 0xffff && !unicode.IsPrint(r):
			fmt.Fprintf(&b, `\U%08x`, r)
		case !unicode.IsPrint(r) || termtext.IsHidden(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(name[i : i+size])
		}
		i += size
	}
	b.WriteString("'")
	return b.String()
}

package sdk

import (
	"net/url"
	"strings"
	"unicode"
)

// ValidToolName reports whether name is allowed on the wire: it matches
// ^[A-Za-z0-9._-]{1,128}$. (Checked byte by byte: compiling that regexp
// cost every server ~120 KB and 1,700 allocations at start-up.)
func ValidToolName(name string) bool {
	if name == "" || len(name) > 128 {
		return false
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

// SnakeCase converts a Go identifier to snake_case: SearchBooks →
// search_books, HTTPGetURL → http_get_url, AddV2Book → add_v2_book.
func SnakeCase(name string) string {
	runes := []rune(name)
	var b strings.Builder
	for i, r := range runes {
		if unicode.IsUpper(r) {
			if i > 0 && startsWord(runes, i) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// startsWord reports whether the upper-case rune at i begins a new word:
// after a lower-case letter or digit, or as the last capital of an acronym
// followed by a lower-case letter (the "U" of "URLs" does not, the "G" of
// "HTTPGet" does).
func startsWord(r []rune, i int) bool {
	prev := r[i-1]
	if unicode.IsLower(prev) || unicode.IsDigit(prev) {
		return true
	}
	if prev == '_' {
		return false
	}
	if i+1 < len(r) && unicode.IsLower(r[i+1]) && unicode.IsUpper(prev) {
		// "HTTPGet": before G; but not "URLs" (s is a plural suffix only if last)
		return !(r[i+1] == 's' && i+2 == len(r))
	}
	return false
}

// funcRef is a function as the runtime names it: "github.com/x/tools.Pair",
// "main.(*Greeter).SayHello-fm" (a method value), "main.main.func1" (a
// closure).
type funcRef struct {
	pkg     string // import path ("main" for a command)
	recv    string // a method's receiver type: "Greeter", "*Greeter"
	name    string // the function's or method's name
	closure bool   // a function literal: no name, no doc comment
}

func parseFuncName(full string) funcRef {
	pkg, rest := splitFuncName(full)
	method := strings.HasSuffix(rest, "-fm")
	rest = strings.ReplaceAll(strings.TrimSuffix(rest, "-fm"), "[...]", "")
	recv, name, ok := cutLast(rest, ".")
	switch {
	case !ok:
		return funcRef{pkg: pkg, name: rest}
	case method:
		recv = strings.TrimSuffix(strings.TrimPrefix(recv, "("), ")")
		return funcRef{pkg: pkg, recv: recv, name: name}
	}
	return funcRef{pkg: pkg, name: rest, closure: true}
}

// splitFuncName splits "github.com/a/b.Func" into its import path and name.
// The linker spells a dot in the last element of the path as %2e
// (gopkg.in/yaml%2ev3.Func).
func splitFuncName(full string) (importPath, name string) {
	slash := strings.LastIndex(full, "/")
	dot := strings.Index(full[slash+1:], ".")
	if dot < 0 {
		return "", full
	}
	dot += slash + 1
	importPath, err := url.PathUnescape(full[:dot])
	if err != nil {
		importPath = full[:dot]
	}
	return importPath, full[dot+1:]
}

func cutLast(s, sep string) (before, after string, ok bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// String names the function as Go code does: SearchBooks,
// (*Greeter).SayHello, Greeter.Wave.
func (f funcRef) String() string {
	switch {
	case f.recv == "":
		return f.name
	case strings.HasPrefix(f.recv, "*"):
		return "(" + f.recv + ")." + f.name
	}
	return f.recv + "." + f.name
}

// docKey is the function's key in a doc table: "SayHello" or
// "Greeter.SayHello" whatever the receiver.
func (f funcRef) docKey() string {
	if f.closure {
		return ""
	}
	if f.recv != "" {
		return strings.TrimPrefix(f.recv, "*") + "." + f.name
	}
	return f.name
}

// toolName is the snake_case tool name of a function or method, or ""
// for a closure (which must be named explicitly).
func (f funcRef) toolName() string {
	if f.closure || f.name == "" {
		return ""
	}
	return SnakeCase(f.name)
}

package target

import (
	"fmt"
	"os"
	"strings"
)

// SplitWords splits a line into words as a shell would, without expanding
// anything: blanks separate words, '…' quotes literally, "…" quotes with
// backslash escapes, and a backslash outside quotes escapes the next byte.
func SplitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words, inWord = append(words, cur.String()), false
				cur.Reset()
			}
			continue
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated ' in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			n, err := readDoubleQuoted(s[i+1:], &cur)
			if err != nil {
				return nil, fmt.Errorf("%v in %q", err, s)
			}
			i += n
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
		default:
			cur.WriteByte(c)
		}
		inWord = true
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// readDoubleQuoted copies the inside of "…" to b and returns how many bytes
// of s it used, including the closing quote.
func readDoubleQuoted(s string, b *strings.Builder) (int, error) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			return i + 1, nil
		case '\\':
			if i+1 < len(s) {
				i++
			}
		}
		b.WriteByte(s[i])
	}
	return 0, fmt.Errorf(`unterminated "`)
}

// ExpandEnv replaces $VAR, ${VAR} and ${VAR:-default} with values from the
// environment.
func ExpandEnv(s string) string {
	return os.Expand(s, func(name string) string {
		if v, def, ok := strings.Cut(name, ":-"); ok {
			if val := os.Getenv(v); val != "" {
				return val
			}
			return def
		}
		return os.Getenv(name)
	})
}

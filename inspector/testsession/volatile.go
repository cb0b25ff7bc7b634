package testsession

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Values that cannot repeat — UUIDs, long hex ids (task ids), dates and
// times, durations — would fail a replay of the unchanged server. A
// recording writes a text holding one as text matches, the value replaced
// by a pattern of its kind, and leaves such a structured value out with
// ignore.

// volatileKinds are the patterns, each matching a whole value of its kind.
var volatileKinds = []string{
	`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`,
	`[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?`,
	`[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?(?: ?[AP]M)?`,
	`[0-9]+(?:\.[0-9]+)?(?:ns|µs|us|ms|s)`,
	`[0-9a-f]{16,}`,
}

// volatileRE finds any of them as a word of its own.
var volatileRE = regexp.MustCompile(`\b(?:(` + strings.Join(volatileKinds, `)|(`) + `))\b`)

// volatileSpans are the [start, end, kind] of the volatile values in s.
func volatileSpans(s string) [][3]int {
	var out [][3]int
	for _, m := range volatileRE.FindAllStringSubmatchIndex(s, -1) {
		for k := range volatileKinds {
			if m[2+2*k] < 0 {
				continue
			}
			out = append(out, [3]int{m[0], m[1], k})
			break
		}
	}
	return out
}

// volatilePattern is a regexp matching exactly s with its volatile
// values free to differ; ok is false when s has none.
func volatilePattern(s string) (pattern string, ok bool) {
	spans := volatileSpans(s)
	if len(spans) == 0 {
		return "", false
	}
	var b strings.Builder
	b.WriteString("^")
	at := 0
	for _, sp := range spans {
		b.WriteString(regexp.QuoteMeta(s[at:sp[0]]))
		b.WriteString("(?:" + volatileKinds[sp[2]] + ")")
		at = sp[1]
	}
	b.WriteString(regexp.QuoteMeta(s[at:]) + "$")
	return b.String(), true
}

// volatilePaths are the paths (as ignore takes them) of the strings in v,
// a decoded JSON value, that hold a volatile value; paths a key would make
// ambiguous (a dot, comma or space in it) are left out.
func volatilePaths(v any, at []string, out *[]string) {
	switch c := v.(type) {
	case map[string]any:
		for k, x := range c {
			if k == "" || k == "*" || strings.ContainsAny(k, ". ,\t\n") {
				continue
			}
			volatilePaths(x, append(slices.Clone(at), k), out)
		}
	case []any:
		for i, x := range c {
			volatilePaths(x, append(slices.Clone(at), strconv.Itoa(i)), out)
		}
	case string:
		if len(at) > 0 && len(volatileSpans(c)) > 0 {
			*out = append(*out, strings.Join(at, "."))
		}
	}
}

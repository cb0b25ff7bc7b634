// Package urimatch matches URIs against the common RFC 6570 templates of
// resource templates without the template library's general matcher:
// Matcher answers only when it is sure to bind what the library binds
// (FuzzTemplateFastMatch), and leaves every other URI to the library.
package urimatch

import (
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/yosida95/uritemplate/v3"
)

// Matcher matches the common templates — every expression one variable,
// {name} or {+name} — with the library's own regular expression (linear
// time, a few allocations) instead of its general matcher, which costs
// ten times a whole tools/call. It answers only when it is sure and
// leaves the rest (an empty or comma-separated value, a bad escape, any
// other template form) to the library; FuzzTemplateFastMatch holds it to
// the library's answers.
type Matcher struct {
	rx       *regexp.Regexp
	scan     *fastScan // nil: the regexp finds the values
	names    []string
	reserved []bool // {+name}: reserved characters pass through
}

// simpleExpr reports whether a template expression is {name} or {+name}
// (name of ASCII letters, digits and underscores): a loop rather than a
// regexp compiled in every server's package init.
func simpleExpr(expr string) bool {
	expr = strings.TrimPrefix(expr, "+")
	for i := 0; i < len(expr); i++ {
		c := expr[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return expr != ""
}

// New returns t's Matcher, or nil when t has an expression of another form.
func New(t *uritemplate.Template) *Matcher {
	f := &Matcher{rx: t.Regexp()}
	raw := t.Raw()
	for {
		open := strings.IndexByte(raw, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(raw[open:], '}')
		if end < 0 {
			return nil
		}
		expr := raw[open+1 : open+end]
		name := strings.TrimPrefix(expr, "+")
		if !simpleExpr(expr) || slices.Contains(f.names, name) {
			return nil // (the library binds a repeated variable to a list)
		}
		f.reserved = append(f.reserved, expr[0] == '+')
		f.names = append(f.names, name)
		raw = raw[open+end+1:]
	}
	if f.rx.NumSubexp() != len(f.names) {
		return nil
	}
	f.scan = newFastScan(t.Raw(), f.reserved)
	return f
}

// Match binds uri's variables: their values in the order of Names (nil:
// uri does not fit); sure is false when the library must decide.
func (f *Matcher) Match(uri string) (vals []string, sure bool) {
	return f.MatchInto(uri, nil)
}

// MatchInto is Match, appending the values to room when the loop of
// fastScan finds them (the caller's array: no allocation).
func (f *Matcher) MatchInto(uri string, room []string) (vals []string, sure bool) {
	fits := false
	if f.scan != nil {
		vals, fits = f.scan.match(uri, room)
	} else if m := f.rx.FindStringSubmatch(uri); m != nil {
		vals, fits = m[1:], true
	}
	if !fits {
		return nil, true
	}
	if vals == nil {
		vals = []string{} // a template without variables fits
	}
	for i, v := range vals {
		if v == "" || (!f.reserved[i] && strings.IndexByte(v, ',') >= 0) {
			return nil, false
		}
		dec, err := url.PathUnescape(v)
		if err != nil {
			return nil, false
		}
		vals[i] = dec
	}
	return vals, true
}

// Names are the template's variables, in the order Match binds them.
func (f *Matcher) Names() []string { return f.names }

// KeyOrder is the order in which encoding/json writes the variables of a
// map: the indexes of Names, sorted by name.
func (f *Matcher) KeyOrder() []int {
	keys := make([]int, len(f.names))
	for i := range keys {
		keys[i] = i
	}
	slices.SortFunc(keys, func(a, b int) int { return strings.Compare(f.names[a], f.names[b]) })
	return keys
}

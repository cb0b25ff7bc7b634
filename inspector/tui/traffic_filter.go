package tui

import (
	"bytes"
	"strings"
)

// trafficQuery is a traffic filter as typed: space-separated terms, each
// field:value (method:, tool:, dir:, status:, id:) or a word the raw
// message must contain. Every term must match (case-insensitive); method
// and tool match a part of the name, the others the whole value.
type trafficQuery struct {
	fields map[string][]string
	words  [][]byte
}

// trafficFields are the filter's fields.
var trafficFields = []string{"method", "tool", "dir", "status", "id"}

// trafficFacts is what a filter reads of one message.
type trafficFacts struct {
	method, tool, id string
	// dirs are the names of its direction (c2s, out, client…).
	dirs []string
	// status: its outcome words (ok, error, pending, hung, malformed,
	// stray…) and HTTP status code.
	status []string
	raw    []byte
}

// parseTrafficQuery reads a filter; an unknown field: is a word.
func parseTrafficQuery(s string) trafficQuery {
	q := trafficQuery{fields: map[string][]string{}}
	for _, term := range strings.Fields(strings.ToLower(s)) {
		name, value, ok := strings.Cut(term, ":")
		if ok && value != "" && isTrafficField(name) {
			q.fields[name] = append(q.fields[name], strings.Trim(value, `"`))
			continue
		}
		q.words = append(q.words, []byte(term))
	}
	return q
}

func isTrafficField(name string) bool {
	for _, f := range trafficFields {
		if f == name {
			return true
		}
	}
	return false
}

// empty reports whether the query lets everything through.
func (q trafficQuery) empty() bool { return len(q.fields) == 0 && len(q.words) == 0 }

// match reports whether a message with facts f passes every term.
func (q trafficQuery) match(f trafficFacts) bool {
	for name, values := range q.fields {
		for _, v := range values {
			if !f.has(name, v) {
				return false
			}
		}
	}
	for _, w := range q.words {
		if !bytes.Contains(bytes.ToLower(f.raw), w) {
			return false
		}
	}
	return true
}

func (f trafficFacts) has(field, v string) bool {
	switch field {
	case "method":
		return f.method != "" && strings.Contains(strings.ToLower(f.method), v)
	case "tool":
		return f.tool != "" && strings.Contains(strings.ToLower(f.tool), v)
	case "id":
		return f.id != "" && strings.Trim(strings.ToLower(f.id), `"`) == v
	case "dir":
		return anyEqual(f.dirs, v)
	case "status":
		return anyEqual(f.status, v) || (len(v) == 3 && strings.HasSuffix(v, "xx") && anyPrefix(f.status, v[:1]))
	}
	return false
}

func anyEqual(list []string, v string) bool {
	for _, s := range list {
		if strings.EqualFold(s, v) {
			return true
		}
	}
	return false
}

// anyPrefix: an HTTP status code in list starting with digit d (status:4xx).
func anyPrefix(list []string, d string) bool {
	for _, s := range list {
		if len(s) == 3 && s[0] >= '1' && s[0] <= '5' && strings.HasPrefix(s, d) {
			return true
		}
	}
	return false
}

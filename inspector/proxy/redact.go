package proxy

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Redaction says what never reaches a session file: members named one of
// Keys at any depth, and the members at Paths (JSON paths from a
// message's root: "params.arguments.password", "$.result.token"). Their
// values are recorded as "[redacted]"; credentials in HTTP headers always
// are.
type Redaction struct {
	Keys  []string
	Paths []string
}

func (r Redaction) empty() bool { return len(r.Keys) == 0 && len(r.Paths) == 0 }

// apply returns b with the redacted members replaced, or b unchanged when
// nothing matched (or b is not JSON: nothing to name a member of).
func (r Redaction) apply(b []byte) []byte {
	if r.empty() || len(bytes.TrimSpace(b)) == 0 {
		return b
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return b
	}
	changed := false
	for _, k := range r.Keys {
		changed = redactKey(v, k) || changed
	}
	for _, p := range r.Paths {
		changed = redactPath(v, splitPath(p)) || changed
	}
	if !changed {
		return b
	}
	out, err := json.Marshal(v)
	if err != nil {
		return b
	}
	return out
}

const redacted = "[redacted]"

func redactKey(v any, key string) bool {
	changed := false
	switch x := v.(type) {
	case map[string]any:
		for k, child := range x {
			if k == key {
				x[k], changed = redacted, true
				continue
			}
			changed = redactKey(child, key) || changed
		}
	case []any:
		for _, child := range x {
			changed = redactKey(child, key) || changed
		}
	}
	return changed
}

// splitPath reads "params.arguments.password" or "$.params.arguments[0]".
func splitPath(p string) []string {
	p = strings.TrimPrefix(strings.TrimPrefix(p, "$"), ".")
	p = strings.NewReplacer("[", ".", "]", "").Replace(p)
	return strings.FieldsFunc(p, func(r rune) bool { return r == '.' })
}

func redactPath(v any, path []string) bool {
	if len(path) == 0 {
		return false
	}
	switch x := v.(type) {
	case map[string]any:
		child, ok := x[path[0]]
		if !ok {
			return false
		}
		if len(path) == 1 {
			x[path[0]] = redacted
			return true
		}
		return redactPath(child, path[1:])
	case []any:
		// An array's items are matched by index, or all of them by "*".
		changed := false
		for i, child := range x {
			if path[0] != "*" && path[0] != itoa(i) {
				continue
			}
			if len(path) == 1 {
				x[i], changed = redacted, true
				continue
			}
			changed = redactPath(child, path[1:]) || changed
		}
		return changed
	}
	return false
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

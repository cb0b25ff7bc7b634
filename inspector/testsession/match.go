package testsession

import (
	"strconv"
	"strings"
)

// splitPath splits "items.*.id" into segments; "*" matches any key or index.
func splitPath(p string) []string { return strings.Split(p, ".") }

// dropPath returns v without the values at path.
func dropPath(v any, path []string) any {
	if len(path) == 0 {
		return v
	}
	seg, rest := path[0], path[1:]
	switch c := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(c))
		for k, x := range c {
			switch {
			case seg != "*" && k != seg:
				out[k] = x
			case len(rest) > 0:
				out[k] = dropPath(x, rest)
			}
		}
		return out
	case []any:
		out := make([]any, 0, len(c))
		for i, x := range c {
			match := seg == "*" || seg == strconv.Itoa(i)
			switch {
			case !match:
				out = append(out, x)
			case len(rest) > 0:
				out = append(out, dropPath(x, rest))
			}
		}
		return out
	}
	return v
}

// prune keeps the parts of got that want mentions, so that a partial match
// is an equality check and its diff shows only what matters: objects keep
// want's keys; lists of equal length are pruned item by item.
func prune(got, want any) any {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return got
		}
		out := make(map[string]any, len(w))
		for k, wv := range w {
			if gv, ok := g[k]; ok {
				out[k] = prune(gv, wv)
			}
		}
		return out
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return got
		}
		out := make([]any, len(g))
		for i := range g {
			out[i] = prune(g[i], w[i])
		}
		return out
	}
	return got
}

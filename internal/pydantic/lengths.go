package pydantic

import "strings"

// listLengths applies Pydantic's order of a list's checks: a list longer
// than its maximum is refused as too_long alone (Pydantic stops reading at
// the item past the maximum, so its items' errors are never seen), and a
// list with errors in its items is refused for those alone (the length is
// checked after the items, on a list that never came to be).
func listLengths(items []item) []item {
	drop := make([]bool, len(items))
	for i, it := range items {
		long := it.v.Type == "too_long" && strings.HasPrefix(it.v.Message, "List ")
		short := it.v.Type == "too_short" && strings.HasPrefix(it.v.Message, "List ")
		if !long && !short {
			continue
		}
		for j, other := range items {
			if j == i || !under(other.v.Path, it.v.Path) {
				continue
			}
			if long {
				drop[j] = true
			} else {
				drop[i] = true
			}
		}
	}
	out := items[:0]
	for i, it := range items {
		if !drop[i] {
			out = append(out, it)
		}
	}
	return out
}

// under reports whether path lies inside the value at parent.
func under(path, parent string) bool {
	if parent == "" {
		return path != ""
	}
	return strings.HasPrefix(path, parent+".")
}

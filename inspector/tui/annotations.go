package tui

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// annotationText renders a content block's annotations for the result
// pane: the spec's audience, priority and lastModified first, in those
// words, then any other member as compact JSON; annotations that are not
// an object are shown as they came.
func annotationText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" || string(raw) == "{}" {
		return ""
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return "annotations: " + string(raw)
	}
	var parts []string
	for _, k := range []string{"audience", "priority", "lastModified"} {
		if v, ok := fields[k]; ok {
			parts = append(parts, k+": "+annotationValue(v))
			delete(fields, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		parts = append(parts, k+": "+annotationValue(fields[k]))
	}
	return strings.Join(parts, " · ")
}

// annotationValue shows strings unquoted, lists of strings comma-separated
// and anything else as compact JSON.
func annotationValue(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var list []string
	if json.Unmarshal(v, &list) == nil {
		return strings.Join(list, ", ")
	}
	var f float64
	if json.Unmarshal(v, &f) == nil {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return string(v)
	}
	return b.String()
}

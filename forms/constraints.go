package forms

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// constraintText renders a shape's type and constraints on one line, e.g.
// "integer · 1–50 · default 10".
func constraintText(sh *shape) string {
	parts := []string{kindWord(sh)}
	if b := sh.body; b != nil {
		parts = append(parts, numberBounds(b)...)
		parts = append(parts, stringBounds(b)...)
		if sh.format != "" {
			parts = append(parts, "format "+sh.format)
		}
		parts = append(parts, countBounds(b.MinItems, b.MaxItems, "items")...)
		if b.UniqueItems {
			parts = append(parts, "unique")
		}
	}
	if sh.nullable {
		parts = append(parts, "nullable")
	}
	if sh.def != nil && *sh.def != nil {
		parts = append(parts, "default "+compactJSON(*sh.def))
	}
	return strings.Join(parts, " · ")
}

func kindWord(sh *shape) string {
	switch sh.kind {
	case kindText:
		return "text"
	case kindEnum:
		return "one of " + sh.enumList()
	case kindMulti:
		return "any of " + sh.enumList()
	case kindList:
		return "list"
	case kindUnion:
		return "one of " + fmt.Sprint(len(sh.branches)) + " variants"
	case kindJSON:
		return "JSON"
	}
	return sh.kind.String()
}

func (sh *shape) enumList() string {
	s := make([]string, len(sh.enum))
	for i := range sh.enum {
		s[i] = sh.optionText(i)
	}
	return strings.Join(s, ", ")
}

func numberBounds(b *jsonschema.Schema) []string {
	var out []string
	lo, hi := b.Minimum, b.Maximum
	switch {
	case lo != nil && hi != nil:
		out = append(out, ratString(lo)+"–"+ratString(hi))
	case lo != nil:
		out = append(out, "≥ "+ratString(lo))
	case hi != nil:
		out = append(out, "≤ "+ratString(hi))
	}
	if b.ExclusiveMinimum != nil {
		out = append(out, "> "+ratString(b.ExclusiveMinimum))
	}
	if b.ExclusiveMaximum != nil {
		out = append(out, "< "+ratString(b.ExclusiveMaximum))
	}
	if b.MultipleOf != nil {
		out = append(out, "multiple of "+ratString(b.MultipleOf))
	}
	return out
}

func stringBounds(b *jsonschema.Schema) []string {
	out := countBounds(b.MinLength, b.MaxLength, "chars")
	if b.Pattern != nil {
		out = append(out, "pattern "+b.Pattern.String())
	}
	return out
}

func countBounds(lo, hi *int, unit string) []string {
	switch {
	case lo != nil && hi != nil:
		return []string{fmt.Sprintf("%d–%d %s", *lo, *hi, unit)}
	case lo != nil:
		return []string{fmt.Sprintf("≥ %d %s", *lo, unit)}
	case hi != nil:
		return []string{fmt.Sprintf("≤ %d %s", *hi, unit)}
	}
	return nil
}

// ratString prints a rational as an integer or a short decimal.
func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	s := strings.TrimRight(r.FloatString(12), "0")
	return strings.TrimSuffix(s, ".")
}

// compactJSON renders a decoded JSON value compactly.
func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// optionLabel shows an enum value: strings bare, everything else as JSON.
func optionLabel(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	if v == nil {
		return "none"
	}
	return compactJSON(v)
}

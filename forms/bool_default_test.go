package forms

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// A boolean with a default cycles between yes and no only (leaving it out
// would mean the default anyway); without a default, optional booleans
// keep "(not set)".
func TestBoolWithDefaultCyclesYesNo(t *testing.T) {
	tests := []struct {
		name, schema string
		want         []string // the choice shown, then after each →
	}{
		{"default false", `{"properties":{"b":{"type":"boolean","default":false}}}`, []string{"no", "yes", "no"}},
		{"default true", `{"properties":{"b":{"type":"boolean","default":true}}}`, []string{"yes", "no", "yes"}},
		{"no default", `{"properties":{"b":{"type":"boolean"}}}`, []string{"(not set)", "yes", "no", "(not set)"}},
		{"required, no default", `{"properties":{"b":{"type":"boolean"}},"required":["b"]}`, []string{"(choose)", "yes", "no", "(choose)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustNew(t, tt.schema, nil)
			var got []string
			for range tt.want {
				got = append(got, shownChoice(plainView(f)))
				press(f, "right")
			}
			if !slices.Equal(tt.want, got) {
				t.Errorf("choices (-want +got):\n-%q\n+%q", tt.want, got)
			}
		})
	}
}

// Loading earlier arguments without the boolean leaves it on its default.
func TestBoolWithDefaultPrefillWithoutIt(t *testing.T) {
	f := mustNew(t, `{"properties":{"b":{"type":"boolean","default":true},"s":{"type":"string"}}}`,
		&Options{Prefill: json.RawMessage(`{"s":"x"}`)})
	if got := shownChoice(plainView(f)); got != "yes" {
		t.Errorf("choice %q, want yes (the default)", got)
	}
}

// shownChoice is the select's current choice in a plain view: "← no →".
func shownChoice(view string) string {
	for _, l := range strings.Split(view, "\n") {
		if _, rest, ok := strings.Cut(l, "← "); ok {
			return strings.TrimSuffix(rest, " →")
		}
	}
	return ""
}

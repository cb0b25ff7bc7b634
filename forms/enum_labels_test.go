package forms

import (
	"strings"
	"testing"
)

// Each way a schema gives an enum's options labels shows the labels and
// sends the values: the legacy enumNames (single and multi select), a
// oneOf or anyOf of titled constants (single), and items.anyOf or
// items.oneOf of them (multi). enumNames that do not name every value
// are ignored (the values are shown), as is an enum without them.
func TestEnumOptionLabels(t *testing.T) {
	for _, tc := range []struct {
		name, prop string
		keys       []string // to choose the second option and send
		shown      []string
		hidden     []string // not on the form
		want       string
	}{
		{"enumNames", `{"type":"string","enum":["pet-1","pet-2"],"enumNames":["Cats","Dogs"],"default":"pet-1"}`,
			[]string{"right", "ctrl+r"}, []string{"Cats (pet-1)", "Dogs (pet-2)"}, nil, `{"p":"pet-2"}`},
		{"enumNames nullable", `{"enum":["pet-1",null,"pet-2"],"enumNames":["Cats","Nothing","Dogs"]}`,
			[]string{"right", "right", "ctrl+r"}, []string{"Cats (pet-1)", "Dogs (pet-2)"}, []string{"Nothing"}, `{"p":"pet-2"}`},
		{"enumNames multi", `{"type":"array","items":{"type":"string","enum":["pet-1","pet-2"],"enumNames":["Cats","Dogs"]}}`,
			[]string{"down", "space", "ctrl+r"}, []string{"Cats (pet-1)", "Dogs (pet-2)"}, nil, `{"p":["pet-2"]}`},
		{"enumNames short", `{"type":"string","enum":["pet-1","pet-2"],"enumNames":["Cats"],"default":"pet-1"}`,
			[]string{"right", "ctrl+r"}, []string{"pet-1", "pet-2"}, []string{"Cats"}, `{"p":"pet-2"}`},
		{"oneOf titled", `{"type":"string","oneOf":[{"const":"hero-1","title":"Superman"},{"const":"hero-2","title":"Green Lantern"}],"default":"hero-1"}`,
			[]string{"right", "ctrl+r"}, []string{"Superman (hero-1)", "Green Lantern (hero-2)"}, nil, `{"p":"hero-2"}`},
		{"anyOf titled", `{"type":"string","anyOf":[{"const":"hero-1","title":"Superman"},{"const":"hero-2","title":"Green Lantern"}],"default":"hero-1"}`,
			[]string{"right", "ctrl+r"}, []string{"Superman (hero-1)", "Green Lantern (hero-2)"}, nil, `{"p":"hero-2"}`},
		{"items.anyOf titled", `{"type":"array","items":{"anyOf":[{"const":"fish-1","title":"Tuna"},{"const":"fish-2","title":"Salmon"}]}}`,
			[]string{"down", "space", "ctrl+r"}, []string{"Tuna (fish-1)", "Salmon (fish-2)"}, nil, `{"p":["fish-2"]}`},
		{"items.oneOf titled", `{"type":"array","items":{"oneOf":[{"const":"fish-1","title":"Tuna"},{"const":"fish-2","title":"Salmon"}]}}`,
			[]string{"down", "space", "ctrl+r"}, []string{"Tuna (fish-1)", "Salmon (fish-2)"}, nil, `{"p":["fish-2"]}`},
		{"plain enum", `{"type":"string","enum":["a","b"],"default":"a"}`,
			[]string{"right", "ctrl+r"}, []string{"a", "b"}, nil, `{"p":"b"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := mustNew(t, `{"type":"object","properties":{"p":`+tc.prop+`}}`, &Options{Width: 100})
			view := plainView(f)
			for _, s := range tc.shown {
				if !strings.Contains(view, s) {
					t.Errorf("the form does not show %q:\n%s", s, view)
				}
			}
			for _, s := range tc.hidden {
				if strings.Contains(view, s) {
					t.Errorf("the form shows %q:\n%s", s, view)
				}
			}
			s := submitted(t, press(f, tc.keys...))
			if got := string(s.Args); got != tc.want {
				t.Errorf("args = %s, want %s\n%s", got, tc.want, view)
			}
		})
	}
}

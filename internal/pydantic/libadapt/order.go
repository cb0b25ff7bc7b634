package libadapt

import (
	"cmp"
	"net/url"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// causes returns e's causes with the runs the library lists in a map's
// random order sorted by property name: the propertyNames failures and
// the dependentSchemas failures of one object. The same value then gets
// the same violations in the same order every time, the order
// internal/validate gives them.
func causes(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) < 2 {
		return e.Causes
	}
	parent := e.SchemaURL // whose checks the causes are
	if r, ok := e.ErrorKind.(*kind.Reference); ok {
		parent = r.URL
	}
	prefix := parent + "/dependentSchemas/"
	out := slices.Clone(e.Causes)
	for i := 0; i < len(out); {
		class, _ := mapKey(out[i], prefix)
		j := i + 1
		for j < len(out) {
			if c, _ := mapKey(out[j], prefix); c != class {
				break
			}
			j++
		}
		if class != 0 {
			slices.SortStableFunc(out[i:j], func(a, b *jsonschema.ValidationError) int {
				_, ka := mapKey(a, prefix)
				_, kb := mapKey(b, prefix)
				return cmp.Compare(ka, kb)
			})
		}
		i = j
	}
	return out
}

// mapKey classifies a cause: 1 and the property name for a propertyNames
// failure, 2 and the dependentSchemas name for a failure of one of the
// parent's dependent schemas, 0 for anything else.
func mapKey(e *jsonschema.ValidationError, prefix string) (int, string) {
	if p, ok := e.ErrorKind.(*kind.PropertyNames); ok {
		return 1, p.Property
	}
	rest, ok := strings.CutPrefix(e.SchemaURL, prefix)
	if !ok {
		return 0, ""
	}
	tok, _, _ := strings.Cut(rest, "/")
	if u, err := url.PathUnescape(tok); err == nil {
		tok = u
	}
	return 2, strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}

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
// internal/validate gives them. The library may fold the schemas between
// e's and the one holding dependentSchemas into e (an items schema's
// dependent schemas are causes of the array's error), so a run is the
// failures of one holder, wherever it sits below e's schema.
func causes(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) < 2 {
		return e.Causes
	}
	parent := e.SchemaURL // whose checks the causes are
	if r, ok := e.ErrorKind.(*kind.Reference); ok {
		parent = r.URL
	}
	out := slices.Clone(e.Causes)
	for i := 0; i < len(out); {
		first := mapKey(out[i], parent)
		j := i + 1
		for j < len(out) {
			if k := mapKey(out[j], parent); k.class != first.class || k.holder != first.holder {
				break
			}
			j++
		}
		if first.class != 0 {
			slices.SortStableFunc(out[i:j], func(a, b *jsonschema.ValidationError) int {
				return cmp.Compare(mapKey(a, parent).name, mapKey(b, parent).name)
			})
		}
		i = j
	}
	return out
}

// causeKey classifies a cause: class 1 and the property name for a
// propertyNames failure; class 2, the holder's schema URL and the
// dependentSchemas name for a failure of one of a dependent schema; class
// 0 for anything else.
type causeKey struct {
	class  int
	holder string
	name   string
}

// mapKey is e's causeKey below the parent schema.
func mapKey(e *jsonschema.ValidationError, parent string) causeKey {
	if p, ok := e.ErrorKind.(*kind.PropertyNames); ok {
		return causeKey{class: 1, name: p.Property}
	}
	below, ok := strings.CutPrefix(e.SchemaURL, parent)
	if !ok {
		return causeKey{}
	}
	at := strings.Index(below, "/dependentSchemas/")
	if at < 0 {
		return causeKey{}
	}
	tok, _, _ := strings.Cut(below[at+len("/dependentSchemas/"):], "/")
	if u, err := url.PathUnescape(tok); err == nil {
		tok = u
	}
	name := strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
	return causeKey{class: 2, holder: parent + below[:at], name: name}
}

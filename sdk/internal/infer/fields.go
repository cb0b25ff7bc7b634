package infer

import (
	"reflect"
	"strings"
)

// encodedNames is the set of JSON member names encoding/json reads and
// writes for struct type t, by its rules for embedded structs: of the
// fields that give one name, those at the shallowest depth win; if
// several remain, the one with a JSON tag, and if that is not one field,
// none (two embedded structs each with a Name at the same depth: no
// "name" at all). The reflector publishes every one of them.
func encodedNames(t reflect.Type) map[string]bool {
	cands := jsonCandidates(t)
	names := make(map[string]bool, len(cands))
	for name, c := range cands {
		if len(c.fields) == 1 {
			names[name] = true
		}
	}
	return names
}

// jsonCandidate is what gives one JSON name in a struct: the fields at the
// shallowest depth that give it, tagged ones if any (Go names: Type.Field).
type jsonCandidate struct {
	depth  int
	tagged bool
	fields []string
}

// jsonCandidates is, for each JSON name of struct type t, its candidate
// fields by encoding/json's rules; more than one is a conflict.
func jsonCandidates(t reflect.Type) map[string]*jsonCandidate {
	best := map[string]*jsonCandidate{}
	if !hasEmbedded(t) { // the fast path: no depths to compare
		for i := range t.NumField() {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if !sf.IsExported() || tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			tagged := name != ""
			if !tagged {
				name = sf.Name
			}
			best[name] = pick(best[name], 0, tagged, t.String()+"."+sf.Name)
		}
		return best
	}
	level := []reflect.Type{t}
	visited := map[reflect.Type]bool{}
	for depth := 0; len(level) > 0; depth++ {
		var next []reflect.Type
		for _, st := range level {
			if visited[st] {
				continue
			}
			visited[st] = true
			for i := range st.NumField() {
				sf := st.Field(i)
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				tagName := strings.Split(tag, ",")[0]
				ft := Deref(sf.Type)
				if sf.Anonymous && tagName == "" && ft.Kind() == reflect.Struct {
					next = append(next, ft)
					continue
				}
				if !sf.IsExported() {
					continue
				}
				name := tagName
				if name == "" {
					name = sf.Name
				}
				best[name] = pick(best[name], depth, tagName != "", st.String()+"."+sf.Name)
			}
		}
		level = next
	}
	return best
}

// pick adds field (at depth, tagged or not) to the candidate c of its name.
func pick(c *jsonCandidate, depth int, tagged bool, field string) *jsonCandidate {
	switch {
	case c == nil || depth < c.depth || depth == c.depth && tagged && !c.tagged:
		return &jsonCandidate{depth: depth, tagged: tagged, fields: []string{field}}
	case depth == c.depth && tagged == c.tagged:
		c.fields = append(c.fields, field)
	}
	return c
}

// hasEmbedded reports whether struct type t embeds a struct, the only way
// its JSON names can differ from its fields' (checked first: encodedNames
// costs allocations every registration would pay).
func hasEmbedded(t reflect.Type) bool {
	for i := range t.NumField() {
		if t.Field(i).Anonymous {
			return true
		}
	}
	return false
}

package sdk

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
	type candidate struct {
		depth  int
		tagged bool
		count  int // fields at this depth and taggedness
	}
	best := map[string]candidate{}
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
				ft := derefType(sf.Type)
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
				c, seen := best[name]
				tagged := tagName != ""
				switch {
				case !seen || depth < c.depth:
					best[name] = candidate{depth, tagged, 1}
				case depth == c.depth && tagged == c.tagged:
					c.count++
					best[name] = c
				case depth == c.depth && tagged:
					best[name] = candidate{depth, true, 1}
				}
			}
		}
		level = next
	}
	names := make(map[string]bool, len(best))
	for name, c := range best {
		if c.count == 1 {
			names[name] = true
		}
	}
	return names
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

package infer

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// defNames gives every named type reachable from a tool's argument or
// result type the name of its $defs entry. A type's name is its Go name
// (Item), unless another reachable type has the same one: then every type
// of the clash but the one declared in the root type's own package is
// qualified by its package (a.Item → AItem), by more of the import path if
// that is not enough (x/a.Item → XAItem), and at worst by all of it. The
// names depend only on the set of types, not on the order of the fields.
type defNames struct {
	name      map[reflect.Type]string
	types     map[string]reflect.Type // inverse of name
	recursive bool                    // the root type is reachable from its own fields
	suspect   bool                    // some type met has no JSON form (maybe where JSON never looks)
}

func newDefNames(root reflect.Type) *defNames {
	root = Deref(root)
	var types []reflect.Type
	seen := map[reflect.Type]bool{}
	walkInside(root, seen, &types)
	recursive := seen[root] // marked only when met below itself
	if !recursive && root.Name() != "" && root.PkgPath() != "" {
		types = append(types, root)
	}
	n := &defNames{name: assignNames(types, root.PkgPath()), types: map[string]reflect.Type{}, recursive: recursive}
	for t := range seen {
		n.suspect = n.suspect || !jsonable(t) || jsonOnly(t)
	}
	for t, name := range n.name {
		n.types[name] = t
	}
	return n
}

// of is the reflector's Namer: "" leaves a type it does not know (one
// substituted by a JSONSchemaAlias method) to the reflector's default.
func (n *defNames) of(t reflect.Type) string { return n.name[t] }

// WalkNamed appends every named type reachable from t through pointers,
// elements and exported fields, each once.
func WalkNamed(t reflect.Type, seen map[reflect.Type]bool, out *[]reflect.Type) {
	t = Deref(t)
	if seen[t] {
		return
	}
	seen[t] = true
	if t.Name() != "" && t.PkgPath() != "" {
		*out = append(*out, t)
	}
	walkInside(t, seen, out)
}

// walkInside is WalkNamed for what t holds, leaving t itself unmarked
// (nothing, for a type with a JSON form of its own).
func walkInside(t reflect.Type, seen map[reflect.Type]bool, out *[]reflect.Type) {
	if HasOwnForm(t) {
		return
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		WalkNamed(t.Elem(), seen, out)
	case reflect.Struct:
		for _, sf := range reflect.VisibleFields(t) {
			if sf.IsExported() || sf.Anonymous {
				WalkNamed(sf.Type, seen, out)
			}
		}
	}
}

// assignNames resolves clashes by raising the qualification level of the
// clashing types until every name is unique.
func assignNames(types []reflect.Type, rootPkg string) map[reflect.Type]string {
	level := map[reflect.Type]int{}
	for {
		groups := map[string][]reflect.Type{}
		for _, t := range types {
			name := qualifiedName(t, level[t])
			groups[name] = append(groups[name], t)
		}
		clash := false
		for _, group := range groups {
			if len(group) > 1 {
				clash = true
				raise(group, rootPkg, level)
			}
		}
		if !clash {
			names := make(map[reflect.Type]string, len(groups))
			for name, group := range groups {
				names[group[0]] = name
			}
			return names
		}
	}
}

// raise qualifies every type of a clashing group one level more, except one
// type of the root package still at its bare name, which keeps it. Types
// already fully qualified (unique by construction) stay as they are.
func raise(group []reflect.Type, rootPkg string, level map[reflect.Type]int) {
	var keep reflect.Type
	for _, t := range group {
		if t.PkgPath() == rootPkg && level[t] == 0 {
			if keep != nil {
				keep = nil // two of them: neither is preferred
				break
			}
			keep = t
		}
	}
	raised := false
	for _, t := range group {
		if t != keep && level[t] < maxLevel(t) {
			level[t]++
			raised = true
		}
	}
	switch {
	case raised:
	case keep != nil:
		level[keep]++
	default:
		// Only local types declared in different functions share an import
		// path and a name: number them in the order they were reached.
		for i, t := range group[1:] {
			level[t] += i + 1
		}
	}
}

// maxLevel is the level at which t's name is its whole import path and Go
// name, unique among all types.
func maxLevel(t reflect.Type) int { return len(strings.Split(t.PkgPath(), "/")) + 1 }

// qualifiedName is t's $defs name at a qualification level: 0 the bare
// name, 1 … n prefixed by the last n elements of the import path, and
// maxLevel the whole path (numbered beyond it).
func qualifiedName(t reflect.Type, level int) string {
	base := bareName(t)
	if level == 0 {
		return base
	}
	elems := strings.Split(t.PkgPath(), "/")
	if max := maxLevel(t); level >= max {
		name := camel(elems...) + "_" + identRE().ReplaceAllString(t.Name(), "_")
		if level > max {
			name += strconv.Itoa(level - max + 1)
		}
		return name
	}
	return camel(elems[len(elems)-level:]...) + base
}

// Compiled on first use: only generic types need them.
var (
	qualifierRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[\w./-]*/`) }) // "github.com/x/" in a type argument
	identRE     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\W`) })
)

// bareName is t's Go name with type arguments named by package and name,
// spelled as Pydantic spells generic models: Box[github.com/x/a.Item] →
// Box_a_Item_.
func bareName(t reflect.Type) string {
	name := t.Name()
	if !strings.Contains(name, "[") {
		return name
	}
	return identRE().ReplaceAllString(qualifierRE().ReplaceAllString(name, ""), "_")
}

// camel joins import path elements as one identifier: "my-pkg", "v2" →
// MyPkgV2.
func camel(elems ...string) string {
	var b strings.Builder
	for _, e := range elems {
		for _, word := range strings.FieldsFunc(e, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			r := []rune(word)
			b.WriteString(strings.ToUpper(string(r[0])) + string(r[1:]))
		}
	}
	return b.String()
}

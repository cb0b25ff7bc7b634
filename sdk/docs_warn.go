package sdk

import (
	"fmt"
	"io"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/mcpdev/mcpdev/internal/validate"
	"github.com/mcpdev/mcpdev/sdk/internal/infer"
)

// A tool whose doc comments cannot be read loses more than its
// description: its arguments' descriptions and, silently, the enums of named
// types, so that any value is accepted. docsWarning says which of these a
// tool lost and what to run, or, when the source is at hand and simply has
// no comment, where to add one.

// lostDocs is what a tool lacks because the docs of some packages are
// neither on disk nor in a registered table.
type lostDocs struct {
	pkgs        []string // packages without docs
	description bool     // the tool's own description
	structs     []string // types whose field descriptions are lost
	enums       []string // named types whose values are lost
}

// lost reports what tool ref with argument and result types in and out
// lacks; hasDesc is true when ToolOptions.Description is set.
func (d *docIndex) lost(ref funcRef, hasDesc bool, in, out reflect.Type) lostDocs {
	defer startPhase("docs").end()
	var l lostDocs
	missing := map[string]bool{}
	check := func(pkg string) bool {
		if _, ok := missing[pkg]; !ok {
			missing[pkg] = isUserPackage(pkg) && d.pkg(pkg) == nil
			if missing[pkg] {
				l.pkgs = append(l.pkgs, pkg)
			}
		}
		return missing[pkg]
	}
	if !hasDesc && !ref.closure && check(ref.pkg) {
		l.description = true
	}
	var types []reflect.Type
	seen := map[reflect.Type]bool{}
	infer.WalkNamed(in, seen, &types)
	infer.WalkNamed(out, seen, &types)
	for _, t := range types {
		switch {
		case !check(t.PkgPath()):
		case t.Kind() == reflect.Struct:
			l.structs = append(l.structs, t.String())
		case validate.ScalarKind(t.Kind()) && !declaresOwnSchema(t):
			l.enums = append(l.enums, t.String())
		}
	}
	return l
}

func (l lostDocs) any() bool { return l.description || len(l.structs) > 0 || len(l.enums) > 0 }

// isUserPackage tells the packages whose docs a tool may need from the
// standard library's: "main", or a path under a module of the build.
func isUserPackage(pkg string) bool {
	if pkg == "" {
		return false
	}
	if first, _, _ := strings.Cut(pkg, "/"); strings.Contains(first, ".") || pkg == "main" || strings.HasSuffix(pkg, "_test") {
		return true
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, m := range append([]*debug.Module{&bi.Main}, bi.Deps...) {
		if m.Path != "" && (pkg == m.Path || strings.HasPrefix(pkg, m.Path+"/")) {
			return true
		}
	}
	return false
}

// warnedPkgs are the packages whose lost docs were already explained.
var (
	warnedMu   sync.Mutex
	warnedPkgs = map[string]bool{}
)

// warnDocs writes to w what tool name lost, or that it has no description.
func (d *docIndex) warnDocs(w io.Writer, name string, ref funcRef, info ToolInfo, l lostDocs) {
	if l.any() {
		if pkgs := newlyLost(l.pkgs); len(pkgs) > 0 {
			fmt.Fprintf(w, "sdk: warning: %s\n", l.explain(pkgs, ref))
		}
		fmt.Fprintf(w, "sdk: warning: tool %s lost %s\n", name, l.message(ref))
		return
	}
	if info.Description != "" {
		return
	}
	if ref.closure {
		fmt.Fprintf(w, "sdk: warning: tool %s has no description; set ToolOptions.Description (a function literal has no doc comment)\n", name)
		return
	}
	fmt.Fprintf(w, "sdk: warning: tool %s has no description; add a doc comment to %s or set ToolOptions.Description\n", name, ref)
}

// newlyLost returns the packages of pkgs not explained before.
func newlyLost(pkgs []string) []string {
	warnedMu.Lock()
	defer warnedMu.Unlock()
	var out []string
	for _, p := range pkgs {
		if !warnedPkgs[p] {
			warnedPkgs[p] = true
			out = append(out, p)
		}
	}
	return out
}

// explain says which packages' docs are missing, why, and what to run.
func (l lostDocs) explain(pkgs []string, ref funcRef) string {
	where := ref.pkg
	if where == "" {
		where = pkgs[0]
	}
	return fmt.Sprintf("the doc comments of %s %s are not in this binary: the source is not on disk (as after -trimpath or a move) and no mcpdocs table has them. "+
		"To keep them, add the line\n\t//go:generate go run github.com/mcpdev/mcpdev/cmd/mcpdocs\n"+
		"to package %s and run `go generate` there (the table it writes also covers the packages of the module whose types its tools use)",
		plural(len(pkgs), "package", "packages"), list(pkgs), where)
}

// message says what a tool lost.
func (l lostDocs) message(ref funcRef) string {
	var parts []string
	if l.description {
		parts = append(parts, "its description (the doc comment of "+ref.String()+")")
	}
	if len(l.structs) > 0 {
		parts = append(parts, "the field descriptions of "+list(l.structs))
	}
	if len(l.enums) > 0 {
		_, short, _ := strings.Cut(l.enums[0], ".")
		parts = append(parts, "the constants declared for "+list(l.enums)+", so any value is accepted "+
			"(to declare a type's values without the source, give it a method, e.g. func ("+short+") Enum() []any: see sdk.Enumer)")
	}
	return strings.Join(parts, "; ")
}

func list(items []string) string {
	items = slices.Compact(slices.Sorted(slices.Values(items)))
	switch len(items) {
	case 1:
		return items[0]
	case 2:
		return items[0] + " and " + items[1]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

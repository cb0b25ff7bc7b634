package tui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"charm.land/bubbles/v2/key"
)

// The root (Model) handles only the global bindings: every binding a
// method of Model matches — itself, or through a helper that matches for
// it (scrollAmount, KeyMap.tabOf, …) — is one KeyMap.sync enables with no
// pane at all, in some state. A binding only a pane enables (ShowRoots,
// Filter, the scroll keys, …), or a modal pane's own (Roots.Add, Form.*),
// is that pane's to handle: the root gives it the key (paneKey).
func TestRootHandlesOnlyGlobalKeys(t *testing.T) {
	root := rootMatchedKeys(t)
	global := rootEnabledKeys()
	owned := paneEnabledKeys(t)

	// the scan and the states are not empty-handed
	for _, name := range []string{"ForceQuit", "Quit", "NextPane", "Tab1", "ShowResources", "Dismiss", "AuthView"} {
		if !root[name] {
			t.Errorf("the root's key handling does not match %s: the scan misses it", name)
		}
	}
	for _, name := range []string{"Filter", "ShowRoots", "Save", "PrevTab", "CancelCall", "Up", "RunAsTask", "TakeCompletion", "AcceptSearch"} {
		if !owned[name] || global[name] {
			t.Errorf("%s: enabled by a pane %v, by the root %v; want a pane's only", name, owned[name], global[name])
		}
	}
	for name := range root {
		if !global[name] {
			t.Errorf("the root matches %s, a binding the root never enables: the pane that enables it should handle it", name)
		}
	}
}

// rootMatchedKeys names the KeyMap bindings (field paths: "Quit",
// "Roots.Add") that methods of *Model match, directly with key.Matches or
// by calling a function or KeyMap method that does. A pane's HandleKey
// called from the root is not followed: that is the pane's handling.
func rootMatchedKeys(t *testing.T) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	files, _ := filepath.Glob("*.go")
	funcs := map[string]*ast.FuncDecl{} // free functions and KeyMap methods, by name
	var model []*ast.FuncDecl
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			switch recvType(fd) {
			case "Model":
				model = append(model, fd)
			case "KeyMap":
				funcs["KeyMap."+fd.Name.Name] = fd
			case "":
				funcs[fd.Name.Name] = fd
			}
		}
	}
	out := map[string]bool{}
	seen := map[*ast.FuncDecl]bool{}
	visit := func(fd *ast.FuncDecl) {
		if seen[fd] {
			return
		}
		seen[fd] = true
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				if x, ok := fn.X.(*ast.Ident); ok && x.Name == "key" && fn.Sel.Name == "Matches" && len(call.Args) == 2 {
					out[bindingName(t, fset, call.Args[1], fd)] = true
					return true
				}
				if isKeyMapExpr(fn.X, fd) {
					if callee := funcs["KeyMap."+fn.Sel.Name]; callee != nil && matches(callee) {
						visitKeyMapFunc(t, fset, callee, funcs, out)
					}
				}
			case *ast.Ident:
				if callee := funcs[fn.Name]; callee != nil && matches(callee) && passesKeyMap(call, fd) {
					visitKeyMapFunc(t, fset, callee, funcs, out)
				}
			}
			return true
		})
	}
	for _, fd := range model {
		visit(fd)
	}
	for name := range out {
		if strings.HasPrefix(name, "func ") {
			delete(out, name) // the helpers visited
		}
	}
	return out
}

// visitKeyMapFunc adds the bindings a helper (a KeyMap method, or a
// function given the KeyMap) reads: every field of its KeyMap it names,
// and those of the KeyMap methods it calls.
func visitKeyMapFunc(t *testing.T, fset *token.FileSet, fd *ast.FuncDecl, funcs map[string]*ast.FuncDecl, out map[string]bool) {
	if out["func "+fd.Name.Name] {
		return
	}
	out["func "+fd.Name.Name] = true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || !isKeyMapExpr(sel.X, fd) {
			return true
		}
		if callee := funcs["KeyMap."+sel.Sel.Name]; callee != nil {
			visitKeyMapFunc(t, fset, callee, funcs, out)
			return false
		}
		out[bindingName(t, fset, sel, fd)] = true
		return false
	})
}

// matches: fd calls key.Matches.
func matches(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "key" && sel.Sel.Name == "Matches" {
				found = true
			}
		}
		return !found
	})
	return found
}

// passesKeyMap: the call gives the function the inspector's KeyMap.
func passesKeyMap(call *ast.CallExpr, in *ast.FuncDecl) bool {
	for _, a := range call.Args {
		if u, ok := a.(*ast.UnaryExpr); ok {
			a = u.X
		}
		if isKeyMapExpr(a, in) {
			return true
		}
	}
	return false
}

// isKeyMapExpr: e is the KeyMap in fd: m.keys, a KeyMap receiver or
// parameter, or a local set to &m.keys.
func isKeyMapExpr(e ast.Expr, fd *ast.FuncDecl) bool {
	if _, ok := e.(*ast.SelectorExpr); ok {
		return isModelKeys(e, fd)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	return slices.Contains(keyMapNames(fd), id.Name)
}

// isModelKeys: e is m.keys in a method of Model.
func isModelKeys(e ast.Expr, fd *ast.FuncDecl) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == "m" && sel.Sel.Name == "keys" && recvType(fd) == "Model"
}

// keyMapNames are the names that hold the KeyMap in fd: its KeyMap
// receiver and parameters, and locals assigned &m.keys.
func keyMapNames(fd *ast.FuncDecl) []string {
	var names []string
	fields := fd.Type.Params.List
	if fd.Recv != nil {
		fields = append(slices.Clone(fields), fd.Recv.List...)
	}
	for _, f := range fields {
		if typeName(f.Type) == "KeyMap" {
			for _, n := range f.Names {
				names = append(names, n.Name)
			}
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		if u, ok := as.Rhs[0].(*ast.UnaryExpr); ok && isModelKeys(u.X, fd) {
			if id, ok := as.Lhs[0].(*ast.Ident); ok {
				names = append(names, id.Name)
			}
		}
		return true
	})
	return names
}

// bindingName is the KeyMap field path e names ("Quit", "Roots.Add").
func bindingName(t *testing.T, fset *token.FileSet, e ast.Expr, fd *ast.FuncDecl) string {
	t.Helper()
	var path []string
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			t.Fatalf("%s: %s matches a binding this test cannot name; match a KeyMap field", fset.Position(e.Pos()), fd.Name.Name)
		}
		path = append([]string{sel.Sel.Name}, path...)
		if isKeyMapExpr(sel.X, fd) {
			break
		}
		e = sel.X
	}
	if _, ok := reflect.TypeOf(KeyMap{}).FieldByName(path[0]); !ok {
		t.Fatalf("%s: %s is not a KeyMap field", fset.Position(e.Pos()), path[0])
	}
	return strings.Join(path, ".")
}

func recvType(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	return typeName(fd.Recv.List[0].Type)
}

func typeName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// keyStates are states to sync in: every focus, tab and section, each
// with the flags all off, all on, and each one alone on and alone off.
func keyStates() []keyState {
	flags := reflect.TypeOf(keyState{})
	var bools []int
	for i := range flags.NumField() {
		if flags.Field(i).Type.Kind() == reflect.Bool {
			bools = append(bools, i)
		}
	}
	var sets [][]bool
	for _, all := range []bool{false, true} {
		set := make([]bool, len(bools))
		for i := range set {
			set[i] = all
		}
		sets = append(sets, set)
		for i := range bools {
			one := slices.Clone(set)
			one[i] = !all
			sets = append(sets, one)
		}
	}
	var out []keyState
	for f := focusTools; f <= focusRoots; f++ {
		for tb := tabResult; tb < numTabs; tb++ {
			for sec := sectionTools; sec <= sectionPrompts; sec++ {
				for _, set := range sets {
					s := keyState{focus: f, tab: tb, section: sec}
					v := reflect.ValueOf(&s).Elem()
					for i, fi := range bools {
						f := v.Field(fi) // unexported: set through its address
						reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().SetBool(set[i])
					}
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// rootEnabledKeys names the bindings KeyMap.sync enables with no pane,
// in any state.
func rootEnabledKeys() map[string]bool {
	out := map[string]bool{}
	km := DefaultKeyMap()
	for _, s := range keyStates() {
		if s.typing {
			continue // a text input's pane has the keys then
		}
		km.sync(s, nil)
		for name, b := range keyMapBindings(&km) {
			if b.Enabled() {
				out[name] = true
			}
		}
	}
	return out
}

// paneEnabledKeys names the bindings some pane's bindKeys enables in some
// state, and the modal panes' own key maps (always enabled, read only
// while the modal pane has the keys).
func paneEnabledKeys(t *testing.T) map[string]bool {
	m, _ := newTestModel(t, 100, 30)
	binders := []binder{&m.tools, &m.sections.res, &m.doctor, &m.form, &m.sections.args, &m.ask, &m.roots.pane}
	for _, body := range []pane{&m.result, &m.logs, &m.traffic, &m.history} {
		binders = append(binders, &outputPane{body: body})
	}
	out := map[string]bool{}
	km := DefaultKeyMap()
	for _, typing := range []bool{false, true} {
		m.tools.filtering, m.traffic.searching = typing, typing
		for _, s := range keyStates() {
			for _, p := range binders {
				for _, b := range km.all() {
					b.SetEnabled(false)
				}
				p.bindKeys(&km, s)
				for name, b := range keyMapBindings(&km) {
					if b.Enabled() && !strings.Contains(name, ".") {
						out[name] = true
					}
				}
			}
		}
	}
	m.tools.filtering, m.traffic.searching = false, false
	for name := range keyMapBindings(&km) {
		if strings.Contains(name, ".") {
			out[name] = true
		}
	}
	return out
}

// keyMapBindings are km's bindings by field path, the sub-maps' too
// ("Roots.Add", "Form.Cancel").
func keyMapBindings(km *KeyMap) map[string]*key.Binding {
	out := map[string]*key.Binding{}
	var walk func(v reflect.Value, prefix string)
	walk = func(v reflect.Value, prefix string) {
		for i := range v.NumField() {
			f, name := v.Field(i), prefix+v.Type().Field(i).Name
			switch {
			case f.Type() == reflect.TypeOf(key.Binding{}):
				out[name] = f.Addr().Interface().(*key.Binding)
			case f.Kind() == reflect.Struct:
				walk(f, name+".")
			}
		}
	}
	walk(reflect.ValueOf(km).Elem(), "")
	return out
}

package devloop

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/args"
	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/sdk"
)

// ToolsDiff is what changed between two tool lists (before and after a
// restart).
type ToolsDiff struct {
	Added   []sdk.ToolInfo
	Removed []sdk.ToolInfo
	Changed []ToolChange
	// Lint are the lint findings (the spec's rules, as mcpdev lint
	// reports them) of the new list that the old one did not have.
	Lint []lint.Finding
	// Tokens is the change in what the list's definitions cost a model.
	Tokens TokenChange
}

// ToolChange lists what changed in one tool.
type ToolChange struct {
	Name    string
	Changes []FieldChange
}

// FieldChange is one difference in a tool: What names the part
// ("title", "description", "annotations.readOnlyHint", "outputSchema",
// "argument limit"), Old and New render the values ("" when absent).
type FieldChange struct {
	What     string
	Old, New string
}

func (c FieldChange) String() string {
	switch {
	case c.Old == "":
		return fmt.Sprintf("%s: added %s", c.What, c.New)
	case c.New == "":
		return fmt.Sprintf("%s: removed (was %s)", c.What, c.Old)
	}
	return fmt.Sprintf("%s: %s → %s", c.What, c.Old, c.New)
}

// Empty reports whether the lists are the same.
func (d ToolsDiff) Empty() bool {
	return len(d.Added) == 0 && len(d.Removed) == 0 && len(d.Changed) == 0 && len(d.Lint) == 0
}

// DiffTools compares two tool lists by name, in the order of after (then
// the removed tools in the order of before), and counts their tokens.
func DiffTools(before, after []sdk.ToolInfo) ToolsDiff {
	return DiffToolsCounted(before, after, CountChange(before, after))
}

// DiffToolsCounted is DiffTools for a caller that has counted the lists'
// tokens already (the inspector counts each list once, when it arrives).
func DiffToolsCounted(before, after []sdk.ToolInfo, tok TokenChange) ToolsDiff {
	old := map[string]sdk.ToolInfo{}
	for _, t := range before {
		old[t.Name] = t
	}
	seen := map[string]bool{}
	var d ToolsDiff
	for _, t := range after {
		seen[t.Name] = true
		o, ok := old[t.Name]
		if !ok {
			d.Added = append(d.Added, t)
			continue
		}
		if ch := diffTool(o, t); len(ch) > 0 {
			d.Changed = append(d.Changed, ToolChange{Name: t.Name, Changes: ch})
		}
	}
	for _, t := range before {
		if !seen[t.Name] {
			d.Removed = append(d.Removed, t)
		}
	}
	d.Lint = newFindings(before, after)
	d.Tokens = tok
	return d
}

// newFindings lints both lists and keeps the findings of after that
// before did not have (same rule, tool, place and message).
func newFindings(before, after []sdk.ToolInfo) []lint.Finding {
	key := func(f lint.Finding) string { return f.Rule + "\x00" + f.Tool + "\x00" + f.Path + "\x00" + f.Message }
	had := map[string]bool{}
	for _, f := range lint.Tools(before, nil) {
		had[key(f)] = true
	}
	var out []lint.Finding
	for _, f := range lint.Tools(after, nil) {
		if !had[key(f)] {
			out = append(out, f)
		}
	}
	return out
}

func diffTool(a, b sdk.ToolInfo) []FieldChange {
	var out []FieldChange
	add := func(what, o, n string) {
		if o != n {
			out = append(out, FieldChange{What: what, Old: o, New: n})
		}
	}
	add("title", quoteOr(a.Title), quoteOr(b.Title))
	add("description", quoteOr(oneLine(a.Description)), quoteOr(oneLine(b.Description)))
	out = append(out, diffArgs(a.InputSchema, b.InputSchema)...)
	if !sameJSON(a.OutputSchema, b.OutputSchema) {
		pa, pb := presence(a.OutputSchema), presence(b.OutputSchema)
		if pa == pb {
			pb = "changed"
		}
		add("outputSchema", pa, pb)
	}
	oa, ob := annotationMap(a.Annotations), annotationMap(b.Annotations)
	for _, k := range []string{"title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"} {
		add("annotations."+k, oa[k], ob[k])
	}
	return out
}

// diffArgs compares the arguments of two input schemas: added and removed
// arguments, then per argument its type, required-ness, constraints and
// description.
func diffArgs(a, b json.RawMessage) []FieldChange {
	if sameJSON(a, b) {
		return nil
	}
	oa, ob := argMap(a), argMap(b)
	var out []FieldChange
	for _, arg := range args.List(b) {
		o, ok := oa[arg.Path]
		if !ok {
			out = append(out, FieldChange{What: "argument " + arg.Path, New: argSummary(arg)})
			continue
		}
		out = append(out, diffArg(o, arg)...)
	}
	for _, arg := range args.List(a) {
		if _, ok := ob[arg.Path]; !ok {
			out = append(out, FieldChange{What: "argument " + arg.Path, Old: argSummary(arg)})
		}
	}
	if len(out) == 0 {
		out = append(out, FieldChange{What: "inputSchema", Old: "(same arguments)", New: "changed"})
	}
	return out
}

func diffArg(a, b args.Arg) []FieldChange {
	var out []FieldChange
	what := "argument " + b.Path
	kind := a.Kind != b.Kind
	if kind { // the constraints begin with the kind: this line says both
		out = append(out, FieldChange{What: what + " type", Old: orNone(a.Constraints), New: orNone(b.Constraints)})
	}
	if a.Required != b.Required {
		out = append(out, FieldChange{What: what + " required", Old: fmt.Sprint(a.Required), New: fmt.Sprint(b.Required)})
	}
	if !kind && a.Constraints != b.Constraints {
		out = append(out, FieldChange{What: what + " constraints", Old: orNone(a.Constraints), New: orNone(b.Constraints)})
	}
	if a.Description != b.Description {
		out = append(out, FieldChange{What: what + " description", Old: quoteOr(a.Description), New: quoteOr(b.Description)})
	}
	return out
}

func argMap(schema json.RawMessage) map[string]args.Arg {
	m := map[string]args.Arg{}
	for _, a := range args.List(schema) {
		m[a.Path] = a
	}
	return m
}

// argSummary is the argument's constraints (its kind first), and
// ", required" when it is.
func argSummary(a args.Arg) string {
	s := cmp.Or(a.Constraints, "any")
	if a.Required {
		s += ", required"
	}
	return s
}

func annotationMap(a *sdk.ToolAnnotations) map[string]string {
	m := map[string]string{}
	if a == nil {
		return m
	}
	m["title"] = quoteOr(a.Title)
	for k, p := range map[string]*bool{"readOnlyHint": a.ReadOnlyHint, "destructiveHint": a.DestructiveHint, "idempotentHint": a.IdempotentHint, "openWorldHint": a.OpenWorldHint} {
		if p != nil {
			m[k] = fmt.Sprint(*p)
		}
	}
	return m
}

func sameJSON(a, b json.RawMessage) bool {
	if bytes.Equal(bytes.TrimSpace(a), bytes.TrimSpace(b)) {
		return true
	}
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	return args.EqualJSON(string(a), string(b))
}

func presence(raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 {
		return ""
	}
	return "declared"
}

func quoteOr(s string) string {
	if s == "" {
		return ""
	}
	return fmt.Sprintf("%q", s)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return ansi.Truncate(s, 60, "…") // by grapheme cluster: a ZWJ sequence stays whole
}

// Lines renders the diff for people: "+ name", "- name", "~ name" followed
// by indented changes.
func (d ToolsDiff) Lines() []string {
	var out []string
	for _, t := range d.Added {
		out = append(out, "+ "+t.Name+argsSuffix(t))
	}
	for _, t := range d.Removed {
		out = append(out, "- "+t.Name)
	}
	for _, c := range d.Changed {
		out = append(out, "~ "+c.Name)
		for _, f := range c.Changes {
			out = append(out, "    "+f.String())
		}
	}
	for _, f := range d.Lint {
		out = append(out, "! "+lintLine(f))
	}
	return out
}

// lintLine is a new finding: "search_books: warning param-undescribed
// /inputSchema/properties/q: the property has no description".
func lintLine(f lint.Finding) string {
	s := cmp.Or(f.Tool, "the tool list") + ": " + string(f.Severity) + " " + f.Rule
	if f.Path != "" {
		s += " " + f.Path
	}
	return s + ": " + f.Message
}

func argsSuffix(t sdk.ToolInfo) string {
	var names []string
	for _, a := range args.List(t.InputSchema) {
		if !strings.Contains(a.Path, ".") {
			names = append(names, a.Path)
		}
	}
	return "(" + strings.Join(names, ", ") + ")"
}

// Summary is one line: "tools: 1 added, 1 changed · +312 tokens" or "no
// change to the tools" (the token change follows when there is one).
func (d ToolsDiff) Summary() string {
	s := d.changes()
	if t := d.Tokens.String(); t != "" {
		s += " · " + t
	}
	return s
}

func (d ToolsDiff) changes() string {
	var parts []string
	for _, p := range []struct {
		n    int
		word string
	}{{len(d.Added), "added"}, {len(d.Removed), "removed"}, {len(d.Changed), "changed"}, {len(d.Lint), "new lint findings"}} {
		if p.n == 1 {
			p.word = strings.Replace(p.word, "findings", "finding", 1)
		}
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.word))
		}
	}
	if len(parts) == 0 {
		return "no change to the tools"
	}
	return "tools: " + strings.Join(parts, ", ")
}

// String is the summary followed by the lines.
func (d ToolsDiff) String() string {
	return strings.Join(append([]string{d.Summary()}, d.Lines()...), "\n")
}

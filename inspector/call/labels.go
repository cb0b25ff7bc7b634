package call

import "github.com/mcpdev/mcpdev/sdk"

// ToolTitle is the tool's title, or its annotations' title ("" when it has
// neither).
func ToolTitle(t sdk.ToolInfo) string {
	if t.Title != "" {
		return t.Title
	}
	if t.Annotations != nil {
		return t.Annotations.Title
	}
	return ""
}

// Hint is one label of a tool: an annotation hint the server set ("read-only",
// "destructive", "idempotent", "open-world"), or "task required" for a tool
// that runs only as a task. Set is false for a hint the server set to false.
type Hint struct {
	Name string
	Set  bool
}

// String is the hint as mcpdev writes it everywhere: "read-only", or
// "open-world=false" for a hint set to false.
func (h Hint) String() string {
	if h.Set {
		return h.Name
	}
	return h.Name + "=false"
}

// Hints are t's labels in a fixed order: "task required" first, then the
// annotation hints the server gave (true or false); hints it left out are
// not listed.
func Hints(t sdk.ToolInfo) []Hint {
	var out []Hint
	if NeedsTask(t) {
		out = append(out, Hint{Name: "task required", Set: true})
	}
	a := t.Annotations
	if a == nil {
		return out
	}
	for _, h := range []struct {
		name string
		v    *bool
	}{{"read-only", a.ReadOnlyHint}, {"destructive", a.DestructiveHint}, {"idempotent", a.IdempotentHint}, {"open-world", a.OpenWorldHint}} {
		if h.v != nil {
			out = append(out, Hint{Name: h.name, Set: *h.v})
		}
	}
	return out
}

// NeedsTask reports whether t runs only as a task (execution.taskSupport
// "required"): a plain tools/call is refused.
func NeedsTask(t sdk.ToolInfo) bool {
	return t.Execution != nil && t.Execution.TaskSupport == "required"
}

// MayTask reports whether t may run either way (execution.taskSupport
// "optional"): a plain tools/call, or as a task when the client asks.
func MayTask(t sdk.ToolInfo) bool {
	return t.Execution != nil && t.Execution.TaskSupport == "optional"
}

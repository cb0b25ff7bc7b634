package args

import (
	"fmt"
	"strings"

	"github.com/mcpdev/mcpdev/internal/columns"
	"github.com/mcpdev/mcpdev/internal/schema/check"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// Error reports arguments refused by the tool's input schema before
// sending: every problem, and the arguments the tool takes.
type Error struct {
	Tool     string
	Problems []check.Problem
	Args     []Arg
	Prompt   bool // Tool names a prompt: the arguments are checked against the ones it declares
}

func (e *Error) Error() string {
	return fmt.Sprintf("arguments refused by %s (not sent): %s", e.checker(e.Tool), strings.Join(e.ProblemStrings(), "; "))
}

// checker names what refused the arguments.
func (e *Error) checker(name string) string {
	if e.Prompt {
		return "prompt " + name
	}
	return name + "'s input schema"
}

func (e *Error) ProblemStrings() []string {
	out := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p.String()
	}
	return out
}

// Report lists every problem, then the tool's arguments, for a terminal:
// what comes from the schema goes through termtext.Line.
func (e *Error) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "arguments refused by %s (not sent):\n", e.checker(termtext.Line(e.Tool)))
	for _, p := range e.ProblemStrings() {
		fmt.Fprintf(&b, "  %s\n", termtext.Line(p))
	}
	b.WriteString(Table(e.Tool, e.Args))
	b.WriteString("send them anyway with --no-validate")
	return b.String()
}

// Table renders a tool's arguments, one per line: path, "required",
// constraints (the kind first), description; safe for a terminal (each
// cell through termtext.Line).
func Table(tool string, args []Arg) string {
	var b strings.Builder
	tool = termtext.Line(tool)
	if len(args) == 0 {
		fmt.Fprintf(&b, "%s takes no arguments\n", tool)
		return b.String()
	}
	fmt.Fprintf(&b, "arguments of %s:\n", tool)
	tw := columns.NewWriter(&b)
	for _, a := range args {
		req := ""
		if a.Required {
			req = "required"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", termtext.Line(a.Path), req, termtext.Line(a.Constraints), termtext.Line(a.Description))
	}
	tw.Flush()
	return trimLines(b.String())
}

// trimLines removes the blanks the table leaves at the ends of lines.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// SchemaError is a tool whose own schema is not a valid JSON Schema (or
// not an object schema), reported under --strict.
type SchemaError struct {
	Tool string
	Err  error
}

func (e *SchemaError) Error() string {
	return fmt.Sprintf("tool %s has an invalid schema: %v", e.Tool, e.Err)
}

func (e *SchemaError) Unwrap() error { return e.Err }

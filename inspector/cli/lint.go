package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/lint/strict"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// ErrLintFailed is wrapped by RunLint's error when the findings include
// an error, or more warnings than LintOptions.MaxWarnings.
var ErrLintFailed = errors.New("lint failed")

// LintOptions configures RunLint.
type LintOptions struct {
	Clients     []lint.Client
	JSON        bool
	MaxWarnings int  // fail on more warnings than this; negative: never
	MaxTokens   int  // fail when the tools cost a client more tokens; 0: never
	Call        bool // call each tool that has an output schema, once
	Timeout     time.Duration
	// Servers are the config entries to check together; nil checks the
	// one target Connect reaches with "".
	Servers []string
	Connect func(ctx context.Context, server string) (*target.Connection, error)
	Warn    func(string)
}

// RunLint is `mcpdev lint`: it lists the tools of each server, calls them
// with --call, and prints the findings (see internal/lint).
func RunLint(ctx context.Context, w io.Writer, o *LintOptions) error {
	opts := &lint.Options{Clients: o.Clients, Checker: strict.Checker{}}
	servers := o.Servers
	if servers == nil {
		servers = []string{""}
	}
	var all []lint.Server
	var called []lint.Finding
	for _, name := range servers {
		tools, fs, err := lintServer(ctx, name, o, opts)
		if err != nil {
			return err
		}
		all = append(all, lint.Server{Name: name, Tools: tools})
		called = append(called, fs...)
	}
	var fs []lint.Finding
	if o.Servers == nil {
		fs = lint.Tools(all[0].Tools, opts)
	} else {
		fs = lint.Config(all, opts)
	}
	fs = append(fs, called...)
	tools := allTools(all)
	lists := listCosts(tools, tokenClients(o.Clients))
	report := lintReport{Findings: fs, Tools: len(tools), Clients: o.Clients, Tokens: totals(lists)}
	report.Errors, report.Warnings = lint.Count(fs)
	if o.JSON {
		writeJSON(w, report)
	} else {
		writeLint(w, report)
	}
	return report.verdict(o.MaxWarnings, checkBudget(tools, lists, o.MaxTokens))
}

// lintReport is what --json prints.
type lintReport struct {
	Findings []lint.Finding `json:"findings"`
	Errors   int            `json:"errors"`
	Warnings int            `json:"warnings"`
	Tools    int            `json:"tools"`
	Clients  []lint.Client  `json:"clients"`
	// Tokens is what the tool definitions (of every server) cost each
	// client, OpenAI's alone without --client.
	Tokens []totalCost `json:"tokens"`
}

// verdict is ErrLintFailed when there are errors, warnings past
// maxWarnings, or a budget error (--max-tokens).
func (r lintReport) verdict(maxWarnings int, budget error) error {
	why := ""
	switch {
	case r.Errors > 0:
		why = r.counts()
	case maxWarnings >= 0 && r.Warnings > maxWarnings:
		why = fmt.Sprintf("%s (more than --max-warnings %d)", r.counts(), maxWarnings)
	}
	switch {
	case budget != nil && why != "":
		return fmt.Errorf("%w: %s; %w", ErrLintFailed, why, budget)
	case budget != nil:
		return fmt.Errorf("%w: %w", ErrLintFailed, budget)
	case why != "":
		return fmt.Errorf("%w: %s", ErrLintFailed, why)
	}
	return nil
}

func (r lintReport) counts() string {
	return fmt.Sprintf("%s, %s in %s", plural(r.Errors, "error"), plural(r.Warnings, "warning"), plural(r.Tools, "tool"))
}

// allTools is the tools of every server, in order.
func allTools(servers []lint.Server) []sdk.ToolInfo {
	var out []sdk.ToolInfo
	for _, s := range servers {
		out = append(out, s.Tools...)
	}
	return out
}

// lintServer lists one server's tools and, with --call, checks a sample
// call of each tool that declares an output schema.
func lintServer(ctx context.Context, name string, o *LintOptions, opts *lint.Options) ([]sdk.ToolInfo, []lint.Finding, error) {
	conn, err := o.Connect(ctx, name)
	if err != nil {
		return nil, nil, err
	}
	defer conn.Close()
	tools, err := call.ListTools(ctx, conn, o.Timeout)
	if err != nil || !o.Call {
		return tools, nil, err
	}
	var fs []lint.Finding
	for _, t := range tools {
		for _, f := range sampleCall(ctx, conn, t, o, opts) {
			f.Server = name
			fs = append(fs, f)
		}
	}
	return tools, fs, nil
}

// sampleCall calls t with arguments guessed from its input schema, when it
// has an output schema and is not marked destructive.
func sampleCall(ctx context.Context, conn *target.Connection, t sdk.ToolInfo, o *LintOptions, opts *lint.Options) []lint.Finding {
	if len(t.OutputSchema) == 0 {
		return nil
	}
	warn := func(why string) {
		if o.Warn != nil {
			o.Warn("lint --call: " + termtext.Clip(t.Name, 80) + ": " + why)
		}
	}
	if a := t.Annotations; a != nil && a.DestructiveHint != nil && *a.DestructiveHint {
		warn("not called: marked destructive")
		return nil
	}
	args, ok := lint.SampleArguments(t)
	if !ok {
		warn("not called: no sample value for a required argument")
		return nil
	}
	res, err := call.Tool(ctx, conn, t.Name, args, o.Timeout, nil)
	if err != nil {
		warn("call failed: " + err.Error())
		return nil
	}
	return lint.CheckResult(t, res, opts)
}

// writeLint prints the findings grouped by server and tool, then the
// counts. Every server text goes through termtext.
func writeLint(w io.Writer, r lintReport) {
	last := "\x00"
	for _, f := range r.Findings {
		if head := lintHeading(f); head != last {
			fmt.Fprintln(w, head)
			last = head
		}
		fmt.Fprintf(w, "  %-7s %s  %s\n", f.Severity, f.Rule, termtext.Line(termtext.Clip(f.Path, 120)))
		fmt.Fprintf(w, "          %s\n", termtext.Line(f.Message))
		fmt.Fprintf(w, "          fix: %s\n", f.Fix)
		if len(f.Clients) > 0 {
			fmt.Fprintf(w, "          clients: %s\n", lint.JoinClients(f.Clients))
			for _, s := range uniqueStrings(f.Sources) {
				fmt.Fprintf(w, "          source: %s\n", s)
			}
		}
	}
	fmt.Fprintln(w, r.counts()+clientsNote(r.Clients))
	fmt.Fprintln(w, tokensLine(r.Tokens))
}

// lintHeading names the finding's tool (and server): "tool search_books",
// "server a, tool x", or "the tool list".
func lintHeading(f lint.Finding) string {
	head := "the tool list"
	if f.Tool != "" || f.Path != "" {
		head = "tool " + termtext.Line(termtext.Clip(f.Tool, 80))
	}
	if f.Server != "" {
		head = "server " + termtext.Line(termtext.Clip(f.Server, 80)) + ", " + head
	}
	return head
}

func clientsNote(cs []lint.Client) string {
	if len(cs) == 0 {
		return " (spec rules only; --client all adds the clients' limits)"
	}
	return " (clients: " + lint.JoinClients(cs) + ")"
}

func uniqueStrings(ss []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

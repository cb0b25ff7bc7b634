package lint

import (
	"slices"
	"strings"
)

// Finding is one problem the rules found.
type Finding struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Server   string   `json:"server,omitempty"` // the config entry (Config only)
	Tool     string   `json:"tool,omitempty"`   // empty for a finding about the whole list
	// Path is the JSON pointer of the offending part in the tool's
	// definition: "/name", "/inputSchema/properties/genre".
	Path    string   `json:"path,omitempty"`
	Message string   `json:"message"`
	Fix     string   `json:"fix"`
	Clients []Client `json:"clients,omitempty"` // client rules: the clients that refuse it
	Sources []string `json:"sources,omitempty"` // client rules: where each client's limit is stated
}

// Count returns how many findings are errors and how many warnings.
func Count(fs []Finding) (errors, warnings int) {
	for _, f := range fs {
		if f.Severity == Error {
			errors++
		} else {
			warnings++
		}
	}
	return errors, warnings
}

// ByTool groups findings by tool name (the whole list's under "").
func ByTool(fs []Finding) map[string][]Finding {
	out := map[string][]Finding{}
	for _, f := range fs {
		out[f.Tool] = append(out[f.Tool], f)
	}
	return out
}

// IDs returns the rule IDs of fs, sorted, one per finding.
func IDs(fs []Finding) []string {
	ids := make([]string, len(fs))
	for i, f := range fs {
		ids[i] = f.Rule
	}
	slices.Sort(ids)
	return ids
}

// clientFinding is a client rule's finding for one client, merged with
// the same finding for other clients by merge.
func clientFinding(f Finding, l limit) Finding {
	f.Rule, f.Severity = l.rule, l.severity
	f.Clients = []Client{l.client}
	f.Sources = []string{l.source}
	return f
}

// merge folds findings that differ only by client into one naming every
// client, keeping the order they were first found in.
func merge(fs []Finding) []Finding {
	var out []Finding
	at := map[string]int{}
	for _, f := range fs {
		if len(f.Clients) == 0 {
			out = append(out, f)
			continue
		}
		key := strings.Join([]string{f.Rule, f.Server, f.Tool, f.Path, f.Message}, "\x00")
		i, ok := at[key]
		if !ok {
			at[key] = len(out)
			out = append(out, f)
			continue
		}
		g := &out[i]
		g.Clients = append(g.Clients, f.Clients...)
		g.Sources = append(g.Sources, f.Sources...)
		if f.Severity == Error {
			g.Severity = Error
		}
	}
	return out
}

package lint

import (
	"fmt"

	"github.com/mcpdev/mcpdev/sdk"
)

// nameFindings checks a tool's name against the spec and each client.
func nameFindings(name string, clients []Client) []Finding {
	var fs []Finding
	if !sdk.ValidToolName(name) {
		fs = append(fs, Finding{Rule: RuleNameSyntax, Severity: Error, Path: "/name",
			Message: "the name is not 1–128 characters of letters, digits, _ - and .",
			Fix:     "rename the tool to letters, digits and _ (snake_case), at most 64 characters"})
	}
	for _, l := range withClients(RuleClientName, clients) {
		if p := clientNames[l.client].problem(name); p != "" {
			fs = append(fs, clientFinding(Finding{Path: "/name", Message: p,
				Fix: "rename the tool to ^[a-zA-Z0-9_-]{1,64}$, which every client takes"}, l))
		}
	}
	return fs
}

// duplicates finds tools of one list that share a name.
func duplicates(tools []sdk.ToolInfo) []Finding {
	var fs []Finding
	seen := map[string]int{}
	for i, t := range tools {
		first, dup := seen[t.Name]
		if !dup {
			seen[t.Name] = i
			continue
		}
		fs = append(fs, Finding{Rule: RuleNameDuplicate, Severity: Error, Tool: t.Name, Path: "/name",
			Message: fmt.Sprintf("tools %d and %d of the list share this name; a client keeps one of them", first+1, i+1),
			Fix:     "give each tool its own name"})
	}
	return fs
}

// configDuplicates finds tool names served by more than one server.
func configDuplicates(servers []Server) []Finding {
	var fs []Finding
	owner := map[string]string{}
	for _, s := range servers {
		names := map[string]bool{}
		for _, t := range s.Tools {
			if names[t.Name] {
				continue // a duplicate within the server is name-duplicate
			}
			names[t.Name] = true
			first, dup := owner[t.Name]
			if !dup {
				owner[t.Name] = s.Name
				continue
			}
			fs = append(fs, Finding{Rule: RuleConfigDuplicate, Severity: Warning, Server: s.Name, Tool: t.Name, Path: "/name",
				Message: fmt.Sprintf("server %q serves a tool of this name too; several clients keep only one of them", first),
				Fix:     "prefix the tool names of one server (its domain: github_search), or rename one"})
		}
	}
	return fs
}

package lint

import (
	"encoding/json"
	"strconv"

	"github.com/mcpdev/mcpdev/sdk"
)

// Checker checks schemas as JSON Schema: the sdk's validator by default
// (SDKChecker), the full 2020-12 metaschema with internal/lint/strict.
type Checker interface {
	// CheckSchema returns an error for a schema that is not valid JSON
	// Schema; nil when it is, or when the checker cannot tell. A lint calls
	// it once per distinct schema, from several goroutines at once.
	CheckSchema(schema json.RawMessage) error
	// Validate returns an error for a value the schema refuses.
	Validate(schema, value json.RawMessage) error
}

// Options configures the checks. The zero value checks the spec's rules
// only, with SDKChecker.
type Options struct {
	// Clients adds the client rules of these clients.
	Clients []Client
	// Checker checks schemas; nil is SDKChecker.
	Checker Checker
}

func (o *Options) clients() []Client {
	if o == nil {
		return nil
	}
	return o.Clients
}

func (o *Options) checker() Checker {
	if o == nil || o.Checker == nil {
		return SDKChecker{}
	}
	return o.Checker
}

// Tools checks one server's tool list.
func Tools(tools []sdk.ToolInfo, opts *Options) []Finding {
	fs := serverFindings(tools, opts.memoized())
	fs = append(fs, countFindings(len(tools), opts)...)
	return merge(fs)
}

// Server is one server of a config and its tools.
type Server struct {
	Name  string
	Tools []sdk.ToolInfo
}

// Config checks the servers of one config together: each server's tools,
// tool names two servers share, and the number of tools a client would
// send for all of them.
func Config(servers []Server, opts *Options) []Finding {
	var fs []Finding
	total := 0
	run := opts.memoized()
	for _, s := range servers {
		for _, f := range serverFindings(s.Tools, run) {
			f.Server = s.Name
			fs = append(fs, f)
		}
		total += len(s.Tools)
	}
	fs = append(fs, configDuplicates(servers)...)
	fs = append(fs, countFindings(total, opts)...)
	return merge(fs)
}

// serverFindings is every per-tool rule, tool by tool (the tools checked
// in parallel, their findings in the list's order), then the duplicates.
func serverFindings(tools []sdk.ToolInfo, opts *Options) []Finding {
	per := make([][]Finding, len(tools))
	forEach(len(tools), func(i int) { per[i] = toolFindings(tools[i], opts) })
	var fs []Finding
	for _, tf := range per {
		fs = append(fs, tf...)
	}
	return append(fs, duplicates(tools)...)
}

// toolFindings runs the rules of one tool, in the catalogue's order.
func toolFindings(t sdk.ToolInfo, opts *Options) []Finding {
	in := decodeSchema(t.InputSchema)
	var fs []Finding
	fs = append(fs, nameFindings(t.Name, opts.clients())...)
	fs = append(fs, descriptionFindings(t)...)
	fs = append(fs, paramFindings(in)...)
	fs = append(fs, schemaFindings(t, in, opts.checker(), opts.clients())...)
	fs = append(fs, clientSchemaFindings(in, opts.clients())...)
	for i := range fs {
		fs[i].Tool = t.Name
	}
	return fs
}

// countFindings compares the number of tools with each client's limit.
func countFindings(n int, opts *Options) []Finding {
	var fs []Finding
	for _, c := range opts.clients() {
		l, ok := limitOf(RuleClientToolCount, c)
		if !ok {
			continue
		}
		max := toolLimits[c]
		if n <= max {
			continue
		}
		f := Finding{
			Message: "the list has " + strconv.Itoa(n) + " tools, more than " + strconv.Itoa(max),
			Fix:     "serve fewer tools (merge similar ones, or split the server by task)",
		}
		fs = append(fs, clientFinding(f, l))
	}
	return fs
}

// toolLimits is how many tools each client sends to its model.
var toolLimits = map[Client]int{OpenAI: 128, VSCode: 128, Cursor: 40}

// withClients returns the clients of cs that have a limit behind rule.
func withClients(rule string, cs []Client) []limit {
	var out []limit
	for _, c := range cs {
		if l, ok := limitOf(rule, c); ok {
			out = append(out, l)
		}
	}
	return out
}

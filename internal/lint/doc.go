// Package lint checks a server's tool list for what MCP clients and the
// models behind them refuse or handle badly, before a user finds out: tool
// names outside the spec's or a client's syntax, duplicate names, missing
// descriptions, schema keywords a client's schema subset rejects, too many
// tools, schemas that are not JSON Schema 2020-12, and results that do not
// match their tool's output schema.
//
// Each Finding names a stable rule ID (see Rules), a severity, the tool and
// the JSON pointer of the offending part of its definition, a one-line
// message and what to change; a client rule also names the clients and the
// public source of their limit. The package does no I/O: callers list the
// tools (and call them, for CheckResult) themselves. It links no TUI
// library and no schema compiler: the full JSON Schema 2020-12 metaschema
// check is internal/lint/strict's, which the mcpdev command plugs in
// through Options.Checker; sdk/sdktest uses the sdk's own validator.
package lint

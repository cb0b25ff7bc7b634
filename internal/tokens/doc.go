// Package tokens counts what a tool list costs a model: the tokens of each
// tool definition as a client sends it (name, description and input schema
// in the client's request format) and the list's total.
//
// Counts for OpenAI's encodings o200k_base (GPT-4o, GPT-4.1, GPT-5, the o
// series) and cl100k_base (GPT-4, GPT-3.5) are exact: the vocabularies are
// compiled in (github.com/tiktoken-go/tokenizer), so counting is offline,
// and testdata/reference.json pins them to two independent implementations.
// Other clients' models have no public tokenizer: their costs are estimates,
// marked Exact false and shown as ≈ (docs/cli.md states the method and its
// measured error).
//
// The package does no I/O and imports no TUI library: cmd/mcpdev, the
// inspector and the lint share it.
package tokens

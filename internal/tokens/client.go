package tokens

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// Client names a client whose request format and model a cost is for. The
// names are those of mcpdev lint's --client.
type Client string

// The clients. OpenAI and OpenAICl100k are exact; the rest are estimates.
const (
	OpenAI       Client = "openai"        // Chat Completions tools[], o200k_base
	OpenAICl100k Client = "openai-cl100k" // the same for GPT-4 and GPT-3.5 (cl100k_base)
	Anthropic    Client = "anthropic"     // Messages API tools[]
	Gemini       Client = "gemini"        // functionDeclarations[]
	Cursor       Client = "cursor"        // OpenAI's format, to whichever model
	VSCode       Client = "vscode"        // OpenAI's format, to whichever model
)

// Clients lists every client, the default first.
var Clients = []Client{OpenAI, OpenAICl100k, Anthropic, Gemini, Cursor, VSCode}

// ErrUnknownClient is returned by ParseClient for a name not in Clients.
var ErrUnknownClient = errors.New("unknown client")

// ParseClient returns the client named s ("" is OpenAI).
func ParseClient(s string) (Client, error) {
	if s == "" {
		return OpenAI, nil
	}
	for _, c := range Clients {
		if strings.EqualFold(s, string(c)) {
			return c, nil
		}
	}
	return "", fmt.Errorf("%w %q (one of %s)", ErrUnknownClient, s, clientNames())
}

// ParseClients reads a --client value: client names separated by commas
// (each once, in the order given), or "all".
func ParseClients(s string) ([]Client, error) {
	if strings.EqualFold(s, "all") {
		return slices.Clone(Clients), nil
	}
	var out []Client
	for _, w := range strings.Split(s, ",") {
		c, err := ParseClient(strings.TrimSpace(w))
		if err != nil || strings.TrimSpace(w) == "" {
			return nil, fmt.Errorf("%w %q (one of %s, or all)", ErrUnknownClient, w, clientNames())
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out, nil
}

func clientNames() string {
	names := make([]string, len(Clients))
	for i, c := range Clients {
		names[i] = string(c)
	}
	return strings.Join(names, ", ")
}

// format is how a client puts a tool into its request.
type format struct {
	exact  bool
	enc    Encoding
	write  func(*bytes.Buffer, sdk.ToolInfo, schemaWriter)
	method string
}

// schemaWriter writes an input schema as JSON.stringify would: stringify,
// or a tally's memo of it.
type schemaWriter func(*bytes.Buffer, json.RawMessage)

func (c Client) format() format {
	switch c {
	case OpenAI:
		return format{true, O200kBase, writeOpenAI, "o200k_base tokens of the tool as an OpenAI tools[] entry"}
	case OpenAICl100k:
		return format{true, Cl100kBase, writeOpenAI, "cl100k_base tokens of the tool as an OpenAI tools[] entry"}
	case Anthropic:
		return format{false, O200kBase, writeAnthropic, "≈ o200k_base tokens of the tool as an Anthropic tools[] entry (Claude's tokenizer is not public)"}
	case Gemini:
		return format{false, O200kBase, writeGemini, "≈ o200k_base tokens of the tool as a Gemini functionDeclarations[] entry"}
	default:
		return format{false, O200kBase, writeOpenAI, "≈ o200k_base tokens of the tool as an OpenAI tools[] entry (the model varies)"}
	}
}

// writeOpenAI: {"type":"function","function":{"name","description","parameters"}}.
func writeOpenAI(b *bytes.Buffer, t sdk.ToolInfo, schema schemaWriter) {
	b.WriteString(`{"type":"function","function":`)
	writeFunction(b, t, "parameters", schema)
	b.WriteByte('}')
}

// writeAnthropic: {"name","description","input_schema"}.
func writeAnthropic(b *bytes.Buffer, t sdk.ToolInfo, schema schemaWriter) {
	writeFunction(b, t, "input_schema", schema)
}

// writeGemini: {"name","description","parameters"}.
func writeGemini(b *bytes.Buffer, t sdk.ToolInfo, schema schemaWriter) {
	writeFunction(b, t, "parameters", schema)
}

// writeFunction writes name, description (when there is one) and the input
// schema under schemaKey, as JSON.stringify would.
func writeFunction(b *bytes.Buffer, t sdk.ToolInfo, schemaKey string, schema schemaWriter) {
	b.WriteString(`{"name":`)
	writeString(b, t.Name)
	if t.Description != "" {
		b.WriteString(`,"description":`)
		writeString(b, t.Description)
	}
	if len(bytes.TrimSpace(t.InputSchema)) > 0 {
		b.WriteString(`,"` + schemaKey + `":`)
		schema(b, t.InputSchema)
	}
	b.WriteByte('}')
}

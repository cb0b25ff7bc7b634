package lint

import (
	"encoding/json"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// schemaFindings checks the input schema (in is it decoded) and the output
// schema as JSON Schema and against the spec's "type": "object" root, and
// the output schema's dialect for the clients that validate results with
// 2020-12 only.
func schemaFindings(t sdk.ToolInfo, in any, c Checker, clients []Client) []Finding {
	fs := oneSchemaFindings("/inputSchema", t.InputSchema, in, true, c)
	if len(t.OutputSchema) > 0 && string(t.OutputSchema) != "null" {
		fs = append(fs, oneSchemaFindings("/outputSchema", t.OutputSchema, decodeSchema(t.OutputSchema), false, c)...)
		fs = append(fs, dialectFindings("/outputSchema", t.OutputSchema, clients)...)
	}
	return fs
}

// oneSchemaFindings checks the schema raw, which decodes to doc (nil when
// it is not JSON).
func oneSchemaFindings(ptr string, raw json.RawMessage, doc any, required bool, c Checker) []Finding {
	invalid := func(msg string) []Finding {
		return []Finding{{Rule: RuleSchemaInvalid, Severity: Error, Path: ptr, Message: msg,
			Fix: `make the schema a JSON Schema 2020-12 object with "type": "object" at its root`}}
	}
	if len(raw) == 0 || string(raw) == "null" {
		if required {
			return invalid("the tool has no input schema")
		}
		return nil
	}
	root, ok := doc.(map[string]any)
	if !ok {
		return invalid("the schema is not a JSON object")
	}
	if err := c.CheckSchema(raw); err != nil {
		return invalid("not valid JSON Schema: " + firstLine(err.Error()))
	}
	if root["type"] != "object" {
		return invalid(`the root of the schema is not "type": "object"`)
	}
	return nil
}

// Draft202012 is the $schema of JSON Schema 2020-12.
const Draft202012 = "https://json-schema.org/draft/2020-12/schema"

// dialectFindings reports a $schema other than 2020-12.
func dialectFindings(ptr string, raw json.RawMessage, clients []Client) []Finding {
	var root struct {
		Schema *string `json:"$schema"`
	}
	if json.Unmarshal(raw, &root) != nil || root.Schema == nil || strings.TrimSuffix(*root.Schema, "#") == Draft202012 {
		return nil
	}
	var fs []Finding
	for _, l := range withClients(RuleClientDialect, clients) {
		fs = append(fs, clientFinding(Finding{Path: ptr + "/$schema",
			Message: "the schema declares the dialect " + quote(*root.Schema) + "; only 2020-12 is accepted",
			Fix:     `drop "$schema" or set it to "` + Draft202012 + `" (and use 2020-12 keywords: $defs, prefixItems)`}, l))
	}
	return fs
}

// firstLine is s up to its first line break, at most 200 bytes.
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 200 {
		s = strings.ToValidUTF8(s[:200], "") + "…"
	}
	return s
}

// quote is s in double quotes, clipped to 80 bytes.
func quote(s string) string {
	if len(s) > 80 {
		s = strings.ToValidUTF8(s[:80], "") + "…"
	}
	b, _ := json.Marshal(s)
	return string(b)
}

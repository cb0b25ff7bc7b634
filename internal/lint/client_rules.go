package lint

import (
	"fmt"
	"slices"
)

// geminiFormats is the format subset of Gemini's Schema, by type.
var geminiFormats = map[string][]string{
	"string":  {"enum", "date-time"},
	"number":  {"float", "double"},
	"integer": {"int32", "int64"},
}

// A schemaCheck looks at one subschema of an input schema for one rule:
// it returns a message (and a pointer suffix) when the subschema breaks it.
type schemaCheck struct {
	rule  string
	only  []Client // the clients it is for; nil: every client with a limit
	check func(n node) (suffix, msg string)
	fix   string
}

var schemaChecks = []schemaCheck{
	{RuleClientDepth, nil, checkDepth, "flatten the input: pass nested objects as fewer, flatter fields"},
	{RuleClientRef, nil, checkRef, "inline the referenced schemas (for Go: no recursive or shared named types in the input)"},
	{RuleClientAdditional, nil, checkAdditional, "drop additionalProperties for this client (or send parametersJsonSchema)"},
	{RuleClientUnion, []Client{Gemini}, checkOneOf, "use anyOf (or a single type with nullable)"},
	{RuleClientUnion, []Client{OpenAI}, checkRootUnion, `make the root one "type": "object" and move the alternatives into a property`},
	{RuleClientBoolSchema, nil, checkBool, `write the schema as an object: {} for any value, {"not": {}} for none (in Go, a concrete type instead of any)`},
	{RuleClientFormat, nil, checkFormat, "drop the format, or say it in the description"},
}

// maxDepth is OpenAI's limit of nested levels (strict mode).
const maxDepth = 10

// clientSchemaFindings runs the client schema checks over the input
// schema, in one walk: per rule and client, the first place that breaks
// it, with how many places do.
func clientSchemaFindings(in any, clients []Client) []Finding {
	type hits struct {
		first, msg string
		n          int
		ls         []limit
	}
	var active []*hits
	var checks []schemaCheck
	for _, sc := range schemaChecks {
		ls := withClients(sc.rule, clients)
		ls = slices.DeleteFunc(ls, func(l limit) bool { return sc.only != nil && !slices.Contains(sc.only, l.client) })
		if len(ls) > 0 {
			active, checks = append(active, &hits{ls: ls}), append(checks, sc)
		}
	}
	if len(checks) == 0 {
		return nil
	}
	walk(in, "/inputSchema", func(nd node) {
		for i, sc := range checks {
			if suffix, m := sc.check(nd); m != "" {
				h := active[i]
				if h.n++; h.n == 1 {
					h.first, h.msg = nd.ptr+suffix, m
				}
			}
		}
	})
	var fs []Finding
	for i, h := range active {
		if h.n == 0 {
			continue
		}
		msg := h.msg
		if h.n > 1 {
			msg += fmt.Sprintf(" (and %d more places)", h.n-1)
		}
		for _, l := range h.ls {
			fs = append(fs, clientFinding(Finding{Path: h.first, Message: msg, Fix: checks[i].fix}, l))
		}
	}
	return fs
}

func object(n node) map[string]any {
	m, _ := n.value.(map[string]any)
	return m
}

func checkDepth(n node) (string, string) {
	m := object(n)
	level := n.depth
	if t := typeSet(m); t["object"] || t["array"] {
		level++
	}
	// Only the node that first passes the limit, not each one below it.
	if level == maxDepth+1 && n.depth == maxDepth {
		return "", fmt.Sprintf("the schema is nested more than %d levels deep here", maxDepth)
	}
	return "", ""
}

func checkRef(n node) (string, string) {
	m := object(n)
	for _, k := range []string{"$ref", "$defs", "definitions"} {
		if _, ok := m[k]; ok {
			return "/" + escape(k), "the schema uses " + k
		}
	}
	return "", ""
}

func checkAdditional(n node) (string, string) {
	if _, ok := object(n)["additionalProperties"]; ok {
		return "/additionalProperties", "the schema uses additionalProperties"
	}
	return "", ""
}

func checkOneOf(n node) (string, string) {
	m := object(n)
	for _, k := range []string{"oneOf", "allOf"} {
		if _, ok := m[k]; ok {
			return "/" + k, "the schema uses " + k + "; only anyOf is accepted"
		}
	}
	return "", ""
}

func checkRootUnion(n node) (string, string) {
	if n.key != "" {
		return "", ""
	}
	m := object(n)
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if _, ok := m[k]; ok {
			return "/" + k, "the root of the input schema is a union (" + k + ")"
		}
	}
	return "", ""
}

// boolKeys are the places a boolean schema breaks a client: a value's
// own schema. false under additionalProperties is the usual way to close
// an object, and accepted.
var boolKeys = []string{"", "properties", "patternProperties", "items", "prefixItems", "anyOf", "oneOf", "allOf", "$defs", "definitions"}

func checkBool(n node) (string, string) {
	if b, ok := n.value.(bool); ok && slices.Contains(boolKeys, n.key) {
		return "", fmt.Sprintf("the schema is the boolean %v", b)
	}
	return "", ""
}

func checkFormat(n node) (string, string) {
	m := object(n)
	f, ok := m["format"].(string)
	if !ok {
		return "", ""
	}
	for t := range typeSet(m) {
		if slices.Contains(geminiFormats[t], f) {
			return "", ""
		}
	}
	return "/format", "the format " + quote(f) + " is outside the subset (string: enum, date-time; number: float, double; integer: int32, int64)"
}

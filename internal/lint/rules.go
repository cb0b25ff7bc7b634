package lint

// Severity is how bad a finding is: an error is refused by the spec or a
// client; a warning works but degrades what a model or a user gets.
type Severity string

const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Client names a client whose documented limits the client rules check.
type Client string

const (
	OpenAI    Client = "openai"
	Anthropic Client = "anthropic"
	Gemini    Client = "gemini"
	Cursor    Client = "cursor"
	VSCode    Client = "vscode"
)

// Clients lists every client the rules know, in the order findings name
// them.
var Clients = []Client{OpenAI, Anthropic, Gemini, Cursor, VSCode}

// The rule IDs. They are stable: scripts and docs/lint.md refer to them.
const (
	RuleNameSyntax       = "name-syntax"
	RuleNameDuplicate    = "name-duplicate"
	RuleConfigDuplicate  = "config-duplicate"
	RuleDescriptionMiss  = "description-missing"
	RuleDescriptionShort = "description-short"
	RuleParamUndescribed = "param-undescribed"
	RuleEnumUntitled     = "enum-untitled"
	RuleSchemaInvalid    = "schema-invalid"
	RuleOutputMismatch   = "output-mismatch"
	RuleClientName       = "client-name"
	RuleClientToolCount  = "client-tool-count"
	RuleClientDepth      = "client-depth"
	RuleClientDialect    = "client-dialect"
	RuleClientRef        = "client-ref"
	RuleClientAdditional = "client-additional-properties"
	RuleClientUnion      = "client-union"
	RuleClientBoolSchema = "client-boolean-schema"
	RuleClientFormat     = "client-format"
)

// Rule describes one rule for docs and for --json readers.
type Rule struct {
	ID       string   `json:"id"`
	Severity Severity `json:"severity"` // the highest it is reported with
	Summary  string   `json:"summary"`
	Source   string   `json:"source"`            // spec or SEP for server rules
	Clients  []Client `json:"clients,omitempty"` // nil: every server, whatever the client
}

// Sources of the spec rules.
const (
	specToolNames  = "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names (SEP-986)"
	specTool       = "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool"
	specOutput     = "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema"
	specSchema     = "https://modelcontextprotocol.io/specification/2025-11-25/basic#json-schema-usage (SEP-1613)"
	specTitledEnum = "https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation#supported-schema-types (titled enums, SEP-1330)"
)

// Rules is the catalogue, in the order findings of one tool are reported.
var Rules = []Rule{
	{RuleNameSyntax, Error, "tool name outside 1–128 characters of A–Z a–z 0–9 _ - .", specToolNames, nil},
	{RuleNameDuplicate, Error, "two tools of one server share a name", specToolNames, nil},
	{RuleConfigDuplicate, Warning, "two servers of one config serve a tool of the same name", "https://github.com/langchain-ai/langchain-mcp-adapters/issues/605, https://github.com/Arthur-Ficial/apfel/issues/239", nil},
	{RuleDescriptionMiss, Warning, "tool without a description", specTool, nil},
	{RuleDescriptionShort, Warning, "tool description of one word", specTool, nil},
	{RuleParamUndescribed, Warning, "input property without a description", specTool, nil},
	{RuleEnumUntitled, Warning, "enum with neither a title nor a description saying what its values mean", specTitledEnum, nil},
	{RuleSchemaInvalid, Error, "input or output schema that is not valid JSON Schema (2020-12 unless $schema says otherwise), or whose root is not an object", specSchema, nil},
	{RuleOutputMismatch, Error, "a result (of a sample call, --call) without structuredContent, or not matching the output schema", specOutput, nil},
	{RuleClientName, Error, "tool name a client's function-name syntax refuses", "", []Client{OpenAI, Anthropic, Gemini, VSCode}},
	{RuleClientToolCount, Error, "more tools than a client sends to its model", "", []Client{OpenAI, Cursor, VSCode}},
	{RuleClientDepth, Warning, "input schema nested deeper than a client accepts", "", []Client{OpenAI}},
	{RuleClientDialect, Error, "an output schema whose $schema names a dialect other than 2020-12", "", []Client{Anthropic}},
	{RuleClientRef, Warning, "$ref or $defs in an input schema", "", []Client{Gemini}},
	{RuleClientAdditional, Warning, "additionalProperties in an input schema", "", []Client{Gemini}},
	{RuleClientUnion, Warning, "oneOf/allOf where only anyOf is accepted, or a union at the root", "", []Client{OpenAI, Gemini}},
	{RuleClientBoolSchema, Error, "true or false as a schema (Go's any, in some generators)", "", []Client{Anthropic, Gemini}},
	{RuleClientFormat, Warning, "a format outside a client's subset", "", []Client{Gemini}},
}

// RuleByID returns the rule with that ID.
func RuleByID(id string) (Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

package lint

import (
	"fmt"
	"slices"
	"strings"
)

// A limit is one client's documented (or, Folklore, only reported)
// constraint behind a client rule.
type limit struct {
	rule     string
	client   Client
	severity Severity
	source   string
	folklore bool // no documentation: users' reports only
}

// Sources of the client limits.
const (
	srcOpenAIName   = "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools (function.name: a-z, A-Z, 0-9, _ and -, at most 64)"
	srcAnthropic    = "https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use (name: ^[a-zA-Z0-9_-]{1,64}$)"
	srcGeminiName   = "https://ai.google.dev/api/caching#FunctionDeclaration (name: starts with a letter or _, then a-z A-Z 0-9 _ . : -, at most 64)"
	srcCopilotName  = "https://github.com/github/copilot-cli/issues/1879 (Copilot API: ^[a-zA-Z0-9_-]{1,128}$)"
	srcOpenAICount  = "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools (a max of 128 functions)"
	srcVSCodeCount  = "https://github.com/microsoft/vscode-copilot-release/issues/11653 (\"Cannot have more than 128 tools per request\")"
	srcCursorCount  = "folklore: https://forum.cursor.com/t/tool-specialized-agent-switching-in-cursor-dynamic-mcp-tools-management/74196 (\"a limit of 40 active tools\"; not in Cursor's docs)"
	srcOpenAIDepth  = "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas (strict mode: up to 10 levels of nesting)"
	srcOpenAIRoot   = "https://platform.openai.com/docs/guides/structured-outputs#root-objects-must-not-be-anyof-and-must-be-an-object (strict mode)"
	srcClaudeDraft  = "https://github.com/anthropics/claude-code/issues/88882 (Claude Code validates output schemas with a 2020-12-only validator: the call fails)"
	srcClaudeBool   = "https://github.com/anthropics/claude-code/issues/82949, https://github.com/anthropics/claude-code/issues/92900 (one boolean property schema drops every tool of the server)"
	srcGeminiSchema = "https://ai.google.dev/api/caching#Schema (the OpenAPI 3.0 subset of FunctionDeclaration.parameters; parametersJsonSchema takes full JSON Schema)"
	srcGeminiRef    = "https://github.com/google-gemini/gemini-cli/issues/13326 ($defs references refused)"
	srcGeminiAddl   = "https://github.com/promptfoo/promptfoo/issues/6902 (Unknown name \"additionalProperties\")"
	srcGeminiBool   = "https://ai.google.dev/api/caching#Schema (a Schema is an object; no boolean form)"
)

var limits = []limit{
	{RuleClientName, OpenAI, Error, srcOpenAIName, false},
	{RuleClientName, Anthropic, Error, srcAnthropic, false},
	{RuleClientName, Gemini, Error, srcGeminiName, false},
	{RuleClientName, VSCode, Error, srcCopilotName, false},
	{RuleClientToolCount, OpenAI, Error, srcOpenAICount, false},
	{RuleClientToolCount, VSCode, Error, srcVSCodeCount, false},
	{RuleClientToolCount, Cursor, Warning, srcCursorCount, true},
	{RuleClientDepth, OpenAI, Warning, srcOpenAIDepth, false},
	{RuleClientDialect, Anthropic, Error, srcClaudeDraft, false},
	{RuleClientRef, Gemini, Warning, srcGeminiRef, false},
	{RuleClientAdditional, Gemini, Warning, srcGeminiAddl, false},
	{RuleClientUnion, OpenAI, Warning, srcOpenAIRoot, false},
	{RuleClientUnion, Gemini, Warning, srcGeminiSchema, false},
	{RuleClientBoolSchema, Anthropic, Error, srcClaudeBool, false},
	{RuleClientBoolSchema, Gemini, Error, srcGeminiBool, false},
	{RuleClientFormat, Gemini, Warning, srcGeminiSchema, false},
}

// limitOf returns client c's limit behind rule, if it has one.
func limitOf(rule string, c Client) (limit, bool) {
	for _, l := range limits {
		if l.rule == rule && l.client == c {
			return l, true
		}
	}
	return limit{}, false
}

// Sources returns the public sources of rule's client limits, one per
// client, for docs.
func Sources(rule string) map[Client]string {
	out := map[Client]string{}
	for _, l := range limits {
		if l.rule == rule {
			out[l.client] = l.source
		}
	}
	return out
}

// ParseClients reads a --client value: a comma-separated list of client
// names, or "all".
func ParseClients(s string) ([]Client, error) {
	if s == "all" {
		return slices.Clone(Clients), nil
	}
	var out []Client
	for _, w := range strings.Split(s, ",") {
		c := Client(strings.TrimSpace(w))
		if !slices.Contains(Clients, c) {
			return nil, fmt.Errorf("unknown client %q: want %s or all", w, JoinClients(Clients))
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out, nil
}

// JoinClients is cs as "openai, anthropic".
func JoinClients(cs []Client) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = string(c)
	}
	return strings.Join(s, ", ")
}

// nameSyntax is a client's function-name syntax.
type nameSyntax struct {
	max   int
	extra string // allowed besides ASCII letters and digits
	first string // allowed as the first character besides letters ("" : anything allowed)
}

var clientNames = map[Client]nameSyntax{
	OpenAI:    {64, "_-", ""},
	Anthropic: {64, "_-", ""},
	Gemini:    {64, "_.:-", "_"},
	VSCode:    {128, "_-", ""},
}

// problem says what is wrong with name under the syntax, "" if nothing.
func (s nameSyntax) problem(name string) string {
	switch {
	case name == "":
		return "the name is empty"
	case len(name) > s.max:
		return fmt.Sprintf("the name is %d bytes long, over %d", len(name), s.max)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if isAlnum(c) || strings.IndexByte(s.extra, c) >= 0 {
			if i == 0 && s.first != "" && !isLetter(c) && strings.IndexByte(s.first, c) < 0 {
				return fmt.Sprintf("the name starts with %q; it must start with a letter or one of %q", string(c), s.first)
			}
			continue
		}
		return fmt.Sprintf("the name has %q; only letters, digits and %q are allowed", charAt(name, i), s.extra)
	}
	return ""
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isAlnum(c byte) bool  { return isLetter(c) || '0' <= c && c <= '9' }

// charAt is the whole UTF-8 character starting at byte i.
func charAt(s string, i int) string {
	for _, r := range s[i:] {
		return string(r)
	}
	return ""
}

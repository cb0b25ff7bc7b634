package call

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// ErrSamplingRefused answers a sampling request the person refused: the
// JSON-RPC error the spec suggests, code -1.
var ErrSamplingRefused = transport.Errorf(-1, "User rejected sampling request")

// SampleModel is the model named in mcpdev's sampling answers: a person
// (or a script) wrote them, no model did.
const SampleModel = "mcpdev (written by a person)"

// SampleResult is a sampling answer of one text block.
func SampleResult(text string) *sdk.CreateMessageResult {
	content, _ := json.Marshal(sdk.Text(text))
	return &sdk.CreateMessageResult{Role: "assistant", Content: content, Model: SampleModel, StopReason: "endTurn"}
}

// SamplingText describes a sampling/createMessage request for a person
// who reviews it: the system prompt, each message as "role: content",
// the settings on one line, then the tools the model may call. Each
// message's text is cut after max bytes (0: not cut), saying how long it
// was. The text is the server's: sanitise it before a terminal.
func SamplingText(p *sdk.CreateMessageParams, max int) string {
	var lines []string
	if p.SystemPrompt != "" {
		lines = append(lines, "system: "+clip(p.SystemPrompt, max))
	}
	for _, m := range p.Messages {
		lines = append(lines, m.Role+": "+clip(samplingContent(m.Content), max))
	}
	lines = append(lines, samplingSettings(p))
	for _, t := range p.Tools {
		line := "tool " + t.Name
		if t.Description != "" {
			line += ": " + clip(t.Description, max)
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// samplingContent is a message's content: one block or several
// (SEP-1577), each as a tool result's block is shown.
func samplingContent(raw json.RawMessage) string {
	var many []json.RawMessage
	if json.Unmarshal(raw, &many) != nil {
		many = []json.RawMessage{raw}
	}
	parts := make([]string, len(many))
	for i, b := range many {
		parts[i] = samplingBlock(b)
	}
	return strings.Join(parts, "\n")
}

func samplingBlock(raw json.RawMessage) string {
	var c sdk.Content
	if json.Unmarshal(raw, &c) != nil {
		return "[content that is not a content block]"
	}
	var tool struct {
		ID        string          `json:"id"`
		ToolUseID string          `json:"toolUseId"`
		Input     json.RawMessage `json:"input"`
	}
	_ = json.Unmarshal(raw, &tool)
	switch c.Type {
	case "tool_use":
		return fmt.Sprintf("[tool use %s %s] %s", c.Name, tool.ID, tool.Input)
	case "tool_result":
		return fmt.Sprintf("[tool result %s]", tool.ToolUseID)
	}
	return contentText(c)
}

// samplingSettings is "max tokens 100 · temperature 0.7 · …".
func samplingSettings(p *sdk.CreateMessageParams) string {
	parts := []string{fmt.Sprintf("max tokens %d", p.MaxTokens)}
	if p.Temperature != nil {
		parts = append(parts, fmt.Sprintf("temperature %g", *p.Temperature))
	}
	if len(p.StopSequences) > 0 {
		parts = append(parts, fmt.Sprintf("stop at %q", p.StopSequences))
	}
	if p.IncludeContext != "" {
		parts = append(parts, "context "+p.IncludeContext)
	}
	if mp := p.ModelPreferences; mp != nil {
		parts = append(parts, modelPreferences(mp)...)
	}
	if p.ToolChoice != nil && p.ToolChoice.Mode != "" {
		parts = append(parts, "tool choice "+p.ToolChoice.Mode)
	}
	return strings.Join(parts, " · ")
}

func modelPreferences(mp *sdk.ModelPreferences) []string {
	var parts, hints []string
	for _, h := range mp.Hints {
		hints = append(hints, h.Name)
	}
	if len(hints) > 0 {
		parts = append(parts, "models "+strings.Join(hints, ", "))
	}
	for _, pr := range []struct {
		name string
		v    *float64
	}{{"cost", mp.CostPriority}, {"speed", mp.SpeedPriority}, {"intelligence", mp.IntelligencePriority}} {
		if pr.v != nil {
			parts = append(parts, fmt.Sprintf("%s %g", pr.name, *pr.v))
		}
	}
	return parts
}

// clip cuts s after max bytes (at a rune boundary), saying how long it was.
func clip(s string, max int) string {
	if max <= 0 || len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes in all)", s[:cut], len(s))
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

package tui

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// sampleLines lays out a sampling request for a person to read, w wide:
// the system prompt, each message by role, then what bounds the answer
// (max tokens, temperature, stop sequences, model preferences, tools).
// Everything is the server's text: made safe, and cut when huge.
func sampleLines(st *Styles, p *sdk.CreateMessageParams, w int) []string {
	var lines []string
	add := func(s string) { lines = append(lines, wrapLines(s, w, 1000)...) } // capText bounds each
	if p.SystemPrompt != "" {
		lines = append(lines, st.Section.Render("System prompt"))
		add(capText(p.SystemPrompt))
	}
	for i, msg := range p.Messages {
		lines = append(lines, st.Section.Render(fmt.Sprintf("%d/%d · %s", i+1, len(p.Messages), termtext.Line(msg.Role))))
		for _, block := range samplingBlocks(msg.Content) {
			add(block)
		}
	}
	lines = append(lines, st.Dim.Render(strings.Join(sampleBounds(p), " · ")))
	if mp := preferences(p.ModelPreferences); mp != "" {
		lines = append(lines, st.Dim.Render("model preferences: ")+mp)
	}
	for _, t := range p.Tools {
		lines = append(lines, ansi.Truncate(st.Dim.Render("tool ")+termtext.Line(t.Name)+st.Dim.Render(" "+termtext.Line(capText(t.Description))), w, "…"))
	}
	return lines
}

// samplingBlocks describes a message's content: one block or several.
func samplingBlocks(raw json.RawMessage) []string {
	var many []sdk.Content
	if json.Unmarshal(raw, &many) != nil {
		var one sdk.Content
		if json.Unmarshal(raw, &one) != nil {
			return []string{"(content mcpdev cannot read: " + capText(string(raw)) + ")"}
		}
		many = []sdk.Content{one}
	}
	out := make([]string, 0, len(many))
	for _, c := range many {
		switch c.Type {
		case "text":
			out = append(out, capText(c.Text))
		case "image", "audio":
			out = append(out, fmt.Sprintf("[%s %s, %d bytes of base64]", c.Type, c.MimeType, len(c.Data)))
		default:
			b, _ := json.Marshal(c)
			out = append(out, "["+c.Type+"] "+capText(string(b)))
		}
	}
	return out
}

// sampleBounds are the request's limits, as "max 100 tokens" and the like.
func sampleBounds(p *sdk.CreateMessageParams) []string {
	out := []string{"max " + strconv.Itoa(p.MaxTokens) + " tokens"}
	if p.Temperature != nil {
		out = append(out, "temperature "+strconv.FormatFloat(*p.Temperature, 'g', -1, 64))
	}
	if len(p.StopSequences) > 0 {
		out = append(out, "stop at "+termtext.Line(capText(strings.Join(p.StopSequences, " | "))))
	}
	if p.IncludeContext != "" {
		out = append(out, "context: "+termtext.Line(capText(p.IncludeContext)))
	}
	if p.ToolChoice != nil && p.ToolChoice.Mode != "" {
		out = append(out, "tool choice: "+termtext.Line(p.ToolChoice.Mode))
	}
	return out
}

// preferences describes the server's model preferences on one line.
func preferences(mp *sdk.ModelPreferences) string {
	if mp == nil {
		return ""
	}
	var parts []string
	for _, h := range mp.Hints {
		parts = append(parts, termtext.Line(capText(h.Name)))
	}
	prio := func(name string, v *float64) {
		if v != nil {
			parts = append(parts, name+" "+strconv.FormatFloat(*v, 'g', 3, 64))
		}
	}
	prio("cost", mp.CostPriority)
	prio("speed", mp.SpeedPriority)
	prio("intelligence", mp.IntelligencePriority)
	return strings.Join(parts, ", ")
}

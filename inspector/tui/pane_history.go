package tui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// historyPane lists this session's calls, newest first.
type historyPane struct {
	st            *Styles
	width, height int
	entries       []historyEntry // oldest first
	cursor        int            // index into entries, counted from the newest
	copied        string         // the last command copied, shown on screen
}

func (p *historyPane) SetSize(w, h int) { p.width, p.height = w, h }

func (p *historyPane) add(e historyEntry) {
	p.entries = append(p.entries, e)
	p.cursor = 0
}

func (p *historyPane) move(d int) {
	p.cursor = max(0, min(p.cursor+d, len(p.entries)-1))
}

// selected is the entry under the cursor, or nil.
func (p *historyPane) selected() *historyEntry {
	if len(p.entries) == 0 {
		return nil
	}
	return &p.entries[len(p.entries)-1-p.cursor]
}

func (p *historyPane) View() string {
	st := p.st
	if len(p.entries) == 0 {
		return st.Dim.Render("No calls yet in this session.")
	}
	rows := p.height
	var foot []string
	if p.copied != "" {
		foot = strings.Split(ansi.Wrap(st.Dim.Render("copied: ")+p.copied, max(p.width, 10), ""), "\n")
		rows -= len(foot) + 1
	}
	start := max(0, min(p.cursor-rows/2, len(p.entries)-rows))
	var lines []string
	for i := start; i < len(p.entries) && len(lines) < max(rows, 1); i++ {
		lines = append(lines, p.row(i))
	}
	if len(foot) > 0 {
		lines = append(lines, "")
		lines = append(lines, foot...)
	}
	return strings.Join(lines, "\n")
}

func (p *historyPane) row(i int) string {
	st := p.st
	e := p.entries[len(p.entries)-1-i]
	oc := st.Success
	switch e.outcome {
	case "tool error":
		oc = st.ToolError
	case "protocol error":
		oc = st.ProtocolError
	case "cancelled":
		oc = st.Cancel
	}
	text := fmt.Sprintf("%s %s %s %s %s", e.at.Format("15:04:05"), st.Bold.Render(e.tool),
		oc.Render(e.outcome), st.Dim.Render(formatDuration(e.elapsed)), st.Dim.Render(compact(e.args)))
	bar := "  "
	if i == p.cursor {
		bar = st.ItemSelected.Render("┃ ")
	}
	return ansi.Truncate(bar+text, p.width, "…")
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// callCommand renders a call as an `mcpdev call` command line: top-level
// and nested object fields as dotted key=value words, arrays as JSON.
func callCommand(target, tool string, args json.RawMessage) string {
	words := []string{"mcpdev", "call", shellQuote(target), shellQuote(tool)}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	if len(args) > 0 && dec.Decode(&m) != nil {
		return strings.Join(append(words, "--args-json", shellQuote(string(args))), " ")
	}
	var kv []string
	flatten("", m, &kv)
	for _, w := range kv {
		words = append(words, shellQuote(w))
	}
	return strings.Join(words, " ")
}

func flatten(prefix string, m map[string]any, out *[]string) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		name := prefix + k
		switch v := m[k].(type) {
		case map[string]any:
			if len(v) == 0 {
				*out = append(*out, name+"={}")
			}
			flatten(name+".", v, out)
		case string:
			*out = append(*out, name+"="+v)
		case json.Number:
			*out = append(*out, name+"="+v.String())
		case bool:
			*out = append(*out, name+"="+strconv.FormatBool(v))
		case nil:
			*out = append(*out, name+"=null")
		default:
			b, _ := json.Marshal(v)
			*out = append(*out, name+"="+string(b))
		}
	}
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '-' || r == '_' || r == '.' || r == '/' || r == '=' || r == ':' || r == ',' || r == '+' || r == '@' ||
			(r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9'))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

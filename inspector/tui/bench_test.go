package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/sdk"
)

// Benchmarks of the paths a key press takes: Update then View, with 1,000
// tools listed and with a 10 MiB structured result on screen. The bar is
// "well under 50 ms per key".

func manyTools(n int) []sdk.ToolInfo {
	schema := json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"},"n":{"type":"integer","minimum":1}},"required":["q"]}`)
	tools := make([]sdk.ToolInfo, n)
	for i := range tools {
		tools[i] = sdk.ToolInfo{
			Name: fmt.Sprintf("tool_%04d", i), Description: fmt.Sprintf("Tool number %d does a thing with a fairly long description.", i),
			InputSchema: schema, Annotations: &sdk.ToolAnnotations{ReadOnlyHint: sdk.Bool(i%2 == 0)},
		}
	}
	return tools
}

func benchModel(b *testing.B, w, h int) *Model {
	m, _ := newTestModel(b, w, h)
	m.Update(toolsMsg{gen: m.gen, tools: manyTools(1000)})
	return m
}

func BenchmarkKeyToolList1000(b *testing.B) {
	m := benchModel(b, 120, 40)
	down, up := keyMsg("down"), keyMsg("up")
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := down
		if i/500%2 == 1 {
			k = up
		}
		m.Update(k)
		_ = m.View()
	}
}

func BenchmarkKeyFilter1000(b *testing.B) {
	m := benchModel(b, 120, 40)
	press(m, "/")
	typ, del := keyMsg("7"), keyMsg("backspace")
	b.ResetTimer()
	for b.Loop() {
		m.Update(typ) // 1,000 tools filtered per key
		_ = m.View()
		m.Update(del)
		_ = m.View()
	}
}

// bigStructured is about 10 MiB of JSON.
func bigStructured() json.RawMessage {
	var sb strings.Builder
	sb.WriteString(`{"rows":[`)
	for i := 0; sb.Len() < 10<<20; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, `{"id":%d,"title":"Book %d","author":"Author %d","tags":["a","b"],"year":%d}`, i, i, i%97, 1900+i%120)
	}
	sb.WriteString(`]}`)
	return json.RawMessage(sb.String())
}

func bigResultModel(b *testing.B) *Model {
	m := benchModel(b, 120, 40)
	press(m, "enter")
	typeText(m, "x")
	press(m, "ctrl+r")
	res := &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("big")}, StructuredContent: bigStructured()}
	finishCall(m, res, nil, time.Second)
	return m
}

func BenchmarkKeyScroll10MiBResult(b *testing.B) {
	m := bigResultModel(b)
	down, pg := keyMsg("down"), keyMsg("pgdown")
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := down
		if i%10 == 0 {
			k = pg
		}
		m.Update(k)
		_ = m.View()
	}
}

func BenchmarkKeyToolListWith10MiBResult(b *testing.B) {
	m := bigResultModel(b)
	press(m, "tab") // output → tools
	down := keyMsg("down")
	b.ResetTimer()
	for b.Loop() {
		m.Update(down)
		_ = m.View()
	}
}

// Off the UI goroutine (in the call's command): pretty-print and validate.
func BenchmarkPrepare10MiBResult(b *testing.B) {
	res := &sdk.CallToolResult{StructuredContent: bigStructured()}
	b.SetBytes(int64(len(res.StructuredContent)))
	for b.Loop() {
		prepareResult(res, sdk.ToolInfo{})
	}
}

// A resize re-lays the result out for the new width.
func BenchmarkResize10MiBResult(b *testing.B) {
	m := bigResultModel(b)
	sizes := []tea.WindowSizeMsg{{Width: 120, Height: 40}, {Width: 100, Height: 30}}
	for i := 0; b.Loop(); i++ {
		m.Update(sizes[i%2])
	}
}

// A 10 MiB result arriving (prepared by the call's command) costs Update
// only the layout.
func BenchmarkResultArrives10MiB(b *testing.B) {
	m := benchModel(b, 120, 40)
	press(m, "enter")
	typeText(m, "x")
	res := &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("big")}, StructuredContent: bigStructured()}
	view := prepareResult(res, *m.form.tool)
	for b.Loop() {
		b.StopTimer()
		press(m, "esc", "enter", "ctrl+r")
		b.StartTimer()
		m.Update(callDoneMsg{gen: m.gen, id: m.call.id, res: res, view: view, elapsed: time.Second})
	}
}

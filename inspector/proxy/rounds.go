package proxy

import (
	"encoding/json"

	"github.com/mcpdev/mcpdev/inspector/testsession"
)

// Continues returns the index of the request that msgs[i] continues: a
// 2026-era client request carrying inputResponses continues the last
// earlier request of the same method answered with input_required. -1
// when msgs[i] is no such round.
func Continues(msgs []Message, i int) int {
	m := msgs[i]
	var p callParams
	if m.Dir != ClientToServer || m.Kind != KindRequest || json.Unmarshal(m.Params, &p) != nil || len(p.InputResponses) == 0 {
		return -1
	}
	for j := i - 1; j >= 0; j-- {
		prev := msgs[j]
		if prev.Dir != ClientToServer || prev.Kind != KindRequest || prev.Method != m.Method || prev.Partner < 0 {
			continue
		}
		if isInputRequired(msgs[prev.Partner].Result) {
			return j
		}
	}
	return -1
}

// ToolCall is the tools/call that msgs[i] is (or answers) as a step of
// mcpdev call: its tool, arguments and the input schema of the tool from
// the session's last tools/list before it. False when msgs[i] is neither
// a client's tools/call nor its answer.
func ToolCall(msgs []Message, i int) (testsession.Call, bool) {
	m := msgs[i]
	if m.Dir == ServerToClient && m.Partner >= 0 {
		m = msgs[m.Partner]
	}
	if m.Dir != ClientToServer || m.Kind != KindRequest || m.Method != "tools/call" {
		return testsession.Call{}, false
	}
	c, ok := stepOf(m)
	if !ok {
		return c, false
	}
	schemas := map[string]json.RawMessage{}
	for _, l := range msgs[:m.Index] {
		if l.Dir == ServerToClient && l.Partner >= 0 && msgs[l.Partner].Method == "tools/list" {
			collectSchemas(l.Result, schemas)
		}
	}
	c.Schema = schemas[c.Tool]
	return c, true
}

// TargetWords name a session's server as mcpdev's target words (see
// target.Target.Words): --cwd DIR -- CMD ARGS… for stdio, the URL for HTTP.
func TargetWords(h Header) []string {
	if h.Transport == "http" {
		return []string{h.Target}
	}
	if len(h.Command) == 0 {
		return nil
	}
	var words []string
	if h.Cwd != "" {
		words = append(words, "--cwd", h.Cwd)
	}
	return append(append(words, "--"), h.Command...)
}

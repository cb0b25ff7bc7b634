package tui

import (
	"encoding/json"
	"slices"

	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/sdk"
)

// The answers a person gives to the server's questions are kept with the
// call (or the prompt) they were asked in, beside the roots offered then:
// w writes them as a session's answer and root lines, y as the flags of
// `mcpdev call` (testsession.Call.Answers, Roots). A sampling request
// the configured reply (Options.SampleReply) answered is counted by the
// asker and written as that reply.

// answerOf is the session file's word for the answer ans to q.
func answerOf(q *question, ans answer) testsession.Answer {
	switch q.kind {
	case askSample:
		return testsession.SampleAnswer(ans.sample, ans.err)
	case askURL:
		return testsession.URLAnswer(ans.elicit)
	}
	var schema json.RawMessage
	if q.kind == askForm {
		schema = q.elicit.RequestedSchema
	}
	return testsession.ElicitAnswer(schema, ans.elicit)
}

// noteAnswer keeps a person's answer: with the running call, else for
// the prompt being got.
func (m *Model) noteAnswer(a testsession.Answer) {
	if m.call != nil {
		m.call.answers = append(m.call.answers, a)
		return
	}
	m.asks.given = append(m.asks.given, a)
}

// takeAnswers are the answers given since the call or prompt began
// (given), with the configured replies the asker sent meanwhile.
func (m *Model) takeAnswers(given []testsession.Answer) []testsession.Answer {
	if m.sess == nil || m.sess.ask == nil {
		return given
	}
	for range m.sess.ask.takeCanned() {
		given = append(given, testsession.SampleAnswer(textReply(m.opts.SampleReply, ""), nil))
	}
	return given
}

// startAnswers forgets the answers given outside any call or prompt,
// as one begins.
func (m *Model) startAnswers() {
	m.asks.given = nil
	if m.sess != nil && m.sess.ask != nil {
		m.sess.ask.takeCanned()
	}
}

// offeredRoots are the roots to record with a call (none: none was
// offered, and the replay offers none either).
func (m *Model) offeredRoots() []sdk.Root {
	return slices.Clone(m.roots.roots)
}

package sdk

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// LogLevel is a syslog severity, as MCP's logging uses.
type LogLevel string

// The log levels, least severe first.
const (
	LevelDebug     LogLevel = "debug"
	LevelInfo      LogLevel = "info"
	LevelNotice    LogLevel = "notice"
	LevelWarning   LogLevel = "warning"
	LevelError     LogLevel = "error"
	LevelCritical  LogLevel = "critical"
	LevelAlert     LogLevel = "alert"
	LevelEmergency LogLevel = "emergency"
)

var levelRank = map[LogLevel]int{
	LevelDebug: 0, LevelInfo: 1, LevelNotice: 2, LevelWarning: 3,
	LevelError: 4, LevelCritical: 5, LevelAlert: 6, LevelEmergency: 7,
}

// callInfo travels in a tool call's context.
type callInfo struct {
	tool          string
	progressToken json.RawMessage
	notify        func(*transport.Message) error
	// The level logs must reach: the session's current one (session set),
	// or fixedLevel ("": the client asked for no logs).
	session    *serverSession
	fixedLevel LogLevel
	requestID  json.RawMessage
	clientCaps map[string]json.RawMessage
	// The 2026 era's: the request's protocol version and its _meta
	// clientInfo, undecoded (RequestFrom decodes it). A legacy call reads
	// both from its session.
	version    string
	clientInfo json.RawMessage
	goroutines callGroup // started with Go; the call waits for them
	// Questions to the client (ask.go): how many this run asked, and in
	// the 2026 era the round of answers they are looked up in.
	asked atomic.Int32
	round *inputRound
	// roundMem is where startRound keeps round: no allocation of its own.
	roundMem inputRound
	// task: the task the call runs as (a 2026-era task's questions
	// wait for tasks/update); deferral: a DeferTask call that may become
	// one (task_defer.go).
	task     *taskEntry
	deferral *deferral
	// parent is the context withCall made ci the context of the call in.
	parent context.Context
}

type callKey struct{}

// withCall is ctx carrying ci. The first time, that context is ci itself
// (call_context.go): the call's context costs no allocation of its own.
func withCall(ctx context.Context, ci *callInfo) context.Context {
	if ci.parent != nil {
		return context.WithValue(ctx, callKey{}, ci)
	}
	ci.parent = ctx
	return ci
}

func callFrom(ctx context.Context) *callInfo {
	ci, _ := ctx.Value(callKey{}).(*callInfo)
	return ci
}

// Progress reports progress of the current tool call to the client. It is a
// no-op when the client asked for no progress (no progressToken) or outside
// a tool call. total may be 0 when unknown.
func Progress(ctx context.Context, progress, total float64, message string) error {
	ci := callFrom(ctx)
	if ci == nil || len(ci.progressToken) == 0 || ci.notify == nil {
		return nil
	}
	m, err := transport.NewNotification("notifications/progress", ProgressParams{
		ProgressToken: ci.progressToken, Progress: progress, Total: total, Message: message,
	})
	if err != nil {
		return err
	}
	return ci.notify(m)
}

// Log sends a notifications/message log entry to the client if level is at
// or above the level the client set (everything by default). data is any
// JSON-encodable value, typically a string.
func Log(ctx context.Context, level LogLevel, data any) error {
	ci := callFrom(ctx)
	if ci == nil || ci.notify == nil {
		return nil
	}
	min := ci.fixedLevel
	if ci.session != nil {
		min = ci.session.level()
	}
	if min == "" {
		return nil
	}
	if levelRank[level] < levelRank[min] {
		return nil
	}
	m, err := transport.NewNotification("notifications/message", LogParams{Level: level, Logger: ci.tool, Data: data})
	if err != nil {
		return err
	}
	return ci.notify(m)
}

// CloseSSEStream ends the HTTP response stream of the current tool call
// while the call keeps running, so that a long call does not hold a
// connection open (SSE polling, SEP-1699; the TypeScript SDK's
// closeSSEStream). The client reconnects after retry (when positive; its
// own default otherwise) and resumes the stream: the progress, logs and
// result sent meanwhile are kept for it. Calling it again later ends the
// resumed connection too, so the client polls.
//
// It works for tool calls over Streamable HTTP in the handshake era from
// protocol 2025-11-25 on, and reports false, doing nothing, elsewhere
// (stdio, the 2026 era, older clients): a tool may call it
// unconditionally.
func CloseSSEStream(ctx context.Context, retry time.Duration) bool {
	if callFrom(ctx) == nil {
		return false
	}
	return transport.CloseSSEStream(ctx, retry)
}

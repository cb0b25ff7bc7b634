package main

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/args"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/cli"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// Exit codes of the mcpdev command, aligned with the MCP Inspector CLI where
// they overlap.
const (
	exitOK          = 0  // success
	exitUsage       = 1  // usage or unexpected error (also: a test session failed)
	exitArgsRefused = 2  // arguments refused by the tool's input schema, not sent
	exitAuth        = 3  // authentication required
	exitConnect     = 4  // server could not be started, reached or initialized; or a request could not reach it (refused, reset, TLS, an HTTP error status)
	exitToolError   = 5  // the tool returned isError, or there is no such tool or prompt
	exitBadSchema   = 6  // the server's own tool schema is invalid (--strict)
	exitRPCError    = 7  // another JSON-RPC error from the server
	exitTimeout     = 8  // a request timed out
	exitTooLarge    = 9  // a message from the server was over the size limit
	exitTaskEnded   = 10 // the server cancelled the task (call of a tool as a task)
	exitLintUsage   = 2  // lint only: usage (its 1 is findings, as a linter's)
	// exitInterrupted is ctrl+c (SIGINT): 128 + 2, as a shell reports it.
	exitInterrupted = 130
)

// exitCode maps an error returned by this package to the command's exit code.
func exitCode(err error) int {
	var (
		usage   *inspector.UsageError
		ae      *args.Error
		tool    *call.ToolError
		prompt  *call.PromptError
		schema  *args.SchemaError
		conn    *target.ConnectError
		timeout *call.TimeoutError
		rpc     *transport.Error
		task    *call.TaskEndError
		link    *streamable.LinkError

		lintUsage *lintUsageError
	)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errInterrupted):
		return exitInterrupted
	case errors.As(err, &task) && task.Status == sdk.TaskCancelled:
		return exitTaskEnded
	case errors.As(err, &lintUsage):
		return exitLintUsage
	case errors.As(err, &usage):
		return exitUsage
	case errors.As(err, &conn):
		if conn.AuthRequired() {
			return exitAuth
		}
		return exitConnect
	case errors.As(err, &ae):
		return exitArgsRefused
	case errors.As(err, &tool), errors.As(err, &prompt):
		return exitToolError
	case errors.As(err, &schema):
		return exitBadSchema
	case errors.As(err, &link) && link.Failure == streamable.FailTimeout:
		return exitTimeout
	case errors.As(err, &link):
		return exitConnect
	case errors.As(err, &timeout), errors.Is(err, context.DeadlineExceeded):
		return exitTimeout
	case errors.Is(err, transport.ErrTooLarge):
		return exitTooLarge
	case errors.As(err, &rpc):
		return exitRPCError
	}
	return exitUsage
}

// errorKinds names each exit code in the JSON line.
var errorKinds = map[int]string{
	exitUsage: "error", exitArgsRefused: "arguments-refused", exitAuth: "auth-required",
	exitConnect: "connect-failed", exitToolError: "tool-error", exitBadSchema: "invalid-schema",
	exitRPCError: "jsonrpc-error", exitTimeout: "timeout", exitTooLarge: "message-too-large",
	exitInterrupted: "interrupted",
	exitTaskEnded:   "task-cancelled",
}

// errorJSON is the one-line JSON description of err printed on stderr for
// scripts: {"exitCode":N,"kind":"…","message":"…", …details}.
func errorJSON(err error) []byte {
	code := exitCode(err)
	v := map[string]any{"exitCode": code, "kind": errorKinds[code], "message": err.Error()}
	var (
		ae   *args.Error
		tool *call.ToolError
		rpc  *transport.Error
		conn *target.ConnectError
		big  *transport.DecodeError
		link *streamable.LinkError
	)
	if errors.As(err, &ae) {
		v["tool"] = ae.Tool
		v["problems"] = ae.ProblemStrings()
	}
	if errors.As(err, &tool) {
		v["tool"] = tool.Tool
	}
	if errors.As(err, &big) && big.Limit > 0 {
		v["size"], v["limit"] = big.Size, big.Limit
	} else if errors.As(err, &rpc) {
		v["rpcCode"] = rpc.Code
	}
	if errors.As(err, &conn) {
		v["doctor"] = target.Doctor(err).Kind
	}
	if errors.As(err, &link) && link.Status != 0 {
		v["httpStatus"] = link.Status
	}
	if errors.Is(err, testsession.ErrFailed) {
		v["kind"] = "test-failed"
	}
	var (
		lintUsage *lintUsageError
		budget    *cli.BudgetError
	)
	switch {
	case errors.Is(err, cli.ErrLintFailed):
		v["kind"] = "lint-failed"
	case errors.As(err, &budget):
		v["kind"] = "too-many-tokens"
	case errors.As(err, &lintUsage):
		v["kind"] = "usage"
	}
	b, _ := json.Marshal(v)
	return b
}

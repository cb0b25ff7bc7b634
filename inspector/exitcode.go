package inspector

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// Exit codes of the mcpdev command, aligned with the MCP Inspector CLI where
// they overlap.
const (
	ExitOK          = 0 // success
	ExitUsage       = 1 // usage or unexpected error (also: a test session failed)
	ExitArgsRefused = 2 // arguments refused by the tool's input schema, not sent
	ExitAuth        = 3 // authentication required
	ExitConnect     = 4 // server could not be started, reached or initialized
	ExitToolError   = 5 // the tool returned isError, or there is no such tool
	ExitBadSchema   = 6 // the server's own tool schema is invalid (--strict)
	ExitRPCError    = 7 // another JSON-RPC error from the server
	ExitTimeout     = 8 // a request timed out
	ExitTooLarge    = 9 // a message from the server was over the size limit
)

// UsageError is a mistake on the command line.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef builds a *UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// TimeoutError reports a request that got no answer in time.
type TimeoutError struct {
	Op    string // "tools/list", "tools/call search_books", …
	After time.Duration
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("%s: no answer within %s", e.Op, e.After)
}

// ErrSessionFailed is returned by RunTests when a step failed.
var ErrSessionFailed = errors.New("test session failed")

// ExitCode maps an error returned by this package to the command's exit code.
func ExitCode(err error) int {
	var (
		usage   *UsageError
		args    *ArgsError
		tool    *ToolError
		schema  *SchemaError
		conn    *ConnectError
		timeout *TimeoutError
		rpc     *transport.Error
	)
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &usage):
		return ExitUsage
	case errors.As(err, &conn):
		if conn.AuthRequired() {
			return ExitAuth
		}
		return ExitConnect
	case errors.As(err, &args):
		return ExitArgsRefused
	case errors.As(err, &tool):
		return ExitToolError
	case errors.As(err, &schema):
		return ExitBadSchema
	case errors.As(err, &timeout), errors.Is(err, context.DeadlineExceeded):
		return ExitTimeout
	case errors.Is(err, transport.ErrTooLarge):
		return ExitTooLarge
	case errors.As(err, &rpc):
		return ExitRPCError
	}
	return ExitUsage
}

// errorKinds names each exit code in the JSON line.
var errorKinds = map[int]string{
	ExitUsage: "error", ExitArgsRefused: "arguments-refused", ExitAuth: "auth-required",
	ExitConnect: "connect-failed", ExitToolError: "tool-error", ExitBadSchema: "invalid-schema",
	ExitRPCError: "jsonrpc-error", ExitTimeout: "timeout", ExitTooLarge: "message-too-large",
}

// ErrorJSON is the one-line JSON description of err printed on stderr for
// scripts: {"exitCode":N,"kind":"…","message":"…", …details}.
func ErrorJSON(err error) []byte {
	code := ExitCode(err)
	v := map[string]any{"exitCode": code, "kind": errorKinds[code], "message": err.Error()}
	var (
		args *ArgsError
		tool *ToolError
		rpc  *transport.Error
		conn *ConnectError
		big  *transport.DecodeError
	)
	if errors.As(err, &args) {
		v["tool"] = args.Tool
		v["problems"] = args.problemStrings()
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
		v["doctor"] = Doctor(err).Kind
	}
	if errors.Is(err, ErrSessionFailed) {
		v["kind"] = "test-failed"
	}
	b, _ := json.Marshal(v)
	return b
}

// Describe is the human explanation of err: the doctor's report for a
// connection failure, every problem for refused arguments, the message
// otherwise.
func Describe(err error) string {
	var (
		conn *ConnectError
		args *ArgsError
	)
	switch {
	case errors.As(err, &conn):
		return Doctor(err).String()
	case errors.As(err, &args):
		return args.Report()
	}
	if hint := TooLargeHint(err); hint != "" {
		return err.Error() + "\n" + hint
	}
	return err.Error()
}

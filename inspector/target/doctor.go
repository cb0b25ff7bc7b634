package target

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/build"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// Report is the connection doctor's verdict: what happened and what to try.
type Report struct {
	// Kind is a stable name for scripts: build-error, go-not-found,
	// not-found, not-executable, start-failed, bad-stdout, exited,
	// wrong-id, no-answer, rejected, http-status, auth-required, refused,
	// unreachable, error.
	Kind    string
	Target  string   // the target's name ("" for a connection without one)
	Lost    bool     // the server was connected, then the connection ended
	Summary string   // one line
	Details []string // compiler messages, stderr or stdout lines
	Hints   []string // what to try
}

// String renders the report for a terminal. Summary and details quote
// the server (its stdout, its stderr, its errors): every line goes through
// termtext.Line.
func (r *Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", r.heading(), termtext.Line(r.Summary))
	for _, d := range r.Details {
		fmt.Fprintf(&b, "    %s\n", termtext.Line(d))
	}
	for _, h := range r.Hints {
		fmt.Fprintf(&b, "  try: %s\n", termtext.Line(h))
	}
	return strings.TrimRight(b.String(), "\n")
}

// heading says what failed: connecting, or a connection that was up
// ("lost the connection to …"), naming the target when there is one.
func (r *Report) heading() string {
	what := "cannot connect"
	if r.Lost {
		what = "lost the connection"
	}
	switch {
	case r.Target != "":
		return what + " to " + termtext.Line(r.Target)
	case r.Lost:
		return what + " to the server"
	}
	return what
}

// Doctor explains a failed connection (a *ConnectError from Connect or
// Explain). Any other error gets a plain report; nil gets nil.
func Doctor(err error) *Report {
	if err == nil {
		return nil
	}
	var ce *ConnectError
	if !errors.As(err, &ce) {
		return &Report{Kind: "error", Summary: err.Error()}
	}
	r := &Report{Target: ce.Target.Name, Lost: ce.Stage == StageSession}
	if eraRefused(ce) {
		diagnoseEra(r, ce)
		return r
	}
	switch ce.Stage {
	case StageBuild:
		diagnoseBuild(r, ce)
	case StageStart:
		diagnoseStart(r, ce)
	default:
		diagnoseSession(r, ce)
	}
	return r
}

func diagnoseBuild(r *Report, ce *ConnectError) {
	var be *build.Error
	if !errors.As(ce.Err, &be) {
		r.Kind, r.Summary = "error", ce.Err.Error()
		return
	}
	if errors.Is(be.Err, exec.ErrNotFound) {
		r.Kind, r.Summary = "go-not-found", "the go command is not installed or not in PATH"
		r.Hints = []string{"install Go from https://go.dev/dl/, or run a built binary with: mcpdev -- ./server"}
		return
	}
	r.Kind, r.Summary = "build-error", "the Go code does not compile"
	for _, p := range be.Problems {
		r.Details = append(r.Details, p.String())
	}
	if len(r.Details) == 0 {
		r.Details = lastLines(strings.Split(strings.TrimSpace(be.Output), "\n"), 10)
	}
	r.Hints = []string{"fix the errors above; mcpdev rebuilds only when the sources change"}
	if h := builtAloneHint(ce.Target, be); h != "" {
		r.Hints = append([]string{h}, r.Hints...)
	}
}

// builtAloneHint explains "undefined: X" for a file target whose directory
// holds other .go files: the file is built alone, as go run FILE builds it,
// and X is most likely in a sibling.
func builtAloneHint(t *Target, be *build.Error) string {
	if t == nil || t.Kind != KindGo || !strings.HasSuffix(t.GoPath, ".go") {
		return ""
	}
	undefined := false
	for _, p := range be.Problems {
		undefined = undefined || strings.HasPrefix(p.Message, "undefined: ")
	}
	if !undefined || !hasSiblingGoFiles(t.GoPath) {
		return ""
	}
	name := filepath.Base(t.GoPath)
	return fmt.Sprintf("%s is built alone, as go run %s builds it; to build its whole package, give the directory: mcpdev %s",
		name, name, filepath.Dir(t.Name))
}

// hasSiblingGoFiles reports whether file's directory holds other non-test
// .go files.
func hasSiblingGoFiles(file string) bool {
	m, _ := filepath.Glob(filepath.Join(filepath.Dir(file), "*.go"))
	for _, f := range m {
		if filepath.Base(f) != filepath.Base(file) && !strings.HasSuffix(f, "_test.go") {
			return true
		}
	}
	return false
}

func diagnoseStart(r *Report, ce *ConnectError) {
	cmd := ce.Target.CommandLine()
	switch {
	case errors.Is(ce.Err, exec.ErrNotFound):
		r.Kind, r.Summary = "not-found", fmt.Sprintf("executable %q not found", ce.Target.Command)
		r.Hints = []string{"check the spelling, install it, or give its full path"}
	case errors.Is(ce.Err, os.ErrPermission):
		r.Kind, r.Summary = "not-executable", fmt.Sprintf("%s is not executable", ce.Target.Command)
		r.Hints = []string{"chmod +x " + ce.Target.Command + ", or run it through its interpreter: mcpdev -- python3 " + ce.Target.Command}
	case errors.As(ce.Err, new(*oauth.SignInError)):
		r.Kind, r.Summary = "auth-required", "signing in failed: "+ce.Err.Error()
		r.Hints = []string{"mcpdev logout " + ce.Target.URL + " forgets a saved sign-in; --client-id/--client-secret for a registered client, --scope for other scopes"}
	case ce.AuthRequired():
		r.Kind, r.Summary = "auth-required", fmt.Sprintf("HTTP %d: authentication required", ce.Status)
		r.Hints = []string{"the server names no authorization server to sign in with: pass credentials with --header \"Authorization: Bearer …\""}
	case ce.Status != 0:
		r.Kind, r.Summary = "http-status", fmt.Sprintf("HTTP %d from %s", ce.Status, ce.Target.URL)
		r.Hints = []string{"check the URL (MCP endpoints usually end in /mcp)"}
	case errors.Is(ce.Err, syscall.ECONNREFUSED):
		r.Kind, r.Summary = "refused", "connection refused at "+ce.Target.URL
		r.Hints = []string{"is the server running and listening on that port? (e.g. go run ./server --http 127.0.0.1:8000)"}
	case isDialError(ce.Err):
		r.Kind, r.Summary = "unreachable", fmt.Sprintf("cannot reach %s: %v", ce.Target.URL, ce.Err)
		r.Hints = []string{"check the host name and port"}
	default:
		r.Kind, r.Summary = "start-failed", fmt.Sprintf("could not start %s: %v", cmd, ce.Err)
	}
}

func diagnoseSession(r *Report, ce *ConnectError) {
	when := "before answering initialize"
	if ce.Stage == StageSession {
		when = "during the session"
	}
	var rpc *transport.Error
	switch {
	case errors.Is(ce.Err, transport.ErrTooLarge):
		r.Kind, r.Summary = "too-large", "the server's answer to the handshake is over the message size limit"
		r.Details = []string{ce.Err.Error()}
		r.Hints = []string{inspector.TooLargeHint(ce.Err)}
	case len(ce.Noise) > 0:
		r.Kind, r.Summary = "bad-stdout", "the server wrote lines to stdout that are not JSON-RPC"
		for _, l := range ce.Noise {
			r.Details = append(r.Details, "stdout: "+l)
		}
		if ce.Exited {
			r.Details = append(r.Details, exitText(ce.ExitCode)+" "+when)
		}
		if ce.Timeout > 0 {
			r.Details = append(r.Details, fmt.Sprintf("and it did not answer initialize within %s", ce.Timeout))
		}
		r.Hints = []string{"stdout carries the protocol only: send logs and prints to stderr", "check that this is an MCP server speaking stdio"}
	case ce.Exited:
		r.Kind, r.Summary = "exited", exitText(ce.ExitCode)+" "+when
		r.Hints = []string{"run it by hand to see what happens: " + runHint(ce.Target)}
	case len(ce.WrongIDs) > 0:
		r.Kind, r.Summary = "wrong-id", "the server answered, but not with the id of any request"
		r.Hints = []string{`a response must carry its request's id unchanged, of the same JSON type (1 and "1" differ)`}
	case ce.Timeout > 0 || errors.Is(ce.Err, context.DeadlineExceeded):
		r.Kind, r.Summary = "no-answer", fmt.Sprintf("no answer to initialize within %s", ce.Timeout)
		r.Hints = noAnswerHints(ce.Target)
	case errors.As(ce.Err, &rpc):
		r.Kind, r.Summary = "rejected", "the server refused initialize: "+rpc.Message
		r.Hints = []string{"the server may not speak protocol version 2025-11-25 or older"}
	default:
		r.Kind, r.Summary = "error", ce.Err.Error()
	}
	if len(ce.WrongIDs) > 0 {
		r.Details = append(r.Details, fmt.Sprintf("it answered with id %s, which no request had (the requests had id %s)",
			strings.Join(ce.WrongIDs, ", "), strings.Join(ce.SentIDs, ", ")))
	}
	if len(ce.Stderr) > 0 {
		r.Details = append(r.Details, "last lines of its stderr:")
		for _, l := range ce.Stderr {
			r.Details = append(r.Details, "  "+l)
		}
	}
}

// noAnswerHints: a stdio server may speak HTTP or wait for input; an HTTP
// endpoint may be the wrong URL.
func noAnswerHints(t *Target) []string {
	if t.Kind == KindHTTP {
		return []string{"check that " + t.URL + " is the server's MCP endpoint (it must answer a POST of initialize with JSON or an event stream)",
			"a slow start? raise --connect-timeout"}
	}
	return []string{"check that it speaks MCP over stdio (not HTTP) and does not wait for other input", "a slow start? raise --connect-timeout"}
}

func runHint(t *Target) string {
	if t.Kind == KindGo {
		return "go run " + t.GoPath
	}
	return t.CommandLine()
}

func exitText(code int) string {
	if code < 0 {
		return "the server was killed by a signal"
	}
	return fmt.Sprintf("the server exited with code %d", code)
}

func lastLines(lines []string, n int) []string {
	if len(lines) > n {
		return lines[len(lines)-n:]
	}
	return lines
}

// isDialError reports a failure to reach a host (DNS, refused, unreachable).
func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

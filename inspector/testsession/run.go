// Package testsession runs scripted test sessions (.txtar files of tool
// calls and expected results): parses, runs and watches them, records new
// ones, and writes a call as a command line.
package testsession

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/aymanbagabas/go-udiff"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/args"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// Options configures Run.
type Options struct {
	Update         bool // rewrite golden expectations from the real responses
	Timeout        time.Duration
	ConnectTimeout time.Duration
	BuildCache     string
	// Protocol is --protocol for every session (auto, legacy, 2026 or a
	// version), over what its target line says; empty: the target line's.
	Protocol string
	// Target, when set, replaces every session's target line: the words
	// of mcpdev test FILE -- CMD ARGS… ("--" then the command), to run a
	// session against another build. Relative paths are relative to the
	// directory mcpdev runs in, not to the session file.
	Target []string
}

// Summary counts steps.
type Summary struct{ Passed, Failed int }

// Run runs session files (directories are searched for *.txtar), one
// connection per file, printing go test-like output and a final line
// "N passed, M failed". It returns ErrFailed if any step failed.
func Run(ctx context.Context, w io.Writer, paths []string, opts *Options) (Summary, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	var sum Summary
	files, err := sessionFiles(paths)
	if err != nil {
		return sum, err
	}
	for _, path := range files {
		r := &sessionRun{w: w, opts: &o, path: path}
		r.run(ctx)
		sum.Passed += r.passed
		sum.Failed += r.failed
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", sum.Passed, sum.Failed)
	if sum.Failed > 0 {
		return sum, ErrFailed
	}
	return sum, nil
}

func sessionFiles(paths []string) ([]string, error) {
	if len(paths) == 0 {
		return nil, inspector.Usagef("test: give session files or directories")
	}
	var out []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, inspector.Usagef("test: %v", err)
		}
		if !fi.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".txtar") {
				out = append(out, path)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	if len(out) == 0 {
		return nil, inspector.Usagef("test: no .txtar session files in %s", strings.Join(paths, " "))
	}
	return out, nil
}

// sessionRun is one session file being run.
type sessionRun struct {
	w              io.Writer
	opts           *Options
	path           string
	file           *File
	conn           *target.Connection
	tools          map[string]sdk.ToolInfo
	passed, failed int
	updated        bool
	asks           atomic.Pointer[script] // the running step's answers to the server's questions
	updates        *updateLog             // the resource updates heard (updates.go)
	followed       []string               // 2026 era: the URIs the listen stream follows
	stopListen     context.CancelFunc
}

func (r *sessionRun) run(ctx context.Context) {
	start := time.Now()
	fmt.Fprintf(r.w, "=== RUN   %s\n", r.path)
	if err := r.runSteps(ctx); err != nil {
		r.fail(0, "", err.Error())
	}
	if r.updated {
		if err := os.WriteFile(r.path, r.file.Format(), 0o644); err != nil {
			r.fail(0, "update", err.Error())
		} else {
			fmt.Fprintf(r.w, "    updated %s\n", r.path)
		}
	}
	verdict := "PASS"
	if r.failed > 0 {
		verdict = "FAIL"
	}
	fmt.Fprintf(r.w, "--- %s: %s (%.2fs)\n", verdict, r.path, time.Since(start).Seconds())
}

func (r *sessionRun) runSteps(ctx context.Context) error {
	f, err := Load(r.path)
	if err != nil {
		return err
	}
	r.file = f
	t, err := r.resolve()
	if err != nil {
		return fmt.Errorf("line %d: %w", f.TargetLine, err)
	}
	client, err := r.clientOptions()
	if err != nil {
		return err
	}
	r.asks.Store(newScript(nil))
	conn, err := t.Connect(ctx, &target.ConnectOptions{Timeout: r.opts.ConnectTimeout, Client: client})
	if err != nil {
		return fmt.Errorf("line %d: %s", f.TargetLine, inspector.Describe(err))
	}
	r.conn = conn
	defer conn.Close()
	defer func() {
		if r.stopListen != nil {
			r.stopListen()
		}
	}()
	for _, s := range f.Steps {
		stepStart := time.Now()
		asks := newScript(s.Answers)
		r.asks.Store(asks)
		problems := append(r.step(ctx, s), asks.finish()...)
		r.asks.Store(newScript(nil))
		dur := time.Since(stepStart)
		if len(problems) == 0 {
			r.passed++
			fmt.Fprintf(r.w, "    PASS  line %d: %s (%.2fs)\n", s.Line, s, dur.Seconds())
			continue
		}
		r.fail(s.Line, s.String(), problems...)
	}
	return nil
}

// clientOptions declares elicitation, sampling and roots: the questions
// are answered by the running step's answer lines, the roots are the
// file's root lines (none without any: roots/list answers an empty list).
func (r *sessionRun) clientOptions() (*sdk.ClientOptions, error) {
	roots, err := call.Roots(r.file.Roots)
	if err != nil {
		return nil, fmt.Errorf("root %w", err)
	}
	elicit := func(ctx context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		return r.asks.Load().elicitation(ctx, p)
	}
	r.updates = newUpdateLog()
	return &sdk.ClientOptions{
		OnElicit: elicit, OnElicitURL: elicit, SamplingTools: true, OnNotification: r.updates.note,
		OnSample: func(ctx context.Context, p *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
			return r.asks.Load().sampling(ctx, p)
		},
		OnRoots: func(context.Context) ([]sdk.Root, error) { return roots, nil },
	}, nil
}

func (r *sessionRun) fail(line int, what string, problems ...string) {
	r.failed++
	if line > 0 {
		fmt.Fprintf(r.w, "    FAIL  line %d: %s\n", line, termtext.Line(what))
	} else {
		fmt.Fprintf(r.w, "    FAIL  %s\n", termtext.Line(strings.TrimSpace(what+" "+r.path)))
	}
	for _, p := range problems { // they quote the server's results
		for _, l := range strings.Split(strings.TrimRight(p, "\n"), "\n") {
			fmt.Fprintf(r.w, "          %s\n", termtext.Line(l))
		}
	}
}

// resolve turns the target line into a Target, relative to the file.
func (r *sessionRun) resolve() (*target.Target, error) {
	if len(r.opts.Target) > 0 {
		o := target.ResolveOptions{BuildCache: r.opts.BuildCache, Protocol: r.opts.Protocol}
		return target.Resolve(r.opts.Target, &o)
	}
	words, o, err := parseTargetFlags(r.file.Target)
	if err != nil {
		return nil, err
	}
	o.BaseDir = filepath.Dir(r.path)
	o.BuildCache = r.opts.BuildCache
	if r.opts.Protocol != "" {
		o.Protocol = r.opts.Protocol
	}
	return target.Resolve(words, &o)
}

// parseTargetFlags reads --env, --cwd, --header, --config, --server,
// --max-message-size and --protocol in front of the target words.
func parseTargetFlags(words []string) ([]string, target.ResolveOptions, error) {
	var o target.ResolveOptions
	for len(words) > 0 && strings.HasPrefix(words[0], "-") && words[0] != "--" {
		name, val, has := strings.Cut(strings.TrimLeft(words[0], "-"), "=")
		if !has {
			if len(words) < 2 {
				return nil, o, fmt.Errorf("target: %s needs a value", words[0])
			}
			val, words = words[1], words[1:]
		}
		words = words[1:]
		switch name {
		case "env":
			o.Env = append(o.Env, val)
		case "cwd":
			o.Dir = val
		case "header":
			o.Headers = append(o.Headers, val)
		case "config":
			o.Config = val
		case "server":
			o.Server = val
		case "max-message-size":
			n, err := target.ParseSize(val)
			if err != nil {
				return nil, o, fmt.Errorf("target: --max-message-size %v", err)
			}
			o.MaxMessageSize = n
		case "protocol":
			o.Protocol = val
		default:
			return nil, o, fmt.Errorf("target: unknown flag --%s", name)
		}
	}
	return words, o, nil
}

func (r *sessionRun) timeout() time.Duration {
	if r.file.Timeout > 0 {
		return r.file.Timeout
	}
	return r.opts.Timeout
}

// step runs one step and returns what went wrong (nothing: PASS).
func (r *sessionRun) step(ctx context.Context, s *Step) []string {
	switch s.Kind {
	case "tools":
		return r.stepTools(ctx, s)
	case "schema":
		return r.stepSchema(ctx, s)
	case "read":
		return r.stepRead(ctx, s)
	case "prompt":
		return r.stepPrompt(ctx, s)
	case "complete":
		return r.stepComplete(ctx, s)
	case "subscribe":
		return r.stepSubscribe(ctx, s)
	}
	return r.stepCall(ctx, s)
}

func (r *sessionRun) listTools(ctx context.Context) error {
	tools, err := call.ListTools(ctx, r.conn, r.timeout())
	if err != nil {
		return err
	}
	r.tools = map[string]sdk.ToolInfo{}
	for _, t := range tools {
		r.tools[t.Name] = t
	}
	return nil
}

func (r *sessionRun) stepTools(ctx context.Context, s *Step) []string {
	if err := r.listTools(ctx); err != nil {
		return []string{inspector.Describe(err)}
	}
	var out []string
	for _, name := range s.Words {
		if _, ok := r.tools[name]; !ok {
			out = append(out, fmt.Sprintf("no tool %q in tools/list (have: %s)", name, strings.Join(slices.Sorted(maps.Keys(r.tools)), ", ")))
		}
	}
	return out
}

func (r *sessionRun) stepSchema(ctx context.Context, s *Step) []string {
	if r.tools == nil {
		if err := r.listTools(ctx); err != nil {
			return []string{inspector.Describe(err)}
		}
	}
	name, file := s.Words[0], s.Words[1]
	tool, ok := r.tools[name]
	if !ok {
		return []string{fmt.Sprintf("no tool %q in tools/list", name)}
	}
	got := call.IndentJSON(tool.InputSchema)
	af := r.file.file(file)
	if r.opts.Update && (af == nil || !args.EqualJSON(string(af.Data), got)) {
		r.file.setFile(file, got)
		r.updated = true
		return nil
	}
	if af == nil {
		return []string{fmt.Sprintf("no file %q in the session (run with -update to create it)", file)}
	}
	if !args.EqualJSON(string(af.Data), got) {
		return []string{"inputSchema differs (-want +got):\n" + diff(call.IndentJSON(af.Data), got)}
	}
	return nil
}

func (r *sessionRun) stepCall(ctx context.Context, s *Step) []string {
	if r.tools == nil {
		if err := r.listTools(ctx); err != nil {
			return []string{inspector.Describe(err)}
		}
	}
	res, err := r.call(ctx, s.Words[0], s.Words[1:], s.Task)
	var out *outcome
	if res != nil {
		out = &outcome{text: call.ResultText(res), structured: res.StructuredContent, isError: res.IsError}
	}
	return r.verify(s, out, err)
}

// verify checks a step's expectations against its outcome (nil with a
// JSON-RPC error); any other error fails the step.
func (r *sessionRun) verify(s *Step, out *outcome, err error) []string {
	var rpc *transport.Error
	if err != nil && !errors.As(err, &rpc) {
		return []string{inspector.Describe(err)}
	}
	var problems []string
	sawIsError := false
	for _, e := range s.Expects {
		sawIsError = sawIsError || e.Subject == "isError" || e.Subject == "rpcError"
		msg := ""
		if e.Subject == "updated" {
			msg = r.checkUpdated(e)
		} else {
			msg = r.check(e, out, rpc)
		}
		if msg != "" {
			problems = append(problems, fmt.Sprintf("line %d: %s", e.Line, msg))
		}
	}
	if rpc != nil && !sawIsError {
		problems = append(problems, fmt.Sprintf("JSON-RPC error %d: %s (expect it with: rpcError %d)", rpc.Code, rpc.Message, rpc.Code))
	}
	if out != nil && out.isError && !sawIsError {
		problems = append(problems, "unexpected isError result:\n"+out.text)
	}
	return problems
}

// call sends a tools/call: arguments coerced by the tool's schema, not
// validated (a session pins the server's own behaviour), in the order the
// line gives them. It runs as a task
// when the step asks (task) or the tool runs only as one.
func (r *sessionRun) call(ctx context.Context, name string, words []string, task bool) (*sdk.CallToolResult, error) {
	var pairs []string
	var base map[string]any
	for _, w := range words {
		if isJSONWord(w) {
			m, err := args.DecodeJSON(w)
			if err != nil {
				return nil, err
			}
			base = m
			continue
		}
		pairs = append(pairs, w)
	}
	argv, err := args.Coerce(r.tools[name].InputSchema, pairs, base)
	if err != nil {
		return nil, err
	}
	if task || call.NeedsTask(r.tools[name]) {
		return call.Task(ctx, r.conn, name, args.MarshalOrdered(argv, pairs), r.timeout(), nil)
	}
	return call.Tool(ctx, r.conn, name, args.MarshalOrdered(argv, pairs), r.timeout(), nil)
}

// isJSONWord reports whether a word of a call line is the arguments as a
// JSON object rather than a key=value pair.
func isJSONWord(w string) bool { return strings.HasPrefix(w, "{") }

// check returns "" when e holds, else what is wrong.
func (r *sessionRun) check(e *Expect, res *outcome, rpc *transport.Error) string {
	if e.Subject == "rpcError" {
		if rpc == nil {
			return fmt.Sprintf("want JSON-RPC error %s, got a result", e.Value)
		}
		if strconv.Itoa(rpc.Code) != e.Value {
			return fmt.Sprintf("want JSON-RPC error %s, got %d: %s", e.Value, rpc.Code, rpc.Message)
		}
		return ""
	}
	if res == nil {
		return fmt.Sprintf("%s: no result (JSON-RPC error %d: %s)", e.Subject, rpc.Code, rpc.Message)
	}
	switch e.Subject {
	case "isError":
		if want := e.Op == "true"; res.isError != want {
			return fmt.Sprintf("want isError %v, got %v:\n%s", want, res.isError, res.text)
		}
		return ""
	case "text":
		return r.checkText(e, res.text)
	}
	return r.checkStructured(e, res.structured)
}

func (r *sessionRun) checkText(e *Expect, got string) string {
	want := r.file.expected(e)
	switch e.Op {
	case "contains":
		if !strings.Contains(got, want) {
			return fmt.Sprintf("text does not contain %q; text:\n%s", want, got)
		}
	case "matches":
		re, err := regexp.Compile(want)
		if err != nil {
			return fmt.Sprintf("bad regexp: %v", err)
		}
		if !re.MatchString(got) {
			return fmt.Sprintf("text does not match %s; text:\n%s", want, got)
		}
	default:
		if got == want {
			return ""
		}
		if r.opts.Update {
			r.file.setExpected(e, got)
			r.updated = true
			return ""
		}
		return "text differs (-want +got):\n" + diff(want, got)
	}
	return ""
}

func (r *sessionRun) checkStructured(e *Expect, raw json.RawMessage) string {
	got, err := args.DecodeAny(string(raw))
	if len(raw) == 0 {
		got, err = nil, nil
	}
	if err != nil {
		return "structuredContent is not JSON: " + err.Error()
	}
	want, err := args.DecodeAny(r.file.expected(e))
	if err != nil && e.Op == "==" && r.opts.Update {
		r.updateStructured(e, raw)
		return ""
	}
	if err != nil {
		return "expected value is not JSON (run with -update to record it): " + err.Error()
	}
	for _, p := range e.Ignore {
		got, want = dropPath(got, splitPath(p)), dropPath(want, splitPath(p))
	}
	shown := got
	if e.Op == "has" {
		shown = prune(got, want)
	}
	if args.EqualValues(shown, want) {
		return ""
	}
	if e.Op == "==" && r.opts.Update {
		r.updateStructured(e, raw)
		return ""
	}
	return fmt.Sprintf("structuredContent %s (-want +got):\n%s", map[string]string{"==": "differs", "has": "lacks the expected part"}[e.Op], diff(call.PrettyJSON(want), call.PrettyJSON(shown)))
}

func (r *sessionRun) updateStructured(e *Expect, raw json.RawMessage) {
	v := call.IndentJSON(raw)
	if e.File == "" {
		b, _ := json.Marshal(json.RawMessage(raw))
		v = string(b)
	}
	r.file.setExpected(e, v)
	r.updated = true
}

func diff(want, got string) string {
	return strings.TrimRight(udiff.Unified("want", "got", want+"\n", got+"\n"), "\n")
}

// ErrFailed is returned by Run when a step failed.
var ErrFailed = errors.New("test session failed")

// Command mcpdev builds, launches and inspects MCP servers: list and call
// tools from the command line, and run scripted test sessions. The work is
// done by package inspector; this file maps flags to it and errors to exit
// codes.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/cli"
	"github.com/mcpdev/mcpdev/inspector/state"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/inspector/tui"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "proxy" {
		return runProxy(args[1:], os.Stdin, stdout, stderr)
	}
	var err error
	if len(args) > 0 && args[0] == "sessions" {
		err = runSessions(args[1:], stdout)
	} else if len(args) > 0 && args[0] == "attach" {
		err = runAttach(ctx, args[1:])
	} else if len(args) > 0 && args[0] == "mock" {
		err = runMock(ctx, args[1:], os.Stdin, stdout, stderr)
	} else {
		var cfg *config
		cfg, err = parseArgs(args)
		if err != nil && len(args) > 0 && args[0] == "lint" && !errors.Is(err, flag.ErrHelp) {
			err = &lintUsageError{err} // lint's usage errors exit 2, as linters' do
		}
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return exitOK
		}
		if err == nil {
			err = execute(ctx, cfg, stdout, stderr)
		}
	}
	if err == nil {
		return exitOK
	}
	// The description and the JSON line quote the server (its errors, its
	// output): both go through the sanitizer before the terminal.
	if ctx.Err() != nil { // ctrl+c cancelled the command
		err = interrupted(err)
	}
	fmt.Fprintf(stderr, "mcpdev: %s\n", termtext.Text(inspector.Describe(err)))
	var ue *inspector.UsageError
	if errors.As(err, &ue) {
		fmt.Fprintln(stderr, "run mcpdev -h for usage")
	}
	fmt.Fprintf(stderr, "%s\n", termtext.JSON(errorJSON(err)))
	return exitCode(err)
}

// errInterrupted is what a command stopped by ctrl+c reports.
var errInterrupted = errors.New("interrupted (ctrl+c)")

// interrupted is errInterrupted for an error ctrl+c caused; a task it
// stopped keeps saying whether it was cancelled on the server.
func interrupted(err error) error {
	var task *call.TaskCancelledError
	if errors.As(err, &task) {
		return fmt.Errorf("%w: %s", errInterrupted, task.Error())
	}
	return errInterrupted
}

func execute(ctx context.Context, cfg *config, stdout, stderr io.Writer) error {
	warn := warner(stderr)
	switch cfg.cmd {
	case "version":
		info, ok := debug.ReadBuildInfo()
		writeVersion(stdout, info, ok)
		return nil
	case "completion":
		writeCompletion(stdout, cfg.shell)
		return nil
	case "cache":
		return cli.RunCache(stdout, &cli.CacheOptions{Clean: cfg.cacheClean, OlderThan: cfg.olderThan})
	case "logout":
		return logout(stdout, cfg.positional[0])
	case "lint":
		return runLint(ctx, cfg, stdout, stderr)
	case "test":
		if _, err := target.ParseProtocol(cfg.resolve.Protocol); err != nil {
			return inspector.Usagef("%v", err)
		}
		topts := &testsession.Options{Update: cfg.update, Timeout: cfg.timeout, ConnectTimeout: cfg.connectTimeout, Protocol: cfg.resolve.Protocol}
		if cfg.command != nil {
			topts.Target = cfg.targetWords()
		}
		if cfg.watchTests {
			return testsession.Watch(ctx, stdout, cfg.positional, topts, nil)
		}
		_, err := testsession.Run(ctx, stdout, cfg.positional, topts)
		return err
	case "":
		t, err := target.Resolve(cfg.targetWords(), &cfg.resolve)
		if err != nil {
			return err
		}
		opts := tui.Options{ConnectTimeout: cfg.connectTimeout, Dev: devOptions(cfg, t)}
		if opts.Roots, err = call.Roots(cfg.roots); err != nil { // none without --root, as connect
			return fmt.Errorf("--root %w", err)
		}
		if cfg.sampleReply != nil {
			opts.SampleReply = *cfg.sampleReply
		}
		opts.LogLevel = cfg.logLevel
		return tui.Run(ctx, t, opts)
	}
	// The clock of a call stops while the person answers its questions.
	pause := &call.Pause{}
	ctx = call.WithPause(ctx, pause)
	asker := &cli.Asker{Answers: cfg.answers, Decline: cfg.decline, SampleReply: cfg.sampleReply, In: os.Stdin, Out: stderr, Pause: pause}
	if cfg.answerURL != "" {
		asker.URLAnswer, _ = call.ParseURLAnswer(cfg.answerURL) // checked by parseArgs
	}
	conn, err := connect(ctx, cfg, stderr, asker)
	if err != nil {
		return err
	}
	asker.Watch(conn.Done())
	defer conn.Close()
	if cfg.verbose {
		info := conn.ServerInfo()
		fmt.Fprintf(stderr, "connected to %s %s: %s\n", termtext.Line(info.Name), termtext.Line(info.Version), conn.Negotiated())
	}
	if err := setLogLevel(ctx, cfg, conn, warn); err != nil {
		return err
	}
	if cfg.cmd != "call" {
		return runListing(ctx, cfg, stdout, stderr, conn)
	}
	opts := &cli.CallOptions{
		Pairs: cfg.pairs, ArgsJSON: cfg.argsJSON, NoValidate: cfg.noValidate, Strict: cfg.strict,
		JSON: cfg.json, Timeout: cfg.timeout, Warn: warn, OnURLRequired: asker.URLRequired,
		Task: cfg.task, OnTask: cli.TaskPrinter(stderr),
	}
	if cfg.verbose {
		opts.OnProgress = func(p sdk.ProgressParams) {
			fmt.Fprintln(stderr, strings.TrimSpace(fmt.Sprintf("progress: %g/%g %s", p.Progress, p.Total, termtext.Line(p.Message))))
		}
	}
	return cli.RunCall(ctx, stdout, conn, cfg.tool, opts)
}

// runListing runs the commands besides call that need a connection.
func runListing(ctx context.Context, cfg *config, stdout, stderr io.Writer, conn *target.Connection) error {
	list := &cli.ListOptions{JSON: cfg.json, Timeout: cfg.timeout}
	switch cfg.cmd {
	case "resources":
		return cli.RunResources(ctx, stdout, conn, list)
	case "templates":
		return cli.RunTemplates(ctx, stdout, conn, list)
	case "prompts":
		return cli.RunPrompts(ctx, stdout, conn, list)
	case "read":
		return cli.RunRead(ctx, stdout, conn, cfg.tool, &cli.ReadOptions{Pairs: cfg.pairs, JSON: cfg.json, Timeout: cfg.timeout})
	case "prompt":
		return cli.RunPrompt(ctx, stdout, conn, cfg.tool, &cli.PromptOptions{Pairs: cfg.pairs, NoValidate: cfg.noValidate, JSON: cfg.json, Timeout: cfg.timeout})
	case "complete":
		return cli.RunComplete(ctx, stdout, conn, cfg.pairs, &cli.CompleteOptions{JSON: cfg.json, Timeout: cfg.timeout})
	}
	return cli.RunTools(ctx, stdout, conn, &cli.ToolsOptions{
		JSON: cfg.json, Strict: cfg.strict, Tokens: cfg.tokens, Clients: cfg.tokenClients, MaxTokens: cfg.maxTokens,
		Timeout: cfg.timeout, Warn: warner(stderr),
	})
}

func connect(ctx context.Context, cfg *config, stderr io.Writer, asker *cli.Asker) (*target.Connection, error) {
	t, err := target.Resolve(cfg.targetWords(), &cfg.resolve)
	if err != nil {
		return nil, err
	}
	warn := warner(stderr)
	opts := &target.ConnectOptions{
		Timeout:       cfg.connectTimeout,
		AuthOut:       stderr,
		Client:        &sdk.ClientOptions{OnWarning: func(err error) { warn(err.Error()) }},
		OnStdoutNoise: noiseWarner(warn, 10),
	}
	// A tool or prompt that elicits or samples asks on the terminal, or
	// takes --answer / --sample-reply; the roots are --root, none without
	// it (roots/list answers an empty list). Every command declares all
	// three, so that tools lists what call can call (servers hide the tools
	// that ask from a client that cannot answer).
	roots, err := call.Roots(cfg.roots)
	if err != nil {
		return nil, fmt.Errorf("--root %w", err)
	}
	opts.Client.OnElicit, opts.Client.OnElicitURL, opts.Client.OnSample = asker.Elicit, asker.ElicitURL, asker.Sample
	opts.Client.SamplingTools = true // the request's tools are shown; the reply is text
	opts.Client.OnRoots = func(context.Context) ([]sdk.Root, error) { return roots, nil }
	if cfg.verbose {
		opts.OnAuth = cli.ExchangePrinter(stderr) // the sign-in's HTTP exchanges, redacted
		opts.OnStderr = func(line string) { fmt.Fprintf(stderr, "server: %s\n", termtext.Line(line)) }
	}
	if cfg.verbose || cfg.logLevel != "" { // asking for a level is asking to see the logs
		opts.Client.OnLog = func(p sdk.LogParams) {
			fmt.Fprintf(stderr, "log %s: %s\n", termtext.Line(string(p.Level)), termtext.Text(fmt.Sprint(p.Data)))
		}
	}
	return t.Connect(ctx, opts)
}

// setLogLevel sends --log-level (logging/setLevel, or the 2026 era's
// _meta level); a server without the logging capability is sent none,
// with a warning.
func setLogLevel(ctx context.Context, cfg *config, conn *target.Connection, warn func(string)) error {
	if cfg.logLevel == "" {
		return nil
	}
	err := conn.SetLogLevel(ctx, cfg.logLevel)
	if errors.Is(err, sdk.ErrNoLogging) {
		warn("--log-level " + string(cfg.logLevel) + ": " + err.Error() + "; no level sent")
		return nil
	}
	if err != nil {
		return fmt.Errorf("--log-level %s: %w", cfg.logLevel, err)
	}
	return nil
}

// logout forgets the saved sign-in to the server at url.
func logout(stdout io.Writer, url string) error {
	had, err := target.Logout("", url)
	switch {
	case err != nil:
		return err
	case had:
		fmt.Fprintf(stdout, "signed out of %s\n", termtext.Line(url))
	default:
		fmt.Fprintf(stdout, "no saved sign-in for %s\n", termtext.Line(url))
	}
	return nil
}

// warner prints warnings on stderr; they may quote the server.
func warner(stderr io.Writer) func(string) {
	return func(s string) { fmt.Fprintf(stderr, "mcpdev: warning: %s\n", termtext.Text(s)) }
}

// noiseWarner warns about the first n stray lines on the server's stdout,
// then says once that there are more.
func noiseWarner(warn func(string), n int) func(string) {
	var mu sync.Mutex
	seen := 0
	return func(line string) {
		mu.Lock()
		defer mu.Unlock()
		switch seen++; {
		case seen <= n:
			warn(target.StdoutNoiseWarning(line))
		case seen == n+1:
			warn("more lines on the server's stdout that are not JSON-RPC: not shown")
		}
	}
}

// devOptions turns on the dev loop: Go targets are watched unless
// --no-watch, any target with --watch GLOB; arguments are remembered unless
// --no-state.
func devOptions(cfg *config, t *target.Target) tui.DevOptions {
	o := tui.DevOptions{Target: t, Globs: cfg.watchGlobs}
	o.Watch = !cfg.noWatch && (t.Kind == target.KindGo || len(cfg.watchGlobs) > 0)
	if !cfg.noState {
		o.StatePath = state.DefaultPath()
	}
	return o
}

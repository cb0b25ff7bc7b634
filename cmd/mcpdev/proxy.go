package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/proxy"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// runProxy is mcpdev proxy [--label NAME] -- CMD ARGS…: the stdio shim a
// client's config names instead of the server. Its exit status is the
// server's; its own errors (no command, one that does not start) exit 1
// or 127 with a line on stderr, the only thing it ever adds there.
func runProxy(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var o proxy.StdioOptions
	var targetURL, listen string
	fs := proxyFlagSet(&o, &targetURL, &listen)
	// The server's command is what follows the flags, after "--" or
	// without it (a client that runs mcpdev may eat the "--" itself).
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "mcpdev proxy: %v\nusage: mcpdev proxy [--label NAME] -- CMD ARGS…\n", err)
		return exitUsage
	}
	o.Command = fs.Args()
	if targetURL != "" {
		if len(o.Command) > 0 {
			fmt.Fprintln(stderr, "mcpdev proxy: --target proxies an HTTP server; a command is for stdio: give one or the other")
			return exitUsage
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		err := proxy.RunHTTP(ctx, proxy.HTTPOptions{Target: targetURL, Listen: listen, Label: o.Label, Redact: o.Redact}, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "mcpdev proxy: %s\n", termtext.Line(err.Error()))
			return exitUsage
		}
		return exitOK
	}
	if len(o.Command) == 0 {
		fmt.Fprintln(stderr, "mcpdev proxy: give the server's command: mcpdev proxy [--label NAME] -- CMD ARGS…")
		return exitUsage
	}
	// Signals go to the server (RunStdio passes them on); the shim ends
	// when the server does, with its status.
	code, err := proxy.RunStdio(context.Background(), o, stdin, stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "mcpdev proxy: %s\n", termtext.Line(err.Error()))
	}
	return code
}

// runSessions is mcpdev sessions [--json] | show ID | prune --older-than AGE.
func runSessions(args []string, stdout io.Writer) error {
	dir := proxy.SessionsDir()
	sub := ""
	if len(args) > 0 && (args[0] == "show" || args[0] == "prune" || args[0] == "list" || args[0] == "test") {
		sub, args = args[0], args[1:]
	}
	var asJSON bool
	var out string
	var older time.Duration
	fs := sessionsFlagSet(&asJSON, &out, &older)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return inspector.Usagef("sessions: %v", err)
	}
	switch sub {
	case "test":
		if len(pos) != 1 || out == "" {
			return inspector.Usagef("sessions test: want one session id and -o FILE.txtar (mcpdev sessions test last -o session.txtar)")
		}
		s, err := proxy.Find(dir, pos[0])
		if err != nil {
			return err
		}
		recs, err := proxy.Load(s.Path)
		if err != nil {
			return err
		}
		n, err := proxy.WriteTest(out, s, recs)
		if err != nil {
			return fmt.Errorf("sessions test %s: %w", s.ID, err)
		}
		fmt.Fprintf(stdout, "wrote %s: %d step(s) from session %s; run it with: mcpdev test %s (-- CMD ARGS… for another build)\n", out, n, s.ID, out)
		return nil
	case "show":
		if len(pos) != 1 {
			return inspector.Usagef("sessions show: give one session id (mcpdev sessions lists them; \"last\" is the newest)")
		}
		s, err := proxy.Find(dir, pos[0])
		if err != nil {
			return err
		}
		recs, err := proxy.Load(s.Path)
		if err != nil {
			return err
		}
		if asJSON {
			return writeJSONLines(stdout, recs)
		}
		proxy.Show(stdout, s, recs, 160)
		return nil
	case "prune":
		if older <= 0 {
			return inspector.Usagef("sessions prune: say how old, e.g. --older-than 30d (sessions are never removed by themselves)")
		}
		gone, err := proxy.Prune(dir, older)
		for _, s := range gone {
			fmt.Fprintf(stdout, "removed %s\n", s.ID)
		}
		if err == nil && len(gone) == 0 {
			fmt.Fprintf(stdout, "no session ended more than %s ago\n", older)
		}
		return err
	}
	if len(pos) > 0 {
		return inspector.Usagef("sessions: unexpected %q (sessions, sessions show ID, sessions prune --older-than AGE)", pos[0])
	}
	all, err := proxy.List(dir)
	if err != nil {
		return err
	}
	if asJSON {
		if all == nil {
			all = []proxy.Summary{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(all)
	}
	if len(all) == 0 {
		fmt.Fprintf(stdout, "no sessions in %s yet: put mcpdev proxy -- CMD ARGS… in a client's config\n", dir)
		return nil
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tLABEL\tSTARTED\tFRAMES\tSTATE")
	for _, s := range all {
		state := "ended"
		switch {
		case s.Live:
			state = "live"
		case s.Exit != nil:
			state = fmt.Sprintf("exit %d", *s.Exit)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", s.ID, termtext.Line(termtext.Clip(s.Label, 32)), s.Started.Local().Format("2006-01-02 15:04"), s.Frames, state)
	}
	return tw.Flush()
}

func writeJSONLines(w io.Writer, recs []proxy.Record) error {
	enc := json.NewEncoder(w)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}

// parseInterleaved parses flags wherever they are among the words (mcpdev
// sessions test last -o f.txtar) and returns the other words.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// runMock is mcpdev mock CAPTURE: a server over stdio answering as the
// captured one did. CAPTURE is a session id (mcpdev sessions) or the path
// of a session file (.jsonl).
func runMock(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var httpAddr string
	fs := mockFlagSet(&httpAddr)
	pos, err := parseInterleaved(fs, args)
	if err != nil || len(pos) != 1 {
		return inspector.Usagef("mock: want one capture: a session id (mcpdev sessions lists them) or a session file")
	}
	path := pos[0]
	if _, err := os.Stat(path); err != nil {
		s, ferr := proxy.Find(proxy.SessionsDir(), path)
		if ferr != nil {
			return ferr
		}
		path = s.Path
	}
	recs, err := proxy.Load(path)
	if err != nil {
		return err
	}
	m := proxy.NewMock(recs, stderr)
	if m.Requests() == 0 {
		return fmt.Errorf("mock: %s has no answered requests to serve", path)
	}
	if httpAddr == "" {
		return m.ServeStdio(ctx, stdin, stdout)
	}
	ln, err := net.Listen("tcp", httpAddr)
	if err != nil {
		return fmt.Errorf("mock: %w", err)
	}
	fmt.Fprintf(stderr, "mcpdev mock: serving %s at http://%s/mcp\n", filepath.Base(path), ln.Addr())
	srv := &http.Server{Handler: m, ReadHeaderTimeout: 30 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}

// proxyFlagSet is mcpdev proxy's flags (the completion scripts read it).
func proxyFlagSet(o *proxy.StdioOptions, targetURL, listen *string) *flag.FlagSet {
	fs := flag.NewFlagSet("mcpdev proxy", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.Label, "label", "", "")
	fs.StringVar(targetURL, "target", "", "")
	fs.StringVar(listen, "listen", "127.0.0.1:0", "")
	fs.Var((*listFlag)(&o.Redact.Keys), "redact-key", "")
	fs.Var((*listFlag)(&o.Redact.Paths), "redact-path", "")
	return fs
}

// sessionsFlagSet is mcpdev sessions' flags.
func sessionsFlagSet(asJSON *bool, out *string, older *time.Duration) *flag.FlagSet {
	fs := flag.NewFlagSet("mcpdev sessions", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(asJSON, "json", false, "")
	fs.StringVar(out, "o", "", "")
	fs.Var((*ageFlag)(older), "older-than", "")
	return fs
}

// mockFlagSet is mcpdev mock's flags.
func mockFlagSet(httpAddr *string) *flag.FlagSet {
	fs := flag.NewFlagSet("mcpdev mock", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(httpAddr, "http", "", "")
	return fs
}

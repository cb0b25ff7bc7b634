package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
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
	fs := flag.NewFlagSet("mcpdev proxy", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o proxy.StdioOptions
	fs.StringVar(&o.Label, "label", "", "")
	i := indexOf(args, "--")
	if i < 0 {
		fmt.Fprintln(stderr, "mcpdev proxy: give the server's command after --: mcpdev proxy [--label NAME] -- CMD ARGS…")
		return exitUsage
	}
	if err := fs.Parse(args[:i]); err != nil || fs.NArg() > 0 {
		fmt.Fprintf(stderr, "mcpdev proxy: %v\nusage: mcpdev proxy [--label NAME] -- CMD ARGS…\n", orExtra(err, fs.Args()))
		return exitUsage
	}
	o.Command = args[i+1:]
	// Signals go to the server (RunStdio passes them on); the shim ends
	// when the server does, with its status.
	code, err := proxy.RunStdio(context.Background(), o, stdin, stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "mcpdev proxy: %s\n", termtext.Line(err.Error()))
	}
	return code
}

func orExtra(err error, rest []string) error {
	if err != nil {
		return err
	}
	return fmt.Errorf("unexpected %q before --", rest[0])
}

// runSessions is mcpdev sessions [--json] | show ID | prune --older-than AGE.
func runSessions(args []string, stdout io.Writer) error {
	dir := proxy.SessionsDir()
	sub := ""
	if len(args) > 0 && (args[0] == "show" || args[0] == "prune" || args[0] == "list") {
		sub, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("mcpdev sessions", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	asJSON := fs.Bool("json", false, "")
	var older time.Duration
	fs.Var((*ageFlag)(&older), "older-than", "")
	if err := fs.Parse(args); err != nil {
		return inspector.Usagef("sessions: %v", err)
	}
	switch sub {
	case "show":
		if fs.NArg() != 1 {
			return inspector.Usagef("sessions show: give one session id (mcpdev sessions lists them; \"last\" is the newest)")
		}
		s, err := proxy.Find(dir, fs.Arg(0))
		if err != nil {
			return err
		}
		recs, err := proxy.Load(s.Path)
		if err != nil {
			return err
		}
		if *asJSON {
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
	if fs.NArg() > 0 {
		return inspector.Usagef("sessions: unexpected %q (sessions, sessions show ID, sessions prune --older-than AGE)", fs.Arg(0))
	}
	all, err := proxy.List(dir)
	if err != nil {
		return err
	}
	if *asJSON {
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

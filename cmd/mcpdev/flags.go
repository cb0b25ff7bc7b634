package main

import (
	"flag"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/cli"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// config is a parsed command line.
type config struct {
	cmd        string   // "", "tools", "call", "resources", "read", …, "version"
	positional []string // words that are not flags, before --
	words      []string // every word before --, flags too, as given
	wordAt     []int    // where each positional word is in words
	command    []string // the words after --
	tool       string   // call: the tool; read: the URI; prompt: the prompt
	pairs      []string // call, read, prompt: key=value…; complete: every word after the target

	resolve        target.ResolveOptions
	connectTimeout time.Duration
	timeout        time.Duration
	verbose        bool
	json           bool
	strict         bool
	noValidate     bool
	update         bool
	argsJSON       string
	answers        []string     // call, prompt: --answer key=value… for a tool or prompt that elicits
	decline        bool         // call, prompt: --decline every elicitation and sampling request
	answerURL      string       // call, prompt: --answer-url accept|decline|cancel every URL-mode elicitation
	sampleReply    *string      // call, prompt: --sample-reply, the answer to every sampling request
	roots          []string     // --root PATH… (repeatable): the roots offered to the server
	task           bool         // call: --task runs the tool as a task
	logLevel       sdk.LogLevel // --log-level: the level of the server's logs, sent on connecting

	watchGlobs []string // mcpdev TARGET --watch GLOB… (repeatable)
	watchTests bool     // mcpdev test --watch
	noWatch    bool
	noState    bool

	lintClients     []lint.Client // lint --client
	lintMaxWarnings int           // lint --max-warnings (negative: no limit)
	lintCall        bool          // lint --call

	tokens       bool            // tools --tokens (or --client)
	tokenClients []tokens.Client // tools --client
	maxTokens    int             // tools, lint --max-tokens (0: no limit)

	cacheClean bool          // cache clean
	olderThan  time.Duration // cache clean --older-than
	shell      string        // completion SHELL
}

// targetWords is what Resolve gets: "-- CMD ARGS…" or the TARGET word.
func (c *config) targetWords() []string {
	switch {
	case c.command != nil:
		return append([]string{"--"}, c.command...)
	case c.resolve.Config != "" || len(c.positional) == 0:
		return nil
	}
	return c.positional[:1]
}

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func parseArgs(args []string) (*config, error) {
	cfg := &config{}
	if len(args) == 0 {
		return nil, inspector.Usagef("no command or target")
	}
	switch args[0] {
	case "tools", "call", "lint", "test", "cache", "completion", "resources", "templates", "prompts", "read", "prompt", "complete", "logout":
		cfg.cmd, args = args[0], args[1:]
	case "help":
		return nil, flag.ErrHelp
	case "--version", "-version":
		cfg.cmd, args = "version", args[1:]
	}
	if i := indexOf(args, "--"); i >= 0 {
		cfg.command = args[i+1:]
		args = args[:i]
	}
	fs := cfg.flagSet()
	cfg.words = args
	for at := 0; ; at++ {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			break
		}
		at += len(args) - fs.NArg()
		cfg.positional = append(cfg.positional, fs.Arg(0))
		cfg.wordAt = append(cfg.wordAt, at)
		args = fs.Args()[1:]
	}
	return cfg, cfg.split()
}

func (cfg *config) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("mcpdev "+cfg.cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	switch cfg.cmd {
	case "cache":
		fs.Var((*ageFlag)(&cfg.olderThan), "older-than", "")
		return fs
	case "completion", "version", "logout":
		return fs
	}
	fs.Var((*listFlag)(&cfg.resolve.Env), "env", "")
	if cfg.cmd != "test" {
		fs.Var((*listFlag)(&cfg.roots), "root", "")
	}
	fs.Var((*listFlag)(&cfg.resolve.Headers), "header", "")
	fs.StringVar(&cfg.resolve.Auth.ClientID, "client-id", "", "")
	fs.StringVar(&cfg.resolve.Auth.ClientSecret, "client-secret", "", "")
	fs.StringVar(&cfg.resolve.Auth.ClientMetadataURL, "client-metadata-url", "", "")
	fs.Var((*listFlag)(&cfg.resolve.Auth.Scopes), "scope", "")
	fs.BoolVar(&cfg.resolve.Auth.NoBrowser, "no-browser", false, "")
	fs.StringVar(&cfg.resolve.Dir, "cwd", "", "")
	fs.StringVar(&cfg.resolve.Config, "config", "", "")
	fs.StringVar(&cfg.resolve.Server, "server", "", "")
	fs.Func("max-message-size", "", func(v string) error {
		n, err := target.ParseSize(v)
		cfg.resolve.MaxMessageSize = n
		return err
	})
	fs.StringVar(&cfg.resolve.Protocol, "protocol", "", "")
	if cfg.cmd != "test" {
		fs.Func("log-level", "", func(v string) error {
			cfg.logLevel = sdk.LogLevel(v)
			if !slices.Contains(sdk.LogLevels(), cfg.logLevel) {
				return inspector.Usagef("--log-level %q: want one of %v", v, sdk.LogLevels())
			}
			return nil
		})
	}
	fs.DurationVar(&cfg.connectTimeout, "connect-timeout", target.DefaultConnectTimeout, "")
	fs.DurationVar(&cfg.timeout, "timeout", call.DefaultTimeout, "")
	fs.BoolVar(&cfg.verbose, "v", false, "")
	fs.BoolVar(&cfg.json, "json", false, "")
	fs.BoolVar(&cfg.strict, "strict", false, "")
	fs.BoolVar(&cfg.noValidate, "no-validate", false, "")
	fs.BoolVar(&cfg.update, "update", false, "")
	fs.StringVar(&cfg.argsJSON, "args-json", "", "")
	if cfg.cmd == "call" || cfg.cmd == "prompt" {
		fs.Var((*listFlag)(&cfg.answers), "answer", "")
		fs.BoolVar(&cfg.decline, "decline", false, "")
		fs.Func("answer-url", "", func(v string) error {
			_, err := call.ParseURLAnswer(v)
			cfg.answerURL = v
			return err
		})
	}
	if cfg.cmd == "call" || cfg.cmd == "prompt" || cfg.cmd == "" {
		fs.Func("sample-reply", "", func(v string) error { cfg.sampleReply = &v; return nil })
	}
	if cfg.cmd == "call" {
		fs.BoolVar(&cfg.task, "task", false, "")
	}
	if cfg.cmd == "lint" {
		cfg.lintFlags(fs)
	}
	if cfg.cmd == "tools" {
		cfg.tokenFlags(fs)
	}
	if cfg.cmd == "tools" || cfg.cmd == "lint" {
		countFlag(fs, "max-tokens", 1, "tokens", &cfg.maxTokens)
	}
	if cfg.cmd == "test" {
		fs.BoolVar(&cfg.watchTests, "watch", false, "")
	} else {
		fs.Var((*listFlag)(&cfg.watchGlobs), "watch", "")
	}
	fs.BoolVar(&cfg.noWatch, "no-watch", false, "")
	fs.BoolVar(&cfg.noState, "no-state", false, "")
	return fs
}

// split checks the positional words against the command.
func (cfg *config) split() error {
	hasTarget := cfg.command != nil || cfg.resolve.Config != ""
	rest := cfg.positional
	switch cfg.cmd {
	case "test":
		if cfg.command != nil && len(cfg.command) == 0 {
			return inspector.Usagef("test: give the command after -- (mcpdev test FILE -- CMD ARGS… runs the sessions against it)")
		}
	case "tools", "resources", "templates", "prompts", "lint", "":
		want := 1
		if hasTarget {
			want = 0
		}
		if len(rest) != want {
			return inspector.Usagef("%swant exactly one target (got %d words: %s)%s", cmdPrefix(cfg.cmd), len(rest)+len(cfg.command), strings.Join(rest, " "), commandHint(cfg.cmd, rest))
		}
	case "cache":
		return cfg.splitCache()
	case "logout":
		if len(rest) != 1 || !strings.HasPrefix(rest[0], "http") {
			return inspector.Usagef("logout: want one server URL (http(s)://host/mcp)")
		}
	case "completion":
		if len(rest) != 1 || !slices.Contains(completionShells, rest[0]) {
			return inspector.Usagef("completion: want one shell: %s", strings.Join(completionShells, ", "))
		}
		cfg.shell = rest[0]
	case "version":
		if len(rest) > 0 {
			return inspector.Usagef("--version takes no arguments")
		}
	case "call", "read", "prompt", "complete":
		return cfg.splitNamed(hasTarget)
	}
	return nil
}

// namedWhat is what call, read, prompt and complete take after the target.
var namedWhat = map[string]string{"call": "tool name", "read": "URI", "prompt": "prompt name", "complete": "prompt or template"}

// lintFlags adds lint's own flags.
func (cfg *config) lintFlags(fs *flag.FlagSet) {
	cfg.lintMaxWarnings = -1
	fs.Func("client", "", func(v string) (err error) {
		cfg.lintClients, err = lint.ParseClients(v)
		return err
	})
	countFlag(fs, "max-warnings", 0, "warnings", &cfg.lintMaxWarnings)
	fs.BoolVar(&cfg.lintCall, "call", false, "")
}

// countFlag adds --name N, a whole number of what, least or more.
func countFlag(fs *flag.FlagSet, name string, least int, what string, n *int) {
	fs.Func(name, "", func(v string) error {
		i, err := strconv.Atoi(v)
		if err != nil || i < least {
			return inspector.Usagef("--%s %q: want a number of %s, %d or more", name, v, what, least)
		}
		*n = i
		return nil
	})
}

// tokenFlags adds tools' --tokens and --client.
func (cfg *config) tokenFlags(fs *flag.FlagSet) {
	fs.BoolVar(&cfg.tokens, "tokens", false, "")
	fs.Func("client", "", func(v string) (err error) {
		cfg.tokens = true
		cfg.tokenClients, err = tokens.ParseClients(v)
		return err
	})
}

// splitNamed checks TARGET NAME [key=value…] (call, read, prompt) and
// TARGET WORDS… (complete).
func (cfg *config) splitNamed(hasTarget bool) error {
	rest := cfg.positional
	if !hasTarget {
		if len(rest) == 0 {
			return inspector.Usagef("%s: no target", cfg.cmd)
		}
		if hint := callCommandHint(cfg.cmd, rest); hint != "" {
			return inspector.Usagef("%s: %s is a command, not a target%s", cfg.cmd, rest[0], hint)
		}
		if err := cfg.wordOrder(); err != nil {
			return err
		}
		rest = rest[1:]
	}
	if len(rest) == 0 {
		return inspector.Usagef("%s: no %s%s", cfg.cmd, namedWhat[cfg.cmd], cfg.commandFirstHint())
	}
	if cfg.cmd == "complete" {
		cfg.pairs = rest
		return nil
	}
	cfg.tool, cfg.pairs = rest[0], rest[1:]
	return nil
}

// splitCache checks `cache` and `cache clean [--older-than D]`.
func (cfg *config) splitCache() error {
	switch {
	case len(cfg.positional) == 0 && cfg.olderThan == 0:
	case len(cfg.positional) == 1 && cfg.positional[0] == "clean":
		cfg.cacheClean = true
	case len(cfg.positional) == 0:
		return inspector.Usagef("cache: --older-than goes with clean: mcpdev cache clean --older-than 7d")
	default:
		return inspector.Usagef("cache: want nothing (show the build cache) or clean, got %s", strings.Join(cfg.positional, " "))
	}
	return nil
}

// ageFlag is a duration that also takes whole days ("7d").
type ageFlag time.Duration

func (a *ageFlag) String() string { return time.Duration(*a).String() }
func (a *ageFlag) Set(s string) error {
	d, err := cli.ParseAge(s)
	*a = ageFlag(d)
	return err
}

// cmdPrefix starts a usage message about command cmd ("tools: "); the
// bare mcpdev gets none, as every message already starts with "mcpdev: ".
func cmdPrefix(cmd string) string {
	if cmd == "" {
		return ""
	}
	return cmd + ": "
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

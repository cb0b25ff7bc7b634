// Package target resolves what the user names (a Go file or package, a
// Python or Node script, any command, a URL, or a server named in an
// mcp.json file), connects to it (building Go code first), and explains
// failed connections (the doctor).
package target

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/inspector"
)

// Kind says how a target is reached.
type Kind int

const (
	KindGo      Kind = iota + 1 // a Go file or package: built, then run over stdio
	KindCommand                 // any program speaking MCP over stdio
	KindHTTP                    // a Streamable HTTP endpoint
)

func (k Kind) String() string {
	switch k {
	case KindGo:
		return "go"
	case KindCommand:
		return "command"
	case KindHTTP:
		return "http"
	}
	return "unknown"
}

// Target is a server mcpdev can connect to. Build one with Resolve.
type Target struct {
	Kind Kind
	// Name is how the target is shown: the path, the command line or the URL.
	Name string
	// GoPath is the Go file or package directory to build (KindGo).
	GoPath string
	// Command and Args start the server (KindCommand).
	Command string
	Args    []string
	Env     []string // added to mcpdev's environment, "K=V"
	Dir     string   // the server's working directory; empty: mcpdev's
	// URL and Headers reach an HTTP server (KindHTTP).
	URL     string
	Headers map[string]string
	// Auth is how to sign in to an HTTP server that asks (OAuth 2.1).
	Auth AuthOptions
	// BuildCache is where Go targets are built (default: the user cache
	// directory, mcpdev/build).
	BuildCache string
	// Words name the target on a command line, as Resolve got them: the
	// target flags (--env, --cwd, --header, --config, --server,
	// --max-message-size) then the TARGET word or "--" CMD ARGS….
	// Relative paths are relative to the directory mcpdev started in (or
	// ResolveOptions.BaseDir).
	Words []string
	// Source is the file or directory the target was resolved from: the Go
	// file or package, the script, the executable. Empty for -- CMD, URLs
	// and servers from a config file.
	Source string
	// MaxMessageSize is the longest message accepted from the server
	// (default DefaultMaxMessageSize).
	MaxMessageSize int
	// Protocol is the protocol version the connection insists on
	// (--protocol, see ParseProtocol); empty: the client picks the era.
	Protocol string
}

// ResolveOptions are the target flags shared by every mcpdev command.
type ResolveOptions struct {
	Env     []string // --env K=V, repeatable
	Dir     string   // --cwd DIR
	Headers []string // --header "K: V", repeatable
	Config  string   // --config FILE (an mcp.json-style file)
	Server  string   // --server NAME in that file
	// BaseDir anchors relative paths (default: the current directory). A
	// session file sets it to its own directory; the server then also runs
	// there unless Dir says otherwise.
	BaseDir        string
	BuildCache     string
	MaxMessageSize int    // --max-message-size (0: DefaultMaxMessageSize)
	Protocol       string // --protocol auto|legacy|2026|VERSION (ParseProtocol)
	// Auth: --client-id, --client-secret, --scope, --client-metadata-url,
	// --no-browser.
	Auth AuthOptions
}

// Resolve turns the target words of a command line into a Target:
//
//	server.go | ./pkgdir     a Go file or package directory (built, then run)
//	server.py | server.js    run with python3 (or uv) / node
//	./binary                 an executable file
//	http(s)://host/mcp       Streamable HTTP
//	-- CMD ARGS…             any stdio server
//
// With opts.Config set, words must be empty and the server comes from the
// config file.
func Resolve(words []string, opts *ResolveOptions) (*Target, error) {
	var o ResolveOptions
	if opts != nil {
		o = *opts
	}
	t, err := resolveWords(words, &o)
	if err != nil {
		return nil, err
	}
	if err := applyCommon(t, &o); err != nil {
		return nil, err
	}
	t.Words = append(o.flagWords(), words...)
	return t, nil
}

// flagWords writes the target flags back as command-line words.
func (o *ResolveOptions) flagWords() []string {
	var w []string
	for _, kv := range o.Env {
		w = append(w, "--env", kv)
	}
	if o.Dir != "" {
		w = append(w, "--cwd", o.Dir)
	}
	for _, h := range o.Headers {
		w = append(w, "--header", h)
	}
	if o.Config != "" {
		w = append(w, "--config", o.Config)
	}
	if o.Server != "" {
		w = append(w, "--server", o.Server)
	}
	if o.MaxMessageSize > 0 {
		w = append(w, "--max-message-size", strconv.Itoa(o.MaxMessageSize))
	}
	if p := strings.TrimSpace(o.Protocol); p != "" && p != "auto" {
		w = append(w, "--protocol", p)
	}
	return append(w, o.Auth.flagWords()...)
}

func resolveWords(words []string, o *ResolveOptions) (*Target, error) {
	switch {
	case o.Config != "":
		if len(words) > 0 {
			return nil, inspector.Usagef("give either a target or --config, not both")
		}
		return resolveConfig(o)
	case len(words) == 0:
		return nil, inspector.Usagef("no target: give a Go file or package, a .py/.js file, a URL, or -- CMD ARGS…")
	case words[0] == "--":
		if len(words) == 1 {
			return nil, inspector.Usagef("no command after --")
		}
		return commandTarget(words[1], words[2:], o.BaseDir), nil
	case len(words) > 1:
		return nil, inspector.Usagef("one target expected, got %q (put a command after --)", strings.Join(words, " "))
	}
	w := words[0]
	if strings.HasPrefix(w, "http://") || strings.HasPrefix(w, "https://") {
		return &Target{Kind: KindHTTP, Name: w, URL: w}, nil
	}
	return resolvePath(w, o.BaseDir)
}

func commandTarget(cmd string, args []string, base string) *Target {
	name := strings.Join(append([]string{cmd}, args...), " ")
	if strings.ContainsRune(cmd, filepath.Separator) && !filepath.IsAbs(cmd) && base != "" {
		cmd = filepath.Join(base, cmd)
	}
	return &Target{Kind: KindCommand, Name: name, Command: cmd, Args: args}
}

// resolvePath handles a file or directory target.
func resolvePath(p, base string) (*Target, error) {
	full := p
	if base != "" && !filepath.IsAbs(p) {
		full = filepath.Join(base, p)
	}
	fi, err := os.Stat(full)
	if err != nil {
		return nil, inspector.Usagef("target %s: no such file or directory (for a command, write -- %s …)", p, p)
	}
	if fi.IsDir() {
		if !hasGoFiles(full) {
			return nil, inspector.Usagef("target %s: a directory without .go files", p)
		}
		return &Target{Kind: KindGo, Name: p, GoPath: full, Source: full}, nil
	}
	switch ext := strings.ToLower(filepath.Ext(full)); ext {
	case ".go":
		return &Target{Kind: KindGo, Name: p, GoPath: full, Source: full}, nil
	case ".py":
		return interpreted(p, full, pythonCommand())
	case ".js", ".mjs", ".cjs":
		return interpreted(p, full, nodeCommand())
	}
	if fi.Mode()&0o111 != 0 {
		abs, _ := filepath.Abs(full)
		return &Target{Kind: KindCommand, Name: p, Command: abs, Source: full}, nil
	}
	return nil, inspector.Usagef("target %s: not a .go, .py or .js file, a Go package or an executable", p)
}

func interpreted(name, file string, interp []string) (*Target, error) {
	if len(interp) == 0 {
		return nil, inspector.Usagef("target %s: no interpreter found for %s files", name, filepath.Ext(file))
	}
	args := append(append([]string{}, interp[1:]...), file)
	return &Target{Kind: KindCommand, Name: name, Command: interp[0], Args: args, Source: file}, nil
}

// pythonCommand prefers uv (it honours inline script metadata and project
// environments), then python3, then python.
func pythonCommand() []string {
	if p, err := exec.LookPath("uv"); err == nil {
		return []string{p, "run"}
	}
	for _, name := range []string{"python3", "python"} {
		if p, err := exec.LookPath(name); err == nil {
			return []string{p}
		}
	}
	return nil
}

// nodeCommand is node from PATH, else $MCPDEV_NODE.
func nodeCommand() []string {
	if p, err := exec.LookPath("node"); err == nil {
		return []string{p}
	}
	if p := os.Getenv("MCPDEV_NODE"); p != "" {
		return []string{p}
	}
	return nil
}

func hasGoFiles(dir string) bool {
	m, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	return len(m) > 0
}

// applyCommon adds --env, --cwd and --header to t.
func applyCommon(t *Target, o *ResolveOptions) error {
	for _, kv := range o.Env {
		if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
			return inspector.Usagef("--env %q: want KEY=VALUE", kv)
		}
		t.Env = append(t.Env, kv)
	}
	if o.Dir != "" {
		t.Dir = o.Dir
	}
	if t.Dir != "" && o.BaseDir != "" && !filepath.IsAbs(t.Dir) {
		t.Dir = filepath.Join(o.BaseDir, t.Dir)
	}
	if t.Dir == "" && t.Kind != KindHTTP {
		t.Dir = o.BaseDir
	}
	for _, h := range o.Headers {
		k, v, ok := strings.Cut(h, ":")
		if !ok || strings.TrimSpace(k) == "" {
			return inspector.Usagef("--header %q: want \"Name: value\"", h)
		}
		if t.Headers == nil {
			t.Headers = map[string]string{}
		}
		t.Headers[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	t.BuildCache = o.BuildCache
	t.MaxMessageSize = o.MaxMessageSize
	t.Auth = o.Auth
	v, err := ParseProtocol(o.Protocol)
	if err != nil {
		return inspector.Usagef("%v", err)
	}
	t.Protocol = v
	return nil
}

// SourceDir is the directory of the target's sources: the Go package, or
// the directory holding the Go file, script or executable. Empty for
// -- CMD, URLs and servers from a config file.
func (t *Target) SourceDir() string {
	if t.Source == "" {
		return ""
	}
	if fi, err := os.Stat(t.Source); err == nil && fi.IsDir() {
		return t.Source
	}
	return filepath.Dir(t.Source)
}

// CommandLine is the target as a shell-like string, for messages.
func (t *Target) CommandLine() string {
	switch t.Kind {
	case KindHTTP:
		return t.URL
	case KindGo:
		return t.GoPath
	}
	parts := append([]string{t.Command}, t.Args...)
	for i, p := range parts {
		if strings.ContainsAny(p, " \t'\"$") {
			parts[i] = fmt.Sprintf("%q", p)
		}
	}
	return strings.Join(parts, " ")
}

// Label is how the target is written on an mcpdev command line: the
// command after "--" when it was given as words, the URL of a config
// entry, else the name the user gave.
func (t *Target) Label() string {
	switch {
	case t.Kind == KindCommand && t.Name == strings.Join(append([]string{t.Command}, t.Args...), " "):
		return "-- " + t.CommandLine()
	case t.Kind == KindHTTP && t.Name != t.URL:
		return t.URL
	}
	return t.Name
}

// WithBinary is a copy of a Go target that runs an already built binary
// (same environment, directory and name) instead of building again.
func (t *Target) WithBinary(bin string) *Target {
	c := *t
	c.Kind, c.Command, c.Args, c.GoPath = KindCommand, bin, nil, ""
	return &c
}

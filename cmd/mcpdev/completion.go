package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/inspector/proxy"
	"github.com/mcpdev/mcpdev/inspector/tui"
)

// The shells `mcpdev completion` writes scripts for.
var completionShells = []string{"bash", "zsh", "fish"}

// subcommands are the words mcpdev takes first, with what they do.
var subcommands = [][2]string{
	{"tools", "list the server's tools"},
	{"call", "call a tool"},
	{"resources", "list the server's resources"},
	{"templates", "list the server's resource templates"},
	{"read", "read a resource"},
	{"prompts", "list the server's prompts"},
	{"prompt", "get a prompt's messages"},
	{"complete", "complete a prompt or template argument"},
	{"lint", "check the tools for what clients refuse"},
	{"test", "run test sessions"},
	{"proxy", "stand between a client and a server, saving the session"},
	{"attach", "watch the sessions mcpdev proxy saves, live"},
	{"sessions", "list, show, prune saved sessions or make one a test"},
	{"mock", "serve a saved session back as a server"},
	{"cache", "show or clean the build cache"},
	{"logout", "forget the saved sign-in to an HTTP server"},
	{"completion", "print a shell completion script"},
}

// completionFlag is a flag as the completion scripts offer it.
type completionFlag struct {
	name  string // "--env", "-v"
	value bool   // takes a value
}

// commandFlags are the flags of cmd ("" for mcpdev TARGET), read from the
// flag set the command line is parsed with, so the scripts cannot drift.
func commandFlags(cmd string) []completionFlag {
	var out []completionFlag
	fs := ownFlagSet(cmd)
	if fs == nil {
		fs = (&config{cmd: cmd}).flagSet()
	}
	fs.VisitAll(func(f *flag.Flag) {
		b, isBool := f.Value.(interface{ IsBoolFlag() bool })
		name := "--" + f.Name
		if len(f.Name) == 1 {
			name = "-" + f.Name
		}
		out = append(out, completionFlag{name: name, value: !isBool || !b.IsBoolFlag()})
	})
	if cmd == "" {
		out = append(out, completionFlag{name: "--version"}, completionFlag{name: "-h"})
	}
	return out
}

// ownFlagSet is the flag set of a command that parses its own flags (not
// the common ones of the commands that connect to a target), or nil.
func ownFlagSet(cmd string) *flag.FlagSet {
	switch cmd {
	case "proxy":
		var s1, s2 string
		return proxyFlagSet(new(proxy.StdioOptions), &s1, &s2)
	case "attach":
		return attachFlagSet(new(tui.AttachOptions))
	case "sessions":
		var b bool
		var s string
		var d time.Duration
		return sessionsFlagSet(&b, &s, &d)
	case "mock":
		var s string
		return mockFlagSet(&s)
	}
	return nil
}

func flagNames(flags []completionFlag, valued bool) []string {
	var names []string
	for _, f := range flags {
		if !valued || f.value {
			names = append(names, f.name)
		}
	}
	return names
}

func subcommandNames() []string {
	var names []string
	for _, s := range subcommands {
		names = append(names, s[0])
	}
	return names
}

// writeCompletion prints the completion script for shell.
func writeCompletion(w io.Writer, shell string) {
	switch shell {
	case "bash":
		fmt.Fprint(w, "# bash completion for mcpdev. Load it with:  source <(mcpdev completion bash)\n"+
			"# or for every shell:  mcpdev completion bash > ~/.local/share/bash-completion/completions/mcpdev\n")
		fmt.Fprint(w, bashFunction())
	case "zsh":
		fmt.Fprint(w, "# zsh completion for mcpdev. Load it from ~/.zshrc with:  source <(mcpdev completion zsh)\n"+
			"(( $+functions[compdef] )) || { autoload -U +X compinit && compinit; }\n"+
			"autoload -U +X bashcompinit && bashcompinit\n")
		fmt.Fprint(w, bashFunction())
	case "fish":
		fmt.Fprint(w, fishScript())
	}
}

// bashFunction is the completion function for bash, which zsh runs too
// (bashcompinit): subcommands first; the flags of the command being
// typed; after a flag that takes a value, or for targets and session
// files, the shell's own file completion; after --, a command.
func bashFunction() string {
	var b strings.Builder
	subs := strings.Join(subcommandNames(), " ")
	b.WriteString(`_mcpdev() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd="" i
    COMPREPLY=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        if [[ ${COMP_WORDS[i]} == -- ]]; then
            ((i + 1 == COMP_CWORD)) && COMPREPLY=($(compgen -c -- "$cur"))
            return 0
        fi
    done
    if ((COMP_CWORD > 1)); then
        case ${COMP_WORDS[1]} in
        ` + strings.ReplaceAll(subs, " ", "|") + `) cmd=${COMP_WORDS[1]} ;;
        esac
    fi
    case $cmd in
    completion)
        ((COMP_CWORD == 2)) && COMPREPLY=($(compgen -W "` + strings.Join(completionShells, " ") + `" -- "$cur"))
        return 0 ;;
    cache)
        [[ $cur != -* && $prev != --older-than ]] && COMPREPLY=($(compgen -W "clean" -- "$cur")) ;;
    sessions)
        ((COMP_CWORD == 2)) && [[ $cur != -* ]] && COMPREPLY=($(compgen -W "list show prune test" -- "$cur")) ;;
    esac
    case $cmd:$prev in
`)
	for _, cmd := range append([]string{""}, subcommandNames()...) {
		if valued := flagNames(commandFlags(cmd), true); len(valued) > 0 {
			fmt.Fprintf(&b, "    %s:%s) return 0 ;;\n", cmd, strings.Join(valued, "|"+cmd+":"))
		}
	}
	b.WriteString(`    esac
    if [[ $cur == -* ]]; then
        local flags
        case $cmd in
`)
	for _, cmd := range append([]string{""}, subcommandNames()...) {
		label := cmd
		if cmd == "" {
			label = `""`
		}
		fmt.Fprintf(&b, "        %s) flags=%q ;;\n", label, strings.Join(flagNames(commandFlags(cmd), false), " "))
	}
	b.WriteString(`        esac
        COMPREPLY=($(compgen -W "$flags" -- "$cur"))
        return 0
    fi
    if [[ -z $cmd && $COMP_CWORD == 1 ]]; then
        COMPREPLY=($(compgen -W "` + subs + `" -- "$cur"))
    fi
    return 0
}
complete -o default -F _mcpdev mcpdev
`)
	return b.String()
}

// fishScript completes the same words natively in fish.
func fishScript() string {
	var b strings.Builder
	b.WriteString("# fish completion for mcpdev. Load it with:  mcpdev completion fish | source\n" +
		"# or for every shell:  mcpdev completion fish > ~/.config/fish/completions/mcpdev.fish\n")
	subs := strings.Join(subcommandNames(), " ")
	for _, s := range subcommands {
		fmt.Fprintf(&b, "complete -c mcpdev -n '__fish_use_subcommand' -a %s -d %q\n", s[0], s[1])
	}
	fmt.Fprintf(&b, "complete -c mcpdev -n '__fish_seen_subcommand_from completion' -f -a %q\n", strings.Join(completionShells, " "))
	b.WriteString("complete -c mcpdev -n '__fish_seen_subcommand_from cache' -f -a clean\n")
	b.WriteString("complete -c mcpdev -n '__fish_seen_subcommand_from sessions' -f -a 'list show prune test'\n")
	for _, cmd := range append([]string{""}, subcommandNames()...) {
		cond := "__fish_seen_subcommand_from " + cmd
		if cmd == "" {
			cond = "not __fish_seen_subcommand_from " + subs
		}
		for _, f := range commandFlags(cmd) {
			fmt.Fprintf(&b, "complete -c mcpdev -n '%s' %s\n", cond, fishFlag(f))
		}
	}
	return b.String()
}

// fishFlag is a flag in fish's terms: -l for --name, -s for -v; a value
// is required (-r); a path for --config, --cwd and --watch (-F), else
// nothing to offer (-x).
func fishFlag(f completionFlag) string {
	name := strings.TrimLeft(f.name, "-")
	opt := "-l " + name
	if !strings.HasPrefix(f.name, "--") {
		opt = "-s " + name
	}
	switch {
	case !f.value:
		return opt
	case slices.Contains([]string{"config", "watch", "cwd"}, name):
		return opt + " -r -F"
	}
	return opt + " -x"
}

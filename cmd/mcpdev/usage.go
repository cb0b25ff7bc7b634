package main

const usage = `mcpdev — build, launch and inspect MCP servers

Usage:
  mcpdev TARGET                          the interactive inspector
  mcpdev tools [flags] TARGET            list the server's tools
  mcpdev call [flags] TARGET TOOL [key=value…]
                                         call a tool and print its result
  mcpdev resources [flags] TARGET        list the server's resources
  mcpdev templates [flags] TARGET        list its resource templates
  mcpdev read [flags] TARGET URI [var=value…]
                                         read a resource and print its contents
                                         (a URI template is filled with var=value)
  mcpdev prompts [flags] TARGET          list the server's prompts (* required)
  mcpdev prompt [flags] TARGET NAME [key=value…]
                                         get a prompt and print its messages
  mcpdev complete [flags] TARGET prompt NAME ARG[=TYPED] [key=value…]
  mcpdev complete [flags] TARGET template URITEMPLATE ARG[=TYPED] [key=value…]
                                         the server's completions for ARG, given
                                         what is typed and the other arguments
  mcpdev lint [flags] TARGET             check the tools for what the spec and
                                         clients refuse (docs/lint.md)
  mcpdev lint [flags] --config mcp.json  every server of the file together
                                         (tool names two servers share)
  mcpdev test [flags] PATH…              run scripted test sessions (*.txtar;
                                         directories are searched)
  mcpdev test [flags] FILE -- CMD ARGS…  run a session against another server
  mcpdev proxy [--label NAME] -- CMD ARGS…
                                         stand in for a stdio server in a client's
                                         config: forward byte for byte, save the
                                         session (mcpdev attach shows it live)
  mcpdev proxy --target URL --listen 127.0.0.1:PORT
                                         the same for a Streamable HTTP server
  mcpdev attach [--hung 10s]             watch proxied sessions, live and saved
  mcpdev sessions [--json]               list the saved sessions
  mcpdev sessions show|test|prune …      show ID; test ID -o FILE.txtar (a
                                         mcpdev test session); prune --older-than 30d
  mcpdev mock [--http ADDR] ID|FILE      serve a capture back as a server
  mcpdev cache                           where the build cache of Go targets is,
                                         and what each target takes
  mcpdev cache clean [--older-than 7d]   empty it (or drop targets unused that
                                         long); it is also trimmed by itself
  mcpdev logout URL                      forget the saved sign-in to an HTTP server
  mcpdev completion bash|zsh|fish        print a shell completion script:
                                         source <(mcpdev completion bash)
  mcpdev --version                       version, Go version and commit

Targets:
  server.go | ./pkgdir                   a Go file (alone, as go run server.go)
                                         or package: built (cached by content),
                                         then run over stdio
  server.py | server.js                  run with uv (or python3) / node
  ./binary                               an executable speaking MCP on stdio
  http(s)://host:port/mcp                Streamable HTTP
  --config mcp.json [--server NAME]      a server from an "mcpServers" file
  -- CMD ARGS…                           any stdio server; it ends the command
                                         line, so TOOL and key=value go before:
                                         mcpdev call echo message=hi -- node s.js

Target flags (every command that takes a TARGET):
  --env K=V          add to the server's environment (repeatable)
  --cwd DIR          the server's working directory
  --header "K: V"    HTTP header (repeatable)
  --no-browser       print the sign-in URL of a protected HTTP server instead
                     of opening a browser (mcpdev signs in by itself on a 401
                     that names an authorization server, OAuth 2.1 with PKCE,
                     and keeps the sign-in in the user config directory, 0600)
  --client-id ID, --client-secret S   a client registered with the server's
                     authorization server (default: it registers itself)
  --client-metadata-url URL  this client's metadata document, as its id
  --scope S          ask for scope S (repeatable; default: what the server asks)
  --config FILE      an mcp.json-style file;  --server NAME  picks its entry
  --connect-timeout  how long to wait for initialize (default 30s)
  --root PATH        a root offered to the server (roots/list; repeatable);
                     default: none (roots/list answers an empty list; not
                     the current directory: a root is access a server may
                     take)
  --max-message-size the longest message taken from the server (default
                     256MiB; 64MiB, 100MB, 1GiB…); a longer one fails its call
  --protocol ERA     the protocol era to speak: auto (default: server/discover,
                     then initialize if the server does not answer it), legacy
                     (initialize, MCP 2025-11-25), 2026 (server/discover only,
                     MCP 2026-07-28), or an exact version (2025-06-18, …); a
                     server that does not speak it fails at once and says so
  -v                 show the server's stderr, log messages and progress, and
                     each HTTP exchange of a sign-in (secrets redacted)
  --log-level LEVEL  ask for the server's logs at LEVEL and above (debug, info,
                     notice, warning, error, critical, alert, emergency) and
                     show them: logging/setLevel, or in the 2026 era the level
                     in each request's _meta; a server without the logging
                     capability is sent none (a warning says so)

tools flags:  --json (the tools as JSON), --strict, --timeout DURATION,
              --tokens (what each tool's definition costs a model in tokens,
              and the total), --client openai|openai-cl100k|anthropic|gemini|
              cursor|vscode,…|all (a column each; implies --tokens; default
              openai; ≈ an estimate: docs/cli.md), --max-tokens N (exit 1
              when the list costs a client more, naming the heaviest tools)
call flags:
  --args-json '{…}'  the arguments as JSON (key=value pairs are applied on top)
  --no-validate      send arguments even if the input schema refuses them
  --task             run the tool as a task (tools/call with a task, then
                     tasks/get until it ends); a tool whose taskSupport is
                     "required" always runs as one. The task's id and each
                     change of its status go to stderr; ctrl+c or --timeout
                     cancel it (tasks/cancel)
  --strict           fail if the tool's own schema is invalid
  --json             print the raw result as JSON
  --timeout 60s      per request; every progress notification (and every
                     change of a task's status) restarts it, and it stops
                     while you answer the server's questions
  --answer key=value answer a tool that asks for a form (elicitation), for
                     scripts; repeatable (key:=JSON too); without it each
                     field is asked on the terminal; accepts a URL too
  --answer-url A     answer every URL-mode elicitation with A: accept (at
                     once: the URL is shown, not opened), decline or cancel;
                     over --answer and --decline for URLs
  --sample-reply T   answer every sampling request with the text T; without
                     it the request is shown and the reply typed (an empty
                     reply or the end of the input refuses it)
  --decline          decline every form or URL, refuse every sampling request
resources, templates, read, prompts, complete flags:  --json (the result as
              the server sent it), --timeout DURATION
prompt flags: --json, --timeout, --no-validate (send arguments the prompt does
              not declare, or without a required one), --answer key=value,
              --answer-url A, --sample-reply TEXT, --decline (as for call: a
              prompt may ask too)
lint flags:   --client openai,anthropic,gemini,cursor,vscode|all (add those
              clients' limits; default: the spec's rules only), --json,
              --max-warnings N (fail on more warnings), --call (call each tool
              that has an output schema once, with guessed arguments, and check
              the result; not one marked destructive), --timeout, --max-tokens N.
              It ends with what the tool definitions cost each client in tokens.
              Exit 0: no errors; 1: errors, warnings past --max-warnings, or
              tokens past --max-tokens; 2: usage
test flags:   -update (rewrite golden expectations), --timeout, --connect-timeout,
              --watch (run again whenever a session file or its Go server changes),
              --protocol ERA (every session in that era, whatever its target line says)

proxy flags:  --label NAME, --redact-key KEY, --redact-path JSON.PATH (repeatable;
              Authorization and cookies are never saved in clear). Sessions
              are saved under $MCPDEV_STATE, $XDG_STATE_HOME/mcpdev or
              ~/.local/state/mcpdev (sessions/); attach finds them there.
attach keys:  / filter (method: tool: dir: status: id: or text), y copy a
              tools/call as mcpdev call, w write the session as a test,
              tab switch pane, q quit

Dev loop (mcpdev TARGET): a Go target's package files, embedded files, go.mod
and go.sum are watched; a save rebuilds in the background and restarts the
server (a build error is shown while the old server keeps running), and the
tools diff is shown. Keys: a re-run the last call on each save, w write the
calls since the last restart as a test file beside the target, d dismiss the
changes.
  --no-watch         do not watch the sources
  --watch GLOB       (repeatable) also watch these files; with -- CMD, restart
                     the server when they change ('*.py', 'src/**/*.ts')
  --no-state         do not remember the last arguments per tool (kept in
                     the user cache directory, mcpdev/state.json)
  --root PATH        the roots offered to the server, as for call
  --sample-reply T   answer every sampling request with T (no question shown)

Tool names: call runs only the tool whose name is exactly TOOL, byte for
byte. Hidden characters in a server's names and texts (zero-width, bidi and
other format characters: U+200B, U+202E, …) are shown as ⟨U+200B⟩, and
tools and call warn of them. A TOOL that is a tool's name only with them
removed, or in that shown form, is refused (exit 5), naming the exact name
to give: $'delete_files\u200b'. Every --json output writes control, bidi
and zero-width characters as \u escapes (the same JSON value).

Arguments of call: key=value, converted by the tool's input schema (integer,
number, boolean, null, enum; JSON for objects and arrays, or a comma list for
an array). Dotted keys set nested fields: book.title=Dune book.year=1965.
key:=JSON sets a raw JSON value.

Exit codes:
  0  ok
  1  usage or unexpected error; a test session failed
  2  arguments refused by the tool's input schema or the prompt (not sent)
  3  authentication required
  4  server could not be started, reached or initialized, or a request
     could not reach it (refused, connection lost, TLS, an HTTP error status)
  5  the tool returned isError, or there is no such tool or prompt
  6  the server's own tool schema is invalid (--strict)
  7  another JSON-RPC error from the server (e.g. a URI it does not have)
  8  timeout
  9  a message from the server was over --max-message-size
 10  the server cancelled the task (a tool run as a task; a task that
     failed exits 5 or 7 as a call does)
130  interrupted (ctrl+c)
On failure, the human message on stderr is followed by one line of JSON:
  {"exitCode":N,"kind":"…","message":"…", …}
`

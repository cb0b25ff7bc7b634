package testsession

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/txtar"

	"github.com/mcpdev/mcpdev/inspector/args"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/atomicfile"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// Call is one call of an interactive session with its outcome: a tool
// call, or (Step "read" or "prompt") a resource read or a prompt got.
type Call struct {
	Tool   string
	Args   json.RawMessage
	Schema json.RawMessage // the tool's input schema, to write key=value arguments
	Result *sdk.CallToolResult
	Err    error // a *transport.Error is recorded as rpcError; other errors skip the call

	// Step is "" for a tool call; "read" or "subscribe" (Tool is the
	// URI) or "prompt" (Tool is the prompt, PromptArgs its arguments),
	// whose outcome is Text, the text `mcpdev test` compares
	// (call.ContentsText, call.MessagesText; a subscribe has none).
	Step       string
	PromptArgs map[string]string
	Text       string

	// Answers are the answers given to the server's questions during the
	// call or prompt, in order (ElicitAnswer, SampleAnswer): written as
	// answer lines under the step, so that the replay answers the same.
	Answers []Answer
	// Roots are the roots offered during the call (none: no root was
	// offered): root lines, --root flags.
	Roots []sdk.Root
	// Task: the tool was asked to run as a task though it does not
	// require it (call --task).
	Task bool
	// Updated are the URIs whose first update since they were followed
	// (Step "subscribe", Tool the URI) was heard while this was the last
	// step: updated lines, not steps (updates.go).
	Updated []string
}

// longValue is the size past which an expected value goes into its own
// archive file rather than on the expectation's line.
const longValue = 200

// record turns calls into a session file for path (the target is
// written relative to path's directory) that `mcpdev test` replays: each
// call with its arguments, and its result as the expectations (isError or
// rpcError, text ==, structured ==; values that cannot repeat — UUIDs,
// ids, times, durations — matched by pattern or ignored, volatile.go).
// Calls that ended without an answer (cancelled, connection lost) are
// left out.
func record(path string, t *target.Target, calls []Call) ([]byte, error) {
	words, err := targetWordsFor(t, filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	var lines []string
	lines = append(lines, "# Recorded by mcpdev from an interactive session; replay with: mcpdev test "+filepath.Base(path),
		"target "+strings.Join(words, " "))
	lines = append(lines, rootLines(calls, filepath.Dir(path))...)
	ar := &txtar.Archive{}
	n := 0
	for _, c := range calls {
		if c.Result == nil && c.Step == "" && !isRPCError(c.Err) {
			continue
		}
		n++
		if c.Step != "" {
			lines = append(append(append(lines, "", stepLine(c)), answerLines(c)...), stepExpect(c, n, ar)...)
		} else {
			lines = append(lines, "", callLine(c))
			if c.Task {
				lines = append(lines, "  task")
			}
			lines = append(lines, answerLines(c)...)
			lines = append(lines, expectLines(c, n, ar)...)
		}
		for _, uri := range c.Updated {
			lines = append(lines, "  updated "+quoteWord(uri))
		}
	}
	if n == 0 {
		return nil, errors.New("record: no finished calls in this session")
	}
	ar.Comment = []byte(strings.Join(lines, "\n") + "\n")
	return txtar.Format(ar), nil
}

// WriteRecord writes calls as a session file at path (atomically) that
// `mcpdev test` replays: the target relative to path's directory, each
// call with its arguments, and its result as the expectations; calls that
// ended without an answer are left out.
func WriteRecord(path string, t *target.Target, calls []Call) error {
	data, err := record(path, t, calls)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data)
}

func isRPCError(err error) bool {
	var rpc *transport.Error
	return errors.As(err, &rpc)
}

// targetWordsFor writes t as the words of a target line, relative to dir.
func targetWordsFor(t *target.Target, dir string) ([]string, error) {
	var words []string
	for _, kv := range t.Env {
		words = append(words, "--env", quoteWord(kv))
	}
	for _, k := range slices.Sorted(maps.Keys(t.Headers)) {
		words = append(words, "--header", quoteWord(k+": "+t.Headers[k]))
	}
	if t.MaxMessageSize > 0 {
		words = append(words, "--max-message-size", strconv.Itoa(t.MaxMessageSize))
	}
	if t.Protocol != "" {
		words = append(words, "--protocol", t.Protocol)
	}
	switch t.Kind {
	case target.KindHTTP:
		return append(words, quoteWord(t.URL)), nil
	case target.KindGo:
		return append(words, quoteWord(relativeTo(dir, t.GoPath))), nil
	}
	cwd := t.Dir
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	cwd, _ = filepath.Abs(cwd)
	words = append(words, "--cwd", quoteWord(cwd), "--")
	for _, w := range append([]string{t.Command}, t.Args...) {
		words = append(words, quoteWord(w))
	}
	return words, nil
}

// relativeTo makes p relative to dir when it can ("./x" for a plain name,
// so the target stays a path).
func relativeTo(dir, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return abs
	}
	rel, err := filepath.Rel(absDir, abs)
	if err != nil {
		return abs
	}
	if !strings.HasPrefix(rel, ".") {
		rel = "./" + rel
	}
	return filepath.ToSlash(rel)
}

// quoteWord quotes w for target.SplitWords, the reader of session files,
// when it needs it (a command line copied for a POSIX shell is quoted by
// shellQuote instead: the two readers differ).
func quoteWord(w string) string {
	if w != "" && !strings.ContainsAny(w, " \t'\"\\$#") {
		return w
	}
	if !strings.ContainsAny(w, "'") {
		return "'" + w + "'"
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `"` + r.Replace(w) + `"`
}

// callLine writes "call TOOL key=value…" (args.Words, as a copied command
// line writes them), or the arguments as one JSON word when key=value
// would not reproduce them exactly or a word would read as that JSON word.
func callLine(c Call) string {
	line := "call " + quoteWord(c.Tool)
	var argv map[string]any
	if len(c.Args) > 0 && json.Unmarshal(c.Args, &argv) != nil {
		return line + " " + quoteWord(string(c.Args))
	}
	if len(argv) == 0 {
		return line
	}
	words, ok := args.Words(c.Schema, c.Args)
	if !ok || slices.ContainsFunc(words, isJSONWord) {
		return line + " " + quoteWord(string(args.Marshal(argv)))
	}
	for _, w := range words {
		line += " " + quoteWord(w)
	}
	return line
}

// rootLines write the roots the calls were made with (the last call's,
// should they have changed) as root lines, paths relative to dir; none
// when no root was offered.
func rootLines(calls []Call, dir string) []string {
	var roots []sdk.Root
	changed := false
	for i, c := range calls {
		changed = changed || (i > 0 && !slices.Equal(roots, c.Roots))
		roots = c.Roots
	}
	var lines []string
	if changed {
		lines = append(lines, "# the roots changed during the session: these are the last call's")
	}
	for _, r := range roots {
		w := rootWord(r)
		if !strings.HasPrefix(w, "file://") {
			w = relativeTo(dir, w)
		}
		lines = append(lines, "root "+quoteWord(w))
	}
	return lines
}

// rootWord is a root as --root and a root line take it: its path, or its
// URI when that is not a file:// URI with a path.
func rootWord(r sdk.Root) string {
	u, err := url.Parse(r.URI)
	if err != nil || u.Scheme != "file" || u.Path == "" || (u.Host != "" && u.Host != "localhost") {
		return r.URI
	}
	return filepath.FromSlash(u.Path)
}

func answerLines(c Call) []string {
	lines := make([]string, len(c.Answers))
	for i, a := range c.Answers {
		lines[i] = answerLine(a)
	}
	return lines
}

// stepLine writes "read URI", "subscribe URI" or "prompt NAME key=value…".
func stepLine(c Call) string {
	line := c.Step + " " + quoteWord(c.Tool)
	for _, k := range slices.Sorted(maps.Keys(c.PromptArgs)) {
		line += " " + quoteWord(k+"="+c.PromptArgs[k])
	}
	return line
}

// stepExpect writes a read's, a prompt's or a subscribe's outcome: its
// JSON-RPC error, else its text (a subscribe has none).
func stepExpect(c Call, n int, ar *txtar.Archive) []string {
	var rpc *transport.Error
	if errors.As(c.Err, &rpc) {
		return []string{"  rpcError " + strconv.Itoa(rpc.Code)}
	}
	if c.Step == "subscribe" {
		return nil
	}
	return []string{textExpect(c.Text, fmt.Sprintf("%s%d", c.Step, n), ar)}
}

// textExpect writes text == v, or text matches a pattern when v holds
// values that cannot repeat (volatile.go); a long value goes into the
// archive file name.txt (the pattern: name.re).
func textExpect(v, name string, ar *txtar.Archive) string {
	if pattern, ok := volatilePattern(v); ok {
		return "  text matches " + expectValue(pattern, name+".re", ar, true)
	}
	return "  text == " + expectValue(v, name+".txt", ar, true)
}

// structuredExpect writes structured == the compact value, with ignore
// naming the strings in it that cannot repeat.
func structuredExpect(raw json.RawMessage, name string, ar *txtar.Archive) string {
	compact := compactRaw(raw)
	line := "  structured == " + expectValue(string(compact), name+".json", ar, false)
	var v any
	var paths []string
	if json.Unmarshal(compact, &v) == nil {
		volatilePaths(v, nil, &paths)
	}
	if len(paths) > 0 {
		slices.Sort(paths)
		line += " ignore " + strings.Join(paths, ",")
	}
	return line
}

// expectLines writes the call's outcome as expectations; long values go
// into archive files named after the call.
func expectLines(c Call, n int, ar *txtar.Archive) []string {
	var rpc *transport.Error
	if errors.As(c.Err, &rpc) {
		return []string{"  rpcError " + strconv.Itoa(rpc.Code)}
	}
	res := c.Result
	var out []string
	if res.IsError {
		out = append(out, "  isError")
	}
	text := call.ResultText(res)
	name := fmt.Sprintf("call%d", n)
	if text != "" || len(res.StructuredContent) == 0 {
		out = append(out, textExpect(text, name, ar))
	}
	if len(res.StructuredContent) > 0 {
		out = append(out, structuredExpect(res.StructuredContent, name, ar))
	}
	return out
}

// expectValue is the value inline, or "@file" with the value in ar.
func expectValue(v, file string, ar *txtar.Archive, text bool) string {
	inline := len(v) <= longValue && !strings.Contains(v, "\n")
	if text && strings.HasSuffix(v, "\n") {
		inline = true // an archive file cannot keep a final newline apart
	}
	if inline {
		if text {
			return strconv.Quote(v)
		}
		return v
	}
	data := v
	if !text {
		data = call.IndentJSON([]byte(v))
	}
	ar.Files = append(ar.Files, txtar.File{Name: file, Data: []byte(data + "\n")})
	return "@" + file
}

// compactRaw compacts raw JSON.
func compactRaw(raw json.RawMessage) []byte {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return raw
	}
	b, _ := json.Marshal(v)
	return b
}

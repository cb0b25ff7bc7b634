package testsession

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"golang.org/x/tools/txtar"
)

// A session file is a txtar archive. Its comment (the text before the first
// "-- name --" line) is the script; the archive's files hold golden values
// that expectations refer to as @name. See the README for the format.
//
//	target ../../examples/tutorial/03-field-constraints
//	tools search_books
//	schema search_books search_books.schema.json
//	call search_books query=dune limit=5
//	  text == "Found 3 books matching 'dune' (showing up to 5)."
//	  structured == {"result": "Found 3 books matching 'dune' (showing up to 5)."}
//	call search_books query=dune limit=500
//	  isError
//	  text contains "Input should be less than or equal to 50"
//	-- search_books.schema.json --
//	{ … }
type File struct {
	Path       string
	Archive    *txtar.Archive
	Lines      []string // the script, one entry per line
	Target     []string // the words after "target", ${VAR} expanded
	TargetLine int
	Timeout    time.Duration // from a "timeout" line; 0: the runner's default
	Roots      []string      // from "root PATH" lines, relative to the file; none: no root is offered
	Steps      []*Step
}

// Step is one tools, schema, call, read, prompt, complete or subscribe
// line with its expectations.
type Step struct {
	Line    int    // 1-based line in the file
	Kind    string // "tools", "schema", "call", "read", "prompt", "complete", "subscribe"
	Words   []string
	Expects []*Expect
	Answers []*Answer // call, prompt: the answers to the server's questions, in order
	Task    bool      // call: run the tool as a task (a task line under it)
}

func (s *Step) String() string {
	words := []string{s.Kind}
	for _, w := range s.Words {
		if strings.ContainsAny(w, " \t\"'{") {
			w = "'" + w + "'"
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}

// expectable are the steps expectations may follow.
var expectable = map[string]bool{"call": true, "read": true, "prompt": true, "complete": true, "subscribe": true}

// Expect is one expectation about the step before it.
type Expect struct {
	Line    int
	Indent  string
	Subject string // "isError", "text", "structured", "rpcError", "updated" (updates.go)
	Op      string // text: ==, contains, matches; structured: ==, has; isError: true/false
	Value   string // the expected text, or JSON text
	File    string // set when the value lives in the archive file @File
	Ignore  []string
}

// Load reads and parses a session file.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse parses a session file's content. Errors name the line.
func Parse(path string, data []byte) (*File, error) {
	f := &File{Path: path, Archive: txtar.Parse(data)}
	f.Lines = strings.Split(strings.TrimSuffix(string(f.Archive.Comment), "\n"), "\n")
	for i, line := range f.Lines {
		if err := f.parseLine(i+1, line); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
	}
	if f.TargetLine == 0 {
		return nil, fmt.Errorf("%s: no target line", path)
	}
	return f, nil
}

func (f *File) parseLine(n int, line string) error {
	trimmed := strings.TrimSpace(line)
	if trimmed == "" || strings.HasPrefix(trimmed, "#") {
		return nil
	}
	indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	keyword, rest, _ := strings.Cut(trimmed, " ")
	rest = strings.TrimSpace(rest)
	switch keyword {
	case "target":
		return f.parseTarget(n, rest)
	case "timeout":
		d, err := time.ParseDuration(rest)
		if err != nil {
			return fmt.Errorf("timeout: %v", err)
		}
		f.Timeout = d
		return nil
	case "root":
		return f.parseRoot(rest)
	case "tools", "schema", "call", "read", "prompt", "complete", "subscribe":
		return f.parseStep(n, keyword, rest)
	case "isError", "text", "structured", "rpcError", "updated":
		return f.parseExpect(n, indent, keyword, rest)
	case "answer", "answer-url", "decline", "cancel", "sample-reply", "sample-decline":
		return f.parseAnswer(n, keyword, rest)
	case "task":
		return f.parseTask(rest)
	}
	return fmt.Errorf("unknown line %q (want target, timeout, root, tools, schema, call, read, prompt, complete, subscribe, isError, text, structured, rpcError, updated, answer, answer-url, decline, cancel, sample-reply, sample-decline or task)", keyword)
}

// parseTask reads a task line: the call step above it runs the tool as a
// task (as mcpdev call --task does).
func (f *File) parseTask(rest string) error {
	if len(f.Steps) == 0 || f.Steps[len(f.Steps)-1].Kind != "call" {
		return fmt.Errorf("task: must follow a call (it runs the call as a task)")
	}
	if rest != "" {
		return fmt.Errorf("task takes nothing after it")
	}
	f.Steps[len(f.Steps)-1].Task = true
	return nil
}

// parseRoot reads "root PATH": a root offered to the server (a path
// relative to the file, or a file:// URI).
func (f *File) parseRoot(rest string) error {
	words, err := target.SplitWords(rest)
	if err != nil {
		return err
	}
	if len(words) != 1 {
		return fmt.Errorf("root: want: root PATH")
	}
	p := target.ExpandEnv(words[0])
	if !strings.HasPrefix(p, "file://") && !filepath.IsAbs(p) {
		p = filepath.Join(filepath.Dir(f.Path), p)
	}
	f.Roots = append(f.Roots, p)
	return nil
}

func (f *File) parseTarget(n int, rest string) error {
	if f.TargetLine != 0 {
		return fmt.Errorf("a second target line (first on line %d)", f.TargetLine)
	}
	words, err := target.SplitWords(rest)
	if err != nil {
		return err
	}
	for i, w := range words {
		words[i] = target.ExpandEnv(w)
	}
	if len(words) == 0 {
		return fmt.Errorf("target: nothing after it")
	}
	f.Target, f.TargetLine = words, n
	return nil
}

func (f *File) parseStep(n int, kind, rest string) error {
	if f.TargetLine == 0 {
		return fmt.Errorf("%s before the target line", kind)
	}
	words, err := target.SplitWords(rest)
	if err != nil {
		return err
	}
	switch {
	case kind == "schema" && len(words) != 2:
		return fmt.Errorf("schema: want: schema TOOL FILE")
	case kind == "call" && len(words) == 0:
		return fmt.Errorf("call: want: call TOOL key=value…")
	case kind == "read" && len(words) == 0:
		return fmt.Errorf("read: want: read URI [var=value…]")
	case kind == "prompt" && len(words) == 0:
		return fmt.Errorf("prompt: want: prompt NAME key=value…")
	case kind == "subscribe" && len(words) != 1:
		return fmt.Errorf("subscribe: want: subscribe URI")
	case kind == "complete" && len(words) < 3:
		return fmt.Errorf("complete: want: complete prompt NAME ARG=TYPED [key=value…] or complete template URITEMPLATE ARG=TYPED [key=value…]")
	}
	f.Steps = append(f.Steps, &Step{Line: n, Kind: kind, Words: words})
	return nil
}

func (f *File) parseExpect(n int, indent, subject, rest string) error {
	if len(f.Steps) == 0 || !expectable[f.Steps[len(f.Steps)-1].Kind] {
		return fmt.Errorf("%s: an expectation must follow a call, read, prompt, complete or subscribe", subject)
	}
	e := &Expect{Line: n, Indent: indent, Subject: subject}
	var err error
	switch subject {
	case "isError":
		err = e.parseIsError(rest)
	case "rpcError":
		_, err = strconv.Atoi(rest)
		e.Op, e.Value = "==", rest
	case "updated":
		err = e.parseUpdated(rest)
	case "text":
		err = e.parseText(rest)
	case "structured":
		err = e.parseStructured(rest)
	}
	if err != nil {
		return err
	}
	if e.File != "" && f.file(e.File) == nil {
		f.Archive.Files = append(f.Archive.Files, txtar.File{Name: e.File})
	}
	step := f.Steps[len(f.Steps)-1]
	step.Expects = append(step.Expects, e)
	return nil
}

// parseUpdated reads "updated URI": the server has sent an update of URI.
func (e *Expect) parseUpdated(rest string) error {
	words, err := target.SplitWords(rest)
	if err != nil || len(words) != 1 {
		return fmt.Errorf("updated: want: updated URI")
	}
	e.Op, e.Value = "sent", words[0]
	return nil
}

func (e *Expect) parseIsError(rest string) error {
	switch rest {
	case "", "true":
		e.Op = "true"
	case "false":
		e.Op = "false"
	default:
		return fmt.Errorf("isError: want nothing, true or false")
	}
	return nil
}

func (e *Expect) parseText(rest string) error {
	op, val, _ := strings.Cut(rest, " ")
	switch op {
	case "==", "contains", "matches":
	default:
		return fmt.Errorf("text: want text == VALUE, text contains VALUE or text matches REGEXP")
	}
	e.Op = op
	val = strings.TrimSpace(val)
	if strings.HasPrefix(val, "@") {
		e.File = val[1:]
		return nil
	}
	s, err := unquoteValue(val)
	e.Value = s
	return err
}

// unquoteValue reads "Go-quoted", 'literal' or bare text.
func unquoteValue(v string) (string, error) {
	switch {
	case strings.HasPrefix(v, `"`):
		s, err := strconv.Unquote(v)
		if err != nil {
			return "", fmt.Errorf("bad quoted string %s: %v", v, err)
		}
		return s, nil
	case strings.HasPrefix(v, "'"):
		if len(v) < 2 || !strings.HasSuffix(v, "'") {
			return "", fmt.Errorf("unterminated '…' string")
		}
		return v[1 : len(v)-1], nil
	}
	return v, nil
}

func (e *Expect) parseStructured(rest string) error {
	op, val, _ := strings.Cut(rest, " ")
	if op != "==" && op != "has" {
		return fmt.Errorf("structured: want structured == JSON|@file [ignore PATHS] or structured has JSON|@file [ignore PATHS]")
	}
	e.Op = op
	val = strings.TrimSpace(val)
	var tail string
	if strings.HasPrefix(val, "@") {
		name, t, _ := strings.Cut(val[1:], " ")
		e.File, tail = name, t
	} else {
		dec := json.NewDecoder(strings.NewReader(val))
		var v any
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("structured: not JSON: %v", err)
		}
		e.Value, tail = val[:dec.InputOffset()], val[dec.InputOffset():]
	}
	return e.parseIgnore(strings.TrimSpace(tail))
}

func (e *Expect) parseIgnore(tail string) error {
	if tail == "" {
		return nil
	}
	kw, paths, _ := strings.Cut(tail, " ")
	if kw != "ignore" || strings.TrimSpace(paths) == "" {
		return fmt.Errorf("structured: unexpected %q (want: ignore PATH,PATH…)", tail)
	}
	e.Ignore = append(e.Ignore, strings.FieldsFunc(paths, func(r rune) bool { return r == ',' || r == ' ' })...)
	return nil
}

// file returns the archive file of that name, or nil.
func (f *File) file(name string) *txtar.File {
	for i := range f.Archive.Files {
		if f.Archive.Files[i].Name == name {
			return &f.Archive.Files[i]
		}
	}
	return nil
}

// expected returns an expectation's value: inline, or its archive file.
func (f *File) expected(e *Expect) string {
	if e.File == "" {
		return e.Value
	}
	if af := f.file(e.File); af != nil {
		return strings.TrimSuffix(string(af.Data), "\n")
	}
	return ""
}

// setExpected records a new golden value (for -update).
func (f *File) setExpected(e *Expect, v string) {
	if e.File != "" {
		f.file(e.File).Data = []byte(v + "\n")
		return
	}
	e.Value = v
	line := e.Indent + e.Subject + " " + e.Op + " "
	if e.Subject == "text" {
		line += strconv.Quote(v)
	} else {
		line += v
	}
	if len(e.Ignore) > 0 {
		line += " ignore " + strings.Join(e.Ignore, ",")
	}
	f.Lines[e.Line-1] = line
}

// setFile writes an archive file (for -update of a schema golden).
func (f *File) setFile(name, content string) {
	if af := f.file(name); af != nil {
		af.Data = []byte(content + "\n")
		return
	}
	f.Archive.Files = append(f.Archive.Files, txtar.File{Name: name, Data: []byte(content + "\n")})
}

// Format renders the session file, with any updated values.
func (f *File) Format() []byte {
	f.Archive.Comment = []byte(strings.Join(f.Lines, "\n") + "\n")
	return txtar.Format(f.Archive)
}

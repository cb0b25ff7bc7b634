package testsession

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/inspector/args"
)

func TestParseSession(t *testing.T) {
	f, err := Parse("s.txtar", []byte(`# comment
target --env K=V -- node server.js
timeout 5s
tools a b
schema a a.json
call a x=1 'y=two words'
  isError
  text contains "Input should"
  structured has {"a": [1, 2]} ignore a.0, b.*.c
  structured == @out.json
call b
  rpcError -32602
-- a.json --
{}
`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"--env", "K=V", "--", "node", "server.js"}; !reflect.DeepEqual(f.Target, want) {
		t.Errorf("target %q", f.Target)
	}
	if len(f.Steps) != 4 || f.Steps[2].Kind != "call" || len(f.Steps[2].Expects) != 4 {
		t.Fatalf("steps: %+v", f.Steps)
	}
	if got := f.Steps[2].Words; !reflect.DeepEqual(got, []string{"a", "x=1", "y=two words"}) {
		t.Errorf("call words %q", got)
	}
	e := f.Steps[2].Expects[2]
	if e.Op != "has" || e.Value != `{"a": [1, 2]}` || !reflect.DeepEqual(e.Ignore, []string{"a.0", "b.*.c"}) {
		t.Errorf("structured: %+v", e)
	}
	if f.file("out.json") == nil {
		t.Error("a missing @file is not added for -update")
	}
	words, o, err := parseTargetFlags(f.Target)
	if err != nil || !reflect.DeepEqual(words, []string{"--", "node", "server.js"}) || !reflect.DeepEqual(o.Env, []string{"K=V"}) {
		t.Errorf("parseTargetFlags: %q %+v %v", words, o, err)
	}
}

func TestParseSessionErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"call x\n", "s.txtar:1: call before the target line"},
		{"target a\ntarget b\n", "s.txtar:2: a second target line"},
		{"target a\n  isError\n", "s.txtar:2: isError: an expectation must follow a call"},
		{"target a\ncall x\n  text is y\n", "s.txtar:3: text: want"},
		{"target a\ncall x\n  structured == {nope\n", "s.txtar:3: structured: not JSON"},
		{"target a\ncall x\n  structured == {} except y\n", "unexpected \"except y\""},
		{"target a\nfrobnicate\n", "s.txtar:2: unknown line"},
		{"# nothing\n", "no target line"},
		{"target a\nschema x\n", "schema TOOL FILE"},
		{"target a\nread\n", "read URI"},
		{"target a\ncomplete prompt p\n", "complete prompt NAME ARG=TYPED"},
		{"target a\ntools\n  text == x\n", "must follow a call, read, prompt, complete or subscribe"},
	}
	for _, tt := range tests {
		_, err := Parse("s.txtar", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: err %v, want %q", tt.src, err, tt.want)
		}
	}
}

func TestParseReadPromptCompleteSteps(t *testing.T) {
	f, err := Parse("s.txtar", []byte(`target a
read 'bookshop://books/{isbn}' isbn=1
  text contains Dune
prompt recommend liked=Dune
  structured has {"messages":[]}
complete prompt recommend liked=du genre=fiction
  rpcError -32602
`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range f.Steps {
		got = append(got, s.String()+" /"+s.Expects[0].Subject)
	}
	want := []string{"read 'bookshop://books/{isbn}' isbn=1 /text", "prompt recommend liked=Dune /structured", "complete prompt recommend liked=du genre=fiction /rpcError"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("steps (-want +got):\n-%q\n+%q", want, got)
	}
}

func TestSetExpectedRewritesTheLine(t *testing.T) {
	f, err := Parse("s.txtar", []byte("target a\ncall x\n    text == \"old\"\n  structured == {} ignore id\n"))
	if err != nil {
		t.Fatal(err)
	}
	f.setExpected(f.Steps[0].Expects[0], "new \"one\"\nline")
	f.setExpected(f.Steps[0].Expects[1], `{"a":1}`)
	want := "target a\ncall x\n    text == \"new \\\"one\\\"\\nline\"\n  structured == {\"a\":1} ignore id\n"
	if got := string(f.Format()); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	g, err := Parse("s.txtar", f.Format())
	if err != nil || g.Steps[0].Expects[0].Value != "new \"one\"\nline" {
		t.Errorf("reparse: %v %+v", err, g)
	}
}

func TestJSONMatch(t *testing.T) {
	got, _ := args.DecodeAny(`{"total":2,"items":[{"id":1,"t":"a"},{"id":2,"t":"b"}],"at":"now"}`)
	want, _ := args.DecodeAny(`{"total":2,"items":[{"t":"a"},{"t":"b"}]}`)
	if !args.EqualValues(prune(got, want), want) {
		t.Error("partial match failed")
	}
	dropped := dropPath(dropPath(got, splitPath("items.*.id")), splitPath("at"))
	if !args.EqualValues(dropped, want) {
		t.Errorf("dropPath: %v", dropped)
	}
	other, _ := args.DecodeAny(`{"total":3}`)
	if args.EqualValues(prune(got, other), other) {
		t.Error("partial match of a different value passed")
	}
	if !args.EqualJSON(`{"a":1.0,"b":[true]}`, `{"b":[true],"a":1}`) {
		t.Error("jsonEqual ignores key order and number spelling")
	}
}

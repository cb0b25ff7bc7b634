package testsession

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
)

func TestParseAnswerLines(t *testing.T) {
	f, err := Parse("s.txtar", []byte(`target x
root ../shared
call a
  answer "name=Ada Lovelace" n:=7
  decline
  sample-reply "Paris.\nFrance."
  sample-decline
  cancel
  answer-url Accept
  text contains ok
prompt p
  sample-reply bare words
`))
	if err != nil {
		t.Fatal(err)
	}
	got := []Answer{}
	for _, s := range f.Steps {
		for _, a := range s.Answers {
			got = append(got, *a)
		}
	}
	want := []Answer{{4, "answer", []string{"name=Ada Lovelace", "n:=7"}}, {5, "decline", nil}, {6, "sample-reply", []string{"Paris.\nFrance."}},
		{7, "sample-decline", nil}, {8, "cancel", nil}, {9, "answer-url", []string{"accept"}}, {12, "sample-reply", []string{"bare words"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("answers (-want +got):\n%v\n%v", want, got)
	}
	if len(f.Steps[0].Expects) != 1 || !reflect.DeepEqual(f.Roots, []string{"../shared"}) {
		t.Errorf("expects %d, roots %q", len(f.Steps[0].Expects), f.Roots)
	}
	for _, tt := range []struct{ src, want string }{
		{"target a\nanswer x=1\n", "s.txtar:2: answer: an answer must follow a call or prompt"},
		{"target a\nread u\n  decline\n", "s.txtar:3: decline: an answer must follow a call or prompt"},
		{"target a\ncall x\n  cancel now\n", "s.txtar:3: cancel takes nothing after it"},
		{"target a\ncall x\n  sample-reply \"open\n", "s.txtar:3: bad quoted string"},
		{"target a\nroot a b\n", "s.txtar:2: root: want: root PATH"},
		{"target a\ncall x\n  answer-url yes\n", `s.txtar:3: answer-url "yes": want accept, decline or cancel`},
		{"target a\ncall x\n  answer-url\n", `s.txtar:3: answer-url "": want accept, decline or cancel`},
	} {
		if _, err := Parse("s.txtar", []byte(tt.src)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want %q", tt.src, err, tt.want)
		}
	}
}

// A step whose server asks a question it has no answer for fails, saying
// what was asked; an answer the server never asked for fails the step too;
// values that do not fit the form are reported.
func TestScriptedAnswersThatDoNotMatchFail(t *testing.T) {
	abs, _ := filepath.Abs("../../examples/conformance")
	path := filepath.Join(t.TempDir(), "asks.txtar")
	testutil.WriteFile(t, path, "target "+abs+`
call test_elicitation message=Who?
  text contains action=cancel
call test_sampling "prompt=Capital of France?"
  rpcError -1
call test_simple_text
  answer x=1
  sample-reply unused
call test_elicitation message=Who?
  answer username=ada email:={nope
`)
	var out bytes.Buffer
	sum, err := Run(context.Background(), &out, []string{path}, &Options{BuildCache: filepath.Join(t.TempDir(), "build")})
	if err == nil || sum.Failed != 4 {
		t.Fatalf("%+v %v\n%s", sum, err, out.String())
	}
	for _, want := range []string{
		`the server asked "Who?" (elicitation 1) and the step has no answer left for it: add answer key=value…, decline or cancel (it was cancelled)`,
		"the server asked for a sampling reply (request 1) and the step has none left: add sample-reply TEXT or sample-decline (it was refused)",
		"          user: Capital of France?",
		"line 7: answer was not used: the server asked no more questions of its kind",
		"line 8: sample-reply was not used",
		"line 10: argument email: value after := is not JSON",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// The answers a person gave during an interactive session are recorded
// under each call and prompt, and the recording replays green.
func TestRecordedAnswersReplay(t *testing.T) {
	abs, _ := filepath.Abs("../../examples/conformance")
	tg := goTarget(t, abs)
	var given []Answer
	var mu = make(chan struct{}, 1)
	note := func(a Answer) { mu <- struct{}{}; given = append(given, a); <-mu }
	opts := &sdk.ClientOptions{
		OnElicit: func(_ context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
			res := &sdk.ElicitResult{Action: sdk.ActionAccept, Content: json.RawMessage(`{"username":"ada \"the first\"","email":"ada@example.com"}`)}
			if strings.Contains(p.Message, "decline") {
				res = &sdk.ElicitResult{Action: sdk.ActionDecline}
			}
			note(ElicitAnswer(p.RequestedSchema, res))
			return res, nil
		},
		OnSample: func(context.Context, *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
			res := call.SampleResult("Paris,\n\"France\".")
			note(SampleAnswer(res, nil))
			return res, nil
		},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := tg.Connect(ctx, &target.ConnectOptions{Client: opts})
	if err != nil {
		t.Fatal(err)
	}
	var calls []Call
	for _, c := range [][2]string{{"test_elicitation", `{"message":"Who?"}`}, {"test_elicitation", `{"message":"decline this"}`}, {"test_sampling", `{"prompt":"Capital?"}`}} {
		given = nil
		res, err := conn.CallTool(ctx, c[0], json.RawMessage(c[1]), nil)
		calls = append(calls, Call{Tool: c[0], Args: json.RawMessage(c[1]), Result: res, Err: err, Answers: given})
	}
	conn.Close()
	path := filepath.Join(t.TempDir(), "recorded.txtar")
	if err := WriteRecord(path, tg, calls); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	for _, want := range []string{"call test_elicitation message=Who?\n  answer 'username=ada \"the first\"' email=ada@example.com\n  text == ",
		"call test_elicitation 'message=decline this'\n  decline\n", "call test_sampling prompt=Capital?\n  sample-reply \"Paris,\\n\\\"France\\\".\"\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("recording lacks %q:\n%s", want, data)
		}
	}
	var out bytes.Buffer
	if sum, err := Run(context.Background(), &out, []string{path}, &Options{BuildCache: filepath.Join(t.TempDir(), "build")}); err != nil || sum.Passed != 3 {
		t.Fatalf("replay: %+v %v\n%s", sum, err, out.String())
	}
}

// A call copied as a command line carries the answers as flags.
func TestCommandLineCarriesTheAnswers(t *testing.T) {
	for _, tt := range []struct {
		answers []Answer
		want    string
	}{
		{[]Answer{{Kind: "answer", Words: []string{"name=Ada Lovelace", "n=7"}}}, "mcpdev call --answer 'name=Ada Lovelace' --answer n=7 TARGET t"},
		{[]Answer{{Kind: "sample-reply", Words: []string{"Paris."}}, {Kind: "sample-reply", Words: []string{"again"}}}, "mcpdev call --sample-reply Paris. TARGET t"},
		{[]Answer{{Kind: "decline"}, {Kind: "sample-decline"}}, "mcpdev call --decline TARGET t"},
		{[]Answer{{Kind: "decline"}, {Kind: "answer", Words: []string{"a=1"}}}, "mcpdev call --answer a=1 TARGET t"},
	} {
		if got := CommandLine(nil, Call{Tool: "t", Answers: tt.answers}); got != tt.want {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
	}
}

// Roots other than the default travel with a copied call as --root
// flags: a path for a file:// URI, the URI itself otherwise.
func TestCommandLineCarriesTheRoots(t *testing.T) {
	roots := []sdk.Root{{URI: "file:///srv/my%20project", Name: "my project"}, {URI: "https://example.com/x", Name: "x"}}
	want := "mcpdev call --answer a=1 --root '/srv/my project' --root https://example.com/x TARGET t"
	if got := CommandLine(nil, Call{Tool: "t", Answers: []Answer{{Kind: "answer", Words: []string{"a=1"}}}, Roots: roots}); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// A recording writes the roots its calls were made with as root lines,
// relative to the file (the last call's, saying so, when they changed);
// none for the default roots.
func TestRecordWritesTheRoots(t *testing.T) {
	dir := t.TempDir()
	tg := &target.Target{Kind: target.KindHTTP, URL: "http://127.0.0.1:1/mcp"}
	res := &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("ok")}}
	sub := sdk.Root{URI: "file://" + filepath.ToSlash(filepath.Join(dir, "sub dir")), Name: "sub dir"}
	other := sdk.Root{URI: "file:///elsewhere", Name: "elsewhere"}
	for _, tt := range []struct {
		name  string
		roots [][]sdk.Root
		want  string
	}{
		{"default", [][]sdk.Root{nil}, "target http://127.0.0.1:1/mcp\n\ncall t\n"},
		{"set", [][]sdk.Root{{sub}}, "target http://127.0.0.1:1/mcp\nroot './sub dir'\n\ncall t\n"},
		{"changed", [][]sdk.Root{nil, {sub, other}}, "# the roots changed during the session: these are the last call's\nroot './sub dir'\nroot " + filepath.Join(mustRel(t, dir, "/"), "elsewhere") + "\n\ncall t\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var calls []Call
			for _, r := range tt.roots {
				calls = append(calls, Call{Tool: "t", Args: json.RawMessage(`{}`), Result: res, Roots: r})
			}
			data, err := record(filepath.Join(dir, "s.txtar"), tg, calls)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), tt.want) {
				t.Errorf("recording lacks %q:\n%s", tt.want, data)
			}
		})
	}
}

func mustRel(t *testing.T, from, to string) string {
	t.Helper()
	rel, err := filepath.Rel(from, to)
	if err != nil {
		t.Fatal(err)
	}
	return rel
}

// answer-url answers a URL question with its action; on a form it fails
// the step, saying what to write instead.
func TestAnswerURLLines(t *testing.T) {
	abs, _ := filepath.Abs("../tui/testdata/asking")
	path := filepath.Join(t.TempDir(), "url.txtar")
	testutil.WriteFile(t, path, "target "+abs+`
call ask_url
  answer-url accept
  text == "url: action=accept"
call ask_url
  answer-url decline
  text == "url: action=decline"
call ask_url
  answer
  text == "url: action=accept"
call ask_name
  answer-url accept
  text contains action=cancel
`)
	var out bytes.Buffer
	sum, err := Run(context.Background(), &out, []string{path}, &Options{BuildCache: filepath.Join(t.TempDir(), "build")})
	if sum.Passed != 3 || sum.Failed != 1 || err == nil {
		t.Fatalf("%+v %v\n%s", sum, err, out.String())
	}
	if want := `line 12: answer-url answers a URL, but the server asked "Who are you?" with a form (it was cancelled): write answer key=value…`; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
}

// A form's answer is written and sent back in the requested schema's
// property order, as the person's client sent it: a server that echoes
// the answer echoes it the same on replay.
func TestAnswersKeepTheFormsOrder(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"},"city":{"type":"string"}}}`)
	sent := `{"name":"Ada","age":36,"city":"London"}`
	a := ElicitAnswer(schema, &sdk.ElicitResult{Action: sdk.ActionAccept, Content: json.RawMessage(sent)})
	if want := "  answer name=Ada age=36 city=London"; answerLine(a) != want {
		t.Errorf("answer line = %q, want %q", answerLine(a), want)
	}
	res, err := newScript([]*Answer{&a}).elicitation(context.Background(), &sdk.ElicitParams{Message: "Who?", RequestedSchema: schema})
	if err != nil || string(res.Content) != sent {
		t.Errorf("replayed answer = %s (%v), want %s", res.Content, err, sent)
	}
}

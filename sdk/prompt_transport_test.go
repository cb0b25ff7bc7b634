package sdk_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
)

// Prompts and completion over real Streamable HTTP, in both eras.
func TestPromptsOverHTTP(t *testing.T) {
	h := completeServer(t)
	sdk.Prompt(h, tripPrompt, &sdk.PromptOptions{Name: "trip", Description: "Plans a trip."})
	handler := sdkhttp.Handler(h, nil)
	ts := httptest.NewServer(handler)
	t.Cleanup(func() { handler.Close(); ts.Close() })
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := connectHTTP(t, ts.URL, era.version, nil)
			if c.InitializeResult().Capabilities.Prompts == nil || c.InitializeResult().Capabilities.Completions == nil {
				t.Errorf("capabilities = %+v", c.InitializeResult().Capabilities)
			}
			prompts, err := c.ListPrompts(testCtx(t))
			if err != nil || len(prompts) != 2 || prompts[1].Name != "trip" {
				t.Fatalf("prompts = %+v, %v", prompts, err)
			}
			if got := getPromptText(t, c, "trip", map[string]string{"city": "Oslo", "days": "2"}); !strings.HasPrefix(got, "Plan 2  days in Oslo") {
				t.Errorf("trip = %s", got)
			}
			if got := getPromptText(t, c, "trip", map[string]string{"days": "0"}); !strings.Contains(got, "city\n  Field required") ||
				!strings.Contains(got, "days\n  Input should be greater than or equal to 1") || !strings.HasPrefix(got, "error -32602") {
				t.Errorf("bad arguments = %s", got)
			}
			comp, err := c.Complete(testCtx(t), sdk.CompleteRef{Type: sdk.RefPrompt, Name: "addr"}, "street", "Via", map[string]string{"city": "Rome"})
			if err != nil || strings.Join(comp.Values, ",") != "Via del Corso" {
				t.Errorf("complete = %+v, %v", comp, err)
			}
			_, err = c.Complete(testCtx(t), sdk.CompleteRef{Type: sdk.RefPrompt, Name: "addr"}, "broken", "", nil)
			if rpcCode(err) != transport.CodeInternalError {
				t.Errorf("panicking completion: %v", err)
			}
			if got := getPromptText(t, c, "nope", nil); !strings.HasPrefix(got, `error -32602: Unknown prompt: "nope"`) {
				t.Errorf("unknown = %s", got)
			}
		})
	}
}

// Prompts over stdio with a real process: names, descriptions and
// arguments from the source's doc comments, completion from declared
// constants and from a function, and a panicking prompt that leaves the
// server serving.
func TestPromptsOverStdio(t *testing.T) {
	bin := testutil.Build(t, "./testdata/promptserver")
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			var stderr testutil.Buffer
			conn, err := transport.Command(bin, nil, &transport.CommandOptions{Stderr: &stderr})
			if err != nil {
				t.Fatal(err)
			}
			c, err := sdk.Connect(testCtx(t), conn, &sdk.ClientOptions{ProtocolVersion: era.version})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.Close() })
			prompts, err := c.ListPrompts(testCtx(t))
			if err != nil {
				t.Fatal(err)
			}
			want := `[{"name":"review","description":"Asks the model to write a short review of a book.","arguments":[` +
				`{"name":"title","description":"The title of the book to review.","required":true},` +
				`{"name":"stars","description":"How many stars to give.","required":true},` +
				`{"name":"tone","description":"How the review should sound."}]},` +
				`{"name":"explode","description":"Panics, to show that the server keeps serving."}]`
			if d := jsonDiff(t, []byte(want), toJSON(t, prompts)); d != "" {
				t.Errorf("prompts (-want +got):\n%s", d)
			}
			if got := getPromptText(t, c, "explode", nil); got != "error -32603: Error rendering prompt explode: panic: the prompt blew up" {
				t.Errorf("explode = %s", got)
			}
			if got := getPromptText(t, c, "review", map[string]string{"title": "Dune", "stars": "4", "tone": "dry"}); got != `Write a dry review of "Dune" giving it 4 of 5 stars.` {
				t.Errorf("review = %s", got)
			}
			if got := getPromptText(t, c, "review", map[string]string{"title": "Dune", "stars": "4", "tone": "sad"}); !strings.Contains(got, "tone\n  Input should be 'warm', 'dry' or 'witty'") {
				t.Errorf("review with a bad tone = %s", got)
			}
			for arg, want := range map[string]string{"tone": "warm,witty", "title": ""} {
				comp, err := c.Complete(testCtx(t), sdk.CompleteRef{Type: sdk.RefPrompt, Name: "review"}, arg, "w", nil)
				if err != nil || strings.Join(comp.Values, ",") != want {
					t.Errorf("complete %s = %+v, %v", arg, comp, err)
				}
			}
			comp, err := c.Complete(testCtx(t), sdk.CompleteRef{Type: sdk.RefPrompt, Name: "review"}, "title", "du", nil)
			if err != nil || strings.Join(comp.Values, ",") != "Dune,Dubliners" {
				t.Errorf("complete title = %+v, %v", comp, err)
			}
			if !strings.Contains(stderr.String(), "sdk: prompt explode panicked: the prompt blew up") {
				t.Errorf("stderr lacks the panic: %s", stderr.String())
			}
		})
	}
}

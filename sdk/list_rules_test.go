package sdk_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// listRulesServer serves one of everything, two to a list page.
func listRulesServer(t *testing.T) *sdk.Server {
	s := sdk.NewServer("lists", &sdk.ServerOptions{PageSize: 2})
	sdk.Tool(s, benchSearchBooks, benchOpts)
	if err := s.AddPrompt(namedPrompt("a")); err != nil {
		t.Fatal(err)
	}
	sdk.Resource(s, "bookshop://catalog", func(context.Context) (string, error) { return "all", nil },
		&sdk.ResourceOptions{Name: "catalog", Description: "d"})
	sdk.ResourceTemplate(s, "bookshop://books/{isbn}", func(ctx context.Context, a benchBookArgs) (string, error) { return a.ISBN, nil },
		&sdk.ResourceOptions{Name: "book", Description: "d"})
	return s
}

// tools/list, prompts/list, resources/list and resources/templates/list
// page alike, and refuse a cursor they never issued in the same words,
// naming the list.
func TestInvalidCursorWordedAlikeForEveryList(t *testing.T) {
	s := listRulesServer(t)
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, s, era.version, nil)
			for _, method := range []string{"tools/list", "prompts/list", "resources/list", "resources/templates/list"} {
				for _, bad := range []string{"bogus", "dG9vbHM6OTk", "cHJvbXB0czowCg"} { // tools:99, "prompts:0\n"
					err := c.Call(testCtx(t), method, map[string]any{"cursor": bad}, nil)
					want := fmt.Sprintf("error -32602: Invalid cursor: %q is not a cursor this server issued for %s; send the nextCursor of the previous page, or no cursor for the first page", bad, method)
					if got := rpcText(err); got != want {
						t.Errorf("%s, cursor %s:\n got %s\nwant %s", method, bad, got, want)
					}
				}
			}
		})
	}
}

// A server announces prompts and resources only when it has some, and
// then answers their methods; without, each answers -32601 (Method not
// found), in both eras, as the conformance suite's capability checks
// expect.
func TestMethodsOfUnannouncedCapabilityNotFound(t *testing.T) {
	bare := sdk.NewServer("bare", nil)
	sdk.Tool(bare, benchSearchBooks, benchOpts)
	full := listRulesServer(t)
	calls := []struct {
		method string
		params map[string]any
	}{
		{"prompts/list", nil},
		{"prompts/get", map[string]any{"name": "a"}},
		{"resources/list", nil},
		{"resources/templates/list", nil},
		{"resources/read", map[string]any{"uri": "bookshop://catalog"}},
	}
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, bare, era.version, nil)
			if caps := c.InitializeResult().Capabilities; caps.Prompts != nil || caps.Resources != nil {
				t.Fatalf("a server with a tool only announces %s", toJSON(t, caps))
			}
			withAll := memClient(t, full, era.version, nil)
			for _, call := range calls {
				if got, want := rpcText(c.Call(testCtx(t), call.method, call.params, nil)), "error -32601: Method not found: "+call.method; got != want {
					t.Errorf("without the capability, %s: %s, want %s", call.method, got, want)
				}
				if err := withAll.Call(testCtx(t), call.method, call.params, nil); err != nil {
					t.Errorf("with the capability, %s: %v", call.method, err)
				}
			}
		})
	}
}

// A prompts/get whose params cannot be read is -32601 on a server without
// prompts (it has no such method) and -32602 on one with them, whichever
// the server looks at first.
func TestBadPromptParamsWithAndWithoutPrompts(t *testing.T) {
	bare := sdk.NewServer("bare", nil)
	sdk.Tool(bare, benchSearchBooks, benchOpts)
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			for _, c := range []struct {
				s    *sdk.Server
				want string
			}{{bare, "error -32601: Method not found: prompts/get"}, {listRulesServer(t), "error -32602: "}} {
				err := memClient(t, c.s, era.version, nil).Call(testCtx(t), "prompts/get", map[string]any{"name": 7}, nil)
				if got := rpcText(err); err == nil || !strings.HasPrefix(got, c.want) {
					t.Errorf("prompts/get with a number for a name: %s, want %s…", got, c.want)
				}
			}
		})
	}
}

// Whether anything completes follows prompts and templates as they come
// and go: the completions capability and completion/complete with it.
func TestCompletionsFollowRegistrations(t *testing.T) {
	s := sdk.NewServer("completes", nil)
	sdk.Tool(s, benchSearchBooks, benchOpts)
	complete := func(c *sdk.Client) string {
		err := c.Call(testCtx(t), "completion/complete", map[string]any{
			"ref": map[string]any{"type": "ref/prompt", "name": "trip"}, "argument": map[string]any{"name": "mood", "value": ""}}, nil)
		if err != nil {
			return rpcText(err)
		}
		return "ok"
	}
	check := func(step string, announced bool, answer string) {
		t.Helper()
		for _, era := range eras {
			c := memClient(t, s, era.version, nil)
			if got := c.InitializeResult().Capabilities.Completions != nil; got != announced {
				t.Errorf("%s (%s): completions announced %v, want %v", step, era.name, got, announced)
			}
			if got := complete(c); got != answer {
				t.Errorf("%s (%s): completion/complete: %s, want %s", step, era.name, got, answer)
			}
		}
	}
	const none = "error -32601: Method not found: completion/complete (this server offers no completions)"
	check("no prompt", false, none)
	if err := s.AddPrompt(namedPrompt("plain")); err != nil {
		t.Fatal(err)
	}
	check("a prompt without completions", false, none)
	sdk.Prompt(s, tripPrompt, &sdk.PromptOptions{Name: "trip", Description: "d"})
	check("a prompt with an enum argument", true, "ok")
	s.RemovePrompt("trip")
	check("that prompt removed", false, none)
	sdk.ResourceTemplate(s, "trips://{mood}", func(ctx context.Context, a moodArgs) (string, error) { return "", nil },
		&sdk.ResourceOptions{Name: "trips", Description: "d"})
	check("a template with an enum variable", true, `error -32602: Unknown prompt: "trip" (prompts/list names the prompts this server has)`)
	s.RemoveResource("trips://{mood}")
	check("that template removed", false, none)
}

type moodArgs struct {
	Mood mood `json:"mood"`
}

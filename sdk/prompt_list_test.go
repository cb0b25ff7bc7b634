package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

func namedPrompt(name string) *sdk.PromptDef {
	p, err := sdk.NewPrompt(func(ctx context.Context, _ struct{}) (string, error) { return name, nil },
		&sdk.PromptOptions{Name: name, Description: "prompt " + name})
	if err != nil {
		panic(err)
	}
	return p
}

// prompts/list pages by cursor; a cursor this server never issued (made
// up, another list's, past the end) is -32602 with a message that says
// how to recover.
func TestPromptsListPaginated(t *testing.T) {
	s := sdk.NewServer("paged", &sdk.ServerOptions{PageSize: 2})
	for i := range 5 {
		if err := s.AddPrompt(namedPrompt(fmt.Sprintf("p%d", i))); err != nil {
			t.Fatal(err)
		}
	}
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, s, era.version, nil)
			var pages []string
			cursor := ""
			for range 5 {
				var res sdk.ListPromptsResult
				if err := c.Call(testCtx(t), "prompts/list", map[string]any{"cursor": cursor}, &res); err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, p := range res.Prompts {
					names = append(names, p.Name)
				}
				pages = append(pages, strings.Join(names, ","))
				if cursor = res.NextCursor; cursor == "" {
					break
				}
			}
			if got := strings.Join(pages, " | "); got != "p0,p1 | p2,p3 | p4" {
				t.Errorf("pages = %s", got)
			}
			all, err := c.ListPrompts(testCtx(t))
			if err != nil || len(all) != 5 {
				t.Errorf("ListPrompts = %d prompts, %v", len(all), err)
			}
			for _, bad := range []string{"bogus", "cHJvbXB0czo5OQ", "dG9vbHM6Mg", "cHJvbXB0czotMQ"} { // prompts:99, tools:2, prompts:-1
				err := c.Call(testCtx(t), "prompts/list", map[string]any{"cursor": bad}, nil)
				want := fmt.Sprintf("error -32602: Invalid cursor: %q is not a cursor this server issued for prompts/list; send the nextCursor of the previous page, or no cursor for the first page", bad)
				if got := rpcText(err); got != want {
					t.Errorf("cursor %s: %s", bad, got)
				}
			}
		})
	}
}

// The prompts capability is declared only when there are prompts, and
// completions only when an argument completes; in both eras, with list
// changes (subscriptions/listen delivers them in the 2026 era).
func TestPromptCapabilities(t *testing.T) {
	withEnum := sdk.NewServer("enum", nil)
	sdk.Prompt(withEnum, tripPrompt, &sdk.PromptOptions{Name: "trip", Description: "d"})
	plain := sdk.NewServer("plain", nil)
	plain.AddPrompt(namedPrompt("a"))
	none := sdk.NewServer("none", nil)
	tests := []struct {
		s            *sdk.Server
		legacy, mode string
	}{
		{none, `{"logging":{},"tools":{"listChanged":true}}`, `{"logging":{},"tools":{"listChanged":true}}`},
		{plain, `{"logging":{},"prompts":{"listChanged":true},"tools":{"listChanged":true}}`, `{"logging":{},"prompts":{"listChanged":true},"tools":{"listChanged":true}}`},
		{withEnum, `{"completions":{},"logging":{},"prompts":{"listChanged":true},"tools":{"listChanged":true}}`,
			`{"completions":{},"logging":{},"prompts":{"listChanged":true},"tools":{"listChanged":true}}`},
	}
	for _, tt := range tests {
		for _, era := range eras {
			t.Run(era.name, func(t *testing.T) {
				c := memClient(t, tt.s, era.version, nil)
				want := tt.legacy
				if era.version == sdk.Version2026 {
					want = tt.mode
				}
				if d := jsonDiff(t, []byte(want), toJSON(t, c.InitializeResult().Capabilities)); d != "" {
					t.Errorf("capabilities (-want +got):\n%s", d)
				}
			})
		}
	}
}

func tripPrompt(ctx context.Context, a tripArgs) (string, error) { return planTrip(ctx, a) }

// In the 2026-07-28 era prompts/list carries resultType and the caching
// hints (SEP-2549), prompts/get its resultType; the legacy era has none.
func TestPromptsListCachingHints(t *testing.T) {
	s := sdk.NewServer("cache", &sdk.ServerOptions{PromptsTTL: 90 * time.Second, CachePublic: true})
	s.AddPrompt(namedPrompt("a"))
	want := map[string]string{
		sdk.Version2026:         `{"prompts":[{"name":"a","description":"prompt a"}],"resultType":"complete","ttlMs":90000,"cacheScope":"public"}`,
		sdk.LatestLegacyVersion: `{"prompts":[{"name":"a","description":"prompt a"}]}`,
	}
	wantGet := map[string]string{
		sdk.Version2026:         `{"description":"prompt a","messages":[{"role":"user","content":{"type":"text","text":"a"}}],"resultType":"complete"}`,
		sdk.LatestLegacyVersion: `{"description":"prompt a","messages":[{"role":"user","content":{"type":"text","text":"a"}}]}`,
	}
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, s, era.version, nil)
			var raw json.RawMessage
			if err := c.Call(testCtx(t), "prompts/list", nil, &raw); err != nil {
				t.Fatal(err)
			}
			if d := jsonDiff(t, []byte(want[era.version]), raw); d != "" {
				t.Errorf("prompts/list (-want +got):\n%s", d)
			}
			if err := c.Call(testCtx(t), "prompts/get", map[string]any{"name": "a"}, &raw); err != nil {
				t.Fatal(err)
			}
			if d := jsonDiff(t, []byte(wantGet[era.version]), raw); d != "" {
				t.Errorf("prompts/get (-want +got):\n%s", d)
			}
		})
	}
	// The default: ttlMs 0, private.
	c := memClient(t, promptServer(t), sdk.Version2026, nil)
	var res sdk.ListPromptsResult
	if err := c.Call(testCtx(t), "prompts/list", nil, &res); err != nil || res.TTLMs == nil || *res.TTLMs != 0 || res.CacheScope != "private" {
		t.Errorf("default hints: ttlMs %v, cacheScope %q, %v", res.TTLMs, res.CacheScope, err)
	}
}

// Adding or removing a prompt at run time tells legacy-era sessions with
// notifications/prompts/list_changed, and the list follows.
func TestPromptListChangedNotified(t *testing.T) {
	s := sdk.NewServer("changing", nil)
	s.AddPrompt(namedPrompt("first"))
	changed := make(chan string, 4)
	c := legacyClient(t, s, &sdk.ClientOptions{OnNotification: func(m *transport.Message) { changed <- m.Method }})
	s.AddPrompt(namedPrompt("second"))
	if got := <-changed; got != "notifications/prompts/list_changed" {
		t.Errorf("after AddPrompt: %s", got)
	}
	s.RemovePrompt("first")
	if got := <-changed; got != "notifications/prompts/list_changed" {
		t.Errorf("after RemovePrompt: %s", got)
	}
	prompts, err := c.ListPrompts(testCtx(t))
	if err != nil || len(prompts) != 1 || prompts[0].Name != "second" {
		t.Errorf("prompts = %+v, %v", prompts, err)
	}
}

// A taken name is refused unless the new prompt replaces it; a bad
// declaration is an error naming what to fix.
func TestPromptDeclarationErrors(t *testing.T) {
	s := sdk.NewServer("dup", nil)
	if err := s.AddPrompt(namedPrompt("a")); err != nil {
		t.Fatal(err)
	}
	if err := s.AddPrompt(namedPrompt("a")); !errors.Is(err, sdk.ErrDuplicatePrompt) {
		t.Errorf("a taken name: %v", err)
	}
	repl, _ := sdk.NewPrompt(func(ctx context.Context, _ struct{}) (string, error) { return "new", nil },
		&sdk.PromptOptions{Name: "a", Description: "d", Replace: true})
	if err := s.AddPrompt(repl); err != nil {
		t.Errorf("Replace: %v", err)
	}
	if got := getPromptText(t, legacyClient(t, s, nil), "a", nil); got != "new" {
		t.Errorf("after Replace: %s", got)
	}
	noop := func(ctx context.Context, _ struct{}) (string, error) { return "", nil }
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"closure", declarePrompt(noop, nil), `sdk: cannot infer a prompt name from`},
		{"bad name", declarePrompt(noop, &sdk.PromptOptions{Name: "a b"}), `sdk: invalid prompt name "a b"`},
		{"result type", declareInt(), `sdk: prompt n: result type int must be string, sdk.Content`},
		{"args not a struct", declareArgs(), `sdk: prompt n: argument type string must be a struct`},
		{"complete unknown", declarePrompt(tripPrompt, &sdk.PromptOptions{Complete: map[string]sdk.CompleteFunc{"town": nil}}),
			`sdk: prompt trip_prompt: PromptOptions.Complete names "town", which is not an argument (the arguments are: city, days, mood, budget, kids, sights)`},
	}
	for _, tt := range tests {
		if tt.err == nil || !strings.HasPrefix(tt.err.Error(), tt.want) {
			t.Errorf("%s: %v, want %s…", tt.name, tt.err, tt.want)
		}
	}
}

func declarePrompt[In any](fn func(context.Context, In) (string, error), o *sdk.PromptOptions) error {
	_, err := sdk.NewPrompt(fn, o)
	return err
}

func declareInt() error {
	_, err := sdk.NewPrompt(func(ctx context.Context, _ struct{}) (int, error) { return 0, nil }, &sdk.PromptOptions{Name: "n", Description: "d"})
	return err
}

func declareArgs() error {
	_, err := sdk.NewPrompt(func(ctx context.Context, _ string) (string, error) { return "", nil }, &sdk.PromptOptions{Name: "n", Description: "d"})
	return err
}

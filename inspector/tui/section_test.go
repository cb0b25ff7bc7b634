package tui

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// The in-process shop of the section tests: a JSON resource, a binary
// one with a text MIME type, a template whose variable completes, a
// prompt with one completing argument and one without any.

type ShopBook struct {
	Title string `json:"title"`
	Year  int    `json:"year"`
}

var shopBooks = map[string]ShopBook{"9780441172719": {"Dune", 1965}, "9780441172696": {"Dune Messiah", 1969}}

// ShopCatalog is every book of the shop.
func ShopCatalog(ctx context.Context) ([]ShopBook, error) {
	return []ShopBook{shopBooks["9780441172719"], shopBooks["9780441172696"]}, nil
}

// ShopLogo is binary data that claims to be text.
func ShopLogo(ctx context.Context) (sdk.ResourceContents, error) {
	return sdk.ResourceContents{MimeType: "text/plain", Blob: "iVBORw0KGgo="}, nil
}

type ShopISBN struct {
	ISBN string `json:"isbn"`
}

// ShopBookByISBN is one book.
func ShopBookByISBN(ctx context.Context, u ShopISBN) (ShopBook, error) {
	b, ok := shopBooks[u.ISBN]
	if !ok {
		return ShopBook{}, sdk.ErrResourceNotFound
	}
	return b, nil
}

type ShopRecommendArgs struct {
	// A book the reader liked.
	Liked string `json:"liked"`
}

// ShopRecommend asks for books like one the reader liked.
func ShopRecommend(ctx context.Context, a ShopRecommendArgs) (string, error) {
	return "Recommend books like " + a.Liked + ".", nil
}

type ShopNoArgs struct{}

// ShopGreeting says hello.
func ShopGreeting(ctx context.Context, _ ShopNoArgs) (string, error) { return "Hello, reader.", nil }

// prefixes completes from values that start with what was typed.
func prefixes(values ...string) sdk.CompleteFunc {
	return func(ctx context.Context, typed string, _ map[string]string) ([]string, error) {
		var out []string
		for _, v := range values {
			if strings.HasPrefix(v, typed) {
				out = append(out, v)
			}
		}
		return out, nil
	}
}

func testShop(titles sdk.CompleteFunc) *sdk.Server {
	s := sdk.NewServer("Shop", &sdk.ServerOptions{Version: "1.0.0"})
	sdk.Tool(s, SearchBooks, nil)
	sdk.Resource(s, "shop://catalog", ShopCatalog, &sdk.ResourceOptions{Title: "The catalog",
		Annotations: &sdk.ResourceAnnotations{Audience: []sdk.Role{sdk.RoleUser}}})
	sdk.Resource(s, "shop://logo", ShopLogo, &sdk.ResourceOptions{Title: "The logo"})
	sdk.ResourceTemplate(s, "shop://books/{isbn}", ShopBookByISBN, &sdk.ResourceOptions{Title: "A book by ISBN",
		Complete: map[string]sdk.CompleteFunc{"isbn": prefixes("9780441172719", "9780441172696")}})
	if titles == nil {
		titles = prefixes("Dune", "Dune Messiah")
	}
	sdk.Prompt(s, ShopRecommend, &sdk.PromptOptions{Title: "Recommend books", Complete: map[string]sdk.CompleteFunc{"liked": titles}})
	sdk.Prompt(s, ShopGreeting, nil)
	return s
}

// newShopModel is newTestModel for the shop, speaking protocol version
// (sdk.LatestLegacyVersion or sdk.Version2026).
func newShopModel(t testing.TB, w, h int, version string, titles sdk.CompleteFunc) (*Model, *sdk.Server) {
	t.Helper()
	c := newClock()
	m := New(context.Background(), nil, c.opts("shop"))
	m.Init()
	// The test asks for completion itself (completeNow): on a loaded
	// machine the real pause's timer could fire inside settle's shorter
	// wait and ask when the test did not.
	m.sections.pause = time.Hour
	s := testShop(titles)
	opts := hooks(m.sess.box, m.sess.ask, "test")
	opts.ProtocolVersion = version
	client, err := sdk.NewInMemoryClient(context.Background(), s, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Update(connectedMsg{gen: m.gen, conn: &target.Connection{Client: client}, info: serverInfo{
		Name: "Shop", Version: "1.0.0", Protocol: version, Transport: "stdio",
	}})
	m.Update(toolsMsg{gen: m.gen, tools: s.Tools()})
	return m, s
}

// eras runs f once per protocol era.
func eras(t *testing.T, f func(t *testing.T, version string)) {
	for _, v := range []string{sdk.LatestLegacyVersion, sdk.Version2026} {
		t.Run(v, func(t *testing.T) { f(t, v) })
	}
}

// mustShow fails unless the screen holds every want.
func mustShow(t *testing.T, m *Model, want ...string) {
	t.Helper()
	s := screen(m)
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Fatalf("screen lacks %q:\n%s", w, s)
		}
	}
}

// The key budget: a resource's contents two keys from launch (r, enter),
// typed before the list arrived or after.
func TestResourceContentsWithinThreeKeys(t *testing.T) {
	eras(t, func(t *testing.T, v string) {
		m, _ := newShopModel(t, 120, 40, v, nil)
		press(m, "r", "enter")
		mustShow(t, m, "Resources 3", "✓ ok · read shop://catalog", `"title": "Dune"`, "embedded resource · shop://catalog · application/json")
	})
}

// A binary resource with a text MIME type is described, saveable, not
// printed.
func TestBinaryResourceIsDescribedAndSaveable(t *testing.T) {
	m, _ := newShopModel(t, 120, 40, sdk.Version2026, nil)
	m.opts.SaveDir = t.TempDir()
	press(m, "r", "down", "enter")
	mustShow(t, m, "shop://logo · text/plain · 8 B", "s saves it as mcpdev-resource-1.txt")
	press(m, "s")
	mustShow(t, m, "· saved ")
	if data, err := os.ReadFile(filepath.Join(m.opts.SaveDir, "mcpdev-resource-1.txt")); err != nil || string(data) != "\x89PNG\r\n\x1a\n" {
		t.Errorf("saved %q, %v", data, err)
	}
}

// The key budget: a prompt with one argument is p, enter, the text, enter.
func TestPromptWithOneArgumentWithinThreeKeys(t *testing.T) {
	eras(t, func(t *testing.T, v string) {
		m, _ := newShopModel(t, 120, 40, v, nil)
		press(m, "p", "enter")
		mustShow(t, m, "Form · Recommend books", "liked *")
		typeText(m, "Dune")
		press(m, "enter")
		mustShow(t, m, "✓ ok · prompt shop_recommend", "user · text", "Recommend books like Dune.")
	})
}

// A prompt without arguments is got on enter.
func TestPromptWithoutArgumentsIsGotAtOnce(t *testing.T) {
	m, _ := newShopModel(t, 120, 40, sdk.Version2026, nil)
	press(m, "p", "down", "enter")
	mustShow(t, m, "✓ ok · prompt shop_greeting", "Hello, reader.")
}

// A required argument left empty is not sent; the form says so.
func TestPromptRequiredArgumentNotSent(t *testing.T) {
	m, _ := newShopModel(t, 120, 40, sdk.Version2026, nil)
	press(m, "p", "enter", "enter")
	mustShow(t, m, "not sent: liked required")
}

// completeNow fires the debounce timer the last key scheduled, and runs
// the completion request.
// completeNow asks for completion as a pause in typing would, and waits
// for the answer however long the server takes (settle gives up on slow
// commands, and a loaded machine can make the request one).
func completeNow(m *Model) {
	_, cmd := m.Update(completeDueMsg{seq: m.sections.args.seq})
	if cmd != nil {
		_, next := m.Update(cmd())
		settle(m, next)
	}
}

// Completion as you type: the template's variable completes after a
// pause; ctrl+y fills the suggestion in; enter reads the filled URI.
func TestTemplateFormCompletesAsYouType(t *testing.T) {
	eras(t, func(t *testing.T, v string) {
		m, _ := newShopModel(t, 120, 40, v, nil)
		press(m, "r", "down", "down", "enter")
		mustShow(t, m, "Form · A book by ISBN", "isbn *")
		typeText(m, "97804411726")
		completeNow(m)
		mustShow(t, m, "ctrl+y isbn: 9780441172696")
		press(m, "ctrl+y", "enter")
		mustShow(t, m, "✓ ok · read shop://books/9780441172696", `"title": "Dune Messiah"`)
	})
}

// A slow completion never blocks typing, and its late answer, about a
// value typed over since, is dropped.
func TestSlowCompletionNeverBlocksTyping(t *testing.T) {
	release := make(chan struct{})
	slow := func(ctx context.Context, typed string, _ map[string]string) ([]string, error) {
		if typed == "D" {
			<-release
			return []string{"Dracula"}, nil
		}
		return []string{typed + "une"}, nil
	}
	m, _ := newShopModel(t, 120, 40, sdk.Version2026, slow)
	press(m, "p", "enter")
	typeText(m, "D")
	_, ask := m.Update(completeDueMsg{seq: m.sections.args.seq})
	answer := make(chan tea.Msg, 1)
	go func() { answer <- ask() }() // the request runs while the user types on
	typeText(m, "un")
	mustShow(t, m, "> Dun")
	completeNow(m)
	mustShow(t, m, "ctrl+y liked: Dunune")
	close(release)
	m.Update(<-answer) // about "D": too late
	mustShow(t, m, "ctrl+y liked: Dunune")
}

// An update of the resource shown reads it again; list_changed lists
// again.
func TestResourceUpdatesAndListChanges(t *testing.T) {
	m, _ := newShopModel(t, 120, 40, sdk.LatestLegacyVersion, nil)
	press(m, "r", "u", "enter")
	mustShow(t, m, "The catalog ◉")
	_, cmd := m.Update(eventsMsg{gen: m.gen, events: []any{resourceUpdatedEvent{uri: "shop://catalog"}}})
	settle(m, cmd)
	mustShow(t, m, "updated 12:00:00", "✓ ok · read shop://catalog")
	_, cmd = m.Update(eventsMsg{gen: m.gen, events: []any{resourceUpdatedEvent{uri: "shop://logo"}}})
	settle(m, cmd)
	press(m, "tab")
	mustShow(t, m, "The catalog ◉")
	m.sections.res.items = nil
	_, cmd = m.Update(eventsMsg{gen: m.gen, events: []any{listChangedEvent{sec: sectionResources}}})
	settle(m, cmd)
	mustShow(t, m, "Resources 3")
}

// The wire's notifications become the section's events.
func TestSectionEventsFromNotifications(t *testing.T) {
	tests := []struct {
		method, params string
		want           any
	}{
		{"notifications/resources/updated", `{"uri":"a://b"}`, resourceUpdatedEvent{uri: "a://b"}},
		{"notifications/resources/list_changed", `{}`, listChangedEvent{sec: sectionResources}},
		{"notifications/prompts/list_changed", `{}`, listChangedEvent{sec: sectionPrompts}},
		{"notifications/tools/list_changed", `{}`, nil},
	}
	for _, tt := range tests {
		msg, _ := transportNotification(tt.method, tt.params)
		if got := sectionEvent(msg); got != tt.want {
			t.Errorf("%s: got %#v, want %#v", tt.method, got, tt.want)
		}
	}
}

// Golden screens of the sections at both sizes: a read, a template form
// with completions, a prompt's messages.
func TestSectionScreens(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		w, h := size[0], size[1]
		suffix := "_" + itoa(w) + "x" + itoa(h)
		m, _ := newShopModel(t, w, h, sdk.Version2026, nil)
		press(m, "r", "enter")
		golden(t, "resources_read"+suffix, normalizeTimes(screen(m)))
		press(m, "tab", "down", "down", "enter")
		typeText(m, "978")
		completeNow(m)
		golden(t, "template_form"+suffix, normalizeTimes(screen(m)))
		press(m, "esc", "p", "enter")
		typeText(m, "Dune")
		press(m, "enter")
		golden(t, "prompt_messages"+suffix, normalizeTimes(screen(m)))
	}
}

func transportNotification(method, params string) (*transport.Message, error) {
	return transport.NewNotification(method, json.RawMessage(params))
}

var tookRe = regexp.MustCompile(`· \d+(\.\d+)?(ms|µs|s) *`)

// normalizeTimes replaces how long a request took (it varies) by "· Nms",
// padded to the width it had.
func normalizeTimes(s string) string {
	return tookRe.ReplaceAllStringFunc(s, func(t string) string {
		return "· Nms" + strings.Repeat(" ", max(utf8.RuneCountInString(t)-5, 0))
	})
}

// Reads and prompts are kept for w, which writes them as read and prompt
// steps.
func TestReadsAndPromptsAreRecorded(t *testing.T) {
	m, _ := newShopModel(t, 120, 40, sdk.Version2026, nil)
	press(m, "r", "enter", "p", "enter")
	typeText(m, "Dune")
	press(m, "enter")
	var got []string
	for _, c := range m.dev.calls {
		got = append(got, c.Step+" "+c.Tool+" "+c.PromptArgs["liked"]+" "+firstLine(c.Text))
	}
	want := []string{"read shop://catalog  [", "prompt shop_recommend Dune user: Recommend books like Dune."}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("recorded (-want +got):\n-%q\n+%q", want, got)
	}
}

// A server without completion/complete: no suggestions, and no error
// line under the form.
func TestNoCompletionWithoutTheMethod(t *testing.T) {
	m, _ := newShopModel(t, 120, 40, sdk.Version2026, nil)
	press(m, "p", "enter")
	typeText(m, "D")
	m.Update(completionMsg{seq: m.sections.args.seq, field: "liked", err: &transport.Error{Code: transport.CodeMethodNotFound, Message: "Method not found"}})
	if s := screen(m); strings.Contains(s, "completion failed") || strings.Contains(s, "ctrl+y liked") {
		t.Errorf("screen:\n%s", s)
	}
	m.Update(completionMsg{seq: m.sections.args.seq, field: "liked", err: &transport.Error{Code: -32603, Message: "boom"}})
	mustShow(t, m, "completion failed: jsonrpc error -32603: boom")
}

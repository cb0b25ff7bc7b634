// Package sdktest helps server authors test an sdk.Server in go test, as
// net/http/httptest helps HTTP handlers: in-memory clients that speak each
// protocol era (no process, no network, the same protocol), and answerers
// for the questions a server puts to its client: elicitation, sampling and
// roots.
//
//	func TestBook(t *testing.T) {
//		s := newServer() // your *sdk.Server
//		opts := &sdk.ClientOptions{OnElicit: sdktest.Accept(map[string]any{"confirm": true})}
//		sdktest.ForEachEra(t, s, opts, func(t *testing.T, c *sdk.Client) {
//			res, err := c.CallTool(t.Context(), "book_table", map[string]any{"date": "2026-12-24"}, nil)
//			…
//		})
//	}
package sdktest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// NewClient connects an in-memory client of s that speaks era e, closed
// when the test ends; a failure to connect fails the test. opts may be nil;
// its ProtocolVersion is set from e (the caller's opts are not changed).
func NewClient(t testing.TB, s *sdk.Server, e sdk.Era, opts *sdk.ClientOptions) *sdk.Client {
	t.Helper()
	var o sdk.ClientOptions
	if opts != nil {
		o = *opts
	}
	if o.ProtocolVersion = e.Version(); o.ProtocolVersion == "" {
		t.Fatalf("sdktest: unknown era %q (sdk.Eras() lists them)", e)
	}
	c, err := sdk.NewInMemoryClient(t.Context(), s, &o)
	if err != nil {
		t.Fatalf("sdktest: in-memory client (%s era): %v", e, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// ForEachEra runs f as one subtest per protocol era ("legacy", then
// "2026": [sdk.Eras]), each with a client of s from NewClient(t, s, era,
// opts). opts may be nil.
func ForEachEra(t *testing.T, s *sdk.Server, opts *sdk.ClientOptions, f func(t *testing.T, c *sdk.Client)) {
	t.Helper()
	for _, e := range sdk.Eras() {
		t.Run(string(e), func(t *testing.T) {
			f(t, NewClient(t, s, e, opts))
		})
	}
}

// Accept answers every elicitation in form mode by submitting content
// (marshalled as JSON: a map or a struct with the form's fields), for
// ClientOptions.OnElicit. The sdk checks content against the form's schema
// before the server's handler sees it.
func Accept(content any) func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	raw, err := json.Marshal(content)
	return func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		if err != nil {
			return nil, fmt.Errorf("sdktest.Accept: content has no JSON form: %w", err)
		}
		return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: raw}, nil
	}
}

// Decline answers every elicitation (form or URL mode) with "decline".
func Decline() func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	return answer(sdk.ActionDecline)
}

// Cancel answers every elicitation (form or URL mode) with "cancel", as a
// person who dismissed it.
func Cancel() func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	return answer(sdk.ActionCancel)
}

// OpenURL answers every URL-mode elicitation with "accept", as a person who
// opened the link, for ClientOptions.OnElicitURL.
func OpenURL() func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	return answer(sdk.ActionAccept)
}

func answer(a sdk.ElicitAction) func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	return func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		return &sdk.ElicitResult{Action: a}, nil
	}
}

// Reply answers every sampling request with one assistant text message
// from the model "sdktest", for ClientOptions.OnSample.
func Reply(text string) func(context.Context, *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
	content, _ := json.Marshal(sdk.Text(text))
	return func(context.Context, *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
		return &sdk.CreateMessageResult{Role: "assistant", Content: content, Model: "sdktest", StopReason: "endTurn"}, nil
	}
}

// Roots answers roots/list with the given file:// URIs, for
// ClientOptions.OnRoots.
func Roots(uris ...string) func(context.Context) ([]sdk.Root, error) {
	roots := make([]sdk.Root, len(uris))
	for i, u := range uris {
		roots[i] = sdk.Root{URI: u}
	}
	return func(context.Context) ([]sdk.Root, error) { return roots, nil }
}

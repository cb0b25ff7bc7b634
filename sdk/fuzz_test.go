package sdk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

type fuzzBook struct {
	Title string   `json:"title" jsonschema:"minLength=1,maxLength=40"`
	Year  int      `json:"year" jsonschema:"minimum=1450,maximum=2100"`
	Tags  []string `json:"tags,omitempty" jsonschema:"maxItems=3"`
}

type fuzzArgs struct {
	Query string              `json:"query" jsonschema:"pattern=^[a-z ]+$"`
	Limit int                 `json:"limit" jsonschema:"minimum=1,maximum=50,default=10"`
	Ratio float64             `json:"ratio,omitempty" jsonschema:"exclusiveMinimum=0,exclusiveMaximum=1"`
	Genre *Genre              `json:"genre,omitempty"`
	Book  *fuzzBook           `json:"book,omitempty"`
	Shelf []fuzzBook          `json:"shelf,omitempty" jsonschema:"maxItems=4"`
	Notes map[string]int      `json:"notes,omitempty"`
	Flags map[string]fuzzBook `json:"flags,omitempty"`
	Fast  bool                `json:"fast,omitempty"`
}

// check reports how a (supposedly validated) input breaks the schema.
func (a fuzzArgs) check() error {
	okBook := func(b fuzzBook) error {
		if len([]rune(b.Title)) < 1 || len([]rune(b.Title)) > 40 || b.Year < 1450 || b.Year > 2100 || len(b.Tags) > 3 {
			return fmt.Errorf("book %+v", b)
		}
		return nil
	}
	switch {
	case a.Limit < 1 || a.Limit > 50:
		return fmt.Errorf("limit %d", a.Limit)
	case a.Ratio < 0 || a.Ratio >= 1:
		return fmt.Errorf("ratio %g", a.Ratio)
	case a.Genre != nil && !slices.Contains([]Genre{"fiction", "non-fiction", "poetry"}, *a.Genre):
		return fmt.Errorf("genre %q", *a.Genre)
	case len(a.Shelf) > 4:
		return fmt.Errorf("shelf of %d", len(a.Shelf))
	}
	for _, c := range a.Query {
		if c != ' ' && (c < 'a' || c > 'z') {
			return fmt.Errorf("query %q", a.Query)
		}
	}
	if a.Book != nil {
		if err := okBook(*a.Book); err != nil {
			return err
		}
	}
	for _, b := range a.Shelf {
		if err := okBook(b); err != nil {
			return err
		}
	}
	for _, b := range a.Flags {
		if err := okBook(b); err != nil {
			return err
		}
	}
	return nil
}

// FuzzArgs: arbitrary JSON arguments against a tool with nested and
// bounded fields never panic, and either reach the handler with valid input
// or come back as an isError result.
func FuzzArgs(f *testing.F) {
	for _, s := range []string{
		`{"query":"dune"}`,
		`{"query":"dune","limit":"50","ratio":"0.5","genre":"poetry","fast":"yes"}`,
		`{"query":"dune","book":"{\"title\":\"Dune\",\"year\":1965.0}"}`,
		`{"query":"dune","shelf":[{"title":"a","year":1500,"tags":["x"]}],"notes":{"a":"1"}}`,
		`{"query":"dune","flags":{"k":{"title":"t","year":"1999"}}}`,
		`{"query":"DUNE","limit":500,"ratio":1,"genre":"horror","book":{"year":1}}`,
		`{"query":"dune","limit":1e400}`,
		`{"query":"dune","limit":-0.0}`,
		`{"query":"dune","limit":"9999999999999999999999"}`,
		`{"query":"dune","shelf":"[1,2"}`,
		`{"query":null,"genre":null,"book":null}`,
		`[]`, `"x"`, `null`, `7`,
	} {
		f.Add([]byte(s))
	}
	var mu sync.Mutex
	var bad error
	calls := 0
	s := sdk.NewServer("fuzz", &sdk.ServerOptions{Stderr: nil})
	sdk.Tool(s, func(ctx context.Context, a fuzzArgs) (fuzzArgs, error) {
		mu.Lock()
		defer mu.Unlock()
		calls++
		if err := a.check(); err != nil && bad == nil {
			bad = err
		}
		return a, nil
	}, quiet("find"))
	ss := s.NewSession(nil)
	init, _ := transport.Decode([]byte(initMsg(sdk.LatestLegacyVersion)))
	ss.Handle(context.Background(), init)
	f.Fuzz(func(t *testing.T, args []byte) {
		if !json.Valid(args) {
			args, _ = json.Marshal(string(args)) // still send something
		}
		req := &transport.Message{JSONRPC: "2.0", ID: []byte("1"), Method: "tools/call",
			Params: []byte(`{"name":"find","arguments":` + string(args) + `}`)}
		mu.Lock()
		before := calls
		bad = nil
		mu.Unlock()
		resp := ss.Handle(context.Background(), req)
		if resp == nil {
			t.Fatal("no response")
		}
		mu.Lock()
		ran, err := calls-before, bad
		mu.Unlock()
		if err != nil {
			t.Fatalf("handler got invalid input %s: %v", args, err)
		}
		if resp.Error != nil {
			t.Fatalf("JSON-RPC error for arguments %s: %v", args, resp.Error)
		}
		var res sdk.CallToolResult
		if err := json.Unmarshal(resp.Result, &res); err != nil {
			t.Fatal(err)
		}
		switch {
		case res.IsError && ran != 0:
			t.Fatalf("isError after the handler ran: %s", texts(&res))
		case !res.IsError && ran != 1:
			t.Fatalf("success without the handler (%d runs) for %s", ran, args)
		case res.IsError && len(res.Content) != 1:
			t.Fatalf("isError with %d blocks", len(res.Content))
		}
	})
}

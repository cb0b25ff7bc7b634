package sdk_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdktest"
	"github.com/mcpdev/mcpdev/transport"
)

// resources/list and resources/templates/list page by cursor; a cursor of
// another list, or one never issued, is -32602 and says what to do.
func TestResourceListsPaginate(t *testing.T) {
	s := sdk.NewServer("paged", &sdk.ServerOptions{PageSize: 2})
	for i := range 5 {
		sdk.Resource(s, fmt.Sprintf("test://r%d", i), Greeting, &sdk.ResourceOptions{Name: fmt.Sprintf("r%d", i)})
		sdk.ResourceTemplate(s, fmt.Sprintf("test://t%d/{isbn}", i), Shelf, &sdk.ResourceOptions{Name: fmt.Sprintf("t%d", i)})
	}
	sdktest.ForEachEra(t, s, nil, func(t *testing.T, c *sdk.Client) {
		rs, err := c.ListResources(testCtx(t))
		if err != nil || len(rs) != 5 || rs[4].URI != "test://r4" {
			t.Fatalf("ListResources = %v, %v; want 5 resources", rs, err)
		}
		ts, err := c.ListResourceTemplates(testCtx(t))
		if err != nil || len(ts) != 5 || ts[4].URITemplate != "test://t4/{isbn}" {
			t.Fatalf("ListResourceTemplates = %v, %v; want 5 templates", ts, err)
		}
		var first sdk.ListResourcesResult
		if err := c.Call(testCtx(t), "resources/list", nil, &first); err != nil || len(first.Resources) != 2 || first.NextCursor == "" {
			t.Fatalf("first page: %+v, %v", first, err)
		}
		err = c.Call(testCtx(t), "resources/templates/list", map[string]any{"cursor": first.NextCursor}, nil)
		var e *transport.Error
		if !errors.As(err, &e) || e.Code != transport.CodeInvalidParams || !strings.Contains(e.Message, "is not a cursor this server issued for resources/templates/list") {
			t.Errorf("a resources/list cursor on resources/templates/list: %v", err)
		}
	})
}

// completion/complete completes a template's variables: from the values
// its field's type declares, or from ResourceOptions.Complete, which gets
// the variables already filled in.
func TestTemplateVariablesComplete(t *testing.T) {
	s := sdk.NewServer("pages", nil)
	sdk.ResourceTemplate(s, "pages://list/{n}{?sort}", Page, &sdk.ResourceOptions{Complete: map[string]sdk.CompleteFunc{
		"n": func(ctx context.Context, value string, args map[string]string) ([]string, error) {
			return []string{value + "1", value + "2", "sort=" + args["sort"]}, nil
		},
	}})
	sdktest.ForEachEra(t, s, nil, func(t *testing.T, c *sdk.Client) {
		ref := sdk.CompleteRef{Type: sdk.RefResource, URI: "pages://list/{n}{?sort}"}
		tests := []struct {
			arg, typed string
			filled     map[string]string
			want       string
		}{
			{"sort", "T", nil, "[title]"},
			{"sort", "", nil, "[title year]"},
			{"n", "4", map[string]string{"sort": "year"}, "[41 42 sort=year]"},
		}
		for _, tt := range tests {
			got, err := c.Complete(testCtx(t), ref, tt.arg, tt.typed, tt.filled)
			if err != nil || fmt.Sprint(got.Values) != tt.want {
				t.Errorf("complete %s %q: %v, %v; want %s", tt.arg, tt.typed, got, err, tt.want)
			}
		}
		_, err := c.Complete(testCtx(t), sdk.CompleteRef{Type: sdk.RefResource, URI: "pages://other/{n}"}, "n", "", nil)
		var e *transport.Error
		if !errors.As(err, &e) || e.Code != transport.CodeInvalidParams {
			t.Errorf("unknown template: %v", err)
		}
		_, err = c.Complete(testCtx(t), ref, "nope", "", nil)
		if !errors.As(err, &e) || !strings.Contains(e.Message, "resource template pages://list/{n}{?sort} has no argument \"nope\"; its arguments are: n, sort") {
			t.Errorf("unknown variable: %v", err)
		}
	})
	if _, err := sdk.NewResourceTemplate("pages://list/{n}", Page, &sdk.ResourceOptions{Complete: map[string]sdk.CompleteFunc{"page": nil}}); err == nil {
		t.Error("Complete for a variable the template lacks: no error")
	}
}

// Any URI a client sends is answered (contents or an error), never a
// panic or a hang, and the server keeps serving.
func FuzzResourceRead(f *testing.F) {
	for _, seed := range []string{"test://books/9780553418026", "file:///a/b", "file:///%zz", "test://books/%E2%82", "", "\x00", "test://books/{isbn}"} {
		f.Add(seed)
	}
	s := resourceFixture()
	f.Fuzz(func(t *testing.T, uri string) {
		if !utf8.ValidString(uri) {
			return // JSON strings carry text
		}
		ss := s.NewSession(nil)
		defer ss.Close()
		handle(t, ss, initMsg(sdk.LatestLegacyVersion))
		msg := fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":%s}}`, toJSON(t, uri))
		m, derr := transport.Decode([]byte(msg))
		if derr != nil {
			t.Fatal(derr)
		}
		if resp := ss.Handle(context.Background(), m); resp == nil || (resp.Error == nil && len(resp.Result) == 0) {
			t.Fatalf("read %q: no answer", uri)
		}
	})
}

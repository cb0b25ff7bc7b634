package sdk_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

func TestSnakeCase(t *testing.T) {
	tests := []struct{ in, want string }{
		{"SearchBooks", "search_books"},
		{"searchBooks", "search_books"},
		{"HTTPGetURL", "http_get_url"},
		{"AddV2Book", "add_v2_book"},
		{"ListURLs", "list_urls"},
		{"GetID", "get_id"},
		{"IDs", "ids"},
		{"UserIDs", "user_ids"},
		{"ParseJSONStream", "parse_json_stream"},
		{"Ping", "ping"},
		{"ping", "ping"},
		{"A", "a"},
		{"ABC", "abc"},
		{"Base64Encode", "base64_encode"},
		{"already_snake", "already_snake"},
		{"Mixed_Case", "mixed_case"},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := sdk.SnakeCase(tt.in); got != tt.want {
				t.Errorf("SnakeCase(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestValidToolName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"search_books", true},
		{"books.search-v2", true},
		{"A", true},
		{strings.Repeat("a", 128), true},
		{strings.Repeat("a", 129), false},
		{"", false},
		{"has space", false},
		{"slash/name", false},
		{"ünï", false},
		{"colon:name", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sdk.ValidToolName(tt.name); got != tt.want {
				t.Errorf("ValidToolName(%q) = %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}

type shop struct{}

func (shop) SellBook(ctx context.Context, a noArgs) (string, error) { return "sold", nil }

// ListURLs is a plain function: its name is inferred.
func ListURLs(ctx context.Context, a noArgs) ([]string, error) { return nil, nil }

func TestToolNames(t *testing.T) {
	closure := func(ctx context.Context, a noArgs) (string, error) { return "", nil }
	var s shop
	tests := []struct {
		name    string
		decl    func() (*sdk.ToolDef, error)
		want    string // inferred name; "" when an error is expected
		wantErr string
	}{
		{"plain function", func() (*sdk.ToolDef, error) { return sdk.NewTool(ListURLs, &sdk.ToolOptions{Description: "d"}) }, "list_urls", ""},
		{"explicit name wins", func() (*sdk.ToolDef, error) { return sdk.NewTool(ListURLs, quiet("urls.list")) }, "urls.list", ""},
		{"closure needs a name", func() (*sdk.ToolDef, error) { return sdk.NewTool(closure, &sdk.ToolOptions{Description: "d"}) }, "", "set ToolOptions.Name"},
		{"closure with a name", func() (*sdk.ToolDef, error) { return sdk.NewTool(closure, quiet("anon")) }, "anon", ""},
		{"method value: the method's name", func() (*sdk.ToolDef, error) { return sdk.NewTool(s.SellBook, &sdk.ToolOptions{Description: "d"}) }, "sell_book", ""},
		{"method with a name", func() (*sdk.ToolDef, error) { return sdk.NewTool(s.SellBook, quiet("sell")) }, "sell", ""},
		{"invalid name", func() (*sdk.ToolDef, error) { return sdk.NewTool(ListURLs, quiet("bad name")) }, "", `invalid tool name "bad name"`},
		{"name too long", func() (*sdk.ToolDef, error) { return sdk.NewTool(ListURLs, quiet(strings.Repeat("x", 129))) }, "", "invalid tool name"},
		{"argument not a struct", func() (*sdk.ToolDef, error) {
			return sdk.NewTool(func(ctx context.Context, n int) (int, error) { return n, nil }, quiet("n"))
		}, "", "must be a struct"},
		{"invalid input schema", func() (*sdk.ToolDef, error) {
			return sdk.NewTool(ListURLs, &sdk.ToolOptions{Name: "x", Description: "d", InputSchema: []byte(`{"type":"object","properties":{"a":{"type":"nonsense"}}}`)})
		}, "", "input schema"},
		{"remote $ref refused", func() (*sdk.ToolDef, error) {
			return sdk.NewTool(ListURLs, &sdk.ToolOptions{Name: "x", Description: "d", InputSchema: []byte(`{"type":"object","properties":{"a":{"$ref":"https://example.com/s.json"}}}`)})
		}, "", "remote $ref"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := tt.decl()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := d.Info().Name; got != tt.want {
				t.Errorf("name = %q, want %q", got, tt.want)
			}
		})
	}
}

// sdk.Tool panics on a programming error; NewTool returns it.
func TestToolPanicsOnClosureWithoutName(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(error).Error(), "ToolOptions.Name") {
			t.Errorf("recover() = %v, want the naming error", r)
		}
	}()
	sdk.Tool(sdk.NewServer("x", nil), func(ctx context.Context, a noArgs) (string, error) { return "", nil }, nil)
}

package sdk_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// Every read, list and refusal, in both eras, in memory, over HTTP and
// over stdio.
func TestResourcesOverEveryTransport(t *testing.T) {
	eachTransport(t, "", nil, func(t *testing.T, c *sdk.Client, modern bool) {
		t.Run("list", func(t *testing.T) { checkResourceLists(t, c) })
		t.Run("read", func(t *testing.T) { checkResourceReads(t, c) })
		t.Run("refusals", func(t *testing.T) { checkResourceRefusals(t, c, modern) })
		t.Run("caching hints", func(t *testing.T) { checkCachingHints(t, c, modern) })
	})
}

func checkResourceLists(t *testing.T, c *sdk.Client) {
	rs, err := c.ListResources(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"uri":"test://catalog","name":"catalog","title":"Catalog","description":"Every book."},
		{"uri":"test://greeting","name":"greeting","description":"A greeting."},
		{"uri":"test://logo","name":"logo","description":"The logo."},
		{"uri":"test://pair","name":"pair","description":"Two contents."},
		{"uri":"test://broken","name":"broken","description":"Panics."},
		{"uri":"test://failing","name":"failing","description":"Fails."}]`
	if d := jsonDiff(t, []byte(want), toJSON(t, rs)); d != "" {
		t.Errorf("resources (-want +got):\n%s", d)
	}
	ts, err := c.ListResourceTemplates(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	want = `[{"uriTemplate":"test://books/{isbn}","name":"book_by_isbn","description":"One book."},
		{"uriTemplate":"file:///{+path}","name":"file","description":"A file.","mimeType":"text/x-path"}]`
	if d := jsonDiff(t, []byte(want), toJSON(t, ts)); d != "" {
		t.Errorf("templates (-want +got):\n%s", d)
	}
}

func checkResourceReads(t *testing.T, c *sdk.Client) {
	png := base64.StdEncoding.EncodeToString(pngBytes)
	tests := []struct{ uri, want string }{
		{"test://greeting", `[{"uri":"test://greeting","mimeType":"text/plain","text":"Hello, reader."}]`},
		{"test://logo", `[{"uri":"test://logo","mimeType":"image/png","blob":"` + png + `"}]`},
		{"test://catalog", `[{"uri":"test://catalog","mimeType":"application/json","text":` +
			jsonString(t, "[\n  {\n    \"isbn\": \"9780141439518\",\n    \"title\": \"Pride and Prejudice\"\n  },\n  {\n    \"isbn\": \"9780553418026\",\n    \"title\": \"The Martian\"\n  }\n]") + `}]`},
		{"test://pair", `[{"uri":"test://pair","text":"first"},{"uri":"test://pair#2","mimeType":"text/markdown","text":"# second"}]`},
		{"test://books/9780553418026", `[{"uri":"test://books/9780553418026","mimeType":"application/json","text":` +
			jsonString(t, "{\n  \"isbn\": \"9780553418026\",\n  \"title\": \"The Martian\"\n}") + `}]`},
		{"file:///etc/a%20b/c.txt", `[{"uri":"file:///etc/a%20b/c.txt","mimeType":"text/x-path","text":"path=etc/a b/c.txt"}]`},
	}
	for _, tt := range tests {
		res, err := c.ReadResource(testCtx(t), tt.uri)
		if err != nil {
			t.Errorf("read %s: %v", tt.uri, err)
			continue
		}
		if d := jsonDiff(t, []byte(tt.want), toJSON(t, res.Contents)); d != "" {
			t.Errorf("read %s (-want +got):\n%s", tt.uri, d)
		}
	}
}

func jsonString(t *testing.T, s string) string { return string(toJSON(t, s)) }

// checkResourceRefusals reads what must be refused, each with the spec's
// code and a message a model can act on; the server keeps serving.
func checkResourceRefusals(t *testing.T, c *sdk.Client, modern bool) {
	notFound := sdk.CodeResourceNotFound
	if modern {
		notFound = transport.CodeInvalidParams
	}
	huge := "test://books/" + strings.Repeat("9", 200<<10)
	tests := []struct {
		name, uri string
		code      int
		message   string
		dataURI   bool
	}{
		{"unknown URI", "test://nothing", notFound, "Resource not found", true},
		{"template fits, function finds nothing", "test://books/9780000000000", notFound, "Resource not found", true},
		{"bad template variable", "test://books/12-x", transport.CodeInvalidParams,
			"Invalid params: 1 validation error for book_by_isbn\nisbn\n  String should match pattern '^[0-9]{13}$' [type=string_pattern_mismatch, input_value='12-x', input_type=str]", true},
		{"panicking function", "test://broken", transport.CodeInternalError, "Error reading resource test://broken: panic: the shelf collapsed", false},
		{"failing function", "test://failing", transport.CodeInternalError, "Error reading resource test://failing: the disk is on fire", false},
		{"huge URI", huge, transport.CodeInvalidParams, "Invalid params: uri is 204813 bytes long; resource templates match URIs of at most 4096 bytes", false},
		{"no URI", "", transport.CodeInvalidParams, "Invalid params: uri is required", false},
	}
	for _, tt := range tests {
		_, err := c.ReadResource(testCtx(t), tt.uri)
		var e *transport.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: err = %v, want a JSON-RPC error", tt.name, err)
			continue
		}
		if e.Code != tt.code || e.Message != tt.message {
			t.Errorf("%s: error %d %q, want %d %q", tt.name, e.Code, e.Message, tt.code, tt.message)
		}
		if tt.dataURI && string(e.Data) != string(toJSON(t, map[string]string{"uri": tt.uri})) {
			t.Errorf("%s: data %s, want the uri", tt.name, e.Data)
		}
	}
	if _, err := c.ReadResource(testCtx(t), "test://greeting"); err != nil {
		t.Errorf("after the refusals: %v", err)
	}
	err := c.Call(testCtx(t), "resources/list", map[string]any{"cursor": "bm90LW1pbmU"}, nil)
	var e *transport.Error
	if !errors.As(err, &e) || e.Code != transport.CodeInvalidParams || !strings.Contains(e.Message, `Invalid cursor: "bm90LW1pbmU" is not a cursor this server issued for resources/list; send the nextCursor of the previous page`) {
		t.Errorf("never-issued cursor: %v", err)
	}
}

// checkCachingHints: the 2026 era's list and read results carry
// ttlMs and cacheScope (SEP-2549); the legacy era's do not.
func checkCachingHints(t *testing.T, c *sdk.Client, modern bool) {
	for _, call := range []struct {
		method string
		params any
	}{{"resources/list", nil}, {"resources/templates/list", nil}, {"resources/read", sdk.ReadResourceParams{URI: "test://greeting"}}} {
		var res map[string]json.RawMessage
		if err := c.Call(testCtx(t), call.method, call.params, &res); err != nil {
			t.Fatal(err)
		}
		got := string(res["resultType"]) + " " + string(res["ttlMs"]) + " " + string(res["cacheScope"])
		want := "  "
		if modern {
			want = `"complete" 0 "private"`
		}
		if got != want {
			t.Errorf("%s: resultType, ttlMs, cacheScope = %s, want %s", call.method, got, want)
		}
	}
}

package streamable_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// The annotation rules of SEP-2243, with the invalid tools of the official
// http-invalid-tool-headers scenario among the cases.
func TestParamHeaders(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		want   string // fmt of the headers, or the error's reason
	}{
		{"none", `{"type":"object","properties":{"q":{"type":"string"}}}`, "[]"},
		{"not json", `{"x-mcp-header":`, "[]"},
		{"primitives", `{"type":"object","properties":{
			"region":{"type":"string","x-mcp-header":"Region"},
			"priority":{"type":"integer","x-mcp-header":"Priority"},
			"verbose":{"type":"boolean","x-mcp-header":"Verbose"}}}`,
			"[{Priority [priority] integer} {Region [region] string} {Verbose [verbose] boolean}]"},
		{"nullable", `{"type":"object","properties":{
			"a":{"anyOf":[{"type":"string"},{"type":"null"}],"x-mcp-header":"A"},
			"b":{"type":["integer","null"],"x-mcp-header":"B"}}}`,
			"[{A [a] string} {B [b] integer}]"},
		{"nested", `{"type":"object","properties":{"loc":{"type":"object","properties":{"zone":{"type":"string","x-mcp-header":"Zone"}}}}}`,
			"[{Zone [loc zone] string}]"},
		{"token punctuation", `{"properties":{"a":{"type":"string","x-mcp-header":"X-Tenant_ID.v2!"}}}`, "[{X-Tenant_ID.v2! [a] string}]"},
		{"empty", `{"properties":{"value":{"type":"string","x-mcp-header":""}}}`, "must not be empty"},
		{"object", `{"properties":{"data":{"type":"object","x-mcp-header":"Data"}}}`, `type "object" is not allowed`},
		{"array", `{"properties":{"items":{"type":"array","items":{"type":"string"},"x-mcp-header":"Items"}}}`, `type "array" is not allowed`},
		{"null", `{"properties":{"nil":{"type":"null","x-mcp-header":"Nil"}}}`, `type "null" is not allowed`},
		{"number", `{"properties":{"score":{"type":"number","x-mcp-header":"Score"}}}`, `type "number" is not allowed`},
		{"no type", `{"properties":{"x":{"enum":["a"],"x-mcp-header":"X"}}}`, "exactly one type"},
		{"two types", `{"properties":{"x":{"type":["string","integer"],"x-mcp-header":"X"}}}`, "exactly one type"},
		{"duplicate", `{"properties":{"field1":{"type":"string","x-mcp-header":"Region"},"field2":{"type":"string","x-mcp-header":"Region"}}}`, "already used by property"},
		{"duplicate ignoring case", `{"properties":{"field1":{"type":"string","x-mcp-header":"MyField"},"field2":{"type":"string","x-mcp-header":"myfield"}}}`, "already used by property"},
		{"space", `{"properties":{"value":{"type":"string","x-mcp-header":"My Region"}}}`, "HTTP token"},
		{"colon", `{"properties":{"value":{"type":"string","x-mcp-header":"Region:Primary"}}}`, "HTTP token"},
		{"non-ascii", `{"properties":{"value":{"type":"string","x-mcp-header":"Région"}}}`, "HTTP token"},
		{"control", `{"properties":{"value":{"type":"string","x-mcp-header":"Region\t1"}}}`, "HTTP token"},
		{"crlf", `{"properties":{"value":{"type":"string","x-mcp-header":"A\r\nB"}}}`, "HTTP token"},
		{"not a string", `{"properties":{"value":{"type":"string","x-mcp-header":7}}}`, "must be a string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ps, err := transport.ParamHeaders(json.RawMessage(tc.schema))
			got := fmt.Sprint(ps)
			if ps == nil {
				got = "[]"
			}
			if err != nil {
				var pe *transport.ParamHeaderError
				if !errors.As(err, &pe) {
					t.Fatalf("error %v is not a *ParamHeaderError", err)
				}
				got = err.Error()
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestParamValueEncoding(t *testing.T) {
	for _, tc := range []struct{ value, header string }{
		{"us-west1", "us-west1"},
		{"us west 1", "us west 1"},
		{"", ""},
		{"Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="},
		{" padded ", "=?base64?IHBhZGRlZCA=?="},
		{"us-west1 ", "=?base64?dXMtd2VzdDEg?="},
		{"line1\nline2", "=?base64?bGluZTEKbGluZTI=?="},
		{"\tindented", "=?base64?CWluZGVudGVk?="},
		{"a\x7fb", "=?base64?YX9i?="},
		// A value that looks encoded is encoded, so it survives as itself.
		{"=?base64?SGVsbG8=?=", "=?base64?PT9iYXNlNjQ/U0dWc2JHOD0/PQ==?="},
	} {
		if got := transport.EncodeParamValue(tc.value); got != tc.header {
			t.Errorf("EncodeParamValue(%q) = %q, want %q", tc.value, got, tc.header)
		}
		if got, err := transport.DecodeParamValue(tc.header); err != nil || got != tc.value {
			t.Errorf("DecodeParamValue(%q) = %q, %v; want %q", tc.header, got, err, tc.value)
		}
	}
	// The decoding table of the official scenario, and the sentinel's case.
	for _, tc := range []struct {
		header, want string
		err          error
	}{
		{"=?base64?SGVsbG8=?=", "Hello", nil},
		{"  =?base64?SGVsbG8=?=\t", "Hello", nil},
		{"=?base64?SGVsbG8?=", "", transport.ErrInvalidBase64},
		{"=?base64?SGVs!!!bG8=?=", "", transport.ErrInvalidBase64},
		{"=?base64?SGVsbG8=\n?=", "", transport.ErrInvalidBase64},
		{"SGVsbG8=", "SGVsbG8=", nil},
		{"=?base64?SGVsbG8=", "=?base64?SGVsbG8=", nil},
		{"=?BASE64?SGVsbG8=?=", "=?BASE64?SGVsbG8=?=", nil},
		{"=?base64??=", "", nil},
	} {
		got, err := transport.DecodeParamValue(tc.header)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("DecodeParamValue(%q) = %q, %v; want %q, %v", tc.header, got, err, tc.want, tc.err)
		}
	}
}

// FuzzParamValue: decoding outside input never panics, and what a client
// encodes is header-safe text that decodes to the value sent.
func FuzzParamValue(f *testing.F) {
	for _, s := range []string{"", "us-west1", " padded ", "Hello, 世界", "=?base64?SGVsbG8=?=", "=?base64?SGVsbG8?=", "=?base64?SGVs!!!bG8=?=", "\r\n", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h := transport.EncodeParamValue(s)
		for i := 0; i < len(h); i++ {
			if h[i] < 0x20 || h[i] > 0x7e {
				t.Fatalf("EncodeParamValue(%q) = %q: byte %#x is not header text", s, h, h[i])
			}
		}
		if strings.TrimSpace(h) != h {
			t.Fatalf("EncodeParamValue(%q) = %q: surrounding space would be lost", s, h)
		}
		if got, err := transport.DecodeParamValue(h); err != nil || got != s {
			t.Fatalf("DecodeParamValue(EncodeParamValue(%q)) = %q, %v", s, got, err)
		}
		got, err := transport.DecodeParamValue(s)
		trimmed := strings.Trim(s, " \t")
		wrapped := strings.HasPrefix(trimmed, "=?base64?") && strings.HasSuffix(trimmed, "?=") && len(trimmed) >= 11
		switch {
		case !wrapped && (err != nil || got != trimmed):
			t.Fatalf("DecodeParamValue(%q) = %q, %v; a value without the wrapper is literal", s, got, err)
		case wrapped && err == nil && base64.StdEncoding.EncodeToString([]byte(got)) != trimmed[9:len(trimmed)-2]:
			t.Fatalf("DecodeParamValue(%q) = %q, which is not the Base64 payload (decoding is not strict)", s, got)
		case err != nil && !errors.Is(err, transport.ErrInvalidBase64):
			t.Fatalf("DecodeParamValue(%q): unexpected error %v", s, err)
		}
	})
}

// paramBackend is a fakeBackend whose tool t mirrors region (string),
// priority (integer), verbose (boolean) and loc.zone (nested string).
func paramBackend() *fakeBackend {
	return &fakeBackend{params: map[string][]transport.ParamHeader{"t": {
		{Name: "Region", Path: []string{"region"}, Type: "string"},
		{Name: "Priority", Path: []string{"priority"}, Type: "integer"},
		{Name: "Verbose", Path: []string{"verbose"}, Type: "boolean"},
		{Name: "Zone", Path: []string{"loc", "zone"}, Type: "string"},
	}}}
}

// The server checks Mcp-Param-* headers against the arguments of a
// stateless tools/call: 400 with -32020 on any disagreement, and it keeps
// serving.
func TestStreamableParamHeaders(t *testing.T) {
	ts := newFakeServer(t, paramBackend(), nil)
	call := func(args string) string {
		return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t","arguments":` + args + `,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`
	}
	headers := func(kv ...string) map[string]string {
		h := map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "t"}
		for i := 0; i < len(kv); i += 2 {
			h[kv[i]] = kv[i+1]
		}
		return h
	}
	tests := []struct {
		name    string
		headers map[string]string
		args    string
		ok      bool
	}{
		{"no mirrored arguments", headers(), `{"query":"q"}`, true},
		{"null arguments send no header", headers(), `{"region":null,"verbose":null}`, true},
		{"all mirrored", headers("Mcp-Param-Region", "us-west1", "Mcp-Param-Priority", "42", "Mcp-Param-Verbose", "false", "Mcp-Param-Zone", "b"),
			`{"region":"us-west1","priority":42,"verbose":false,"loc":{"zone":"b"}}`, true},
		{"header names ignore case", headers("mcp-param-region", "us-west1", "MCP-PARAM-PRIORITY", "42"), `{"region":"us-west1","priority":42}`, true},
		{"whitespace around the value", headers("Mcp-Param-Region", "  us-west1\t"), `{"region":"us-west1"}`, true},
		{"base64", headers("Mcp-Param-Region", "=?base64?SGVsbG8sIOS4lueVjA==?="), `{"region":"Hello, 世界"}`, true},
		{"literal without the wrapper", headers("Mcp-Param-Region", "SGVsbG8="), `{"region":"SGVsbG8="}`, true},
		{"numbers compare by value", headers("Mcp-Param-Priority", "42"), `{"priority":42.0}`, true},
		{"missing header", headers(), `{"region":"us-west1"}`, false},
		{"missing nested header", headers(), `{"loc":{"zone":"b"}}`, false},
		{"mismatch", headers("Mcp-Param-Region", "us-east1"), `{"region":"us-west1"}`, false},
		{"value case matters", headers("Mcp-Param-Region", "US-WEST1"), `{"region":"us-west1"}`, false},
		{"bad padding", headers("Mcp-Param-Region", "=?base64?SGVsbG8?="), `{"region":"Hello"}`, false},
		{"bad alphabet", headers("Mcp-Param-Region", "=?base64?SGVs!!!bG8=?="), `{"region":"Hello"}`, false},
		{"number mismatch", headers("Mcp-Param-Priority", "41"), `{"priority":42}`, false},
		{"number garbage", headers("Mcp-Param-Priority", "Inf"), `{"priority":42}`, false},
		{"boolean mismatch", headers("Mcp-Param-Verbose", "TRUE"), `{"verbose":true}`, false},
		{"header without a value in the body", headers("Mcp-Param-Region", "us-west1"), `{}`, false},
		{"object value", headers("Mcp-Param-Region", "{}"), `{"region":{}}`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := do(t, ts.URL, req{headers: tc.headers, body: call(tc.args)})
			var m transport.Message
			if err := json.Unmarshal([]byte(body), &m); err != nil {
				t.Fatalf("body %q: %v", body, err)
			}
			switch {
			case tc.ok && (resp.StatusCode != 200 || m.Error != nil):
				t.Errorf("HTTP %d %s, want it accepted", resp.StatusCode, body)
			case !tc.ok && (resp.StatusCode != 400 || m.Error == nil || m.Error.Code != transport.CodeHeaderMismatch || string(m.ID) != "7"):
				t.Errorf("HTTP %d %s, want 400 with -32020 for id 7", resp.StatusCode, body)
			}
		})
	}
	// Another tool, and the legacy era, are not checked.
	resp, body := do(t, ts.URL, req{headers: map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "u"},
		body: strings.Replace(call(`{"region":"x"}`), `"name":"t"`, `"name":"u"`, 1)})
	if resp.StatusCode != 200 {
		t.Errorf("tool without headers: %d %s", resp.StatusCode, body)
	}
	session := initSession(t, ts.URL)
	resp, body = do(t, ts.URL, req{headers: map[string]string{"Mcp-Session-Id": session},
		body: `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"t","arguments":{"region":"x"}}}`})
	if resp.StatusCode != 200 || strings.Contains(body, "error") {
		t.Errorf("legacy call: %d %s", resp.StatusCode, body)
	}
}

// The client mirrors the arguments SetParamHeaders names, encoding what is
// not header text and leaving out null ones; the server accepts them.
func TestStreamableClientParamHeaders(t *testing.T) {
	b := paramBackend()
	seen := make(chan http.Header, 1)
	h := streamable.NewServer(b, nil)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen <- r.Header.Clone()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { h.Close(); ts.Close() })
	c := streamable.NewClient(ts.URL, nil)
	defer c.Close()
	c.SetParamHeaders(b.params)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	params := `{"name":"t","arguments":{"region":" Zürich ","priority":7,"verbose":null,"loc":{"zone":""},"query":"q"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}`
	if err := c.Write(ctx, &transport.Message{JSONRPC: "2.0", ID: json.RawMessage("1"), Method: "tools/call", Params: json.RawMessage(params)}); err != nil {
		t.Fatal(err)
	}
	m, err := c.Read(ctx)
	if err != nil || m.Error != nil {
		t.Fatalf("response %+v %v", m, err)
	}
	got := <-seen
	want := map[string][]string{
		"Mcp-Param-Region":   {transport.EncodeParamValue(" Zürich ")},
		"Mcp-Param-Priority": {"7"},
		"Mcp-Param-Zone":     {""},
	}
	for k, v := range want {
		if fmt.Sprint(got[k]) != fmt.Sprint(v) {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
	for _, k := range []string{"Mcp-Param-Verbose", "Mcp-Param-Query"} {
		if v, ok := got[k]; ok {
			t.Errorf("%s: %q, want no header", k, v)
		}
	}
}

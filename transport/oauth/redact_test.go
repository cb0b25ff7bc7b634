package oauth_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport/oauth"
)

// Secrets are redacted by the name they travel under, in JSON members
// (at any depth, strings only: a JSON-RPC error's numeric code stays),
// form parameters (in their own order and spelling) and headers;
// unreadable text that names a secret field is withheld whole.
func TestRedactBody(t *testing.T) {
	tests := []struct {
		name, ct, in, want string
	}{
		{"token answer", "application/json", `{"access_token":"at-123456789","token_type":"Bearer","expires_in":60,"refresh_token":"rt-123456789","id_token":"eyJ.x.y"}`,
			`{"access_token":"[redacted]","token_type":"Bearer","expires_in":60,"refresh_token":"[redacted]","id_token":"[redacted]"}`},
		{"registration answer", "application/json; charset=utf-8", `{"client_id":"c1","client_secret":"s3cr3t-value","registration_access_token":"rat-123456789","redirect_uris":["http://127.0.0.1/cb"]}`,
			`{"client_id":"c1","client_secret":"[redacted]","registration_access_token":"[redacted]","redirect_uris":["http://127.0.0.1/cb"]}`},
		{"nested and case", "application/json", `{"a":[{"Access_Token":"x"}],"b":{"password":"p"}}`,
			`{"a":[{"Access_Token":"[redacted]"}],"b":{"password":"[redacted]"}}`},
		{"JSON-RPC error code", "application/json", `{"jsonrpc":"2.0","error":{"code":-32001,"message":"unauthorized"}}`,
			`{"jsonrpc":"2.0","error":{"code":-32001,"message":"unauthorized"}}`},
		{"JSON without its content type", "text/plain", `{"access_token":"abcdefghij"}`, `{"access_token":"[redacted]"}`},
		{"escapes kept escaped", "application/json", `{"error_description":"\u001b[31mred\r\n"}`, `{"error_description":"\u001b[31mred\r\n"}`},
		{"token request", "application/x-www-form-urlencoded", "grant_type=authorization_code&code=abc123456&redirect_uri=http%3A%2F%2F127.0.0.1&code_verifier=v3r1f13r-long&resource=http%3A%2F%2Fx",
			"grant_type=authorization_code&code=%5Bredacted%5D&redirect_uri=http%3A%2F%2F127.0.0.1&code_verifier=%5Bredacted%5D&resource=http%3A%2F%2Fx"},
		{"refresh with secret", "application/x-www-form-urlencoded", "client_secret=shh-secret-1&grant_type=refresh_token&refresh_token=rt-9",
			"client_secret=%5Bredacted%5D&grant_type=refresh_token&refresh_token=%5Bredacted%5D"},
		{"broken JSON naming a secret", "application/json", `{"refresh_token":"rt-1234`, "[body withheld: it names a secret field but could not be read as JSON or a form]"},
		{"an error page", "text/html", "<h1>Bad request</h1>", "<h1>Bad request</h1>"},
		{"empty", "application/json", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := diffLines([]string{tt.want}, []string{oauth.RedactBody(tt.ct, []byte(tt.in))}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// A secret value redacted once is hidden wherever it shows up again,
// even where no name gives it away.
func TestRedactedValueHiddenEverywhere(t *testing.T) {
	got := oauth.RedactBodies("application/json", []byte(`{"access_token":"tok-1234567890"}`),
		"text/plain", []byte("your token tok-1234567890 is invalid"))
	if want := "your token [redacted] is invalid"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRedactHeader(t *testing.T) {
	in := http.Header{
		"Authorization":       {"Bearer at-123456789"},
		"Proxy-Authorization": {"Basic dXNlcjpwYXNz"},
		"Cookie":              {"sid=1"},
		"Set-Cookie":          {"sid=2; HttpOnly"},
		"X-Api-Key":           {"k-123"},
		"X-Custom-Token":      {"t-1"},
		"Content-Type":        {"application/json"},
		"Www-Authenticate":    {`Bearer error="invalid_token"`},
	}
	want := http.Header{
		"Authorization":       {"Bearer [redacted]"},
		"Proxy-Authorization": {"Basic [redacted]"},
		"Cookie":              {"[redacted]"},
		"Set-Cookie":          {"[redacted]"},
		"X-Api-Key":           {"[redacted]"},
		"X-Custom-Token":      {"[redacted]"},
		"Content-Type":        {"application/json"},
		"Www-Authenticate":    {`Bearer error="invalid_token"`},
	}
	if diff := diffLines(headerLines(want), headerLines(oauth.RedactHeader(in))); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// FuzzRedactBody: any body, any content type: no panic; a JSON body stays
// valid JSON, and no secret member keeps a string value.
func FuzzRedactBody(f *testing.F) {
	f.Add("application/json", []byte(`{"access_token":"a","x":[1,{"code":"c"}],"code":5}`))
	f.Add("application/x-www-form-urlencoded", []byte("code=a%ZZ&code_verifier=b&&=&x"))
	f.Add("text/plain", []byte("\x00\x1b[2J refresh_token"))
	f.Fuzz(func(t *testing.T, ct string, b []byte) {
		out := oauth.RedactBody(ct, b)
		if !json.Valid(b) || strings.Contains(strings.ToLower(ct), "form") {
			return
		}
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("valid JSON %q became %q: %v", b, out, err)
		}
		checkRedacted(t, v)
	})
}

// checkRedacted fails when a secret member of v has a string value other
// than the redaction mark.
func checkRedacted(t *testing.T, v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, m := range v {
			if s, ok := m.(string); ok && secretName(k) && s != oauth.Redacted {
				t.Fatalf("member %q kept %q", k, s)
			}
			checkRedacted(t, m)
		}
	case []any:
		for _, m := range v {
			checkRedacted(t, m)
		}
	}
}

func secretName(k string) bool {
	switch strings.ToLower(k) {
	case "access_token", "refresh_token", "id_token", "client_secret", "registration_access_token", "code", "code_verifier",
		"client_assertion", "assertion", "token", "device_code", "password", "subject_token", "actor_token":
		return true
	}
	return false
}

// headerLines are h's fields, one "Name: value" a line, sorted.
func headerLines(h http.Header) []string {
	var out []string
	for k, vs := range h {
		for _, v := range vs {
			out = append(out, k+": "+v)
		}
	}
	slices.Sort(out)
	return out
}

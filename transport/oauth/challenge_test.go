package oauth_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport/oauth"
)

// ParseChallenge reads the Bearer challenge among others, with quoted
// and bare values, escapes, and any case of the scheme and names.
func TestParseChallenge(t *testing.T) {
	tests := []struct {
		header []string
		want   string
		ok     bool
	}{
		{[]string{`Bearer scope="mcp:basic", resource_metadata="http://h/.well-known/oauth-protected-resource/mcp"`},
			`{"" [mcp:basic] http://h/.well-known/oauth-protected-resource/mcp}`, true},
		{[]string{`Bearer error="insufficient_scope", scope="a b", error_description="x, y"`}, `{insufficient_scope [a b] }`, true},
		{[]string{`Basic realm="x", bearer Error=invalid_token, RESOURCE_METADATA=http://h/m`}, `{invalid_token [] http://h/m}`, true},
		{[]string{`DPoP algs="ES256"`, `Bearer scope="q\"uote"`}, `{"" [q"uote] }`, true},
		{[]string{`Basic realm="x"`}, `{"" [] }`, false},
		{[]string{`Bearer`}, `{"" [] }`, true},
		{nil, `{"" [] }`, false},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.header, "|"), func(t *testing.T) {
			h := http.Header{"Www-Authenticate": tt.header}
			c, ok := oauth.ParseChallenge(h)
			got := fmt.Sprintf("{%q %v %s}", c.Error, c.Scopes, c.ResourceMetadata)
			got = strings.Replace(got, `{"insufficient_scope"`, `{insufficient_scope`, 1)
			got = strings.Replace(got, `{"invalid_token"`, `{invalid_token`, 1)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %s %v, want %s %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// ParseChallenge takes any header value from a server without panicking
// or looping, and what it returns comes from the value.
func FuzzParseChallenge(f *testing.F) {
	for _, s := range []string{`Bearer scope="a", resource_metadata="u"`, `Bearer error="x\"`, `Basic abc==, Bearer a=b`, `,,="`, "Bearer scope=\"\x00\x1b[31m\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		c, _ := oauth.ParseChallenge(http.Header{"Www-Authenticate": {v}})
		if len(c.ResourceMetadata) > len(v) || len(c.Error) > len(v) {
			t.Errorf("parameters longer than the header: %+v", c)
		}
	})
}

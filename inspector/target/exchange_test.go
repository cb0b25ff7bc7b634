package target

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport/oauth"
)

// An exchange is laid out as a debugger shows it: request line, headers
// (the quiet ones left out), body (JSON indented, a form one parameter a
// line), a blank line, the status line, the answer's headers and body.
func TestExchangeLines(t *testing.T) {
	ex := &oauth.Exchange{
		Kind: oauth.KindToken, Method: "POST", URL: "http://127.0.0.1:9/token",
		RequestHeader: http.Header{"Content-Type": {"application/x-www-form-urlencoded"}, "User-Agent": {"Go"}},
		RequestBody:   "grant_type=authorization_code&code=%5Bredacted%5D",
		Status:        200, ResponseHeader: http.Header{"Content-Type": {"application/json"}, "Date": {"now"}},
		ResponseBody: `{"access_token":"[redacted]","expires_in":60}` + "\n",
	}
	want := strings.Join([]string{
		"POST http://127.0.0.1:9/token",
		"Content-Type: application/x-www-form-urlencoded",
		"",
		"grant_type=authorization_code",
		"code=[redacted]",
		"",
		"HTTP 200 OK",
		"Content-Type: application/json",
		"",
		"{",
		`  "access_token": "[redacted]",`,
		`  "expires_in": 60`,
		"}",
	}, "\n")
	if got := strings.Join(ExchangeLines(ex), "\n"); got != want {
		t.Errorf("(-want +got):\n-%s\n+%s", want, got)
	}
	if got, want := ExchangeSummary(ex), "token POST 127.0.0.1:9/token → 200"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
}

// The authorization server's text is hostile: escape sequences, \r and
// NUL never reach a line, in headers, bodies or the URL.
func TestExchangeLinesSanitized(t *testing.T) {
	evil := "\x1b]52;c;aGk=\x07\x1b[2J\r\x00x"
	ex := &oauth.Exchange{
		Kind: oauth.KindServerMetadata, Method: "GET", URL: "http://127.0.0.1:9/x" + evil,
		Status: 400, ResponseHeader: http.Header{"X-Evil": {evil}, "Content-Type": {"text/html"}},
		ResponseBody: evil + "\n" + evil, Err: evil,
	}
	for _, l := range append(ExchangeLines(ex), ExchangeSummary(ex)) {
		if strings.ContainsAny(l, "\x1b\r\x00\x07\n") {
			t.Errorf("unsafe line %q", l)
		}
	}
}

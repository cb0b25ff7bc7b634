package oauth_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// A request to the redirect listener with another state than the
// sign-in's (a page the user visits forging the redirect) is answered
// 400 and does not end the sign-in: the user's real redirect after it
// still signs in.
func TestForgedCallbackKeepsWaiting(t *testing.T) {
	as := testutil.NewAuthServer(t)
	rs := newResource(t, as, "path")
	var forged forgery
	tr := oauth.NewTransport(&oauth.Options{CallbackTimeout: 10 * time.Second, OpenURL: func(ctx context.Context, authURL string) error {
		forged = forge(t, authURL)
		return testutil.Browser(ctx, authURL)
	}})
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatalf("the real redirect after a forged one: %v", err)
	}
	if forged.status != http.StatusBadRequest || !strings.Contains(forged.body, "not this sign-in") {
		t.Errorf("the forged redirect got HTTP %d %q, want 400 \"not this sign-in\"", forged.status, forged.body)
	}
}

// forgery is what the listener answered a forged redirect.
type forgery struct {
	status int
	body   string
}

// forge sends the redirect listener of authURL a redirect with a code
// and a state of its own.
func forge(t *testing.T, authURL string) forgery {
	t.Helper()
	u, err := url.Parse(authURL)
	if err != nil {
		t.Fatal(err)
	}
	back := u.Query().Get("redirect_uri") + "?code=" + testutil.TokenPrefix + "forged&state=forged"
	resp, err := http.Get(back)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return forgery{resp.StatusCode, string(b)}
}

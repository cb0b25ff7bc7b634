package oauth_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// Quitting while the user is in the browser: the first request was given
// up (the sign-in outlives it), a second one waits for the same sign-in.
// Close ends the sign-in: its redirect listener is gone when Close
// returns, the waiting request fails with ErrClosed, and a request after
// Close that the server refuses fails with ErrClosed without another
// sign-in.
func TestQuitWhileSigningInClosesTheListener(t *testing.T) {
	as := testutil.NewAuthServer(t)
	rs := newResource(t, as, "path")
	urls := make(chan string, 2)
	tr := oauth.NewTransport(&oauth.Options{OpenURL: func(_ context.Context, u string) error {
		urls <- u
		return nil
	}, CallbackTimeout: 30 * time.Second}) // bounds the test without Close working
	ctx, cancel := context.WithCancel(context.Background())
	given := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, rs.URL, strings.NewReader(body))
		_, err := tr.RoundTrip(req)
		given <- err
	}()
	authURL := <-urls
	cancel()
	if err := <-given; !errors.Is(err, context.Canceled) {
		t.Fatalf("the given-up request: err = %v", err)
	}
	waiting := make(chan error, 1)
	go func() {
		_, err := post(t, tr, rs.URL, body)
		waiting <- err
	}()

	if err := tr.Close(); err != nil {
		t.Fatal(err)
	}
	testutil.ListenerGone(t, authURL)
	if err := <-waiting; !errors.Is(err, oauth.ErrClosed) {
		t.Errorf("the request waiting for the sign-in: err = %v, want ErrClosed", err)
	}
	if _, err := post(t, tr, rs.URL, body); !errors.Is(err, oauth.ErrClosed) {
		t.Errorf("a request after Close: err = %v, want ErrClosed", err)
	}
	if len(urls) != 0 || len(as.TokenRequests) != 0 {
		t.Errorf("after Close: %d more sign-ins, %d token requests", len(urls), len(as.TokenRequests))
	}
}

package proxy

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// startHTTPProxy runs the HTTP proxy in front of target until the test ends.
func startHTTPProxy(t *testing.T, target string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- RunHTTP(ctx, HTTPOptions{Target: target, Listen: "127.0.0.1:0", Dir: t.TempDir(), Ready: func(a string) { ready <- a }}, io.Discard)
	}()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case a := <-ready:
		return "http://" + a + "/mcp"
	case err := <-done:
		t.Fatalf("RunHTTP: %v", err)
	}
	return ""
}

// The proxy keeps one connection to the server per client connection:
// when the server closed it meanwhile (an idle timeout, or it said
// Connection: close), the next request goes on a new one, once.
func TestHTTPProxyReplacesAConnectionTheServerClosed(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		b, _ := io.ReadAll(r.Body)
		if r.Header.Get("X-Close") != "" {
			w.Header().Set("Connection", "close")
		}
		w.Write(b)
	}))
	defer srv.Close()
	url := startHTTPProxy(t, srv.URL+"/mcp")
	client := &http.Client{Transport: &http.Transport{}}
	post := func(body string, close bool) {
		t.Helper()
		req, _ := http.NewRequest("POST", url, strings.NewReader(body))
		if close {
			req.Header.Set("X-Close", "1")
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		got, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || string(got) != body {
			t.Fatalf("%s: %d %q", body, resp.StatusCode, got)
		}
	}
	post(`{"id":1}`, false)
	srv.CloseClientConnections() // the proxy's kept connection, from the server's side
	time.Sleep(50 * time.Millisecond)
	post(`{"id":2}`, true)
	post(`{"id":3}`, false)
	if n := calls.Load(); n != 3 {
		t.Errorf("the server got %d requests, want 3", n)
	}
}

// A client that leaves an event stream ends the proxy's request to the
// server too.
func TestHTTPProxyEndsAStreamTheClientLeft(t *testing.T) {
	ended := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write([]byte("data: {\"id\":1}\n\n"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		close(ended)
	}))
	defer func() { srv.CloseClientConnections(); srv.Close() }()
	url := startHTTPProxy(t, srv.URL+"/mcp")
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	if n, _ := resp.Body.Read(buf); !strings.Contains(string(buf[:n]), `"id":1`) {
		t.Fatalf("first event %q", buf[:n])
	}
	cancel()
	resp.Body.Close()
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the server's stream stayed open after the client left")
	}
}

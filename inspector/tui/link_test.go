package tui

import (
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// restartableEcho is the echo server over Streamable HTTP on a port it
// keeps: stop kills it (every connection closed, its sessions gone);
// start runs a new server process's worth of it on the same port.
type restartableEcho struct {
	t    *testing.T
	addr string
	srv  *http.Server
}

func newRestartableEcho(t *testing.T) *restartableEcho {
	e := &restartableEcho{t: t, addr: "127.0.0.1:0"}
	e.start()
	t.Cleanup(e.stop)
	return e
}

func (e *restartableEcho) start() {
	l, err := net.Listen("tcp", e.addr)
	if err != nil {
		e.t.Fatal(err)
	}
	e.addr = l.Addr().String()
	s := sdk.NewServer("echo", nil)
	sdk.Tool(s, Echo, &sdk.ToolOptions{Description: "Echo the arguments."})
	h := sdkhttp.Handler(s, nil)
	e.srv = &http.Server{Handler: h}
	e.srv.RegisterOnShutdown(func() { h.Close() })
	go e.srv.Serve(l)
}

func (e *restartableEcho) stop() {
	e.srv.Close()
}

// The "honest state": an HTTP server that dies while mcpdev is
// connected turns the header to disconnected within 2 s of the broken
// stream (legacy era) or of the first failed call (2026 era, no stream);
// the call says "connection refused", not a -32603 from the server; the
// same server started again on the same port is reached again, the header
// says connected, and in the legacy era the session it forgot is renewed
// and the logs say so; the next call succeeds.
func TestFlowHTTPServerDiesAndComesBack(t *testing.T) {
	for _, era := range []struct{ name, protocol, shows string }{
		{"legacy", "2025-06-18", "legacy era"},
		{"2026", "", "2026 era"},
	} {
		t.Run(era.name, func(t *testing.T) {
			srv := newRestartableEcho(t)
			url := "http://" + srv.addr + "/mcp"
			c := &targetConnector{Target: &target.Target{Kind: target.KindHTTP, Name: url, URL: url, Protocol: era.protocol}}
			f := startScreenFlow(t, c, url, Options{})
			f.waitScreen("● connected", era.shows, "Echo the arguments.")

			srv.stop()
			died := time.Now()
			if era.name == "legacy" { // the GET stream broke: no call needed
				f.waitScreen("✗ disconnected · reconnecting…")
				if took := time.Since(died); took > 2*time.Second {
					t.Errorf("the header said disconnected %v after the server died, want ≤ 2s", took)
				}
			}
			f.keys("enter")
			f.waitScreen("Form · echo")
			f.typ("hello")
			f.keys("ctrl+r")
			failed := time.Now()
			s := f.waitScreen("(transport) · echo", "✗ disconnected · reconnecting…")
			if took := time.Since(failed); took > 2*time.Second {
				t.Errorf("the failed call and the header took %v, want ≤ 2s", took)
			}
			// nothing listens, or the call went out on a kept-alive
			// connection the server closed as it died
			refused := strings.Contains(s, "✗ connection refused (transport)") && strings.Contains(s, "nothing listens at "+srv.addr)
			lost := strings.Contains(s, "✗ connection lost (transport)") && strings.Contains(s, "the server at "+srv.addr)
			if !refused && !lost {
				t.Errorf("the failed call is not worded as refused or lost:\n%s", s)
			}
			if strings.Contains(s, "-32603") || strings.Contains(s, "protocol error") {
				t.Errorf("a refused connection is worded as a protocol error:\n%s", s)
			}

			srv.start()
			s = f.waitScreen("● connected")
			if era.name == "legacy" {
				f.keys("2") // the logs
				f.waitScreen("reached the server again", "no longer knew the session (it answered HTTP", "404 Not Found): re-initialised")
				f.keys("1")
			} else if strings.Contains(s, "re-initialised") {
				t.Errorf("the 2026 era has no session to renew, yet:\n%s", s)
			}
			f.keys("esc", "ctrl+r") // back to the form, and the same call again
			f.waitScreen("✓ ok · echo", `"message": "hello"`)
		})
	}
}

// server-everything (the TypeScript SDK) restarted on its port answers
// the old session with 400 "No valid session ID provided", not 404: that
// too renews the session, said in the logs, instead of failing every
// call with the 400 body read as a malformed message.
func TestFlowServerEverythingHTTPRestart(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	addr, kill := peers.ServeHTTP(t, node, files[0], 0)
	url := "http://" + addr + "/mcp"
	f := startScreenFlow(t, &targetConnector{Target: &target.Target{Kind: target.KindHTTP, Name: url, URL: url}}, url, Options{})
	f.waitScreen("● connected", "legacy era", "Echo Tool")

	kill()
	died := time.Now()
	f.waitScreen("✗ disconnected · reconnecting…")
	if took := time.Since(died); took > 2*time.Second {
		t.Errorf("the header said disconnected %v after the server died, want ≤ 2s", took)
	}
	port, _ := strconv.Atoi(addr[strings.LastIndex(addr, ":")+1:])
	peers.ServeHTTP(t, node, files[0], port)
	f.waitScreen("● connected")
	f.keys("2")
	s := f.waitScreen("reached the server again", "no longer knew the session (it answered HTTP")
	if !strings.Contains(strings.Join(strings.Fields(s), " "), "400 Bad Request: Bad Request: No valid session ID provided): re-initialised") {
		t.Errorf("the logs do not name the server's 400:\n%s", s)
	}
	f.keys("1", "tab", "enter") // the logs took the focus: back to the tools
	f.waitScreen("Form · echo")
	f.typ("again")
	f.keys("ctrl+r")
	f.waitScreen("✓ ok · echo", "Echo: again")
}

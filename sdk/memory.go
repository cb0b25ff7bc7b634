package sdk

import (
	"context"

	"github.com/mcpdev/mcpdev/transport"
)

// NewInMemoryClient connects a client to s through an in-memory pipe, for
// tests: no process, no network, the same protocol. Close the client to
// stop the server side.
//
// Like any Client it speaks the 2026 era (2026-07-28) unless
// opts.ProtocolVersion names a legacy version: set it to
// LatestLegacyVersion to test session behaviour (initialize, list-change
// notifications, logging/setLevel), or run a test under both eras with
// ForEachEra.
func NewInMemoryClient(ctx context.Context, s *Server, opts *ClientOptions) (*Client, error) {
	serverConn, clientConn := transport.NewPipe()
	go func() {
		_ = s.Serve(context.Background(), serverConn)
	}()
	return Connect(ctx, clientConn, opts)
}

// eraVersions maps each protocol era to the version a client asks for to
// speak it, legacy first.
var eraVersions = []struct {
	Era     Era
	Version string
}{{EraLegacy, LatestLegacyVersion}, {Era2026, Version2026}}

// TestingT is what ForEachEra needs of a test: *testing.T and *testing.B
// satisfy it (T is the type itself). sdk does not import package testing,
// so that servers do not link it.
type TestingT[T any] interface {
	Helper()
	Context() context.Context
	Cleanup(func())
	Fatalf(format string, args ...any)
	Run(name string, f func(T)) bool
}

// ForEachEra runs f as one subtest per protocol era ("legacy", then
// "2026"), each with an in-memory client of s speaking that era and
// closed when the subtest ends (package sdktest has the same with
// ClientOptions, and answerers for elicitation, sampling and roots):
//
//	sdk.ForEachEra(t, s, func(t *testing.T, c *sdk.Client) {
//		res, err := c.CallTool(t.Context(), "search_books", args, nil)
//		…
//	})
func ForEachEra[T TestingT[T]](t T, s *Server, f func(t T, c *Client)) {
	t.Helper()
	for _, e := range eraVersions {
		t.Run(string(e.Era), func(t T) {
			t.Helper()
			c, err := NewInMemoryClient(t.Context(), s, &ClientOptions{ProtocolVersion: e.Version})
			if err != nil {
				t.Fatalf("sdk: in-memory client (%s era): %v", e.Era, err)
			}
			t.Cleanup(func() { c.Close() })
			f(t, c)
		})
	}
}

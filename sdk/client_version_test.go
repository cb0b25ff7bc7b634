package sdk_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// A server that refuses server/discover with -32022
// (UnsupportedProtocolVersionError) and lists a version the client speaks
// in the error's data is asked again, once, with that version; one that
// lists none of ours is not asked again.
func TestDiscoverRetriesWithSupportedVersion(t *testing.T) {
	tests := []struct {
		name      string
		supported string
		wantErr   bool
		wantAsks  int32
	}{
		{name: "a version in common", supported: `["2026-07-28"]`, wantAsks: 2},
		{name: "none in common", supported: `["2099-01-01"]`, wantErr: true, wantAsks: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var asks atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				if !strings.Contains(string(body), `"server/discover"`) {
					w.WriteHeader(http.StatusMethodNotAllowed)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				if asks.Add(1) == 1 {
					w.WriteHeader(http.StatusBadRequest)
					_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":`+tt.supported+`,"requested":"2026-07-28"}}}`)
					return
				}
				_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":2,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete","ttlMs":0,"cacheScope":"private"}}`)
			}))
			defer srv.Close()
			c, err := sdk.Connect(testCtx(t), streamable.NewClient(srv.URL, nil), &sdk.ClientOptions{ProtocolVersion: sdk.Version2026})
			if (err != nil) != tt.wantErr {
				t.Fatalf("Connect error = %v, want error %v", err, tt.wantErr)
			}
			if err == nil {
				defer c.Close()
				if c.Era() != sdk.Era2026 {
					t.Errorf("Era = %s, want %s", c.Era(), sdk.Era2026)
				}
			}
			if got := asks.Load(); got != tt.wantAsks {
				t.Errorf("server/discover asked %d times, want %d", got, tt.wantAsks)
			}
		})
	}
}

package target

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/sdk"
)

// A server that was connected and then died is a lost connection, not one
// that could not be made; a connection without a process is named by its
// target, or as "the server" when it has none.
func TestLostConnectionWording(t *testing.T) {
	t.Run("stdio server died", func(t *testing.T) {
		tg, err := Resolve([]string{"../testdata/servers/crashy"}, &ResolveOptions{BuildCache: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		c, err := tg.Connect(context.Background(), nil)
		if err != nil {
			t.Fatal(inspector.Describe(err))
		}
		defer c.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err = c.CallTool(ctx, "crash", nil, nil)
		<-c.Done()
		want := "lost the connection to ../testdata/servers/crashy: the server exited with code 2 during the session"
		if got := firstLine(c.Diagnose(err).String()); got != want {
			t.Errorf("Diagnose (-want +got):\n-%s\n+%s", want, got)
		}
		if got := firstLine(inspector.Describe(c.Explain(err))); got != want {
			t.Errorf("Explain (-want +got):\n-%s\n+%s", want, got)
		}
	})
	tests := []struct {
		name string
		conn *Connection
		want string
	}{
		{"in-memory", &Connection{}, "lost the connection to the server: " + sdk.ErrConnectionClosed.Error()},
		{"http", &Connection{Target: &Target{Kind: KindHTTP, Name: "http://127.0.0.1:1/mcp"}},
			"lost the connection to http://127.0.0.1:1/mcp: " + sdk.ErrConnectionClosed.Error()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.conn.Diagnose(sdk.ErrConnectionClosed).String(); got != tt.want {
				t.Errorf("(-want +got):\n-%s\n+%s", tt.want, got)
			}
		})
	}
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

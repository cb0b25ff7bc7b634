package target

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/inspector"
)

// A Go target's build is reported around it, for a "building…" state,
// whether it compiles or not.
func TestConnectReportsTheBuild(t *testing.T) {
	for _, tt := range []struct {
		name, path string
		want       []bool
	}{
		{"compiles", "../testdata/servers/crashy", []bool{false, true}},
		{"does not compile", "../testdata/broken/builderror", []bool{false, true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tg, err := Resolve([]string{tt.path}, &ResolveOptions{BuildCache: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			var got []bool
			c, err := tg.Connect(context.Background(), &ConnectOptions{OnBuild: func(done bool) {
				mu.Lock()
				defer mu.Unlock()
				got = append(got, done)
			}})
			if err == nil {
				c.Close()
			}
			mu.Lock()
			defer mu.Unlock()
			if !slices.Equal(got, tt.want) {
				t.Errorf("OnBuild saw %v, want %v (started, ended); connect: %v", got, tt.want, inspector.Describe(err))
			}
		})
	}
}

// A command target is not built: OnBuild stays silent.
func TestConnectReportsNoBuildForACommand(t *testing.T) {
	tg := &Target{Kind: KindCommand, Name: "sh", Command: "sh", Args: []string{"-c", "exit 3"}}
	called := false
	_, err := tg.Connect(context.Background(), &ConnectOptions{OnBuild: func(bool) { called = true }})
	if err == nil {
		t.Fatal("connected to a server that exits at once")
	}
	if called {
		t.Error("OnBuild was called for a command target")
	}
}

func TestConnectionTransport(t *testing.T) {
	for _, tt := range []struct {
		c    *Connection
		want string
	}{
		{&Connection{}, "in-memory"},
		{&Connection{Target: &Target{Kind: KindCommand}}, "stdio"},
		{&Connection{Target: &Target{Kind: KindGo}}, "stdio"},
		{&Connection{Target: &Target{Kind: KindHTTP}}, "streamable http"},
	} {
		if got := tt.c.Transport(); got != tt.want {
			t.Errorf("Transport() of %+v = %q, want %q", tt.c.Target, got, tt.want)
		}
	}
	if got := (&Connection{}).Stderr(); got != nil { // around an in-memory client
		t.Errorf("Stderr() of a connection without a process = %q", got)
	}
}

func TestTargetLabel(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"../testdata/servers/crashy"}, "../testdata/servers/crashy"},
		{[]string{"--", "python3", "my server.py"}, `-- python3 "my server.py"`},
		{[]string{"http://127.0.0.1:9/mcp"}, "http://127.0.0.1:9/mcp"},
	} {
		tg, err := Resolve(tt.args, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := tg.Label(); got != tt.want {
			t.Errorf("Label of %q = %q, want %q", tt.args, got, tt.want)
		}
	}
}

package cli

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
)

// connectAsked starts the sdk's conformance example (a real subprocess)
// in protocol era version, its questions answered by a.
func connectAsked(t *testing.T, version string, a *Asker, roots []sdk.Root) *target.Connection {
	t.Helper()
	tg, err := target.Resolve([]string{"../../examples/conformance"}, &target.ResolveOptions{BuildCache: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	opts := &sdk.ClientOptions{ProtocolVersion: version, OnElicit: a.Elicit, OnElicitURL: a.ElicitURL, OnSample: a.Sample,
		OnRoots: func(context.Context) ([]sdk.Root, error) { return roots, nil }}
	conn, err := tg.Connect(context.Background(), &target.ConnectOptions{Client: opts})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	a.Watch(conn.Done())
	return conn
}

// The Asker answers sampling, elicitation and roots in both eras: server
// requests during the call (session era), InputRequiredResult rounds
// (2026-07-28); a refused sampling request reaches the tool in the first
// and ends the call in the second (the round cannot carry a refusal).
func TestAskerAnswersInBothEras(t *testing.T) {
	reply := "Paris."
	roots := []sdk.Root{{URI: "file:///srv/project", Name: "project"}}
	for _, version := range []string{sdk.LatestLegacyVersion, sdk.Version2026} {
		t.Run(version, func(t *testing.T) {
			var asked bytes.Buffer
			a := &Asker{SampleReply: &reply, Answers: []string{"username=ada", "email=ada@example.com"}, Out: &asked, In: strings.NewReader("")}
			conn := connectAsked(t, version, a, roots)
			for _, tt := range []struct{ tool, arg, want string }{
				{"test_sampling", "prompt=capital?", "LLM response: Paris."},
				{"test_elicitation", "message=Who?", `content={username: "ada", email: "ada@example.com"}`},
				{"test_roots", "", "Roots: project (file:///srv/project)"},
			} {
				var out bytes.Buffer
				var pairs []string
				if tt.arg != "" {
					pairs = []string{tt.arg}
				}
				if err := RunCall(context.Background(), &out, conn, tt.tool, &CallOptions{Pairs: pairs}); err != nil || !strings.Contains(out.String(), tt.want) {
					t.Errorf("%s: %v\n%s\nasked:\n%s", tt.tool, err, out.String(), asked.String())
				}
			}
			if !strings.Contains(asked.String(), "user: capital?\n  max tokens 100\n  replied with --sample-reply") {
				t.Errorf("the sampling request is not shown:\n%s", asked.String())
			}
			a.SampleReply, a.Decline = nil, true
			var out bytes.Buffer
			err := RunCall(context.Background(), &out, conn, "test_sampling", &CallOptions{Pairs: []string{"prompt=capital?"}})
			var tool *call.ToolError
			switch {
			case version == sdk.Version2026 && !errors.Is(err, ErrSamplingRefused):
				t.Errorf("refused in the 2026 era: %v, want ErrSamplingRefused", err)
			case version != sdk.Version2026 && (!errors.As(err, &tool) || !strings.Contains(out.String(), "User rejected sampling request")):
				t.Errorf("refused in the session era: %v\n%s", err, out.String())
			}
		})
	}
}

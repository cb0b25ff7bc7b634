package sdk_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// askHooks answers every kind of question, recording what was asked.
type askHooks struct {
	mu    sync.Mutex
	asked []string
}

func (h *askHooks) note(s string) {
	h.mu.Lock()
	h.asked = append(h.asked, s)
	h.mu.Unlock()
}

func (h *askHooks) options(version string) *sdk.ClientOptions {
	return &sdk.ClientOptions{
		ProtocolVersion: version,
		OnElicit: func(_ context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
			h.note("form: " + p.Message)
			return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: json.RawMessage(`{"username":"ada","email":"ada@example.com","name":"Ada Lovelace"}`)}, nil
		},
		OnElicitURL: func(_ context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
			h.note("url: " + p.URL)
			return &sdk.ElicitResult{Action: sdk.ActionAccept}, nil
		},
		OnSample: func(_ context.Context, p *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
			h.note("sample")
			return &sdk.CreateMessageResult{Role: "assistant", Content: json.RawMessage(`{"type":"text","text":"Paris, says the model"}`), Model: "test-model", StopReason: "endTurn"}, nil
		},
		OnRoots: func(context.Context) ([]sdk.Root, error) {
			h.note("roots")
			return []sdk.Root{{URI: "file:///work/project", Name: "project"}}, nil
		},
	}
}

func callText(t *testing.T, c *sdk.Client, tool string, args any) string {
	t.Helper()
	res, err := c.CallTool(testCtx(t), tool, args, nil)
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var texts []string
	for _, b := range res.Content {
		texts = append(texts, b.Text)
	}
	if res.IsError {
		t.Fatalf("%s failed: %s", tool, strings.Join(texts, "\n"))
	}
	return strings.Join(texts, "\n")
}

// TestAskOverStdio runs examples/conformance as a real process and has
// its tools ask the sdk client, in both eras.
func TestAskOverStdio(t *testing.T) {
	bin := testutil.Build(t, "../examples/conformance")
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			conn, err := transport.Command(bin, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			h := &askHooks{}
			c, err := sdk.Connect(testCtx(t), conn, h.options(era.version))
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			for _, tt := range []struct {
				tool string
				args any
				want string
			}{
				{"test_elicitation", map[string]any{"message": "Who are you?"}, `User response: action=accept, content={username: "ada", email: "ada@example.com"}`},
				{"test_sampling", map[string]any{"prompt": "Capital of France?"}, "LLM response: Paris, says the model"},
				{"test_roots", nil, "Roots: project (file:///work/project)"},
			} {
				if got := callText(t, c, tt.tool, tt.args); got != tt.want {
					t.Errorf("%s = %q, want %q", tt.tool, got, tt.want)
				}
			}
			if got := strings.Join(sortStrings(h.asked), ", "); got != "form: Who are you?, roots, sample" {
				t.Errorf("asked %q", got)
			}
		})
	}
}

// TestServerEverythingAsksTheSDKClient: server-everything offers its
// elicitation, sampling and roots tools only to a client that declares
// the capabilities, then asks it during the calls.
func TestServerEverythingAsksTheSDKClient(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	connect := func(opts *sdk.ClientOptions) *sdk.Client {
		conn, err := transport.Command(node, []string{files[0], "stdio"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		c, err := sdk.Connect(testCtx(t), conn, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	asking := []string{"get-roots-list", "trigger-elicitation-request", "trigger-sampling-request", "trigger-url-elicitation"}
	offered := func(c *sdk.Client) string {
		tools, err := c.ListTools(testCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range tools {
			for _, a := range asking {
				if tool.Name == a {
					names = append(names, a)
				}
			}
		}
		return strings.Join(sortStrings(names), " ")
	}
	if got := offered(connect(&sdk.ClientOptions{ProtocolVersion: sdk.LatestLegacyVersion})); got != "" {
		t.Errorf("a client without hooks is offered %q", got)
	}
	h := &askHooks{}
	c := connect(h.options(sdk.LatestLegacyVersion))
	if got, want := offered(c), strings.Join(asking, " "); got != want {
		t.Fatalf("offered %q, want %q", got, want)
	}
	for _, tt := range []struct {
		tool string
		args any
		want string
	}{
		{"trigger-elicitation-request", nil, "Name: Ada Lovelace"},
		{"trigger-sampling-request", map[string]any{"prompt": "Capital of France?"}, "Paris, says the model"},
		{"get-roots-list", nil, "file:///work/project"},
		{"trigger-url-elicitation", map[string]any{"url": "https://example.com/consent"}, "accept"},
	} {
		if got := callText(t, c, tt.tool, tt.args); !strings.Contains(got, tt.want) {
			t.Errorf("%s = %q, want it to contain %q", tt.tool, got, tt.want)
		}
	}
	joined := strings.Join(h.asked, ", ")
	for _, want := range []string{"form: Please provide inputs", "sample", "roots", "url: https://example.com/consent"} {
		if !strings.Contains(joined, want) {
			t.Errorf("asked %q, want %q among them", joined, want)
		}
	}
}

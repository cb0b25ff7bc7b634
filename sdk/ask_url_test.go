package sdk_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// urlServer has a tool that sends the person to a URL, and one that fails
// until they have been there.
func urlServer() *sdk.Server {
	s := sdk.NewServer("url-test", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		action, err := sdk.ElicitURL(ctx, "Sign in to continue", "https://example.com/login?state=1", "login-1")
		if err != nil {
			return "", err
		}
		_ = sdk.ElicitationComplete(ctx, "login-1")
		return "login: " + string(action), nil
	}, &sdk.ToolOptions{Name: "login", Description: "Sends the person to a login page."})
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		return "", sdk.URLElicitationRequired("Pay first", sdk.URLElicitation{ElicitationID: "pay-1", URL: "https://example.com/pay", Message: "Pay here"})
	}, &sdk.ToolOptions{Name: "pay", Description: "Needs a payment first."})
	return s
}

func TestElicitURLInEveryEraAndTransport(t *testing.T) {
	everyWay(t, func(t *testing.T, kind, version string) {
		var got *sdk.ElicitParams
		c := askClient(t, urlServer(), kind, version, sdk.ClientOptions{
			OnElicitURL: func(_ context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
				got = p
				return &sdk.ElicitResult{Action: sdk.ActionAccept}, nil
			},
		})
		res, err := c.CallTool(testCtx(t), "login", nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if text := resultText(t, res); text != "login: accept" {
			t.Errorf("got %q", text)
		}
		if got == nil || got.Mode != "url" || got.URL != "https://example.com/login?state=1" || got.ElicitationID != "login-1" || got.Message != "Sign in to continue" {
			t.Errorf("params = %+v", got)
		}
		_, err = c.CallTool(testCtx(t), "pay", nil, nil)
		els := sdk.URLElicitationsOf(err)
		if transport.ErrorCode(err) != transport.CodeURLElicitationNeeded || len(els) != 1 || els[0].URL != "https://example.com/pay" || els[0].Mode != "url" {
			t.Errorf("pay: err = %v, elicitations %+v", err, els)
		}
	})
}

func TestElicitURLNeedsTheURLCapability(t *testing.T) {
	everyWay(t, func(t *testing.T, kind, version string) {
		c := askClient(t, urlServer(), kind, version, sdk.ClientOptions{OnElicit: answerWith(sdk.ActionAccept, "")})
		_, err := c.CallTool(testCtx(t), "login", nil, nil)
		if transport.ErrorCode(err) != transport.CodeMissingCapability || !strings.Contains(err.Error(), "did not declare elicitation.url") {
			t.Errorf("err = %v, want -32021 naming elicitation.url", err)
		}
	})
}

// TestCancelledCallWithdrawsTheQuestion: cancelling a call while the
// client's hook is answering cancels the hook's context (the server sends
// notifications/cancelled), and the client goes on.
func TestCancelledCallWithdrawsTheQuestion(t *testing.T) {
	for _, kind := range askTransports {
		t.Run(kind, func(t *testing.T) {
			started, withdrawn := make(chan struct{}), make(chan struct{})
			c := askClient(t, askServer(), kind, sdk.LatestLegacyVersion, sdk.ClientOptions{
				OnElicit: func(ctx context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
					if p.Message != "Book a room" {
						return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: []byte(`{"name":"x"}`)}, nil
					}
					close(started)
					<-ctx.Done()
					close(withdrawn)
					return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: []byte(`{"name":"late","room":"single"}`)}, nil
				},
			})
			ctx, cancel := context.WithCancel(testCtx(t))
			go func() { <-started; cancel() }()
			if _, err := c.CallTool(ctx, "book", nil, nil); err == nil {
				t.Fatal("the cancelled call succeeded")
			}
			select {
			case <-withdrawn:
			case <-testCtx(t).Done():
				t.Fatal("the hook's context was never cancelled")
			}
			res, err := c.CallTool(testCtx(t), "two_steps", nil, nil)
			if err != nil || resultText(t, res) != "x then x" {
				t.Errorf("next call: %v %+v", err, res)
			}
		})
	}
}

func TestRootsChangedIsSentInSessions(t *testing.T) {
	var sent []string
	c := legacyClient(t, askServer(), &sdk.ClientOptions{
		OnRoots: func(context.Context) ([]sdk.Root, error) { return nil, nil },
		Trace: func(d sdk.Direction, m *transport.Message) {
			if d == sdk.Sent && m.IsNotification() {
				sent = append(sent, m.Method)
			}
		},
	})
	if err := c.RootsChanged(testCtx(t)); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(sent, " "); got != "notifications/initialized notifications/roots/list_changed" {
		t.Errorf("sent %q", got)
	}
	if !strings.Contains(string(c.InitializeResult().ProtocolVersion), "20") {
		t.Errorf("not a session")
	}
}

// TestHookWithoutAnswerFailsTheCallOnce: a hook that returns neither an
// answer nor an error fails the call (legacy: the tool sees the client's
// error; stateless: CallTool reports it) instead of asking forever.
func TestHookWithoutAnswerFailsTheCallOnce(t *testing.T) {
	everyWay(t, func(t *testing.T, kind, version string) {
		c := askClient(t, askServer(), kind, version, sdk.ClientOptions{
			OnElicit: func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) { return nil, nil },
		})
		res, err := c.CallTool(testCtx(t), "book", nil, nil)
		switch {
		case err != nil:
			if !strings.Contains(err.Error(), "returned no answer") {
				t.Errorf("err = %v", err)
			}
		case !res.IsError || !strings.Contains(resultText(t, res), "returned no answer"):
			t.Errorf("result = %+v", res)
		}
	})
}

package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"runtime/debug"

	"github.com/mcpdev/mcpdev/transport"
)

// Role says who speaks a prompt message.
type Role string

// The roles of prompt messages.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// PromptMessage is one message of a prompt: a role and one content block
// (text, image, audio, resource_link or an embedded resource).
type PromptMessage struct {
	Role    Role    `json:"role"`
	Content Content `json:"content"`
}

// UserMessage returns a message the user says.
func UserMessage(c Content) PromptMessage { return PromptMessage{Role: RoleUser, Content: c} }

// AssistantMessage returns a message the assistant says (to prime a
// conversation).
func AssistantMessage(c Content) PromptMessage {
	return PromptMessage{Role: RoleAssistant, Content: c}
}

// GetPromptParams names a prompt and its arguments (strings on the wire).
type GetPromptParams struct {
	Name      string            `json:"name"`
	Arguments map[string]string `json:"arguments,omitempty"`
}

// GetPromptResult answers prompts/get. A prompt function may return one
// to set the description too; an empty Description is the prompt's own.
type GetPromptResult struct {
	Description string          `json:"description,omitempty"`
	Messages    []PromptMessage `json:"messages"`
	ResultType  string          `json:"resultType,omitempty"` // 2026 era
	Meta        json.RawMessage `json:"_meta,omitempty"`
}

// ListPromptsResult is one page of prompts.
type ListPromptsResult struct {
	Prompts    []PromptInfo `json:"prompts"`
	NextCursor string       `json:"nextCursor,omitempty"`
	// 2026 era only.
	ResultType string `json:"resultType,omitempty"`
	TTLMs      *int64 `json:"ttlMs,omitempty"`
	CacheScope string `json:"cacheScope,omitempty"`
}

var promptResultTypes = []reflect.Type{
	reflect.TypeFor[string](),
	contentType,
	reflect.TypeFor[[]Content](),
	reflect.TypeFor[PromptMessage](),
	reflect.TypeFor[[]PromptMessage](),
	reflect.TypeFor[GetPromptResult](),
	reflect.TypeFor[*GetPromptResult](),
}

// checkPromptResult refuses a result type Prompt cannot turn into messages.
func checkPromptResult(t reflect.Type) error {
	for _, ok := range promptResultTypes {
		if t == ok {
			return nil
		}
	}
	return fmt.Errorf("result type %v must be string, sdk.Content, []sdk.Content, sdk.PromptMessage, []sdk.PromptMessage or (*)sdk.GetPromptResult", t)
}

// promptResult turns what a prompt function returned into the result,
// checking the roles and that every message has content.
func promptResult(out any) (*GetPromptResult, error) {
	var res *GetPromptResult
	switch v := out.(type) {
	case string:
		res = oneMessage(UserMessage(Text(v)))
	case Content:
		res = oneMessage(UserMessage(v))
	case []Content:
		res = &GetPromptResult{}
		for _, c := range v {
			res.Messages = append(res.Messages, UserMessage(c))
		}
	case PromptMessage:
		res = oneMessage(v)
	case []PromptMessage:
		res = &GetPromptResult{Messages: v}
	case GetPromptResult:
		res = &v
	case *GetPromptResult:
		if v == nil {
			return nil, errors.New("the prompt function returned a nil *GetPromptResult")
		}
		c := *v
		res = &c
	default:
		res = &GetPromptResult{}
	}
	if res.Messages == nil {
		res.Messages = []PromptMessage{}
	}
	if err := checkMessages(res.Messages); err != nil {
		return nil, err
	}
	return res, nil
}

// oneMessage is the result of one message, in one allocation with its
// list: the usual prompt returns a string.
func oneMessage(m PromptMessage) *GetPromptResult {
	r := &struct {
		res GetPromptResult
		msg [1]PromptMessage
	}{msg: [1]PromptMessage{m}}
	r.res.Messages = r.msg[:]
	return &r.res
}

// checkMessages checks the roles and that every message has content.
func checkMessages(ms []PromptMessage) error {
	for i, m := range ms {
		if m.Role != RoleUser && m.Role != RoleAssistant {
			return fmt.Errorf("message %d has role %q: a prompt message's role is %q or %q", i, m.Role, RoleUser, RoleAssistant)
		}
		if m.Content.Type == "" {
			return fmt.Errorf("message %d has no content: build it with sdk.Text, sdk.Image, sdk.Audio, sdk.ResourceLink or sdk.EmbeddedResource", i)
		}
	}
	return nil
}

// runPrompt calls fn, turning a panic into an error so the server keeps
// serving; goroutines fn started with Go are waited for, as for a tool.
func runPrompt[In, Out any](ctx context.Context, name string, fn func(context.Context, In) (Out, error), in In) (out Out, err error) {
	if ci := callFrom(ctx); ci != nil {
		defer func() {
			if gerr := ci.goroutines.wait(); gerr != nil && err == nil {
				var zero Out
				out, err = zero, gerr
			}
		}()
	}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "sdk: prompt %s panicked: %v\n%s", name, r, debug.Stack())
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return fn(ctx, in)
}

// promptFailure is the JSON-RPC error of a prompt function's error: a
// *transport.Error as it is, anything else -32603 naming the prompt.
func promptFailure(name string, err error) error {
	var rpcErr *transport.Error
	if errors.As(err, &rpcErr) {
		return rpcErr
	}
	return transport.Errorf(transport.CodeInternalError, "Error rendering prompt %s: %v", name, err)
}

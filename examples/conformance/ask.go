package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// The tools that ask the client back: elicitation, sampling and roots,
// written once for both eras (server requests in a session,
// InputRequiredResult rounds in the 2026-07-28 era).

// ElicitationArgs are test_elicitation's.
type ElicitationArgs struct {
	Message string `json:"message" jsonschema:"description=The message to show the user"`
}

// UserInfo is the form test_elicitation asks for.
type UserInfo struct {
	Username string `json:"username" jsonschema:"description=User's response"`
	Email    string `json:"email" jsonschema:"description=User's email address"`
}

// TestElicitation asks the user for a name and an email address.
func TestElicitation(ctx context.Context, a ElicitationArgs) (string, error) {
	info, action, err := sdk.Elicit[UserInfo](ctx, a.Message)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("User response: action=%s, content={username: %q, email: %q}", action, info.Username, info.Email), nil
}

// SamplingArgs are test_sampling's.
type SamplingArgs struct {
	Prompt string `json:"prompt" jsonschema:"description=The prompt to send to the LLM"`
}

// TestSampling asks the client's model to answer the prompt.
func TestSampling(ctx context.Context, a SamplingArgs) (string, error) {
	res, err := sdk.Sample(ctx, sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{sdk.UserText(a.Prompt)}, MaxTokens: 100})
	if err != nil {
		return "", err
	}
	return "LLM response: " + res.Text(), nil
}

// TestRoots lists the client's roots.
func TestRoots(ctx context.Context, _ NoArgs) (string, error) {
	roots, err := sdk.Roots(ctx)
	if err != nil {
		return "", err
	}
	return "Roots: " + rootList(roots), nil
}

func rootList(roots []sdk.Root) string {
	var names []string
	for _, r := range roots {
		names = append(names, r.Name+" ("+r.URI+")")
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// Defaults is the SEP-1034 form: a default for every primitive type.
type Defaults struct {
	Name     string  `json:"name" jsonschema:"title=Name,default=John Doe"`
	Age      int     `json:"age" jsonschema:"title=Age,default=30"`
	Score    float64 `json:"score" jsonschema:"title=Score,default=95.5"`
	Status   string  `json:"status" jsonschema:"title=Status,enum=active,enum=inactive,enum=pending,default=active"`
	Verified bool    `json:"verified" jsonschema:"title=Verified,default=true"`
}

// TestElicitationSep1034Defaults asks for a form whose fields all have
// defaults (SEP-1034).
func TestElicitationSep1034Defaults(ctx context.Context, _ NoArgs) (string, error) {
	d, action, err := sdk.Elicit[Defaults](ctx, "Please review your details")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Elicitation completed: action=%s, content=%+v", action, d), nil
}

// Enums is the SEP-1330 form: every kind of enum.
type Enums struct {
	UntitledSingle string   `json:"untitledSingle" jsonschema:"enum=option1,enum=option2,enum=option3"`
	TitledSingle   string   `json:"titledSingle" jsonschema:"enum=value1,enum=value2,enum=value3" enumTitles:"First Option,Second Option,Third Option"`
	LegacyEnum     string   `json:"legacyEnum" jsonschema:"enum=opt1,enum=opt2,enum=opt3" enumNames:"Option One,Option Two,Option Three"`
	UntitledMulti  []string `json:"untitledMulti" jsonschema:"enum=option1,enum=option2,enum=option3"`
	TitledMulti    []string `json:"titledMulti" jsonschema:"enum=value1,enum=value2,enum=value3" enumTitles:"First Choice,Second Choice,Third Choice"`
}

// TestElicitationSep1330Enums asks for a form with single- and
// multi-select enums, titled and not (SEP-1330).
func TestElicitationSep1330Enums(ctx context.Context, _ NoArgs) (string, error) {
	e, action, err := sdk.Elicit[Enums](ctx, "Please pick your options")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Elicitation completed: action=%s, content=%+v", action, e), nil
}

// Name is a form of one name.
type Name struct {
	Name string `json:"name"`
}

// TestInputRequiredResultElicitation greets the user by the name it asks.
func TestInputRequiredResultElicitation(ctx context.Context, _ NoArgs) (string, error) {
	n, _, err := sdk.Elicit[Name](ctx, "What is your name?", &sdk.AskOptions{Key: "user_name"})
	if err != nil {
		return "", err
	}
	return "Hello, " + n.Name + "!", nil
}

// TestInputRequiredResultSampling asks the client's model a question.
func TestInputRequiredResultSampling(ctx context.Context, _ NoArgs) (string, error) {
	res, err := sdk.Sample(ctx, sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{sdk.UserText("What is the capital of France?")}, MaxTokens: 100},
		&sdk.AskOptions{Key: "capital_question"})
	if err != nil {
		return "", err
	}
	return res.Text(), nil
}

// TestInputRequiredResultListRoots names the client's roots.
func TestInputRequiredResultListRoots(ctx context.Context, _ NoArgs) (string, error) {
	roots, err := sdk.Roots(ctx, &sdk.AskOptions{Key: "client_roots"})
	if err != nil {
		return "", err
	}
	return "Roots: " + rootList(roots), nil
}

// Confirmation is a yes/no form.
type Confirmation struct {
	OK bool `json:"ok"`
}

// TestInputRequiredResultRequestState asks for a confirmation; the answer
// arrives with the signed requestState.
func TestInputRequiredResultRequestState(ctx context.Context, _ NoArgs) (string, error) {
	c, _, err := sdk.Elicit[Confirmation](ctx, "Please confirm", &sdk.AskOptions{Key: "confirm"})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("state-ok: confirmed=%v", c.OK), nil
}

// TestInputRequiredResultTamperedState is TestInputRequiredResultRequestState
// for the tampered-state scenario.
func TestInputRequiredResultTamperedState(ctx context.Context, a NoArgs) (string, error) {
	return TestInputRequiredResultRequestState(ctx, a)
}

// TestInputRequiredResultMultipleInputs asks three questions in one round.
func TestInputRequiredResultMultipleInputs(ctx context.Context, _ NoArgs) (string, error) {
	n, _, err1 := sdk.Elicit[Name](ctx, "What is your name?", &sdk.AskOptions{Key: "user_name"})
	greeting, err2 := sdk.Sample(ctx, sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{sdk.UserText("Generate a greeting")}, MaxTokens: 50},
		&sdk.AskOptions{Key: "greeting"})
	roots, err3 := sdk.Roots(ctx, &sdk.AskOptions{Key: "client_roots"})
	if err := errors.Join(err1, err2, err3); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s, %s! Roots: %s", greeting.Text(), n.Name, rootList(roots)), nil
}

// Color is a form of one favourite colour.
type Color struct {
	Color string `json:"color"`
}

// TestInputRequiredResultMultiRound asks two questions, one round each.
func TestInputRequiredResultMultiRound(ctx context.Context, _ NoArgs) (string, error) {
	n, _, err := sdk.Elicit[Name](ctx, "Step 1: What is your name?", &sdk.AskOptions{Key: "step1"})
	if err != nil {
		return "", err
	}
	c, _, err := sdk.Elicit[Color](ctx, "Step 2: What is your favorite color?", &sdk.AskOptions{Key: "step2"})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s likes %s", n.Name, c.Color), nil
}

// TestInputRequiredResultCapabilities asks only what the client can
// answer: a question it declared no capability for is skipped.
func TestInputRequiredResultCapabilities(ctx context.Context, _ NoArgs) (string, error) {
	n, _, err1 := sdk.Elicit[Name](ctx, "What is your name?", &sdk.AskOptions{Key: "user_name"})
	s, err2 := sdk.Sample(ctx, sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{sdk.UserText("Say hello")}, MaxTokens: 50},
		&sdk.AskOptions{Key: "hello"})
	err1, err2 = skipMissing(err1), skipMissing(err2)
	if err := errors.Join(err1, err2); err != nil {
		return "", err
	}
	text := "asked what the client supports"
	if s != nil {
		text += "; model: " + s.Text()
	}
	if n.Name != "" {
		text += "; name: " + n.Name
	}
	return text, nil
}

// skipMissing drops the error of a capability the client lacks.
func skipMissing(err error) error {
	if transport.ErrorCode(err) == transport.CodeMissingCapability {
		return nil
	}
	return err
}

// ContextForm is the prompt's question.
type ContextForm struct {
	Context string `json:"context"`
}

// TestInputRequiredResultPrompt asks what context the prompt should use.
func TestInputRequiredResultPrompt(ctx context.Context, _ struct{}) (string, error) {
	c, _, err := sdk.Elicit[ContextForm](ctx, "What context should the prompt use?", &sdk.AskOptions{Key: "user_context"})
	if err != nil {
		return "", err
	}
	return "Use this context: " + c.Context, nil
}

func addAskTools(s *sdk.Server) {
	sdk.Tool(s, TestElicitation, nil)
	sdk.Tool(s, TestSampling, nil)
	sdk.Tool(s, TestRoots, nil)
	sdk.Tool(s, TestElicitationSep1034Defaults, nil)
	sdk.Tool(s, TestElicitationSep1330Enums, nil)
	sdk.Tool(s, TestInputRequiredResultElicitation, nil)
	sdk.Tool(s, TestInputRequiredResultSampling, nil)
	sdk.Tool(s, TestInputRequiredResultListRoots, nil)
	sdk.Tool(s, TestInputRequiredResultRequestState, nil)
	sdk.Tool(s, TestInputRequiredResultTamperedState, nil)
	sdk.Tool(s, TestInputRequiredResultMultipleInputs, &sdk.ToolOptions{Name: "test_input_required_result_multiple_inputs"})
	sdk.Tool(s, TestInputRequiredResultMultiRound, nil)
	sdk.Tool(s, TestInputRequiredResultCapabilities, &sdk.ToolOptions{Name: "test_input_required_result_capabilities"})
	sdk.Prompt(s, TestInputRequiredResultPrompt, &sdk.PromptOptions{Name: "test_input_required_result_prompt"})
}

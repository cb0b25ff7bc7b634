package sdk

import "encoding/json"

// The protocol types of the requests a server puts to its client while it
// answers one: elicitation, sampling and roots. In the handshake era they
// travel as requests of their own (elicitation/create,
// sampling/createMessage, roots/list); in the 2026 era as the
// inputRequests of an InputRequiredResult (SEP-2322).

// ElicitAction is how the person answered an elicitation.
type ElicitAction string

// The three answers to an elicitation.
const (
	ActionAccept  ElicitAction = "accept"  // submitted the form (or opened the URL and agreed)
	ActionDecline ElicitAction = "decline" // said no
	ActionCancel  ElicitAction = "cancel"  // dismissed it without choosing
)

// ElicitParams are the params of elicitation/create. Mode is "" or "form"
// for a form (RequestedSchema set), "url" for URL mode (SEP-1036: URL and
// ElicitationID set).
type ElicitParams struct {
	Mode            string          `json:"mode,omitempty"`
	Message         string          `json:"message"`
	RequestedSchema json.RawMessage `json:"requestedSchema,omitempty"`
	URL             string          `json:"url,omitempty"`
	ElicitationID   string          `json:"elicitationId,omitempty"`
	Meta            json.RawMessage `json:"_meta,omitempty"`
}

// ElicitResult answers elicitation/create: the action and, when accepted
// in form mode, the form's content.
type ElicitResult struct {
	Action  ElicitAction    `json:"action"`
	Content json.RawMessage `json:"content,omitempty"`
}

// SamplingMessage is one message of a sampling conversation. Content is
// one content block or (SEP-1577: tool use and results) several.
type SamplingMessage struct {
	Role    string          `json:"role"` // "user" or "assistant"
	Content json.RawMessage `json:"content"`
}

// UserText is a user message of one text block.
func UserText(text string) SamplingMessage {
	return SamplingMessage{Role: "user", Content: mustJSON(Text(text))}
}

// ModelPreferences are the server's hints for the client's choice of model.
type ModelPreferences struct {
	Hints                []ModelHint `json:"hints,omitempty"`
	CostPriority         *float64    `json:"costPriority,omitempty"`
	SpeedPriority        *float64    `json:"speedPriority,omitempty"`
	IntelligencePriority *float64    `json:"intelligencePriority,omitempty"`
}

// ModelHint names a model (or part of a name) the server would like.
type ModelHint struct {
	Name string `json:"name,omitempty"`
}

// SamplingTool is a tool the client's model may call while sampling
// (SEP-1577).
type SamplingTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// ToolChoice says whether the model must, may or must not call tools
// (SEP-1577): Mode "auto", "required" or "none".
type ToolChoice struct {
	Mode string `json:"mode,omitempty"`
}

// CreateMessageParams are the params of sampling/createMessage.
type CreateMessageParams struct {
	Messages         []SamplingMessage `json:"messages"`
	SystemPrompt     string            `json:"systemPrompt,omitempty"`
	ModelPreferences *ModelPreferences `json:"modelPreferences,omitempty"`
	MaxTokens        int               `json:"maxTokens"`
	Temperature      *float64          `json:"temperature,omitempty"`
	StopSequences    []string          `json:"stopSequences,omitempty"`
	IncludeContext   string            `json:"includeContext,omitempty"`
	Tools            []SamplingTool    `json:"tools,omitempty"`
	ToolChoice       *ToolChoice       `json:"toolChoice,omitempty"`
	Metadata         json.RawMessage   `json:"metadata,omitempty"`
}

// CreateMessageResult answers sampling/createMessage: what the client's
// model generated. Content is one block or several (tool use, SEP-1577);
// Text reads the text of it.
type CreateMessageResult struct {
	Role       string          `json:"role"`
	Content    json.RawMessage `json:"content"`
	Model      string          `json:"model"`
	StopReason string          `json:"stopReason,omitempty"`
}

// Text returns the text of the result's text blocks, joined by newlines.
func (r *CreateMessageResult) Text() string {
	var one Content
	if json.Unmarshal(r.Content, &one) == nil && one.Type != "" {
		return one.Text
	}
	var many []Content
	_ = json.Unmarshal(r.Content, &many)
	out := ""
	for _, c := range many {
		if c.Type == "text" {
			if out != "" {
				out += "\n"
			}
			out += c.Text
		}
	}
	return out
}

// Root is a directory or file the client lets the server work in.
type Root struct {
	URI  string `json:"uri"` // a file:// URI
	Name string `json:"name,omitempty"`
}

// ListRootsResult answers roots/list.
type ListRootsResult struct {
	Roots []Root `json:"roots"`
}

// ResultInputRequired is the resultType of an InputRequiredResult.
const ResultInputRequired = "input_required"

// InputRequest is one question of an InputRequiredResult: the method and
// params the handshake era would have sent as a request.
type InputRequest struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// InputRequiredResult is the 2026 era's answer to a request whose
// handler needs the client's input first (SEP-2322): the client answers
// every input request and sends the request again with inputResponses
// (keyed as InputRequests) and RequestState unchanged.
type InputRequiredResult struct {
	ResultType    string                  `json:"resultType"`
	InputRequests map[string]InputRequest `json:"inputRequests"`
	RequestState  string                  `json:"requestState,omitempty"`
}

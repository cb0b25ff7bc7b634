package sdk

import (
	"encoding/json"
	"slices"
)

// Protocol versions. The legacy era negotiates one of LegacyVersions() with
// initialize; the 2026 era (Version2026) is stateless and carries the
// version in every request's _meta.
const (
	LatestLegacyVersion = "2025-11-25"
	Version2026         = "2026-07-28"
)

// legacyVersions lists the handshake-era versions this SDK speaks, newest first.
var legacyVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// LegacyVersions returns the handshake-era versions this SDK speaks, newest
// first (a copy: changing it changes nothing).
func LegacyVersions() []string { return slices.Clone(legacyVersions) }

// Implementation names a client or server.
type Implementation struct {
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`
	Version string `json:"version"`
}

// InitializeParams is sent by a legacy-era client to open a session.
type InitializeParams struct {
	ProtocolVersion string          `json:"protocolVersion"`
	Capabilities    json.RawMessage `json:"capabilities"`
	ClientInfo      Implementation  `json:"clientInfo"`
}

// InitializeResult answers initialize.
type InitializeResult struct {
	ProtocolVersion string             `json:"protocolVersion"`
	Capabilities    ServerCapabilities `json:"capabilities"`
	ServerInfo      Implementation     `json:"serverInfo"`
	Instructions    string             `json:"instructions,omitempty"`
}

// ServerCapabilities advertises what a server offers.
type ServerCapabilities struct {
	Tools       *ToolsCapability     `json:"tools,omitempty"`
	Resources   *ResourcesCapability `json:"resources,omitempty"`
	Logging     *struct{}            `json:"logging,omitempty"`
	Prompts     *PromptsCapability   `json:"prompts,omitempty"`
	Completions *struct{}            `json:"completions,omitempty"`
	// Tasks (2025-11-25) and, in the 2026 era, Extensions announce
	// tasks (TasksExtension).
	Tasks      *TasksCapability           `json:"tasks,omitempty"`
	Extensions map[string]json.RawMessage `json:"extensions,omitempty"`
}

// ToolsCapability says whether the server announces tool list changes.
type ToolsCapability struct {
	ListChanged bool `json:"listChanged,omitempty"`
}

// ToolInfo is a tool as it appears on the wire in tools/list.
type ToolInfo struct {
	Name         string           `json:"name"`
	Title        string           `json:"title,omitempty"`
	Description  string           `json:"description,omitempty"`
	InputSchema  json.RawMessage  `json:"inputSchema"`
	OutputSchema json.RawMessage  `json:"outputSchema,omitempty"`
	Annotations  *ToolAnnotations `json:"annotations,omitempty"`
	Execution    *ToolExecution   `json:"execution,omitempty"`
	Icons        []Icon           `json:"icons,omitempty"`
	Meta         json.RawMessage  `json:"_meta,omitempty"`
}

// ToolExecution says how a tool may be run (protocol 2025-11-25).
// TaskSupport is "forbidden" (also when absent), "optional" or "required":
// a required tool is run only as a task (tools/call with a task, then
// tasks/get and tasks/result), which this SDK does not implement yet.
type ToolExecution struct {
	TaskSupport string `json:"taskSupport,omitempty"`
}

// Icon is an image a client may show for a tool (protocol 2025-11-25).
type Icon struct {
	// Src is an http(s) URL or a data: URI holding the image.
	Src string `json:"src"`
	// MimeType overrides the type the URL's response declares
	// ("image/png", "image/svg+xml", …).
	MimeType string `json:"mimeType,omitempty"`
	// Sizes lists the sizes the image fits, as "48x48" or "any" (SVG).
	Sizes []string `json:"sizes,omitempty"`
	// Theme is IconLight or IconDark when the icon is meant for a light
	// or a dark background; empty for any.
	Theme string `json:"theme,omitempty"`
}

// The values of Icon.Theme.
const (
	IconLight = "light" // for a light background
	IconDark  = "dark"  // for a dark background
)

// ToolAnnotations are behaviour hints for clients. A nil hint is not sent,
// so false stays expressible: use Bool(false).
type ToolAnnotations struct {
	Title           string `json:"title,omitempty"`
	ReadOnlyHint    *bool  `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool  `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool  `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool  `json:"openWorldHint,omitempty"`
}

// Bool returns a pointer to b, for annotation hints.
func Bool(b bool) *bool { return &b }

// ListToolsParams asks for one page of tools.
type ListToolsParams struct {
	Cursor string `json:"cursor,omitempty"`
}

// ListToolsResult is one page of tools.
type ListToolsResult struct {
	Tools      []ToolInfo `json:"tools"`
	NextCursor string     `json:"nextCursor,omitempty"`
	// 2026 era only.
	ResultType string `json:"resultType,omitempty"`
	TTLMs      *int64 `json:"ttlMs,omitempty"`
	CacheScope string `json:"cacheScope,omitempty"`
}

// CallToolParams names a tool and its arguments.
type CallToolParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
	Meta      *RequestMeta    `json:"_meta,omitempty"`
}

// RequestMeta is the _meta of a request.
type RequestMeta struct {
	ProgressToken json.RawMessage `json:"progressToken,omitempty"`
}

// CallToolResult is what a tool call returns. Tool failures travel here with
// IsError set; they are not JSON-RPC errors.
type CallToolResult struct {
	Content           []Content       `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent,omitempty"`
	IsError           bool            `json:"isError,omitempty"`
	ResultType        string          `json:"resultType,omitempty"`
	Meta              json.RawMessage `json:"_meta,omitempty"`
}

// Content is one content block: text, image, audio, resource_link or
// resource (embedded). Build them with Text, Image, Audio, ResourceLink and
// EmbeddedResource.
type Content struct {
	Type        string            `json:"type"`
	Text        string            `json:"text,omitempty"`
	Data        string            `json:"data,omitempty"` // base64, image and audio
	MimeType    string            `json:"mimeType,omitempty"`
	URI         string            `json:"uri,omitempty"` // resource_link
	Name        string            `json:"name,omitempty"`
	Title       string            `json:"title,omitempty"`
	Description string            `json:"description,omitempty"`
	Size        *int64            `json:"size,omitempty"`
	Resource    *ResourceContents `json:"resource,omitempty"` // resource
	Annotations json.RawMessage   `json:"annotations,omitempty"`
	Meta        json.RawMessage   `json:"_meta,omitempty"`
}

// ResourceContents is the body of a resource (resources/read) or of an
// embedded resource: Text, or Blob (base64).
type ResourceContents struct {
	URI      string          `json:"uri"`
	MimeType string          `json:"mimeType,omitempty"`
	Text     string          `json:"text,omitempty"`
	Blob     string          `json:"blob,omitempty"`
	Meta     json.RawMessage `json:"_meta,omitempty"`
}

// ProgressParams is the body of notifications/progress.
type ProgressParams struct {
	ProgressToken json.RawMessage `json:"progressToken"`
	Progress      float64         `json:"progress"`
	Total         float64         `json:"total,omitempty"`
	Message       string          `json:"message,omitempty"`
}

// LogParams is the body of notifications/message.
type LogParams struct {
	Level  LogLevel `json:"level"`
	Logger string   `json:"logger,omitempty"`
	Data   any      `json:"data"`
}

// CancelledParams is the body of notifications/cancelled.
type CancelledParams struct {
	RequestID json.RawMessage `json:"requestId"`
	Reason    string          `json:"reason,omitempty"`
}

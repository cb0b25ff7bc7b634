package sdk

import (
	"encoding/json"
	"time"
)

// ResourceInfo is a fixed resource as resources/list shows it.
type ResourceInfo struct {
	URI         string               `json:"uri"`
	Name        string               `json:"name"`
	Title       string               `json:"title,omitempty"`
	Description string               `json:"description,omitempty"`
	MimeType    string               `json:"mimeType,omitempty"`
	Size        *int64               `json:"size,omitempty"`
	Annotations *ResourceAnnotations `json:"annotations,omitempty"`
	Icons       []Icon               `json:"icons,omitempty"`
	Meta        json.RawMessage      `json:"_meta,omitempty"`
}

// ResourceTemplateInfo is a resource template as resources/templates/list
// shows it.
type ResourceTemplateInfo struct {
	URITemplate string               `json:"uriTemplate"`
	Name        string               `json:"name"`
	Title       string               `json:"title,omitempty"`
	Description string               `json:"description,omitempty"`
	MimeType    string               `json:"mimeType,omitempty"`
	Annotations *ResourceAnnotations `json:"annotations,omitempty"`
	Icons       []Icon               `json:"icons,omitempty"`
	Meta        json.RawMessage      `json:"_meta,omitempty"`
}

// ResourceAnnotations are hints about a resource for clients: who it is
// for (RoleUser, RoleAssistant), how important it is (0 to 1) and when it
// last changed. Unset fields are not sent.
type ResourceAnnotations struct {
	Audience     []Role    `json:"audience,omitempty"`
	Priority     *float64  `json:"priority,omitempty"`
	LastModified time.Time `json:"lastModified,omitzero"`
}

// ListResourcesParams asks for one page of resources or templates.
type ListResourcesParams struct {
	Cursor string `json:"cursor,omitempty"`
}

// ListResourcesResult is one page of resources.
type ListResourcesResult struct {
	Resources  []ResourceInfo `json:"resources"`
	NextCursor string         `json:"nextCursor,omitempty"`
	cacheHints
}

// ListResourceTemplatesResult is one page of resource templates.
type ListResourceTemplatesResult struct {
	ResourceTemplates []ResourceTemplateInfo `json:"resourceTemplates"`
	NextCursor        string                 `json:"nextCursor,omitempty"`
	cacheHints
}

// ReadResourceParams names the resource to read (resources/read) or to
// watch (resources/subscribe, resources/unsubscribe).
type ReadResourceParams struct {
	URI string `json:"uri"`
}

// ReadResourceResult holds what resources/read returns: one or more
// contents.
type ReadResourceResult struct {
	Contents []ResourceContents `json:"contents"`
	cacheHints
}

// cacheHints are the fields of a cacheable result in the stateless
// (2026-07-28) era (SEP-2549); empty, they are not sent.
type cacheHints struct {
	ResultType string `json:"resultType,omitempty"`
	TTLMs      *int64 `json:"ttlMs,omitempty"`
	CacheScope string `json:"cacheScope,omitempty"`
}

// setHints fills the hints of a 2026-era result.
func (h *cacheHints) setHints(ttl time.Duration, scope string) {
	ms := max(ttl.Milliseconds(), 0)
	h.ResultType, h.TTLMs, h.CacheScope = ResultComplete, &ms, scope
}

// ResourcesCapability says what a server offers around resources.
type ResourcesCapability struct {
	Subscribe   bool `json:"subscribe,omitempty"`
	ListChanged bool `json:"listChanged,omitempty"`
}

// MarshalJSON writes text contents with their text even when it is empty
// (a reader tells text from blob by the key), blob contents with their
// blob.
func (r ResourceContents) MarshalJSON() ([]byte, error) {
	type text struct {
		URI      string          `json:"uri"`
		MimeType string          `json:"mimeType,omitempty"`
		Text     string          `json:"text"`
		Meta     json.RawMessage `json:"_meta,omitempty"`
	}
	type blob struct {
		URI      string          `json:"uri"`
		MimeType string          `json:"mimeType,omitempty"`
		Blob     string          `json:"blob"`
		Meta     json.RawMessage `json:"_meta,omitempty"`
	}
	if r.Blob != "" {
		return json.Marshal(blob{r.URI, r.MimeType, r.Blob, r.Meta})
	}
	return json.Marshal(text{r.URI, r.MimeType, r.Text, r.Meta})
}

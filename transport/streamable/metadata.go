package streamable

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/transport/protectedresource"
)

// WellKnownResourceMetadata is the well-known path of OAuth 2.0 Protected
// Resource Metadata (RFC 9728 §3); an endpoint's own document is at this
// path followed by the endpoint's path.
const WellKnownResourceMetadata = protectedresource.WellKnownPath

// Router is what Mount registers handlers with: *http.ServeMux and most
// routers have this method.
type Router interface {
	Handle(pattern string, handler http.Handler)
}

// Mount registers h on mux at path ("/mcp") and, when h authenticates
// (ServerOptions.Auth), its Protected Resource Metadata
// document at both places MCP clients look for it:
// WellKnownResourceMetadata+path and WellKnownResourceMetadata itself.
func (h *Server) Mount(mux Router, path string) {
	mux.Handle(path, h)
	if h.opts.Auth == nil {
		return
	}
	meta := h.MetadataHandler(path)
	mux.Handle(WellKnownResourceMetadata+strings.TrimSuffix(path, "/"), meta)
	if path != "/" {
		mux.Handle(WellKnownResourceMetadata, meta)
	}
}

// MetadataHandler serves the Protected Resource Metadata document of h
// mounted at path, for routers Mount does not fit (register it at
// WellKnownResourceMetadata+path). It answers GET to any origin (CORS), as
// browser-based clients fetch it.
func (h *Server) MetadataHandler(path string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		switch r.Method {
		case http.MethodGet, http.MethodHead:
		case http.MethodOptions:
			w.Header().Set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
			w.WriteHeader(http.StatusNoContent)
			return
		default:
			w.Header().Set("Allow", "GET, HEAD, OPTIONS")
			http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
			return
		}
		doc := h.metadata(endpointURL(r, path))
		data, _ := jsonenc.Marshal(doc)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "max-age=3600")
		_, _ = w.Write(data)
	})
}

// metadata is the document of h, its resource derived as endpoint
// unless set.
func (h *Server) metadata(endpoint string) ProtectedResourceMetadata {
	a := h.opts.Auth
	doc := a.Metadata
	if doc.Resource == "" {
		doc.Resource = endpoint
	}
	if doc.ScopesSupported == nil {
		doc.ScopesSupported = a.Scopes
	}
	if doc.BearerMethodsSupported == nil {
		doc.BearerMethodsSupported = []string{"header"}
	}
	return doc
}

// resource is h's resource identifier for a request r to its endpoint.
func (h *Server) resource(r *http.Request) string {
	if res := h.opts.Auth.Metadata.Resource; res != "" {
		return res
	}
	return endpointURL(r, r.URL.Path)
}

// endpointURL is the URL of the endpoint at path on the server r reached.
func endpointURL(r *http.Request, path string) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return (&url.URL{Scheme: scheme, Host: r.Host, Path: path}).String()
}

// metadataURL is where the document of resource lives (RFC 9728 §3.1):
// the well-known path inserted between host and path.
func metadataURL(resource string) string {
	u, err := url.Parse(resource)
	if err != nil {
		return resource
	}
	u.Path = WellKnownResourceMetadata + strings.TrimSuffix(u.Path, "/")
	u.RawPath, u.Fragment = "", ""
	return u.String()
}

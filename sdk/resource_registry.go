package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/transport"
)

// resourceSet holds a server's resources and templates; Server.mu guards it.
type resourceSet struct {
	fixed     registry[*registeredResource]
	templates registry[*registeredTemplate]
}

// AddResource adds declared resources and tells connected clients the list
// changed. A URI already registered (or given twice) is an error wrapping
// ErrDuplicateResource and nothing is added, unless the new resource sets
// ResourceOptions.Replace.
func (s *Server) AddResource(defs ...*ResourceDef) error {
	rs := mapped(defs, func(d *ResourceDef) *registeredResource { return d.r })
	return register(s, &s.res.fixed, rs, duplicate(ErrDuplicateResource, "ResourceOptions", "resource"), listResources)
}

// AddResourceTemplate adds declared resource templates, as AddResource
// adds resources; a template is known by its URI template text.
func (s *Server) AddResourceTemplate(defs ...*ResourceTemplateDef) error {
	ts := mapped(defs, func(d *ResourceTemplateDef) *registeredTemplate { return d.t })
	return register(s, &s.res.templates, ts, duplicate(ErrDuplicateResource, "ResourceOptions", "resource template"), listResources)
}

// RemoveResource removes resources by URI and templates by their URI
// template text, and tells connected clients the list changed.
func (s *Server) RemoveResource(uris ...string) {
	s.mu.Lock()
	for _, uri := range uris {
		s.res.fixed.remove(uri)
		s.res.templates.remove(uri)
	}
	s.registryChanged()
	s.mu.Unlock()
	s.listChanged(listResources)
}

// Resources returns the wire descriptions of the fixed resources, in
// registration order.
func (s *Server) Resources() []ResourceInfo {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return mapped(s.res.fixed.list, (*registeredResource).wire)
}

// ResourceTemplates returns the wire descriptions of the resource
// templates, in registration order.
func (s *Server) ResourceTemplates() []ResourceTemplateInfo {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return mapped(s.res.templates.list, (*registeredTemplate).wire)
}

func (r *registeredResource) wire() ResourceInfo         { return r.info }
func (t *registeredTemplate) wire() ResourceTemplateInfo { return t.info }

// hasResources reports whether s serves any resource or template.
func (s *Server) hasResources() bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.res.fixed.list) > 0 || len(s.res.templates.list) > 0
}

// offersResources is nil when s serves resources, else the -32601 a
// server without the resources capability answers method with.
func (s *Server) offersResources(method string) error {
	if s.hasResources() {
		return nil
	}
	return methodNotOffered(method)
}

// methodNotOffered is the -32601 of a method whose capability s does not
// announce (it has no resources, no prompts, nothing that completes).
func methodNotOffered(method string) error {
	return transport.Errorf(transport.CodeMethodNotFound, "Method not found: %s", method)
}

// listResources answers resources/list; the 2026 era adds the caching hints.
func (s *Server) listResources(raw json.RawMessage, modern bool) (*ListResourcesResult, error) {
	if err := s.offersResources("resources/list"); err != nil {
		return nil, err
	}
	page, next, err := listPage(s, raw, "resources", func() []*registeredResource { return s.res.fixed.list }, (*registeredResource).wire)
	if err != nil {
		return nil, err
	}
	res := &ListResourcesResult{Resources: page, NextCursor: next}
	if modern {
		res.setHints(s.opts.ResourcesTTL, s.cacheScope())
	}
	return res, nil
}

// listResourceTemplates answers resources/templates/list.
func (s *Server) listResourceTemplates(raw json.RawMessage, modern bool) (*ListResourceTemplatesResult, error) {
	if err := s.offersResources("resources/templates/list"); err != nil {
		return nil, err
	}
	page, next, err := listPage(s, raw, "resources/templates", func() []*registeredTemplate { return s.res.templates.list }, (*registeredTemplate).wire)
	if err != nil {
		return nil, err
	}
	res := &ListResourceTemplatesResult{ResourceTemplates: page, NextCursor: next}
	if modern {
		res.setHints(s.opts.ResourcesTTL, s.cacheScope())
	}
	return res, nil
}

// readResource answers resources/read: the fixed resource at the URI, else
// the first template it fits, else the era's "Resource not found".
func (s *Server) readResource(ctx context.Context, raw json.RawMessage, modern bool) (*ReadResourceResult, error) {
	if err := s.offersResources("resources/read"); err != nil {
		return nil, err
	}
	uri, err := uriParam(raw)
	if err != nil {
		return nil, err
	}
	found, ttl := s.findResource(uri)
	if !found.ok() && len(uri) > maxTemplateURI {
		return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: uri is %d bytes long; resource templates match URIs of at most %d bytes", len(uri), maxTemplateURI)
	}
	if !found.ok() {
		return nil, resourceNotFound(uri, modern)
	}
	res, err := found.read(ctx, uri)
	if err != nil {
		return nil, readError(uri, err, modern)
	}
	if modern {
		res.setHints(ttl, s.cacheScope())
	}
	return res, nil
}

// uriParam reads the uri of resources/read, subscribe and unsubscribe.
func uriParam(raw json.RawMessage) (string, error) {
	var p ReadResourceParams
	if !jsonfast.Fields(raw, uriMembers, func(_ string, val []byte) bool { return jsonfast.StringMember(val, &p.URI) }) {
		var err error
		if p, err = slowURIParams(raw); err != nil {
			return "", err
		}
	}
	if p.URI == "" {
		return "", transport.Errorf(transport.CodeInvalidParams, "Invalid params: uri is required")
	}
	return p.URI, nil
}

// slowURIParams is uriParam's decoding through encoding/json (its own
// variable, so that the fast path's does not escape to the heap).
func slowURIParams(raw json.RawMessage) (ReadResourceParams, error) {
	var p ReadResourceParams
	err := unmarshalParams(raw, &p)
	return p, err
}

// uriMembers are ReadResourceParams' members, read by uriParam's fast path.
var uriMembers = []string{"uri"}

// foundResource is what serves a URI: a fixed resource, or a template
// and what the URI binds to its variables (a value: no allocation).
type foundResource struct {
	fixed *registeredResource
	tmpl  *registeredTemplate
	bound boundArgs
}

func (f foundResource) ok() bool { return f.fixed != nil || f.tmpl != nil }

func (f foundResource) read(ctx context.Context, uri string) (*ReadResourceResult, error) {
	if f.fixed != nil {
		return f.fixed.read(ctx, uri)
	}
	return f.tmpl.read(ctx, uri, f.bound)
}

// findResource returns what serves uri (ok false: nothing) and its TTL
// hint.
func (s *Server) findResource(uri string) (foundResource, time.Duration) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if r := s.res.fixed.get(uri); r != nil {
		return foundResource{fixed: r}, r.ttl
	}
	if len(uri) > maxTemplateURI {
		return foundResource{}, 0
	}
	for _, t := range s.res.templates.list {
		if b, ok := t.bind(uri); ok {
			return foundResource{tmpl: t, bound: b}, t.ttl
		}
	}
	return foundResource{}, 0
}

// maxTemplateURI bounds the URIs matched against templates: a longer one
// fits none (a fixed resource may still have it). Matching {+path} costs
// more than linear time in the URI's length: 4 KiB take milliseconds.
const maxTemplateURI = 4 << 10

// resourceNotFound is the error for a URI nothing serves, in the era's
// code (SEP-2164 moved it to -32602), the URI in data.
func resourceNotFound(uri string, modern bool) *transport.Error {
	code := CodeResourceNotFound
	if modern {
		code = transport.CodeInvalidParams
	}
	data, _ := json.Marshal(map[string]string{"uri": uri})
	return &transport.Error{Code: code, Message: "Resource not found", Data: data}
}

// readError turns a resource function's error into the request's error:
// ErrResourceNotFound is the era's not-found error, a *transport.Error is
// sent as it is, anything else is an internal error naming the URI.
func readError(uri string, err error, modern bool) error {
	if errors.Is(err, ErrResourceNotFound) {
		return resourceNotFound(uri, modern)
	}
	var rpcErr *transport.Error
	if errors.As(err, &rpcErr) {
		return rpcErr
	}
	return transport.Errorf(transport.CodeInternalError, "Error reading resource %s: %v", uri, err)
}

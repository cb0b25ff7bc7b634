package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/internal/wire"
	"github.com/mcpdev/mcpdev/transport"
)

// CodeResourceNotFound is the error code of resources/read for an unknown
// URI up to protocol 2025-11-25; the stateless era (SEP-2164) answers
// transport.CodeInvalidParams instead. Both carry the URI in data.
const CodeResourceNotFound = -32002

// resourceSet holds a server's resources and templates; Server.mu guards it.
type resourceSet struct {
	fixed         []*registeredResource
	byURI         map[string]*registeredResource
	templates     []*registeredTemplate
	templateByURI map[string]*registeredTemplate
}

// AddResource adds declared resources and tells connected clients the list
// changed. A URI already registered (or given twice) is an error wrapping
// ErrDuplicateResource and nothing is added, unless the new resource sets
// ResourceOptions.Replace.
func (s *Server) AddResource(defs ...*ResourceDef) error {
	rs := make([]*registeredResource, len(defs))
	for i, d := range defs {
		rs[i] = d.r
	}
	s.mu.Lock()
	err := register(&s.res.fixed, &s.res.byURI, rs, func(r *registeredResource) (string, bool) { return r.info.URI, r.replace })
	s.mu.Unlock()
	if err != nil {
		return err
	}
	s.listChanged(listResources)
	return nil
}

// AddResourceTemplate adds declared resource templates, as AddResource
// adds resources; a template is known by its URI template text.
func (s *Server) AddResourceTemplate(defs ...*ResourceTemplateDef) error {
	ts := make([]*registeredTemplate, len(defs))
	for i, d := range defs {
		ts[i] = d.t
	}
	s.mu.Lock()
	err := register(&s.res.templates, &s.res.templateByURI, ts, func(t *registeredTemplate) (string, bool) { return t.info.URITemplate, t.replace })
	s.mu.Unlock()
	if err != nil {
		return err
	}
	s.listChanged(listResources)
	return nil
}

// register adds items to list and index under their keys, a replacing
// item in the place of the one it replaces; a key taken (or given twice)
// by an item that does not replace is ErrDuplicateResource, and nothing is
// added. s.mu is held.
func register[T comparable](list *[]T, index *map[string]T, items []T, key func(T) (string, bool)) error {
	seen := map[string]bool{}
	for _, it := range items {
		k, replace := key(it)
		if _, taken := (*index)[k]; (taken || seen[k]) && !replace {
			return fmt.Errorf("%w %q: set ResourceOptions.Replace to replace it", ErrDuplicateResource, k)
		}
		seen[k] = true
	}
	if *index == nil {
		*index = map[string]T{}
	}
	for _, it := range items {
		k, _ := key(it)
		*list = replaceOrAppend(*list, (*index)[k], it)
		(*index)[k] = it
	}
	return nil
}

// RemoveResource removes resources by URI and templates by their URI
// template text, and tells connected clients the list changed.
func (s *Server) RemoveResource(uris ...string) {
	s.mu.Lock()
	rs := &s.res
	for _, uri := range uris {
		if r := rs.byURI[uri]; r != nil {
			delete(rs.byURI, uri)
			rs.fixed = without(rs.fixed, r)
		}
		if t := rs.templateByURI[uri]; t != nil {
			delete(rs.templateByURI, uri)
			rs.templates = without(rs.templates, t)
		}
	}
	s.mu.Unlock()
	s.listChanged(listResources)
}

// Resources returns the wire descriptions of the fixed resources, in
// registration order.
func (s *Server) Resources() []ResourceInfo {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]ResourceInfo, len(s.res.fixed))
	for i, r := range s.res.fixed {
		out[i] = r.info
	}
	return out
}

// ResourceTemplates returns the wire descriptions of the resource
// templates, in registration order.
func (s *Server) ResourceTemplates() []ResourceTemplateInfo {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]ResourceTemplateInfo, len(s.res.templates))
	for i, t := range s.res.templates {
		out[i] = t.info
	}
	return out
}

func replaceOrAppend[T comparable](list []T, old, v T) []T {
	var zero T
	if old != zero {
		for i, x := range list {
			if x == old {
				list[i] = v
				return list
			}
		}
	}
	return append(list, v)
}

func without[T comparable](list []T, v T) []T {
	for i, x := range list {
		if x == v {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

// hasResources reports whether s serves any resource or template.
func (s *Server) hasResources() bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.res.fixed) > 0 || len(s.res.templates) > 0
}

// offersResources is nil when s serves resources, else the -32601 a
// server without the resources capability answers method with.
func (s *Server) offersResources(method string) error {
	if s.hasResources() {
		return nil
	}
	return transport.Errorf(transport.CodeMethodNotFound, "Method not found: %s", method)
}

// listResources answers resources/list; modern adds the caching hints.
func (s *Server) listResources(raw json.RawMessage, modern bool) (*ListResourcesResult, error) {
	page, next, err := pageInfos(s, raw, "resources/list", func() []*registeredResource { return s.res.fixed },
		func(r *registeredResource) ResourceInfo { return r.info })
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
	page, next, err := pageInfos(s, raw, "resources/templates/list", func() []*registeredTemplate { return s.res.templates },
		func(t *registeredTemplate) ResourceTemplateInfo { return t.info })
	if err != nil {
		return nil, err
	}
	res := &ListResourceTemplatesResult{ResourceTemplates: page, NextCursor: next}
	if modern {
		res.setHints(s.opts.ResourcesTTL, s.cacheScope())
	}
	return res, nil
}

// pageInfos answers a paginated resource list method: the page of list()
// (called with s.mu held) that the cursor in raw asks for, as wire infos.
func pageInfos[T, I any](s *Server, raw json.RawMessage, method string, list func() []T, info func(T) I) ([]I, string, error) {
	if err := s.offersResources(method); err != nil {
		return nil, "", err
	}
	var p ListResourcesParams
	if err := unmarshalParams(raw, &p); err != nil {
		return nil, "", err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	page, next, err := pageOf(list(), strings.TrimSuffix(method, "/list"), p.Cursor, s.opts.PageSize)
	out := make([]I, len(page))
	for i, x := range page {
		out[i] = info(x)
	}
	return out, next, err
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
	read, ttl := s.findResource(uri)
	if read == nil && len(uri) > maxTemplateURI {
		return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: uri is %d bytes long; resource templates match URIs of at most %d bytes", len(uri), maxTemplateURI)
	}
	if read == nil {
		return nil, resourceNotFound(uri, modern)
	}
	contents, err := read(ctx)
	if err != nil {
		return nil, readError(uri, err, modern)
	}
	res := &ReadResourceResult{Contents: contents}
	if modern {
		res.setHints(ttl, s.cacheScope())
	}
	return res, nil
}

// uriParam reads the uri of resources/read, subscribe and unsubscribe.
func uriParam(raw json.RawMessage) (string, error) {
	var p ReadResourceParams
	if !wire.Fields(raw, uriMembers, func(_ string, val []byte) bool { return wire.StringMember(val, &p.URI) }) {
		p = ReadResourceParams{}
		if err := unmarshalParams(raw, &p); err != nil {
			return "", err
		}
	}
	if p.URI == "" {
		return "", transport.Errorf(transport.CodeInvalidParams, "Invalid params: uri is required")
	}
	return p.URI, nil
}

// uriMembers are ReadResourceParams' members, read by uriParam's fast path.
var uriMembers = []string{"uri"}

// findResource returns how to read uri (nil: nothing serves it) and the
// TTL hint of what serves it.
func (s *Server) findResource(uri string) (func(context.Context) ([]ResourceContents, error), time.Duration) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if r := s.res.byURI[uri]; r != nil {
		return func(ctx context.Context) ([]ResourceContents, error) { return r.read(ctx, uri) }, r.ttl
	}
	if len(uri) > maxTemplateURI {
		return nil, 0
	}
	for _, t := range s.res.templates {
		if vars, ok := t.match(uri); ok {
			return func(ctx context.Context) ([]ResourceContents, error) { return t.read(ctx, uri, vars) }, t.ttl
		}
	}
	return nil, 0
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

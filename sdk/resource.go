package sdk

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"runtime/debug"
	"slices"
	"time"
)

// ResourceOptions overrides what the SDK infers from a resource or
// resource template function. Every field is optional.
type ResourceOptions struct {
	Name        string // default: the function's name in snake_case
	Title       string // human-readable name for UIs
	Description string // default: the function's doc comment
	// MimeType is the type of the contents; default: text/plain for a
	// string, sniffed from the bytes for []byte, application/json for
	// anything else.
	MimeType string
	// Size is the size in bytes, if known (fixed resources only).
	Size *int64
	// Annotations say who the resource is for, how important it is and
	// when it last changed.
	Annotations *ResourceAnnotations
	// Icons are images clients may show; each Src must be an http(s) URL
	// or a data: URI.
	Icons []Icon
	// Complete completes template variables by name (completion/complete);
	// a variable whose field's type declares its values completes from
	// them without one.
	Complete map[string]CompleteFunc
	// TTL is the ttlMs caching hint on resources/read results in the
	// 2026 era (default 0: re-read whenever needed).
	TTL time.Duration
	// Replace lets the resource take the place of a registered one with the
	// same URI (template); without it that is ErrDuplicateResource.
	Replace bool
}

// ErrDuplicateResource is returned by AddResource and AddResourceTemplate
// for a URI or URI template already registered (Resource and
// ResourceTemplate panic with it), unless ResourceOptions.Replace is set.
var ErrDuplicateResource = errors.New("sdk: duplicate resource")

// ErrResourceNotFound, returned (or wrapped) by a resource function, tells
// the client there is no such resource: resources/read answers the
// protocol's "Resource not found" error for the URI, as for a URI nothing
// is registered for. A template function returns it for a URI that fits
// the template but names nothing (an unknown ISBN).
var ErrResourceNotFound = errors.New("sdk: resource not found")

// readFunc reads a resource: the URI asked for in, the result of
// resources/read (its contents) out.
type readFunc func(ctx context.Context, uri string) (*ReadResourceResult, error)

// registeredResource is a fixed resource ready to serve.
type registeredResource struct {
	info    ResourceInfo
	read    readFunc
	ttl     time.Duration
	replace bool
}

// ResourceDef is a declared fixed resource, not yet added to a server.
type ResourceDef struct{ r *registeredResource }

// Info returns the resource as resources/list shows it.
func (d *ResourceDef) Info() ResourceInfo { return d.r.info }

// Resource registers fn as the resource at uri: resources/read of uri
// calls fn, and what it returns decides the contents (see NewResource).
// The name is fn's name in snake_case, the description its doc comment;
// opts (nil for none) overrides them and adds a title, MIME type, size,
// annotations and icons. Resource panics on a programming error (an
// invalid URI, a function literal without a name, a URI already
// registered); use NewResource and AddResource to get an error.
func Resource[Out any](s *Server, uri string, fn func(context.Context) (Out, error), opts *ResourceOptions) {
	d, err := NewResource(uri, fn, opts)
	if err != nil {
		panic(err)
	}
	if err := s.AddResource(d); err != nil {
		panic(err)
	}
}

// NewResource declares a fixed resource; see Resource. fn's result
// becomes the contents: a string is text (text/plain), []byte a base64
// blob (the MIME type sniffed), json.RawMessage JSON text, a
// ResourceContents or []ResourceContents is sent as given, and any other
// value is sent as indented JSON text (application/json).
// ResourceOptions.MimeType overrides the MIME type.
func NewResource[Out any](uri string, fn func(context.Context) (Out, error), opts *ResourceOptions) (*ResourceDef, error) {
	o := resourceOptions(opts)
	if u, err := url.Parse(uri); err != nil || u.Scheme == "" {
		return nil, fmt.Errorf("sdk: resource URI %q must be an absolute URI (scheme://…)", uri)
	}
	ref := docs.noteSource(fn)
	name, desc, err := describeResource(o, ref)
	if err != nil {
		return nil, err
	}
	info := ResourceInfo{URI: uri, Name: name, Title: o.Title, Description: desc, MimeType: o.MimeType,
		Size: o.Size, Annotations: o.Annotations, Icons: slices.Clone(o.Icons)}
	read := func(ctx context.Context, uri string) (*ReadResourceResult, error) {
		out, err := runRead(ctx, uri, func(ctx context.Context) (Out, error) { return fn(ctx) })
		if err != nil {
			return nil, err
		}
		return contentsOf(uri, o.MimeType, out)
	}
	return &ResourceDef{r: &registeredResource{info: info, read: read, ttl: o.TTL, replace: o.Replace}}, nil
}

// resourceOptions is *opts, or no options when opts is nil.
func resourceOptions(opts *ResourceOptions) ResourceOptions {
	if opts != nil {
		return *opts
	}
	return ResourceOptions{}
}

// describeResource gives a resource its name and description from fn or
// from the options.
func describeResource(o ResourceOptions, ref funcRef) (name, desc string, err error) {
	name = o.Name
	if name == "" {
		if name = ref.toolName(); name == "" {
			return "", "", fmt.Errorf("sdk: cannot infer a resource name from %q (a function literal): set ResourceOptions.Name", ref.name)
		}
	}
	desc = o.Description
	if desc == "" && !ref.closure {
		desc = docs.function(ref)
	}
	if err := checkIcons(o.Icons); err != nil {
		return "", "", fmt.Errorf("sdk: resource %s: %w", name, err)
	}
	return name, desc, nil
}

// runRead calls a resource function, turning a panic into an error so the
// server keeps serving.
func runRead[Out any](ctx context.Context, uri string, fn func(context.Context) (Out, error)) (out Out, err error) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "sdk: resource %s panicked: %v\n%s", uri, r, debug.Stack())
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return fn(ctx)
}

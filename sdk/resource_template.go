package sdk

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/schema"
	"github.com/mcpdev/mcpdev/sdk/internal/urimatch"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/yosida95/uritemplate/v3"
)

// registeredTemplate is a resource template ready to serve.
type registeredTemplate struct {
	info ResourceTemplateInfo
	tmpl *uritemplate.Template
	fast *urimatch.Matcher // nil: every match goes to the library
	// fastLists: the fast matcher's variables of array type, in its order.
	fastLists []bool
	fastKeys  []int      // the fast matcher's variables in argsJSON's order
	args      *argSchema // the argument struct's schema, for the variables' types
	read      func(ctx context.Context, uri string, b boundArgs) (*ReadResourceResult, error)
	ttl       time.Duration
	replace   bool
	// complete says how each variable completes (completion/complete).
	complete map[string]argCompletion
}

// ResourceTemplateDef is a declared resource template, not yet added to a
// server.
type ResourceTemplateDef struct{ t *registeredTemplate }

// Info returns the template as resources/templates/list shows it.
func (d *ResourceTemplateDef) Info() ResourceTemplateInfo { return d.t.info }

// ResourceTemplate registers fn as the resources whose URIs fit
// uriTemplate, an RFC 6570 URI template such as "bookshop://books/{isbn}"
// or "file:///{+path}". resources/read of a fitting URI binds each
// variable to the field of In (a struct) with that json name, checks it
// against the field's schema as tool arguments are checked (a string
// "42" is a fine int; a value that breaks a bound or a pattern is refused
// with every problem, in Pydantic's words), then calls fn; its result
// becomes the contents as for Resource. Name, description and options as
// for Resource. ResourceTemplate panics on a programming error; use
// NewResourceTemplate and AddResourceTemplate to get an error.
func ResourceTemplate[In, Out any](s *Server, uriTemplate string, fn func(context.Context, In) (Out, error), opts *ResourceOptions) {
	d, err := NewResourceTemplate(uriTemplate, fn, opts)
	if err != nil {
		panic(err)
	}
	if err := s.AddResourceTemplate(d); err != nil {
		panic(err)
	}
}

// NewResourceTemplate declares a resource template; see ResourceTemplate.
// Every variable of the template must be a field of In, and every
// required field of In a variable.
func NewResourceTemplate[In, Out any](uriTemplate string, fn func(context.Context, In) (Out, error), opts *ResourceOptions) (*ResourceTemplateDef, error) {
	o := resourceOptions(opts)
	tmpl, err := uritemplate.New(uriTemplate)
	if err != nil {
		return nil, fmt.Errorf("sdk: resource template %q: %w", uriTemplate, err)
	}
	ref := docs.noteSource(fn)
	name, desc, err := describeResource(o, ref)
	if err != nil {
		return nil, err
	}
	in, err := newInputCodec[In](nil, true)
	if err != nil {
		return nil, fmt.Errorf("sdk: resource template %s: %w", name, err)
	}
	if err := checkTemplateVars(tmpl, in.args); err != nil {
		return nil, fmt.Errorf("sdk: resource template %s (%s): %w", name, uriTemplate, err)
	}
	complete, err := templateCompletions(tmpl, in.args, o.Complete)
	if err != nil {
		return nil, fmt.Errorf("sdk: resource template %s (%s): %w", name, uriTemplate, err)
	}
	t := &registeredTemplate{tmpl: tmpl, fast: urimatch.New(tmpl), args: in.args, ttl: o.TTL, replace: o.Replace, complete: complete}
	t.fastLists = t.listVars()
	if t.fast != nil {
		t.fastKeys = t.fast.KeyOrder()
	}
	t.read = func(ctx context.Context, uri string, b boundArgs) (*ReadResourceResult, error) {
		args, vs, err := decodeBound(in, t, uri, b)
		if err != nil {
			return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: %v", err)
		}
		if len(vs) > 0 {
			return nil, templateViolations(name, uri, vs)
		}
		out, err := runRead(ctx, uri, func(ctx context.Context) (Out, error) { return fn(ctx, args) })
		if err != nil {
			return nil, err
		}
		return contentsOf(uri, o.MimeType, out)
	}
	t.info = ResourceTemplateInfo{URITemplate: uriTemplate, Name: name, Title: o.Title, Description: desc,
		MimeType: o.MimeType, Annotations: o.Annotations, Icons: slices.Clone(o.Icons)}
	return &ResourceTemplateDef{t: t}, nil
}

// listVars says which of the fast matcher's variables are of array type.
func (t *registeredTemplate) listVars() []bool {
	if t.fast == nil {
		return nil
	}
	lists := make([]bool, len(t.fast.Names()))
	for i, name := range t.fast.Names() {
		lists[i] = t.varType(name) == "array"
	}
	return lists
}

// checkTemplateVars refuses a template whose variables and argument
// struct do not fit each other.
func checkTemplateVars(tmpl *uritemplate.Template, args *argSchema) error {
	props, _ := args.root["properties"].(map[string]any)
	vars := tmpl.Varnames()
	for _, v := range vars {
		if _, ok := props[v]; !ok {
			return fmt.Errorf("variable {%s} is not a field of the argument struct (by its json name)", v)
		}
	}
	required, _ := args.root["required"].([]any)
	for _, r := range required {
		if name, _ := r.(string); !slices.Contains(vars, name) {
			return fmt.Errorf("required field %q is not a variable of the template (make it optional or add {%s})", name, name)
		}
	}
	return nil
}

// match binds uri to the template's variables with the library's
// matcher; false when uri does not fit. A variable of array type gets a
// list even when one value matched.
func (t *registeredTemplate) match(uri string) (templateVars, bool) {
	vals := t.tmpl.Match(uri)
	if vals == nil {
		return nil, false
	}
	args := make(templateVars, len(vals))
	for name, v := range vals {
		switch {
		case v.T == uritemplate.ValueTypeList || t.varType(name) == "array":
			args[name] = v.V
		case len(v.V) > 0:
			args[name] = v.V[0]
		}
	}
	return args, true
}

// varType is the JSON type of a variable's field ("" if unknown).
func (t *registeredTemplate) varType(name string) string {
	if s := t.varSchema(name); s != nil {
		return schema.FirstType(s["type"])
	}
	return ""
}

// varSchema is the schema of a variable's field, its $ref followed (nil
// for no such variable).
func (t *registeredTemplate) varSchema(name string) map[string]any {
	props, _ := t.args.root["properties"].(map[string]any)
	s, _ := props[name].(map[string]any)
	if s == nil {
		return nil
	}
	return t.args.resolve(s)
}

// templateCompletions says how each variable completes: with the
// author's function, else from the values its field's type declares.
func templateCompletions(tmpl *uritemplate.Template, args *argSchema, fns map[string]CompleteFunc) (map[string]argCompletion, error) {
	vars := tmpl.Varnames()
	for name := range fns {
		if !slices.Contains(vars, name) {
			return nil, fmt.Errorf("ResourceOptions.Complete names %q, which is not a variable of the template", name)
		}
	}
	props, _ := args.root["properties"].(map[string]any)
	out := make(map[string]argCompletion, len(vars))
	for _, v := range vars {
		prop, _ := props[v].(map[string]any)
		out[v] = argCompletion{enum: enumChoices(schema.Doc{Root: args.root}, prop), fn: fns[v]}
	}
	return out, nil
}

func (t *registeredTemplate) argument(name string) (argCompletion, bool) {
	c, ok := t.complete[name]
	return c, ok
}

func (t *registeredTemplate) describe() (string, []string) {
	return "resource template " + t.info.URITemplate, t.tmpl.Varnames()
}

// template returns the template registered as uriTemplate, or nil.
func (s *Server) template(uriTemplate string) *registeredTemplate {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.res.templates.get(uriTemplate)
}

// templateViolations is the -32602 error for template variables that
// fail their schema: every problem, in Pydantic's words, the URI in data.
func templateViolations(name, uri string, vs []Violation) *transport.Error {
	pvs := make([]pydantic.Violation, len(vs))
	for i, v := range vs {
		pvs[i] = pydantic.Violation(v)
		if v.Path == "" {
			pvs[i].Path = "uri"
		}
	}
	e := transport.Errorf(transport.CodeInvalidParams, "Invalid params: %s", pydantic.Render(name, pvs))
	e.Data, _ = json.Marshal(map[string]string{"uri": uri})
	return e
}

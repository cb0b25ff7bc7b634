package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"

	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/schema"
)

// URL is the location the document is compiled under, as
// internal/schema/compile names it: pydantic's Schema.Location starts with
// it, and a union variant that is the whole document is named after it.
const URL = "mem:///schema.json"

const draft2020 = "https://json-schema.org/draft/2020-12/schema"

// compiler builds the nodes of one document, one per location.
type compiler struct {
	doc   any
	nodes map[string]*node // by JSON pointer, as the location writes it
	refs  []pendingRef
}

type pendingRef struct {
	n   *node
	ref string
}

// Compile parses and compiles a schema document (draft 2020-12).
func Compile(raw []byte) (*Schema, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var doc any
	if err := d.Decode(&doc); err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errors.New("schema: data after the JSON value")
	}
	return CompileDecoded(doc)
}

// CompileDecoded compiles a document already decoded as Compile decodes it:
// encoding/json's values, numbers as json.Number. The compiled schema
// keeps parts of doc, which must not change afterwards.
func CompileDecoded(doc any) (*Schema, error) {
	if m, ok := doc.(map[string]any); ok {
		if s, ok := m["$schema"]; ok && s != draft2020 && s != draft2020+"#" {
			return nil, fmt.Errorf("$schema %v: only draft 2020-12 is %w", s, ErrUnsupported)
		}
	}
	c := &compiler{doc: doc, nodes: map[string]*node{}}
	root, err := c.node(doc, "")
	if err != nil {
		return nil, err
	}
	for i := 0; i < len(c.refs); i++ { // resolving may compile more refs
		if err := c.resolve(c.refs[i]); err != nil {
			return nil, err
		}
	}
	if err := checkCycles(root); err != nil {
		return nil, err
	}
	return &Schema{root: root}, nil
}

// node compiles the schema v found at pointer ptr, once per location.
func (c *compiler) node(v any, ptr string) (*node, error) {
	if n, ok := c.nodes[ptr]; ok {
		return n, nil
	}
	n := &node{view: &pydantic.Schema{Location: URL + "#" + ptr}, ptr: ptr}
	c.nodes[ptr] = n
	switch s := v.(type) {
	case bool:
		n.boolean = &s
		return n, nil
	case map[string]any:
		return n, c.keywords(n, s)
	}
	return nil, fmt.Errorf("schema at %q is %s, not an object or a boolean", "#"+ptr, pydantic.TypeName(v))
}

// child compiles the subschema at key (and, for lists and maps, sub) of
// the schema at n.
func (c *compiler) child(n *node, v any, key ...string) (*node, error) {
	ptr := n.ptr
	for _, k := range key {
		ptr += "/" + url.PathEscape(escapeToken(k))
	}
	return c.node(v, ptr)
}

func escapeToken(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// keywords compiles the keywords of one schema object.
func (c *compiler) keywords(n *node, s map[string]any) error {
	for _, k := range refused {
		if _, ok := s[k]; ok {
			return &locatedError{fmt.Errorf("schema at %q: keyword %q is %w (supported: %s)", "#"+n.ptr, k, ErrUnsupported, Supported)}
		}
	}
	if id, ok := s["$id"]; ok && n.ptr != "" {
		return &locatedError{fmt.Errorf("schema at %q: keyword \"$id\" (%v) below the root is %w", "#"+n.ptr, id, ErrUnsupported)}
	}
	if mt, ok := s["contentMediaType"]; ok && mt == "application/json" {
		return &locatedError{fmt.Errorf("schema at %q: keyword \"contentMediaType\" application/json is %w", "#"+n.ptr, ErrUnsupported)}
	}
	for _, k := range keywordOrder {
		x, ok := s[k]
		if !ok {
			continue
		}
		if err := c.keyword(n, k, x); err != nil {
			var located *locatedError
			if errors.As(err, &located) {
				return err // a subschema's, already located
			}
			return &locatedError{fmt.Errorf("schema at %q: %s: %w", "#"+n.ptr, k, err)}
		}
	}
	if t, ok := s["title"].(string); ok {
		n.view.Title = t
	}
	if err := c.annotations(n, s); err != nil {
		var located *locatedError
		if errors.As(err, &located) {
			return err
		}
		return &locatedError{fmt.Errorf("schema at %q: %w", "#"+n.ptr, err)}
	}
	return nil
}

// locatedError is a compile error that names the subschema it is about.
type locatedError struct{ err error }

func (e *locatedError) Error() string { return e.err.Error() }
func (e *locatedError) Unwrap() error { return e.err }

// keywordOrder is every keyword keyword compiles; the order does not
// matter to validation (validate checks in the library's order).
var keywordOrder = []string{
	"type", "enum", "const", "format", "$ref", "properties", "required", "additionalProperties",
	"patternProperties", "dependentRequired", "minProperties", "maxProperties", "items", "prefixItems",
	"minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "contentEncoding",
	"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
	"allOf", "anyOf", "oneOf", "if", "then", "else",
	"not", "contains", "minContains", "maxContains", "propertyNames", "dependentSchemas",
}

// resolve points a $ref at its target: a JSON pointer into this document
// ("#", "#/$defs/Book", percent-escapes allowed). Anything else is
// refused: no document is ever fetched.
func (c *compiler) resolve(p pendingRef) error {
	frag, local := strings.CutPrefix(p.ref, "#")
	if !local {
		return fmt.Errorf("%w: %s", schema.ErrRemoteRef, p.ref)
	}
	unescaped, err := url.PathUnescape(frag)
	if err != nil || unescaped != "" && unescaped[0] != '/' {
		return fmt.Errorf("schema at %q: $ref %q: only JSON-pointer references are %w", "#"+p.n.ptr, p.ref, ErrUnsupported)
	}
	target := schema.At(c.doc, unescaped)
	if target == nil {
		return fmt.Errorf("schema at %q: $ref %q: no schema there", "#"+p.n.ptr, p.ref)
	}
	ptr := ""
	if unescaped != "" {
		for _, tok := range strings.Split(unescaped[1:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			ptr += "/" + url.PathEscape(escapeToken(tok))
		}
	}
	t, err := c.node(target, ptr)
	if err != nil {
		return err
	}
	p.n.ref, p.n.view.Ref = t, t.view
	return nil
}

// checkCycles refuses a document where a schema applies itself to the same
// value again through $ref, allOf, anyOf, oneOf or if/then/else, without
// descending into a property or item: validating would never end (the
// jsonschema library reports such a cycle for every value instead).
func checkCycles(root *node) error {
	state := map[*node]int{} // 1: on the path, 2: done
	var visit func(n *node) error
	visit = func(n *node) error {
		switch state[n] {
		case 1:
			return fmt.Errorf("schema at %q applies itself to the same value ($ref cycle)", "#"+n.ptr)
		case 2:
			return nil
		}
		state[n] = 1
		for _, m := range n.sameValue() {
			if err := visit(m); err != nil {
				return err
			}
		}
		state[n] = 2
		return nil
	}
	for _, n := range allNodes(root) {
		if err := visit(n); err != nil {
			return err
		}
	}
	return nil
}

// sameValue lists the subschemas n applies to its own value.
func (n *node) sameValue() []*node {
	out := slices.Concat(n.allOf, n.anyOf, n.oneOf)
	for _, d := range n.dependentSchemas {
		out = append(out, d.n)
	}
	for _, m := range []*node{n.ref, n.ifN, n.thenN, n.elseN, n.not} {
		if m != nil {
			out = append(out, m)
		}
	}
	return out
}

// allNodes lists every node reachable from root.
func allNodes(root *node) []*node {
	seen := map[*node]bool{}
	var out []*node
	var walk func(n *node)
	walk = func(n *node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		out = append(out, n)
		for _, m := range n.sameValue() {
			walk(m)
		}
		for _, m := range n.props {
			walk(m)
		}
		for _, pp := range n.patternProps {
			walk(pp.n)
		}
		walk(n.additional)
		walk(n.items)
		walk(n.contains)
		walk(n.propNames)
		for _, m := range n.prefix {
			walk(m)
		}
	}
	walk(root)
	return out
}

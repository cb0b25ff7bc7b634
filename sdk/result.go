package sdk

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/validate"
	"github.com/mcpdev/mcpdev/sdk/internal/infer"
	"github.com/mcpdev/mcpdev/transport"
)

// How a tool's Go result becomes a CallToolResult (SPEC §3).
type resultMode int

const (
	modeScalar  resultMode = iota // string, number, bool → text + {"result": v}
	modeList                      // slice/array → a text block per element + {"result": [...]}
	modeObject                    // struct, map[string]T → indented JSON + the object
	modeContent                   // Content or []Content → as given
	modeFull                      // CallToolResult → as given
	modeDynamic                   // interface: decided per value, no output schema
)

var (
	contentType = reflect.TypeFor[Content]()
	resultType  = reflect.TypeFor[CallToolResult]()
)

func modeOf(t reflect.Type) resultMode {
	switch {
	case t == contentType || (t.Kind() == reflect.Slice && t.Elem() == contentType):
		return modeContent
	case infer.Deref(t) == resultType:
		return modeFull
	}
	switch infer.Deref(t).Kind() {
	case reflect.Interface:
		return modeDynamic
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			return modeScalar // []byte encodes as a base64 string
		}
		return modeList
	case reflect.Struct:
		return modeObject
	case reflect.Map:
		if t.Key().Kind() == reflect.String {
			return modeObject
		}
	}
	return modeScalar
}

// outputCodec turns a tool's Go result into a validated CallToolResult.
type outputCodec[Out any] struct {
	mode   resultMode
	raw    json.RawMessage
	schema *validate.Schema // nil: nothing to check
}

func newOutputCodec[Out any](override json.RawMessage) (*outputCodec[Out], error) {
	t := reflect.TypeFor[Out]()
	c := &outputCodec[Out]{mode: modeOf(t), raw: override}
	if c.raw == nil {
		switch c.mode {
		case modeScalar, modeList:
			s, err := inferSchema(t, docs, true)
			if err != nil {
				return nil, fmt.Errorf("output schema: %w", err)
			}
			c.raw = mustJSON(infer.WrapResult(s))
		case modeObject:
			s, err := inferSchema(t, docs, true)
			if err != nil {
				return nil, fmt.Errorf("output schema: %w", err)
			}
			if s.Type != "object" {
				// A struct that does not encode as an object, such as
				// time.Time: wrapped, as a scalar is.
				c.mode = modeScalar
				s = infer.WrapResult(s)
			}
			c.raw = mustJSON(s)
		}
	}
	if c.raw == nil || c.mode == modeScalar && override == nil {
		return c, nil // a scalar always fits its own schema
	}
	s, err := compileSchema(c.raw)
	if err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}
	c.schema = s
	return c, nil
}

func (c *outputCodec[Out]) encode(tool string, out Out) *CallToolResult {
	var res *CallToolResult
	var err error
	if s, ok := any(out).(string); ok && c.mode == modeScalar {
		res, err = stringResult(s) // out not boxed: the usual result
	} else {
		res, err = buildResult(c.mode, any(out))
	}
	if err != nil {
		return errorResult(tool, err.Error())
	}
	if c.schema != nil && res.StructuredContent != nil {
		v, err := decodeArgs(res.StructuredContent)
		if err == nil {
			if vs := violations(c.schema, v, pydantic.Options{}); len(vs) > 0 {
				return errorResult(tool, "structured output does not match the output schema: "+describeViolations(vs))
			}
		}
	}
	return res
}

func buildResult(mode resultMode, out any) (*CallToolResult, error) {
	switch mode {
	case modeContent:
		return contentResult(out), nil
	case modeFull:
		return fullResult(out), nil
	case modeDynamic:
		if out == nil {
			return &CallToolResult{Content: []Content{}}, nil
		}
		return buildResult(modeOf(reflect.TypeOf(out)), out)
	case modeList:
		return listResult(out)
	case modeObject:
		return objectResult(out)
	}
	return scalarResult(out)
}

func scalarResult(out any) (*CallToolResult, error) {
	if s, ok := out.(string); ok {
		return stringResult(s)
	}
	return marshalledResult(out)
}

// stringResult is scalarResult for a string.
func stringResult(s string) (*CallToolResult, error) {
	if jsonfast.PlainText(s) {
		// The usual tool result: {"result":"<s>"} is what wrapJSON of
		// jsonenc.Marshal(s) writes, built in the result's memory when
		// short.
		r := &textResult{content: [1]Content{Text(s)}}
		w := r.structured[:0]
		if len(s)+13 > len(r.structured) {
			w = make([]byte, 0, len(s)+13)
		}
		w = append(w, `{"result":"`...)
		w = append(w, s...)
		w = append(w, `"}`...)
		r.CallToolResult = CallToolResult{Content: r.content[:], StructuredContent: w}
		return &r.CallToolResult, nil
	}
	return marshalledResult(s)
}

// marshalledResult is scalarResult through jsonenc.Marshal.
func marshalledResult(out any) (*CallToolResult, error) {
	data, err := resultJSON(out)
	if err != nil {
		return nil, err
	}
	return wrappedResult(reflect.ValueOf(out), data), nil
}

// textResult is a result of one content block, allocated at once, with
// the memory of a short structured result (a 352-byte allocation; it was
// 288 bytes and the structured result's own).
type textResult struct {
	CallToolResult
	content    [1]Content
	structured [64]byte
}

// wrappedResult is a value that is not a JSON object, data its encoding:
// it travels as {"result": data}.
func wrappedResult(v reflect.Value, data []byte) *CallToolResult {
	return &CallToolResult{Content: []Content{Text(valueText(v, data))}, StructuredContent: wrapJSON(data)}
}

// valueText is the text block of a value whose JSON encoding is data: a
// string as it is (a time.Time, a named string type or a base64 []byte
// too, without quotes), an object indented, anything else as JSON.
func valueText(v reflect.Value, data []byte) string {
	if v.Kind() == reflect.String {
		return v.String()
	}
	switch {
	case len(data) > 0 && data[0] == '"':
		var s string
		if json.Unmarshal(data, &s) == nil {
			return s
		}
	case v.Kind() == reflect.Struct || v.Kind() == reflect.Map || v.Kind() == reflect.Pointer:
		return string(jsonenc.Indent(data))
	}
	return string(data)
}

func listResult(out any) (*CallToolResult, error) {
	data, err := resultJSON(out)
	if err != nil {
		return nil, err
	}
	rv := reflect.ValueOf(out)
	content := make([]Content, 0, rv.Len())
	for i := 0; i < rv.Len(); i++ {
		content = append(content, Text(elementText(rv.Index(i))))
	}
	if rv.Kind() == reflect.Slice && rv.IsNil() {
		data = []byte("[]")
	}
	return &CallToolResult{Content: content, StructuredContent: wrapJSON(data)}, nil
}

func elementText(v reflect.Value) string {
	if v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() == reflect.String {
		return v.String()
	}
	data, _ := resultJSON(v.Interface())
	return valueText(v, data)
}

// objectResult is a struct or map result: the object itself is the
// structured content, indented JSON the text. A type that does not encode
// as an object (time.Time, a custom MarshalJSON) is wrapped as
// {"result": …} instead, as a scalar is.
func objectResult(out any) (*CallToolResult, error) {
	data, err := resultJSON(out)
	if err != nil {
		return nil, err
	}
	if string(data) == "null" {
		return nil, errors.New("tool returned a nil object")
	}
	if data[0] != '{' {
		return wrappedResult(reflect.ValueOf(out), data), nil
	}
	return &CallToolResult{Content: []Content{Text(string(jsonenc.Indent(data)))}, StructuredContent: data}, nil
}

func contentResult(out any) *CallToolResult {
	switch c := out.(type) {
	case Content:
		return &CallToolResult{Content: []Content{c}}
	case []Content:
		if c == nil {
			c = []Content{}
		}
		return &CallToolResult{Content: c}
	}
	return &CallToolResult{Content: []Content{}}
}

func fullResult(out any) *CallToolResult {
	switch r := out.(type) {
	case CallToolResult:
		return normalize(&r)
	case *CallToolResult:
		if r != nil {
			return normalize(r)
		}
	}
	return &CallToolResult{Content: []Content{}}
}

func normalize(r *CallToolResult) *CallToolResult {
	if r.Content == nil {
		r.Content = []Content{}
	}
	return r
}

func wrapJSON(data []byte) json.RawMessage {
	out := make([]byte, 0, len(data)+12)
	out = append(out, `{"result":`...)
	out = append(out, data...)
	return append(out, '}')
}

func describeViolations(vs []Violation) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.Message
		if v.Path != "" {
			parts[i] = v.Path + ": " + v.Message
		}
	}
	return strings.Join(parts, "; ")
}

// errorResult is a tool failure as the model sees it.
func errorResult(tool, msg string) *CallToolResult {
	return &CallToolResult{Content: []Content{Text("Error executing tool " + tool + ": " + msg)}, IsError: true}
}

// toolFailure maps a handler's error: a JSON-RPC error (*transport.Error)
// is sent as a protocol error, anything else as an isError result.
func toolFailure(tool string, err error) (*CallToolResult, error) {
	var rpcErr *transport.Error
	if errors.As(err, &rpcErr) {
		return nil, rpcErr
	}
	return errorResult(tool, err.Error()), nil
}

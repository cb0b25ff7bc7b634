package transport

import (
	"strings"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// ParamsPeek is what the HTTP layer (package transport/streamable) reads
// from params: the Mcp-Name value and the _meta protocol version, read in
// one pass.
type ParamsPeek struct {
	Name    string // what the Mcp-Name header mirrors (HasName: there is one)
	HasName bool
	// version is the _meta protocol version's raw JSON value; nil when
	// there is none.
	version []byte
}

// HasVersion reports whether _meta carries a protocol version.
func (pk ParamsPeek) HasVersion() bool { return len(pk.version) > 0 }

// VersionString is the _meta protocol version: the JSON string's value,
// or the raw value when it is not a string.
func (pk ParamsPeek) VersionString() string {
	if s, ok := jsonfast.PlainString(pk.version); ok {
		return s
	}
	var s string
	if jsonfast.JSON.Unmarshal(pk.version, &s) != nil {
		return string(pk.version)
	}
	return s
}

// VersionIs reports whether VersionString() == v, without making the
// string when the version is v written plainly.
func (pk ParamsPeek) VersionIs(v string) bool {
	raw := pk.version
	if len(raw) == len(v)+2 && raw[0] == '"' && string(raw[1:len(raw)-1]) == v &&
		!strings.Contains(v, `\`) && utf8.ValidString(v) {
		return true
	}
	return pk.VersionString() == v
}

// PeekParams reads the Mcp-Name value and the _meta protocol version of m.
func PeekParams(m *Message) ParamsPeek {
	if len(m.Params) == 0 {
		return ParamsPeek{}
	}
	if raw, ok := peekFast(m.Params); ok {
		pk := ParamsPeek{version: raw.version}
		if name := methodName(m.Method, raw.name, raw.uri, raw.taskID); name != nil {
			pk.Name, pk.HasName = jsonfast.Intern(name[1:len(name)-1]), true // a name recurs
		}
		return pk
	}
	return peekSlow(m.Method, m.Params)
}

// peekSlow is PeekParams through encoding/json.
func peekSlow(method string, params []byte) ParamsPeek {
	var p peekedParams
	if jsonfast.JSON.Unmarshal(params, &p) != nil {
		return ParamsPeek{}
	}
	var pk ParamsPeek
	if name := methodName(method, p.Name, p.URI, p.TaskID); name != nil {
		pk.Name, pk.HasName = *name, true
	}
	if p.Meta != nil {
		pk.version = p.Meta.Version
	}
	return pk
}

// methodName picks the member a method's Mcp-Name header mirrors.
func methodName[T any](method string, name, uri, taskID T) T {
	switch method {
	case "tools/call", "prompts/get":
		return name
	case "resources/read":
		return uri
	case "tasks/get", "tasks/update", "tasks/cancel":
		return taskID
	}
	var none T
	return none
}

// MetaVersion reads params._meta["io.modelcontextprotocol/protocolVersion"].
func MetaVersion(m *Message) (string, bool) {
	if !strings.Contains(string(m.Params), "io.modelcontextprotocol/protocolVersion") {
		return "", false
	}
	pk := PeekParams(m)
	if !pk.HasVersion() {
		return "", false
	}
	return pk.VersionString(), true
}

// NameParam is what the Mcp-Name header must carry for a method.
func NameParam(m *Message) (string, bool) {
	pk := PeekParams(m)
	return pk.Name, pk.HasName
}

package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/transport"
)

// The _meta keys of the 2026 era (2026-07-28).
const (
	MetaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	MetaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	MetaClientInfo         = "io.modelcontextprotocol/clientInfo"
	MetaLogLevel           = "io.modelcontextprotocol/logLevel"
	MetaServerInfo         = "io.modelcontextprotocol/serverInfo"
)

// modernVersions lists the 2026-era versions this SDK speaks.
var modernVersions = []string{Version2026}

// Versions2026 returns the 2026-era versions this SDK speaks (a
// copy: changing it changes nothing).
func Versions2026() []string { return slices.Clone(modernVersions) }

// ResultComplete is the resultType of every finished result.
const ResultComplete = "complete"

// DiscoverResult answers server/discover.
type DiscoverResult struct {
	SupportedVersions []string           `json:"supportedVersions"`
	Capabilities      ServerCapabilities `json:"capabilities"`
	Instructions      string             `json:"instructions,omitempty"`
	ResultType        string             `json:"resultType"`
	TTLMs             int64              `json:"ttlMs"`
	CacheScope        string             `json:"cacheScope"`
	Meta              map[string]any     `json:"_meta,omitempty"`
}

// requestMeta is the _meta of a stateless request.
type requestMeta struct {
	version       string
	clientInfo    json.RawMessage
	caps          map[string]json.RawMessage
	logLevel      LogLevel // "" means: send no logs
	progressToken json.RawMessage
}

// isModernMessage reports whether m belongs to the 2026 era: it
// carries the protocol version in _meta, or is server/discover.
func isModernMessage(m *transport.Message) bool {
	if m.Method == "server/discover" {
		return true
	}
	if !bytes.Contains(m.Params, []byte(MetaProtocolVersion)) && !bytes.Contains(m.Params, []byte(MetaClientCapabilities)) {
		return false
	}
	meta, ok := scanMeta(m.Params)
	if !ok {
		var p struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		}
		if jsonfast.JSON.Unmarshal(m.Params, &p) != nil {
			return false
		}
		meta = p.Meta
	}
	_, v := meta[MetaProtocolVersion]
	_, c := meta[MetaClientCapabilities]
	return v || c
}

// parseRequestMeta reads and checks the _meta of a stateless request's
// params.
func parseRequestMeta(raw json.RawMessage) (requestMeta, error) {
	vals, ok := scanStatelessMeta(raw)
	if !ok {
		var p struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		}
		if meta, ok := scanMeta(raw); ok {
			p.Meta = meta
		} else if err := unmarshalParams(raw, &p); err != nil {
			return requestMeta{}, err
		}
		for i, k := range statelessMetaMembers {
			vals[i] = p.Meta[k]
		}
	}
	return vals.parse()
}

// modernParams is parseRequestMeta(m.Params); for tools/call also the
// call's params when they were read in the same pass (read false:
// callTool reads them).
func modernParams(m *transport.Message) (meta requestMeta, call CallToolParams, read bool, err error) {
	if m.Method == "tools/call" {
		var vals metaValues
		if call, vals, read = scanStatelessCall(m.Params); read {
			meta, err = vals.parse()
			return meta, call, true, err
		}
	}
	meta, err = parseRequestMeta(m.Params)
	return meta, call, false, err
}

// statelessMetaMembers are the _meta keys a stateless request is read
// for; metaValues holds their raw values in this order, nil when absent.
var statelessMetaMembers = []string{MetaProtocolVersion, MetaClientCapabilities, MetaClientInfo, MetaLogLevel, "progressToken"}

type metaValues [5]json.RawMessage

// scanStatelessMeta reads the values of statelessMetaMembers from params'
// _meta in one pass, as looking them up in the map scanMeta makes reads
// them; false (ask scanMeta or encoding/json) for anything where they
// could differ: see jsonfast.Fields, and a _meta neither an object nor null.
func scanStatelessMeta(params []byte) (vals metaValues, ok bool) {
	if len(params) == 0 {
		return vals, false
	}
	var raw []byte
	if !jsonfast.Fields(params, metaMember, func(_ string, val []byte) bool {
		raw = val
		return true
	}) {
		return vals, false
	}
	if raw == nil || raw[0] == 'n' {
		return vals, true
	}
	ok = jsonfast.Fields(raw, statelessMetaMembers, func(name string, val []byte) bool {
		vals[slices.Index(statelessMetaMembers, name)] = val
		return true
	})
	return vals, ok
}

func (vals metaValues) parse() (requestMeta, error) {
	version, caps, clientInfo, logLevel, progressToken := vals[0], vals[1], vals[2], vals[3], vals[4]
	var missing []string
	if version == nil {
		missing = append(missing, MetaProtocolVersion)
	}
	if caps == nil {
		missing = append(missing, MetaClientCapabilities)
	}
	if len(missing) > 0 {
		return requestMeta{}, &transport.Error{Code: transport.CodeInvalidParams, Message: "Invalid params: missing _meta keys: " + joinComma(missing)}
	}
	// rm's members are decoded by encoding/json through helpers of their
	// own (unmarshalAs), not through pointers into rm: that would move rm to
	// the heap on every call.
	rm := requestMeta{progressToken: progressToken, clientInfo: clientInfo}
	var ok bool
	if rm.version, ok = plainVersion(version); !ok {
		if rm.version, ok = unmarshalAs[string](version); !ok {
			return requestMeta{}, transport.Errorf(transport.CodeInvalidParams, "Invalid params: _meta %s must be a string", MetaProtocolVersion)
		}
	}
	if rm.caps, ok = scanObject(caps); !ok {
		if rm.caps, ok = unmarshalAs[map[string]json.RawMessage](caps); !ok || rm.caps == nil {
			return requestMeta{}, transport.Errorf(transport.CodeInvalidParams, "Invalid params: _meta %s must be an object", MetaClientCapabilities)
		}
	}
	if logLevel != nil {
		level, known := jsonfast.PlainString(logLevel)
		rm.logLevel = LogLevel(level)
		if !known {
			rm.logLevel, known = unmarshalAs[LogLevel](logLevel)
		}
		if _, inRank := levelRank[rm.logLevel]; !known || !inRank {
			return requestMeta{}, transport.Errorf(transport.CodeInvalidParams, "Invalid params: _meta %s is not a log level", MetaLogLevel)
		}
	}
	return rm, nil
}

// unmarshalAs is raw decoded by encoding/json into a T; false when it
// fails.
func unmarshalAs[T any](raw []byte) (T, bool) {
	var v T
	err := jsonfast.JSON.Unmarshal(raw, &v)
	return v, err == nil
}

// plainVersion is jsonfast.PlainString(raw), without making a string when raw
// is a version this SDK speaks written plainly.
func plainVersion(raw []byte) (string, bool) {
	for _, v := range modernVersions {
		if len(raw) == len(v)+2 && raw[0] == '"' && string(raw[1:len(raw)-1]) == v {
			return v, true
		}
	}
	return jsonfast.PlainString(raw)
}

func joinComma(s []string) string {
	var b bytes.Buffer
	for i, x := range s {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(x)
	}
	return b.String()
}

// unsupportedVersion is the -32022 error listing what the server speaks.
func unsupportedVersion(requested string) *transport.Error {
	data, _ := jsonenc.Marshal(map[string]any{"supported": modernVersions, "requested": requested})
	return &transport.Error{Code: transport.CodeUnsupportedVersion, Message: "Unsupported protocol version: " + requested, Data: data}
}

// handleStateless answers one message of the 2026 era (2026-07-28):
// no session, the version and client capabilities in every request's
// _meta. emit carries the request's progress and log notifications ahead
// of the response (nil drops them). The HTTP backend calls it; over stdio
// a session routes such messages here itself.
func (s *Server) handleStateless(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) *transport.Message {
	if resp := badRequestID(m); resp != nil {
		return resp
	}
	return s.handleModern(ctx, m, emit, nil)
}

// handleModern serves a 2026-era message; ss (may be nil) tracks the
// call for notifications/cancelled on a connection that has one.
func (s *Server) handleModern(ctx context.Context, m *transport.Message, emit func(*transport.Message) error, ss *serverSession) *transport.Message {
	if !m.IsRequest() {
		if ss != nil && m.Method == "notifications/cancelled" {
			ss.handleNotification(m)
		}
		return nil
	}
	result, err := s.serveModern(ctx, m, emit, ss)
	if isCancelled(err) {
		return nil
	}
	return respond(m, result, err)
}

func (s *Server) dispatchModern(ctx context.Context, m *transport.Message, emit func(*transport.Message) error, ss *serverSession) (any, error) {
	meta, call, read, err := modernParams(m)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(modernVersions, meta.version) {
		return nil, unsupportedVersion(meta.version)
	}
	switch m.Method {
	case "server/discover":
		return s.discover(), nil
	case "tools/list":
		res, err := s.listTools(m.Params)
		if err != nil {
			return nil, err
		}
		res.ResultType, res.TTLMs, res.CacheScope = ResultComplete, new(s.opts.ToolsTTL.Milliseconds()), s.cacheScope()
		return res, nil
	case "tools/call":
		ci := &callInfo{notify: emit, clientCaps: meta.caps, requestID: m.ID, progressToken: meta.progressToken, fixedLevel: meta.logLevel,
			version: meta.version, clientInfo: meta.clientInfo}
		if err = s.startRound(ci, m.Method, m.Params); err != nil {
			return nil, err
		}
		if res, ok, err := s.toolTask(ctx, m, ci, ss, true); ok {
			return res, err
		}
		if !read {
			res, err := s.callTool(ctx, m, ci, ss)
			return modernCallResult(ci, res, err)
		}
		res, err := s.callToolWith(ctx, m.ID, call, ci, ss)
		return modernCallResult(ci, res, err)
	case "prompts/list":
		return s.listPromptsModern(m.Params)
	case "prompts/get":
		return s.getPromptModern(ctx, m, &meta, emit, ss)
	case "completion/complete":
		return s.completeModern(ctx, m.Params)
	case "resources/list":
		return s.listResources(m.Params, true)
	case "resources/templates/list":
		return s.listResourceTemplates(m.Params, true)
	case "resources/read":
		return s.readResource(ctx, m.Params, true)
	case "subscriptions/listen":
		return s.listen(ctx, m, emit, ss)
	}
	if res, ok, err := s.modernTaskMethod(ctx, m, meta.caps); ok {
		return res, err
	}
	return nil, transport.Errorf(transport.CodeMethodNotFound, "Method not found: %s", m.Method)
}

func (s *Server) cacheScope() string {
	if s.opts.CachePublic {
		return "public"
	}
	return "private"
}

func (s *Server) discover() *DiscoverResult {
	return &DiscoverResult{
		SupportedVersions: modernVersions,
		Capabilities:      s.modernCapabilities(),
		Instructions:      s.opts.Instructions,
		ResultType:        ResultComplete,
		TTLMs:             s.opts.ToolsTTL.Milliseconds(),
		CacheScope:        s.cacheScope(),
		Meta:              map[string]any{MetaServerInfo: s.info},
	}
}

// RequireClientCapability fails a tool call with the -32021 error
// (MissingRequiredClientCapability) unless the client declared every named
// capability ("sampling", "elicitation", "roots", …). Return its error
// from the tool:
//
//	if err := sdk.RequireClientCapability(ctx, "sampling"); err != nil {
//		return "", err
//	}
func RequireClientCapability(ctx context.Context, names ...string) error {
	ci := callFrom(ctx)
	var caps map[string]json.RawMessage
	if ci != nil {
		caps = ci.clientCaps
	}
	missing := map[string]any{}
	for _, n := range names {
		if _, ok := caps[n]; !ok {
			missing[n] = struct{}{}
		}
	}
	if len(missing) == 0 {
		return nil
	}
	data, _ := jsonenc.Marshal(map[string]any{"requiredCapabilities": missing})
	return &transport.Error{Code: transport.CodeMissingCapability, Message: "Missing required client capability", Data: data}
}

// respond turns a dispatch outcome into the response message.
func respond(m *transport.Message, result any, err error) *transport.Message {
	if err != nil {
		rpcErr, ok := err.(*transport.Error)
		if !ok {
			rpcErr = &transport.Error{Code: transport.CodeInternalError, Message: err.Error()}
		}
		return transport.NewErrorResponse(m.ID, rpcErr)
	}
	if resp, ok := fastResult(m.ID, result); ok {
		return resp
	}
	resp, merr := transport.NewResult(m.ID, result)
	if merr != nil {
		return transport.NewErrorResponse(m.ID, transport.Errorf(transport.CodeInternalError, "encode result: %v", merr))
	}
	return resp
}

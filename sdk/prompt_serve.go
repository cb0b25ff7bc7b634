package sdk

import (
	"context"
	"encoding/json"

	"github.com/mcpdev/mcpdev/transport"
)

// PromptsCapability says whether the server announces prompt list changes.
type PromptsCapability struct {
	ListChanged bool `json:"listChanged,omitempty"`
}

// listPrompts answers prompts/list.
func (s *Server) listPrompts(raw json.RawMessage) (*ListPromptsResult, error) {
	if !s.offersPrompts() {
		return nil, methodNotOffered("prompts/list")
	}
	prompts, next, err := listPage(s, raw, "prompts", func() []*registeredPrompt { return s.prompts.list }, (*registeredPrompt).wire)
	if err != nil {
		return nil, err
	}
	return &ListPromptsResult{Prompts: prompts, NextCursor: next}, nil
}

// listPromptsModern is listPrompts with the 2026 era's result type
// and caching hints (SEP-2549).
func (s *Server) listPromptsModern(raw json.RawMessage) (any, error) {
	res, err := s.listPrompts(raw)
	if err != nil {
		return nil, err
	}
	res.ResultType, res.TTLMs, res.CacheScope = ResultComplete, new(s.opts.PromptsTTL.Milliseconds()), s.cacheScope()
	return res, nil
}

// getPrompt answers prompts/get with the request's context ci; ss (may be
// nil) tracks it for notifications/cancelled, and a request the client
// cancelled returns errCancelled.
func (s *Server) getPrompt(ctx context.Context, m *transport.Message, ci *callInfo, ss *serverSession) (res *GetPromptResult, err error) {
	p, err := callParams(m.Params) // the same members: name, arguments, _meta
	var prompt *registeredPrompt
	if err == nil {
		prompt = s.prompt(p.Name)
	}
	if prompt == nil {
		// Asked only now: a prompt found means the server offers prompts,
		// and the lookup took the registry's lock once, not twice.
		if !s.offersPrompts() {
			return nil, methodNotOffered("prompts/get")
		}
		if err != nil {
			return nil, err
		}
		return nil, unknownPrompt(p.Name)
	}
	ctx, tc := ss.trackRequest(ctx, m.ID)
	defer func() {
		if tc.done() {
			res, err = nil, errCancelled
		}
	}()
	if p.Meta != nil && len(p.Meta.ProgressToken) > 0 {
		ci.progressToken = p.Meta.ProgressToken
	}
	return prompt.handler(withCall(ctx, ci), p.Arguments)
}

// getPromptLegacy is getPrompt in a session.
func (ss *serverSession) getPrompt(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) (any, error) {
	ss.mu.Lock()
	caps := ss.clientCaps
	ss.mu.Unlock()
	return ss.srv.getPrompt(ctx, m, &callInfo{notify: emit, session: ss, requestID: m.ID, clientCaps: caps}, ss)
}

// getPromptModern is getPrompt in the 2026 era.
func (s *Server) getPromptModern(ctx context.Context, m *transport.Message, meta *requestMeta, emit func(*transport.Message) error, ss *serverSession) (any, error) {
	ci := &callInfo{notify: emit, clientCaps: meta.caps, requestID: m.ID, progressToken: meta.progressToken, fixedLevel: meta.logLevel,
		version: meta.version, clientInfo: meta.clientInfo}
	if err := s.startRound(ci, m.Method, m.Params); err != nil {
		return nil, err
	}
	res, err := s.getPrompt(ctx, m, ci, ss)
	return roundAnswer(ci, res, err, func(r *GetPromptResult) { r.ResultType = ResultComplete })
}

// completeModern is complete with the 2026 era's result type.
func (s *Server) completeModern(ctx context.Context, raw json.RawMessage) (any, error) {
	res, err := s.complete(ctx, raw)
	if err != nil {
		return nil, err
	}
	res.ResultType = ResultComplete
	return res, nil
}

// unknownPrompt is the -32602 error of a prompt name the server does not
// have.
func unknownPrompt(name string) error {
	return transport.Errorf(transport.CodeInvalidParams, "Unknown prompt: %s (prompts/list names the prompts this server has)", clip(name))
}

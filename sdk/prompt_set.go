package sdk

// AddPrompt adds declared prompts, and tells connected legacy-era clients
// that the list changed. A name already registered (or given twice) is an
// error wrapping ErrDuplicatePrompt, and no prompt is added; a prompt
// declared with PromptOptions.Replace takes the place of the one of its
// name instead.
func (s *Server) AddPrompt(defs ...*PromptDef) error {
	ps := mapped(defs, func(d *PromptDef) *registeredPrompt { return d.p })
	return register(s, &s.prompts, ps, duplicate(ErrDuplicatePrompt, "PromptOptions", "prompt"), listPrompts)
}

// RemovePrompt removes prompts by name and tells connected clients.
func (s *Server) RemovePrompt(names ...string) { unregister(s, &s.prompts, names, listPrompts) }

// Prompts returns the wire descriptions of all prompts, in registration
// order.
func (s *Server) Prompts() []PromptInfo {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return mapped(s.prompts.list, (*registeredPrompt).wire)
}

func (p *registeredPrompt) wire() PromptInfo { return p.info }

// prompt is the prompt named name, or nil.
func (s *Server) prompt(name string) *registeredPrompt {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.prompts.get(name)
}

// offersPrompts reports whether s serves prompts (the prompts capability).
func (s *Server) offersPrompts() bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.prompts.list) > 0
}

package sdk

// capabilities is what s offers, as initialize and server/discover
// announce it: tools (whose list may change at run time: AddTool,
// RemoveTool), logging, resources (subscribable, list changes too) once
// any resource or template is registered, prompts and completions (see
// addPromptCapabilities). List changes reach both eras: legacy sessions,
// and subscriptions/listen streams.
func (s *Server) capabilities() ServerCapabilities {
	caps := ServerCapabilities{Tools: &ToolsCapability{ListChanged: true}, Logging: &struct{}{}}
	if s.hasResources() {
		caps.Resources = &ResourcesCapability{Subscribe: true, ListChanged: true}
	}
	s.addPromptCapabilities(&caps, true)
	return caps
}

// offersPrompts reports whether s serves prompts, whose list changes a
// subscriptions/listen stream may then ask for.
func (s *Server) offersPrompts() bool { return s.prompts.any() }

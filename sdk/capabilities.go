package sdk

// capabilities is what s offers, as initialize and server/discover
// announce it: tools (whose list may change at run time: AddTool,
// RemoveTool), logging, resources (subscribable, list changes too) once
// any resource or template is registered, prompts once any prompt is,
// and completions when an argument of a prompt or a variable of a
// template completes (registryChanged). List changes reach both eras: legacy sessions,
// and subscriptions/listen streams.
func (s *Server) capabilities() ServerCapabilities {
	caps := ServerCapabilities{Tools: &ToolsCapability{ListChanged: true}, Logging: &struct{}{}}
	if s.hasResources() {
		caps.Resources = &ResourcesCapability{Subscribe: true, ListChanged: true}
	}
	if s.offersPrompts() {
		caps.Prompts = &PromptsCapability{ListChanged: true}
	}
	if s.anyCompletes.Load() {
		caps.Completions = &struct{}{}
	}
	s.addTaskCapabilities(&caps, false)
	return caps
}

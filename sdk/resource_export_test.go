package sdk

// TemplateVarSchema gives package sdk_test the completion hook of resource
// templates.
func (s *Server) TemplateVarSchema(uriTemplate, name string) (map[string]any, bool) {
	return s.templateVarSchema(uriTemplate, name)
}

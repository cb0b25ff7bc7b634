// Package protectedresource holds the OAuth 2.0 Protected Resource
// Metadata document (RFC 9728) of an MCP endpoint and its well-known
// path: what a server publishes (transport/streamable) and a client
// fetches to find the authorization server (transport/oauth). It imports
// nothing of the module, so that neither side links the other.
package protectedresource

// WellKnownPath is the well-known path of OAuth 2.0 Protected Resource
// Metadata (RFC 9728 §3); an endpoint's own document is at this path
// followed by the endpoint's path.
const WellKnownPath = "/.well-known/oauth-protected-resource"

// Metadata is the OAuth 2.0 Protected Resource Metadata document (RFC
// 9728 §2) of an MCP endpoint.
type Metadata struct {
	Resource                          string   `json:"resource"`
	AuthorizationServers              []string `json:"authorization_servers,omitempty"`
	JWKSURI                           string   `json:"jwks_uri,omitempty"`
	ScopesSupported                   []string `json:"scopes_supported,omitempty"`
	BearerMethodsSupported            []string `json:"bearer_methods_supported,omitempty"`
	ResourceSigningAlgValuesSupported []string `json:"resource_signing_alg_values_supported,omitempty"`
	ResourceName                      string   `json:"resource_name,omitempty"`
	ResourceDocumentation             string   `json:"resource_documentation,omitempty"`
	ResourcePolicyURI                 string   `json:"resource_policy_uri,omitempty"`
	ResourceTOSURI                    string   `json:"resource_tos_uri,omitempty"`
}

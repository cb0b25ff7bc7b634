// Package realauth holds the end-to-end test of MCP authorization against
// a real OAuth 2.1 / OpenID Connect authorization server: the zitadel/oidc
// OpenID Provider (pkg/op, with its example storage and login page),
// started in-process by the test. It has no code of its own: the server
// library is a dependency of this test alone, and no binary links it.
package realauth

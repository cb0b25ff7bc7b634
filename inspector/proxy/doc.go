// Package proxy sits between a real MCP client and a server and records
// what passes: a stdio shim (a client's config names mcpdev proxy -- CMD
// instead of the server), forwarding every byte unchanged and unhurried,
// and the sessions it saves, one JSON line per frame, under mcpdev's state
// directory.
package proxy

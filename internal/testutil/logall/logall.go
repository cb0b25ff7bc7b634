// Package logall is a server for tests of log levels: its one tool,
// log_all, logs one message at each level, least severe first, each
// "msg-at-LEVEL".
package logall

import (
	"context"

	"github.com/mcpdev/mcpdev/sdk"
)

type args struct{}

// LogAll logs one message at each level.
func LogAll(ctx context.Context, _ args) (string, error) {
	for _, l := range sdk.LogLevels() {
		if err := sdk.Log(ctx, l, "msg-at-"+string(l)); err != nil {
			return "", err
		}
	}
	return "logged", nil
}

// Server is a server with log_all.
func Server() *sdk.Server {
	s := sdk.NewServer("logger", nil)
	sdk.Tool(s, LogAll, &sdk.ToolOptions{Description: "Log at every level."})
	return s
}

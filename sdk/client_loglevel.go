package sdk

import (
	"context"
	"errors"
	"fmt"
	"maps"
)

// ErrNoLogging is SetLogLevel's answer when the server declares no
// logging capability: no level is sent.
var ErrNoLogging = errors.New("the server declares no logging capability")

// LogLevels returns the log levels from the least severe (debug) to the
// most (emergency).
func LogLevels() []LogLevel {
	return []LogLevel{LevelDebug, LevelInfo, LevelNotice, LevelWarning, LevelError, LevelCritical, LevelAlert, LevelEmergency}
}

// SetLogLevel asks the server for log messages at level and above. In the
// legacy era it sends logging/setLevel, which sets the level for the
// session. The 2026-07-28 era has no logging/setLevel: each request
// carries the level in its _meta (io.modelcontextprotocol/logLevel), for
// the logs sent with its answer; SetLogLevel sets it for every request
// from then on, and sends nothing. Either way a server that declares no
// logging capability is told nothing: ErrNoLogging.
func (c *Client) SetLogLevel(ctx context.Context, level LogLevel) error {
	if _, ok := levelRank[level]; !ok {
		return fmt.Errorf("sdk: %q is not a log level (one of %v)", level, LogLevels())
	}
	if c.init.Capabilities.Logging == nil {
		return ErrNoLogging
	}
	if !c.modern {
		return c.Call(ctx, "logging/setLevel", map[string]any{"level": level}, nil)
	}
	c.mu.Lock()
	meta := maps.Clone(c.meta)
	meta[MetaLogLevel] = level
	c.meta = meta // requests being built keep the map they read
	c.mu.Unlock()
	return nil
}

// metaNow is the _meta every request of the 2026-07-28 era carries;
// the caller must not change it.
func (c *Client) metaNow() map[string]any {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.meta
}

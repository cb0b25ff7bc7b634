// Package sdk declares MCP tools as plain Go functions and serves them, and
// connects to MCP servers as a client.
//
//	s := sdk.NewServer("Bookshop", nil)
//	sdk.Tool(s, SearchBooks) // name, description and schema from the function
//	s.Run(context.Background())
package sdk

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// RPCError is a JSON-RPC error; a tool that returns one fails the request
// with that error instead of returning an isError result.
type RPCError = transport.Error

// ServerOptions configures a Server. The zero value is ready to use.
type ServerOptions struct {
	Version      string    // server version (default "0.0.0")
	Title        string    // human-readable server name
	Instructions string    // sent to clients in initialize
	PageSize     int       // tools per tools/list page (default 100)
	Stderr       io.Writer // diagnostics (default os.Stderr)
	// ToolsTTL is the ttlMs hint on stateless-era tools/list and
	// server/discover results (default 0: re-fetch whenever needed).
	ToolsTTL time.Duration
	// CachePublic marks those results cacheScope "public" (shareable
	// across users); the default is "private".
	CachePublic bool
}

// Server holds tools and serves them over any number of connections.
type Server struct {
	info Implementation
	opts ServerOptions

	mu       sync.RWMutex
	tools    []*registeredTool
	byName   map[string]*registeredTool
	sessions map[*Session]struct{}
}

// NewServer returns a server named name; opts may be nil.
func NewServer(name string, opts *ServerOptions) *Server {
	s := &Server{byName: map[string]*registeredTool{}, sessions: map[*Session]struct{}{}}
	if opts != nil {
		s.opts = *opts
	}
	if s.opts.Version == "" {
		s.opts.Version = "0.0.0"
	}
	if s.opts.PageSize <= 0 {
		s.opts.PageSize = 100
	}
	if s.opts.Stderr == nil {
		s.opts.Stderr = os.Stderr
	}
	s.info = Implementation{Name: name, Title: s.opts.Title, Version: s.opts.Version}
	return s
}

// AddTool adds (or replaces, by name) declared tools, and tells connected
// legacy-era clients that the list changed.
func (s *Server) AddTool(defs ...*ToolDef) {
	s.mu.Lock()
	for _, d := range defs {
		t := d.t
		if old, ok := s.byName[t.info.Name]; ok {
			for i, x := range s.tools {
				if x == old {
					s.tools[i] = t
				}
			}
		} else {
			s.tools = append(s.tools, t)
		}
		s.byName[t.info.Name] = t
	}
	s.mu.Unlock()
	s.notifyListChanged()
}

// RemoveTool removes tools by name and tells connected clients.
func (s *Server) RemoveTool(names ...string) {
	s.mu.Lock()
	for _, n := range names {
		t, ok := s.byName[n]
		if !ok {
			continue
		}
		delete(s.byName, n)
		for i, x := range s.tools {
			if x == t {
				s.tools = append(s.tools[:i:i], s.tools[i+1:]...)
				break
			}
		}
	}
	s.mu.Unlock()
	s.notifyListChanged()
}

// Tools returns the wire descriptions of all tools, in registration order.
func (s *Server) Tools() []ToolInfo {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]ToolInfo, len(s.tools))
	for i, t := range s.tools {
		out[i] = t.info
	}
	return out
}

func (s *Server) tool(name string) *registeredTool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.byName[name]
}

// page returns the tools of one tools/list page.
func (s *Server) page(cursor string) ([]ToolInfo, string, error) {
	start := 0
	if cursor != "" {
		n, err := decodeCursor(cursor)
		if err != nil {
			return nil, "", err
		}
		start = n
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if start > len(s.tools) {
		return nil, "", transport.Errorf(transport.CodeInvalidParams, "Invalid cursor")
	}
	end := min(start+s.opts.PageSize, len(s.tools))
	out := make([]ToolInfo, 0, end-start)
	for _, t := range s.tools[start:end] {
		out = append(out, t.info)
	}
	next := ""
	if end < len(s.tools) {
		next = encodeCursor(end)
	}
	return out, next, nil
}

func encodeCursor(offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("tools:" + strconv.Itoa(offset)))
}

func decodeCursor(c string) (int, error) {
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err == nil {
		if rest, ok := cutPrefix(string(raw), "tools:"); ok {
			if n, err := strconv.Atoi(rest); err == nil && n >= 0 {
				return n, nil
			}
		}
	}
	return 0, transport.Errorf(transport.CodeInvalidParams, "Invalid cursor")
}

func cutPrefix(s, p string) (string, bool) {
	if len(s) >= len(p) && s[:len(p)] == p {
		return s[len(p):], true
	}
	return s, false
}

func (s *Server) notifyListChanged() {
	s.mu.RLock()
	sessions := make([]*Session, 0, len(s.sessions))
	for ss := range s.sessions {
		sessions = append(sessions, ss)
	}
	s.mu.RUnlock()
	for _, ss := range sessions {
		ss.toolsChanged()
	}
}

// Serve serves one connection until the peer closes it (then it answers
// every request already received and returns nil) or ctx is cancelled
// (in-flight calls see their contexts cancelled).
func (s *Server) Serve(ctx context.Context, conn transport.Conn) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ss := s.NewSession(func(m *transport.Message) error { return conn.Write(ctx, m) })
	defer ss.Close()
	var wg sync.WaitGroup
	defer wg.Wait()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	for {
		m, err := conn.Read(ctx)
		if err != nil {
			var de *transport.DecodeError
			if errors.As(err, &de) {
				s.answerBadFrame(ctx, conn, de)
				continue
			}
			if errors.Is(err, io.EOF) || errors.Is(err, transport.ErrClosed) || ctx.Err() != nil {
				return nil
			}
			return err
		}
		if !m.IsRequest() || m.Method != "tools/call" {
			// Everything but a tool call is quick: answer in order, so
			// that initialize is done before the next request is read.
			if resp := ss.Handle(ctx, m); resp != nil {
				_ = conn.Write(ctx, resp)
			}
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if resp := ss.Handle(ctx, m); resp != nil {
				if err := conn.Write(ctx, resp); err != nil && ctx.Err() == nil {
					fmt.Fprintf(s.opts.Stderr, "sdk: write response: %v\n", err)
				}
			}
		}()
	}
}

func (s *Server) answerBadFrame(ctx context.Context, conn transport.Conn, de *transport.DecodeError) {
	var id []byte
	if de.Msg != nil {
		id = de.Msg.ID
		if de.Msg.IsResponse() || (de.Msg.Method != "" && len(id) == 0) {
			return // never answer a response or a notification
		}
	}
	fmt.Fprintf(s.opts.Stderr, "sdk: %v\n", de)
	_ = conn.Write(ctx, transport.NewErrorResponse(id, de.Err))
}

package sdk

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/transport"
)

// issueCursor is the opaque nextCursor of a list of the given kind
// ("prompts", …) whose next page starts at offset.
func issueCursor(kind string, offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte(kind + ":" + strconv.Itoa(offset)))
}

// listCursor is the offset a cursor of issueCursor(kind, …) names in a
// list of n items: 0 for no cursor, and -32602 for a cursor this server
// could not have issued for this list (another list's, an offset past the
// end, not base64 at all), with a message saying how to recover.
func listCursor(kind, cursor string, n int) (int, error) {
	if cursor == "" {
		return 0, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err == nil {
		if rest, ok := strings.CutPrefix(string(raw), kind+":"); ok {
			if off, err := strconv.Atoi(rest); err == nil && off >= 0 && off <= n {
				return off, nil
			}
		}
	}
	shown := cursor
	if len(shown) > 64 {
		shown = shown[:64] + "…"
	}
	return 0, transport.Errorf(transport.CodeInvalidParams,
		"Invalid cursor: %q is not a cursor this server issued for %s/list; send the nextCursor of the previous page, or no cursor for the first page", shown, kind)
}

// pageOf returns the page of items that cursor (issued for the list of
// kind; "" for the first page) starts, and the next page's cursor ("" at
// the end).
func pageOf[T any](items []T, kind, cursor string, size int) ([]T, string, error) {
	start, err := listCursor(kind, cursor, len(items))
	if err != nil {
		return nil, "", err
	}
	end := min(start+size, len(items))
	next := ""
	if end < len(items) {
		next = issueCursor(kind, end)
	}
	return items[start:end], next, nil
}

// listPage answers a paginated list method (tools/list, prompts/list,
// resources/list, resources/templates/list): the page of list() (called
// with s.mu held) that the cursor in raw asks for, as wire descriptions,
// and the next page's cursor. kind names the list in its cursors.
func listPage[T, I any](s *Server, raw json.RawMessage, kind string, list func() []T, info func(T) I) ([]I, string, error) {
	var p struct {
		Cursor string `json:"cursor"`
	}
	if err := unmarshalParams(raw, &p); err != nil {
		return nil, "", err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	page, next, err := pageOf(list(), kind, p.Cursor, s.opts.PageSize)
	if err != nil {
		return nil, "", err
	}
	return mapped(page, info), next, nil
}

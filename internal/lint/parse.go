package lint

import (
	"encoding/json"
	"errors"

	"github.com/mcpdev/mcpdev/sdk"
)

// ErrNoTools is returned by ParseTools for JSON that is neither a list of
// tools nor an object with one under "tools".
var ErrNoTools = errors.New(`want a JSON list of tools or {"tools": […]}`)

// ParseTools reads raw tool definitions: a tools/list result
// ({"tools": […]}, as mcpdev tools --json prints it) or a bare list.
func ParseTools(raw []byte) ([]sdk.ToolInfo, error) {
	var list []sdk.ToolInfo
	if json.Unmarshal(raw, &list) == nil {
		return list, nil
	}
	var res struct {
		Tools *[]sdk.ToolInfo `json:"tools"`
	}
	if err := json.Unmarshal(raw, &res); err != nil || res.Tools == nil {
		return nil, ErrNoTools
	}
	return *res.Tools, nil
}

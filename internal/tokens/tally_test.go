package tokens_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// TestListsCountAsToolCost: counting a list for several clients at once
// (each distinct text once) gives every tool the cost ToolCost gives it
// alone, for every client, on the real and hostile definitions, copies of
// them, and variants that share subschemas but not whole schemas.
func TestListsCountAsToolCost(t *testing.T) {
	var tools []sdk.ToolInfo
	for _, f := range []string{"server-everything.json", "server-filesystem.json", "bookshop.json", "hostile.json"} {
		tools = append(tools, readTools(t, f)...)
	}
	n := len(tools)
	for i := range n {
		v := tools[i]
		v.Name += fmt.Sprintf("_%d", i)
		if len(v.InputSchema) > 1 && v.InputSchema[0] == '{' {
			v.InputSchema = json.RawMessage(fmt.Sprintf(`{"$comment":"variant %d's", %s`, i, v.InputSchema[1:]))
		}
		tools = append(tools, tools[i], v)
	}
	lists := tokens.Lists(tools, tokens.Clients)
	for i, c := range tokens.Clients {
		if one := tokens.List(tools, c); one.Total != lists[i].Total {
			t.Errorf("%s: List total %+v, Lists %+v", c, one.Total, lists[i].Total)
		}
		for j, tool := range tools {
			if want := tokens.ToolCost(tool, c); lists[i].Tools[j] != want {
				t.Errorf("%s %s (#%d): in the list %+v, alone %+v", c, tool.Name, j, lists[i].Tools[j], want)
			}
		}
	}
}

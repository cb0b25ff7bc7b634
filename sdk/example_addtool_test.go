package sdk_test

import (
	"errors"
	"fmt"

	"github.com/mcpdev/mcpdev/sdk"
)

// Registering a name twice is an error, unless the new tool asks to
// replace the old one.
func ExampleServer_AddTool() {
	s := sdk.NewServer("Bookshop", nil)
	first, _ := sdk.NewTool(SearchBooks, &sdk.ToolOptions{Description: "Search the catalog."})
	again, _ := sdk.NewTool(SearchBooks, &sdk.ToolOptions{Description: "Search the catalog, again."})
	newer, _ := sdk.NewTool(SearchBooks, &sdk.ToolOptions{Description: "Search the new catalog.", Replace: true})

	fmt.Println(s.AddTool(first))
	err := s.AddTool(again)
	fmt.Println(errors.Is(err, sdk.ErrDuplicateTool), err)
	fmt.Println(s.AddTool(newer), s.Tools()[0].Description)
	// Output:
	// <nil>
	// true sdk: duplicate tool name "search_books": set ToolOptions.Replace to replace the registered tool
	// <nil> Search the new catalog.
}

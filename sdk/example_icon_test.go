package sdk_test

import (
	"fmt"
	"log"

	"github.com/mcpdev/mcpdev/sdk"
)

// Icons travel with the tool in tools/list (protocol 2025-11-25).
func ExampleIcon() {
	d, err := sdk.NewTool(SearchBooks, &sdk.ToolOptions{
		Description: "Search the catalog.",
		Icons: []sdk.Icon{
			{Src: "https://example.com/search-light.svg", MimeType: "image/svg+xml", Sizes: []string{"any"}, Theme: sdk.IconLight},
			{Src: "https://example.com/search-dark.png", MimeType: "image/png", Sizes: []string{"48x48"}, Theme: sdk.IconDark},
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, ic := range d.Info().Icons {
		fmt.Println(ic.Theme, ic.Src, ic.Sizes)
	}
	// Output:
	// light https://example.com/search-light.svg [any]
	// dark https://example.com/search-dark.png [48x48]
}

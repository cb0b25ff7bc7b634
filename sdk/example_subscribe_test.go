package sdk_test

import (
	"context"
	"fmt"
	"log"

	"github.com/mcpdev/mcpdev/sdk"
)

// A client watches a resource the same way in both eras: updates arrive
// on a channel until ctx ends.
func ExampleClient_Subscribe() {
	s := sdk.NewServer("Bookshop", nil)
	sdk.Resource(s, "bookshop://hours", ShopHours, nil)
	for _, version := range []string{sdk.LatestLegacyVersion, sdk.Version2026} {
		ctx, stop := context.WithCancel(context.Background())
		c, err := sdk.NewInMemoryClient(context.Background(), s, &sdk.ClientOptions{ProtocolVersion: version})
		if err != nil {
			log.Fatal(err)
		}
		updates, err := c.Subscribe(ctx, "bookshop://hours")
		if err != nil {
			log.Fatal(err)
		}
		s.ResourceUpdated("bookshop://hours") // the hours changed
		u := <-updates
		res, _ := c.ReadResource(ctx, u.URI)
		fmt.Printf("%s: %s changed: %s\n", c.Era(), u.URI, res.Contents[0].Text)
		stop() // unsubscribes; the channel closes
		for range updates {
		}
		c.Close()
	}
	// Output:
	// legacy: bookshop://hours changed: Mon–Sat 9:00–18:00
	// 2026: bookshop://hours changed: Mon–Sat 9:00–18:00
}

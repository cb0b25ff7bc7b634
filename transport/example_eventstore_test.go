package transport_test

import (
	"context"
	"fmt"

	"github.com/mcpdev/mcpdev/transport"
)

// The default event store keeps each stream's last events in the process;
// a client resumes after the last event id it saw.
func ExampleNewMemoryEventStore() {
	ctx := context.Background()
	store := transport.NewMemoryEventStore(2)
	for _, data := range []string{"a", "b", "c"} {
		id, _ := store.Append(ctx, "session", "1", []byte(data))
		fmt.Println("stored", data, "as", id)
	}
	_ = store.Replay(ctx, "session", "1-0", func(id string, data []byte) error {
		fmt.Println("replayed", id, string(data))
		return nil
	})
	// Output:
	// stored a as 1-1
	// stored b as 1-2
	// stored c as 1-3
	// replayed 1-2 b
	// replayed 1-3 c
}

func ExampleSplitEventID() {
	fmt.Println(transport.SplitEventID("3-17"))
	fmt.Println(transport.SplitEventID("0-1733000000000-0"))
	fmt.Println(transport.SplitEventID("garbage"))
	// Output:
	// 3 17 true
	// 0 1733000000000-0 true
	//   false
}

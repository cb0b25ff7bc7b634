package sdk_test

import (
	"context"
	"fmt"
	"log"
	"sync"

	"github.com/mcpdev/mcpdev/sdk"
)

// SumArgs are the arguments of sum_squares.
type SumArgs struct {
	N int `json:"n"`
}

// SumSquares adds the squares of 1..n, one goroutine each. A panic in a
// goroutine started with the go statement would end the whole server;
// started with sdk.Go, it fails this call only.
func SumSquares(ctx context.Context, a SumArgs) (int, error) {
	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		total int
	)
	for i := 1; i <= a.N; i++ {
		wg.Add(1)
		sdk.Go(ctx, func() {
			defer wg.Done()
			if i == 13 {
				panic("13 is unlucky")
			}
			mu.Lock()
			total += i * i
			mu.Unlock()
		})
	}
	wg.Wait()
	return total, nil
}

// Goroutines a tool starts with sdk.Go belong to its call: a panic in one
// becomes the call's isError result, and the server keeps serving.
func ExampleGo() {
	s := sdk.NewServer("Squares", nil)
	sdk.Tool(s, SumSquares, &sdk.ToolOptions{Description: "Add the squares of 1..n."})
	ctx := context.Background()
	c, err := sdk.NewInMemoryClient(ctx, s, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	res, _ := c.CallTool(ctx, "sum_squares", map[string]any{"n": 3}, nil)
	fmt.Println(res.IsError, res.Content[0].Text)
	res, _ = c.CallTool(ctx, "sum_squares", map[string]any{"n": 20}, nil)
	fmt.Println(res.IsError, res.Content[0].Text)
	// Output:
	// false 14
	// true Error executing tool sum_squares: panic in a goroutine: 13 is unlucky
}

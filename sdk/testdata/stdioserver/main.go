// Command stdioserver is the real subprocess the sdk tests talk to over
// stdio: tools that wait for each other, print to stdout, report progress,
// wait to be cancelled (it stops on SIGINT/SIGTERM, through Run) and
// return big results; with STDIOSERVER_TOOLS_PAD=N one more tool makes
// tools/list about N bytes long.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/mcpdev/mcpdev/sdk"
)

var (
	mu      sync.Mutex
	cond    = sync.NewCond(&mu)
	started int
)

// BarrierArgs are the arguments of barrier.
type BarrierArgs struct {
	// How many calls must be running before any returns.
	N   int    `json:"n" jsonschema:"minimum=1"`
	Tag string `json:"tag"`
}

// Barrier returns only once n calls are running at the same time.
func Barrier(ctx context.Context, a BarrierArgs) (string, error) {
	mu.Lock()
	started++
	cond.Broadcast()
	for started < a.N {
		cond.Wait()
	}
	mu.Unlock()
	return "done " + a.Tag, nil
}

// ChattyArgs are the arguments of chatty.
type ChattyArgs struct{}

// Chatty prints to standard output, which must not corrupt the protocol.
func Chatty(ctx context.Context, _ ChattyArgs) (string, error) {
	fmt.Println("chatty: fmt.Println from a tool")
	os.Stdout.WriteString("chatty: os.Stdout from a tool\n")
	return "said hello", nil
}

// CountArgs are the arguments of count.
type CountArgs struct {
	To int `json:"to" jsonschema:"default=3"`
}

// Count reports progress from 1 to To.
func Count(ctx context.Context, a CountArgs) (int, error) {
	for i := 1; i <= a.To; i++ {
		if err := sdk.Progress(ctx, float64(i), float64(a.To), fmt.Sprintf("step %d", i)); err != nil {
			return 0, err
		}
	}
	return a.To, nil
}

// WaitArgs are the arguments of wait.
type WaitArgs struct{}

// Wait blocks until its call is cancelled, saying so on standard error.
func Wait(ctx context.Context, _ WaitArgs) (string, error) {
	fmt.Fprintln(os.Stderr, "wait: started")
	<-ctx.Done()
	fmt.Fprintln(os.Stderr, "wait: cancelled:", ctx.Err())
	return "", ctx.Err()
}

// BigArgs are the arguments of big.
type BigArgs struct {
	Bytes int `json:"bytes" jsonschema:"minimum=0"`
}

// Big returns a text of the given size.
func Big(ctx context.Context, a BigArgs) (sdk.Content, error) {
	return sdk.Text(strings.Repeat("x", a.Bytes)), nil
}

func main() {
	s := sdk.NewServer("stdioserver", &sdk.ServerOptions{Version: "1.2.3"})
	if n, _ := strconv.Atoi(os.Getenv("STDIOSERVER_TOOLS_PAD")); n > 0 {
		sdk.Tool(s, Count, &sdk.ToolOptions{Name: "padding", Description: strings.Repeat("p", n)})
	}
	sdk.Tool(s, Barrier, nil)
	sdk.Tool(s, Big, nil)
	sdk.Tool(s, Chatty, nil)
	sdk.Tool(s, Count, nil)
	sdk.Tool(s, Wait, nil)
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}

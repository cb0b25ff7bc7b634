// A server whose tool crashes the process: the doctor explains a session
// that ends mid-call.
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/mcpdev/mcpdev/sdk"
)

// CrashArgs are the arguments of crash.
type CrashArgs struct{}

// Crash exits the server with code 2.
func Crash(ctx context.Context, args CrashArgs) (string, error) {
	fmt.Fprintln(os.Stderr, "panic: out of cheese")
	os.Exit(2)
	return "", nil
}

func main() {
	s := sdk.NewServer("crashy", nil)
	sdk.Tool(s, Crash, nil)
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}

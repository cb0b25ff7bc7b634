// A server that prints a banner on stdout instead of speaking JSON-RPC, then
// waits for stdin to close.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	fmt.Println("Hello! Server listening on stdio")
	io.Copy(io.Discard, os.Stdin)
}

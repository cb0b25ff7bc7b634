// A server that exits at once with code 3, after a complaint on stderr.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "starting up")
	fmt.Fprintln(os.Stderr, "fatal: DATABASE_URL is not set")
	os.Exit(3)
}

// Command hello prints its build's tag, for testutil's Build test.
package main

import "fmt"

var tag = "plain"

func main() { fmt.Println("hello", tag) }

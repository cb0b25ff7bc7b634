//go:build !unix

package transport

import "os"

func protectStdout() *os.File { return swapStdout() }

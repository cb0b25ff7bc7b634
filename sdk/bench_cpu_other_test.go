//go:build !unix

package sdk_test

import "time"

// processCPU cannot be read here.
func processCPU() time.Duration { return 0 }

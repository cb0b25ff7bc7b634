//go:build unix

package sdk_test

import (
	"syscall"
	"time"
)

// processCPU is this process's user+system CPU time so far, every thread
// (the garbage collector's included); 0 where it cannot be read.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

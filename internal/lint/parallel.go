package lint

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// toolsPerWorker is how many tools make another worker worth starting.
const toolsPerWorker = 32

// forEach calls f(0) … f(n-1) on up to GOMAXPROCS goroutines and returns
// when all have returned. f must be safe to call concurrently.
func forEach(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), (n+toolsPerWorker-1)/toolsPerWorker)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		})
	}
	wg.Wait()
}

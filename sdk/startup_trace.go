//go:build startuptrace

package sdk

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"
)

// Built with -tags startuptrace, a server reports on stderr how long each
// piece of its start-up took: doc-comment look-up, schema inference and
// schema compilation (each without the pieces nested in it), all of tool
// registration, and the moments the sdk package was initialised and Serve
// began, counted from MCPDEV_SPAWN_NS (the Unix time in nanoseconds at
// which the parent started the process; bench/cmd/startup sets it). Without
// the tag these hooks are empty and compile away.

var trace = struct {
	sync.Mutex
	initAt time.Time
	spent  map[string]time.Duration
	open   *phase
	once   sync.Once
	marks  map[string]time.Time
}{initAt: time.Now(), spent: map[string]time.Duration{}, marks: map[string]time.Time{}}

// traceMark notes the first time name happened.
func traceMark(name string) {
	trace.Lock()
	defer trace.Unlock()
	if _, ok := trace.marks[name]; !ok {
		trace.marks[name] = time.Now()
	}
}

// phase is one piece being timed; time spent in pieces opened inside it is
// counted for them, not for it.
type phase struct {
	name   string
	start  time.Time
	inner  time.Duration
	parent *phase
}

func startPhase(name string) *phase {
	trace.Lock()
	defer trace.Unlock()
	p := &phase{name: name, start: time.Now(), parent: trace.open}
	trace.open = p
	return p
}

func (p *phase) end() {
	trace.Lock()
	defer trace.Unlock()
	d := time.Since(p.start)
	trace.spent[p.name] += d - p.inner
	if p.parent != nil {
		p.parent.inner += d
	}
	trace.open = p.parent
}

// traceServe reports the pieces once, when the first Serve begins.
func traceServe() {
	trace.once.Do(func() {
		now := time.Now()
		since := func(t time.Time) string {
			ns, err := strconv.ParseInt(os.Getenv("MCPDEV_SPAWN_NS"), 10, 64)
			if err != nil {
				return "?"
			}
			return ms(t.Sub(time.Unix(0, ns)))
		}
		trace.Lock()
		defer trace.Unlock()
		fmt.Fprintf(os.Stderr, "startup-trace: sdk-init-at=%s new-server-at=%s run-at=%s serve-at=%s register=%s docs=%s infer=%s compile=%s\n",
			since(trace.initAt), since(trace.marks["new-server-at"]), since(trace.marks["run-at"]), since(now), ms(trace.spent["register"]),
			ms(trace.spent["docs"]), ms(trace.spent["infer"]), ms(trace.spent["compile"]))
	})
}

func ms(d time.Duration) string { return strconv.FormatFloat(float64(d)/1e6, 'f', 3, 64) }

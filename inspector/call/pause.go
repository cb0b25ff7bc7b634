package call

import (
	"context"
	"sync"
	"time"
)

// Pause stops the timeout clocks of the requests in progress while a
// person answers a server's question (an elicitation form, a sampling
// reply): --timeout bounds how long the server takes, not how long the
// person thinks. Put it in the requests' context with WithPause; the hook
// that asks calls Hold and the function Hold returns.
type Pause struct {
	mu     sync.Mutex
	held   int
	clocks map[*clock]struct{}
}

type pauseKey struct{}

// WithPause returns ctx carrying p: WithTimeout's clocks under it stop
// while p is held.
func WithPause(ctx context.Context, p *Pause) context.Context {
	return context.WithValue(ctx, pauseKey{}, p)
}

// Hold stops every clock until the returned function is called (holds
// nest: the clocks run again when the last one is released).
func (p *Pause) Hold() (release func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.held++; p.held == 1 {
		for c := range p.clocks {
			c.pause()
		}
	}
	var once sync.Once
	return func() { once.Do(p.release) }
}

func (p *Pause) release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.held--; p.held == 0 {
		for c := range p.clocks {
			c.resume()
		}
	}
}

// add registers c (paused at once if p is held); the function returned
// removes it.
func (p *Pause) add(c *clock) func() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.clocks == nil {
		p.clocks = map[*clock]struct{}{}
	}
	p.clocks[c] = struct{}{}
	if p.held > 0 {
		c.pause()
	}
	return func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		delete(p.clocks, c)
	}
}

// clock cancels a request after d of silence; progress restarts it, a
// Pause stops it.
type clock struct {
	mu              sync.Mutex
	d               time.Duration
	timer           *time.Timer
	paused, expired bool
}

func newClock(d time.Duration, cancel func()) *clock {
	c := &clock{d: d}
	c.timer = time.AfterFunc(d, func() {
		c.mu.Lock()
		fire := !c.paused && !c.expired
		c.expired = c.expired || fire
		c.mu.Unlock()
		if fire {
			cancel()
		}
	})
	return c
}

// reset restarts the clock (progress arrived), unless it is paused or
// already expired.
func (c *clock) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.paused && !c.expired {
		c.timer.Reset(c.d)
	}
}

func (c *clock) pause() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.paused = true
	c.timer.Stop()
}

// resume starts the clock again, from the whole timeout.
func (c *clock) resume() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.paused = false
	if !c.expired {
		c.timer.Reset(c.d)
	}
}

func (c *clock) stop() { c.timer.Stop() }

func (c *clock) hasExpired() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.expired
}

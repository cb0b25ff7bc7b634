package tui

import "sync"

// mailbox is an unbounded queue from the client's goroutines (traffic,
// logs, progress, list changes, stderr) to Update. Push never blocks, so a
// busy UI cannot stall the connection; the UI drains everything queued in
// one message (waitEvents), which keeps bursts of traffic cheap.
type mailbox struct {
	mu     sync.Mutex
	items  []any
	signal chan struct{} // holds one token while items is non-empty
	done   chan struct{}
	once   sync.Once
}

func newMailbox() *mailbox {
	return &mailbox{signal: make(chan struct{}, 1), done: make(chan struct{})}
}

func (b *mailbox) push(v any) {
	b.mu.Lock()
	b.items = append(b.items, v)
	b.mu.Unlock()
	select {
	case b.signal <- struct{}{}:
	default:
	}
}

// take waits for items and returns them all; nil once closed.
func (b *mailbox) take() []any {
	for {
		select {
		case <-b.signal:
		case <-b.done:
			return nil
		}
		b.mu.Lock()
		items := b.items
		b.items = nil
		b.mu.Unlock()
		if len(items) > 0 { // a token can outlive the items it announced
			return items
		}
	}
}

func (b *mailbox) close() { b.once.Do(func() { close(b.done) }) }

package redisstore

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrDown is what every operation of a Store answers, at once, while Redis
// is unreachable: the handler then serves without resumability (an event
// goes to its client without an id) instead of waiting on Redis.
var ErrDown = errors.New("redisstore: Redis is unreachable; serving without resumability until it is back")

// Health is what a Store knows of Redis, for a health check.
type Health struct {
	// Up is false from the first failed operation until a probe reaches
	// Redis again.
	Up bool
	// Since is when the current outage began (zero while Up).
	Since time.Time
	// LastError is the failure that began the current outage.
	LastError string
	// Failures counts, over the store's life, the operations that failed
	// or were refused because Redis was unreachable.
	Failures uint64
}

// health is a Store's circuit breaker: the first operation that cannot
// reach Redis opens it, every operation then fails at once with ErrDown,
// and one goroutine pings Redis until it answers.
type health struct {
	mu       sync.Mutex
	down     bool
	since    time.Time
	lastErr  string
	failures atomic.Uint64
}

// Health reports whether Redis is reachable, since when it is not, and how
// many operations failed for it.
func (s *Store) Health() Health {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	return Health{Up: !s.health.down, Since: s.health.since, LastError: s.health.lastErr, Failures: s.health.failures.Load()}
}

// do runs op against Redis within the store's timeout, unless Redis is
// known to be down. The wait is bounded whatever rdb's own timeouts and
// retries are: an op still under way at the deadline finishes on its own.
func (s *Store) do(ctx context.Context, op string, fn func(ctx context.Context) error) error {
	if s.isDown() {
		s.health.failures.Add(1)
		return fmt.Errorf("redisstore: %s: %w", op, ErrDown)
	}
	opCtx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	done := make(chan error, 1)
	go func() { done <- fn(opCtx) }()
	var err error
	select {
	case err = <-done:
	case <-opCtx.Done():
		err = fmt.Errorf("no answer within %v: %w", s.opts.Timeout, opCtx.Err())
	}
	cancel()
	if err != nil && ctx.Err() == nil && unreachable(err) { // not the caller giving up
		s.trip(err)
	}
	if err != nil {
		return fmt.Errorf("redisstore: %s: %w", op, err)
	}
	return nil
}

// unreachable tells a failure to reach Redis from an answer Redis gave
// (a redis.Error such as WRONGTYPE, or redis.Nil).
func unreachable(err error) bool {
	var answer redis.Error
	return !errors.As(err, &answer)
}

func (s *Store) isDown() bool {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	return s.health.down
}

// trip opens the breaker on the first failure of an outage: it logs once
// and starts the probe.
func (s *Store) trip(err error) {
	s.health.failures.Add(1)
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	if s.health.down {
		return
	}
	s.health.down, s.health.since, s.health.lastErr = true, time.Now(), err.Error()
	s.opts.Logger.Warn("redisstore: Redis is unreachable; serving without resumability until it is back", "err", err)
	go s.probe()
}

// probe pings Redis every ProbeInterval until it answers, then closes the
// breaker; it ends without closing it once rdb itself is closed.
func (s *Store) probe() {
	t := time.NewTicker(s.opts.ProbeInterval)
	defer t.Stop()
	for range t.C {
		ctx, cancel := context.WithTimeout(context.Background(), s.opts.Timeout)
		err := s.rdb.Ping(ctx).Err()
		cancel()
		if errors.Is(err, redis.ErrClosed) {
			return
		}
		if err == nil {
			s.recover()
			return
		}
	}
}

func (s *Store) recover() {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	s.opts.Logger.Info("redisstore: Redis is back; storing events again", "down_for", time.Since(s.health.since).Round(time.Millisecond))
	s.health.down, s.health.since, s.health.lastErr = false, time.Time{}, ""
}

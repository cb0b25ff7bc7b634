// Package redisstore is a transport.EventStore and transport.SessionStore
// on Redis, shared by the replicas of a Streamable HTTP server: a client
// whose replica died resumes its SSE streams (GET with Last-Event-ID) and
// goes on with its session on another replica.
//
// Each stream is a Redis stream (XADD, trimmed to Options.MaxEvents, read
// back with XRANGE); a session's record, its streams and the index of its
// streams share a hash tag, so the store also works on Redis Cluster.
// Every key expires Options.TTL after the session's last write.
//
// It lives apart from package transport so that servers without Redis do
// not link a Redis client.
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mcpdev/mcpdev/transport"
	"github.com/redis/go-redis/v9"
)

// Options configures a Store; the zero value is usable.
type Options struct {
	// Prefix starts every key (default "mcp:").
	Prefix string
	// MaxEvents is how many events each stream keeps (default 256).
	MaxEvents int64
	// TTL is how long a session's record and events live after its last
	// write (default 24h). Sessions that end (DELETE, idle timeout) are
	// dropped at once; the TTL clears those of replicas that died.
	TTL time.Duration
}

// Store keeps events and session records in Redis.
type Store struct {
	rdb  redis.UniversalClient
	opts Options
}

var (
	_ transport.EventStore   = (*Store)(nil)
	_ transport.SessionStore = (*Store)(nil)
)

// New returns a store on rdb; opts may be nil. Every call is bounded by
// rdb's own dial, read and write timeouts, so a Redis that went away gives
// an error, not a hang.
func New(rdb redis.UniversalClient, opts *Options) *Store {
	s := &Store{rdb: rdb}
	if opts != nil {
		s.opts = *opts
	}
	if s.opts.Prefix == "" {
		s.opts.Prefix = "mcp:"
	}
	if s.opts.MaxEvents <= 0 {
		s.opts.MaxEvents = 256
	}
	if s.opts.TTL <= 0 {
		s.opts.TTL = 24 * time.Hour
	}
	return s
}

// The keys of a session: its record, the index of its streams, a stream.
func (s *Store) recordKey(session string) string { return s.opts.Prefix + "{" + session + "}:s" }
func (s *Store) indexKey(session string) string  { return s.opts.Prefix + "{" + session + "}:i" }
func (s *Store) streamKey(session, stream string) string {
	return s.opts.Prefix + "{" + session + "}:e:" + stream
}

// Append implements transport.EventStore: one round trip adds the event,
// trims the stream, indexes it and renews the session's expiry.
func (s *Store) Append(ctx context.Context, session, stream string, data []byte) (string, error) {
	key := s.streamKey(session, stream)
	var add *redis.StringCmd
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		add = p.XAdd(ctx, &redis.XAddArgs{Stream: key, MaxLen: s.opts.MaxEvents, ID: "*", Values: []any{dataField, data}})
		p.Expire(ctx, key, s.opts.TTL)
		p.SAdd(ctx, s.indexKey(session), stream)
		p.Expire(ctx, s.indexKey(session), s.opts.TTL)
		p.Expire(ctx, s.recordKey(session), s.opts.TTL)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("redisstore: append: %w", err)
	}
	return stream + "-" + add.Val(), nil
}

// Replay implements transport.EventStore.
func (s *Store) Replay(ctx context.Context, session, lastEventID string, yield func(id string, data []byte) error) error {
	stream, pos, ok := transport.SplitEventID(lastEventID)
	start, ok2 := rangeStart(pos)
	if !ok || !ok2 {
		return transport.ErrUnknownEvent
	}
	key := s.streamKey(session, stream)
	var exists *redis.IntCmd
	var events *redis.XMessageSliceCmd
	_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		exists = p.Exists(ctx, key)
		events = p.XRange(ctx, key, start, "+")
		return nil
	})
	if err != nil {
		return fmt.Errorf("redisstore: replay: %w", err)
	}
	if exists.Val() == 0 {
		return transport.ErrUnknownEvent
	}
	for _, ev := range events.Val() {
		data, err := eventData(ev.Values)
		if err != nil {
			return fmt.Errorf("redisstore: event %s of stream %s: %w", ev.ID, key, err)
		}
		if err := yield(stream+"-"+ev.ID, data); err != nil {
			return err
		}
	}
	return nil
}

// Forget implements transport.EventStore.
func (s *Store) Forget(ctx context.Context, session, stream string) error {
	if stream != "" {
		_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			p.Del(ctx, s.streamKey(session, stream))
			p.SRem(ctx, s.indexKey(session), stream)
			return nil
		})
		return wrap("forget", err)
	}
	streams, err := s.rdb.SMembers(ctx, s.indexKey(session)).Result()
	if err != nil {
		return wrap("forget", err)
	}
	keys := []string{s.recordKey(session), s.indexKey(session)}
	for _, st := range streams {
		keys = append(keys, s.streamKey(session, st))
	}
	return wrap("forget", s.rdb.Del(ctx, keys...).Err())
}

// SaveSession implements transport.SessionStore.
func (s *Store) SaveSession(ctx context.Context, session string, record []byte) error {
	return wrap("save session", s.rdb.Set(ctx, s.recordKey(session), record, s.opts.TTL).Err())
}

// LoadSession implements transport.SessionStore.
func (s *Store) LoadSession(ctx context.Context, session string) ([]byte, error) {
	rec, err := s.rdb.Get(ctx, s.recordKey(session)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, transport.ErrUnknownSession
	}
	if err != nil {
		return nil, fmt.Errorf("redisstore: load session: %w", err)
	}
	return rec, nil
}

func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("redisstore: %s: %w", op, err)
}

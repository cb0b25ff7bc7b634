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
	"log/slog"
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
	// Timeout bounds each operation's wait for Redis (default 250ms),
	// whatever the client's own timeouts and retries: storing an event
	// never holds a tool's handler longer than this.
	Timeout time.Duration
	// ProbeInterval is how often a store that lost Redis pings it, to
	// store events again once it answers (default 1s).
	ProbeInterval time.Duration
	// Logger gets one line when Redis becomes unreachable and one when it
	// is back (default slog.Default()).
	Logger *slog.Logger
}

// Store keeps events and session records in Redis.
type Store struct {
	rdb    redis.UniversalClient
	opts   Options
	health health
}

var (
	_ transport.EventStore   = (*Store)(nil)
	_ transport.SessionStore = (*Store)(nil)
)

// New returns a store on rdb; opts may be nil. Each operation waits for
// Redis at most Options.Timeout. When Redis cannot be reached the store
// says so once in the log, answers every operation at once with ErrDown
// (the server goes on serving, without resumability: events reach their
// clients without ids, so no client is told an event was kept that was
// not) and pings Redis until it is back; Health reports it.
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
	if s.opts.Timeout <= 0 {
		s.opts.Timeout = 250 * time.Millisecond
	}
	if s.opts.ProbeInterval <= 0 {
		s.opts.ProbeInterval = time.Second
	}
	if s.opts.Logger == nil {
		s.opts.Logger = slog.Default()
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
	var id string
	err := s.do(ctx, "append", func(ctx context.Context) error {
		var add *redis.StringCmd
		_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			add = p.XAdd(ctx, &redis.XAddArgs{Stream: key, MaxLen: s.opts.MaxEvents, ID: "*", Values: []any{dataField, data}})
			p.Expire(ctx, key, s.opts.TTL)
			p.SAdd(ctx, s.indexKey(session), stream)
			p.Expire(ctx, s.indexKey(session), s.opts.TTL)
			p.Expire(ctx, s.recordKey(session), s.opts.TTL)
			return nil
		})
		if err == nil {
			id = stream + "-" + add.Val()
		}
		return err
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Replay implements transport.EventStore.
func (s *Store) Replay(ctx context.Context, session, lastEventID string, yield func(id string, data []byte) error) error {
	stream, pos, ok := transport.SplitEventID(lastEventID)
	start, ok2 := rangeStart(pos)
	if !ok || !ok2 {
		return transport.ErrMalformedEventID
	}
	key := s.streamKey(session, stream)
	var exists int64
	var events []redis.XMessage
	err := s.do(ctx, "replay", func(ctx context.Context) error {
		var ex *redis.IntCmd
		var evs *redis.XMessageSliceCmd
		_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			ex = p.Exists(ctx, key)
			evs = p.XRange(ctx, key, start, "+")
			return nil
		})
		if err == nil {
			exists, events = ex.Val(), evs.Val()
		}
		return err
	})
	if err != nil {
		return err
	}
	if exists == 0 {
		return transport.ErrUnknownEvent
	}
	for _, ev := range events {
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
	return s.do(ctx, "forget", func(ctx context.Context) error {
		if stream != "" {
			_, err := s.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
				p.Del(ctx, s.streamKey(session, stream))
				p.SRem(ctx, s.indexKey(session), stream)
				return nil
			})
			return err
		}
		streams, err := s.rdb.SMembers(ctx, s.indexKey(session)).Result()
		if err != nil {
			return err
		}
		keys := []string{s.recordKey(session), s.indexKey(session)}
		for _, st := range streams {
			keys = append(keys, s.streamKey(session, st))
		}
		return s.rdb.Del(ctx, keys...).Err()
	})
}

// SaveSession implements transport.SessionStore.
func (s *Store) SaveSession(ctx context.Context, session string, record []byte) error {
	return s.do(ctx, "save session", func(ctx context.Context) error {
		return s.rdb.Set(ctx, s.recordKey(session), record, s.opts.TTL).Err()
	})
}

// LoadSession implements transport.SessionStore.
func (s *Store) LoadSession(ctx context.Context, session string) ([]byte, error) {
	var rec []byte
	err := s.do(ctx, "load session", func(ctx context.Context) (err error) {
		rec, err = s.rdb.Get(ctx, s.recordKey(session)).Bytes()
		return err
	})
	if errors.Is(err, redis.Nil) {
		return nil, transport.ErrUnknownSession
	}
	return rec, err
}

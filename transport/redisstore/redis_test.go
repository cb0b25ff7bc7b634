package redisstore_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/eventstoretest"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/redisstore"
	"github.com/redis/go-redis/v9"
)

func TestMain(m *testing.M) {
	if addr := os.Getenv(replicaEnv); addr != "" {
		runReplica(addr, os.Getenv(replicaNameEnv)) // a subprocess of the failover tests
		return
	}
	os.Exit(m.Run())
}

// redisServer is a real redis-server on a free 127.0.0.1 port, without
// persistence, stopped when the test ends.
type redisServer struct {
	addr string
	mu   sync.Mutex // cmd: stop may run on a timer while restart replaces it
	cmd  *exec.Cmd
}

// startRedis starts redis-server, or skips the test when it is not
// installed (fails under MCPDEV_REQUIRE_PEERS=1, as in CI).
func startRedis(t testing.TB) *redisServer {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("MCPDEV_REQUIRE_PEERS") == "1" {
			t.Fatal("MCPDEV_REQUIRE_PEERS=1 but redis-server is missing (run .ci/install-services)")
		}
		t.Skip("redis-server is not installed (apt-get install redis-server)")
	}
	port := freePort(t)
	r := &redisServer{addr: "127.0.0.1:" + port}
	r.cmd = exec.Command(bin, "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.stop)
	rdb := redis.NewClient(&redis.Options{Addr: r.addr})
	defer rdb.Close()
	for deadline := time.Now().Add(15 * time.Second); rdb.Ping(context.Background()).Err() != nil; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("redis-server on %s did not answer PING", r.addr)
		}
	}
	return r
}

// stop kills the server (idempotent).
func (r *redisServer) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cmd.Process != nil && r.cmd.ProcessState == nil {
		_ = r.cmd.Process.Kill()
		_ = r.cmd.Wait()
	}
}

func (r *redisServer) client(t testing.TB) *redis.Client {
	rdb := redis.NewClient(&redis.Options{Addr: r.addr})
	t.Cleanup(func() { rdb.Close() })
	return rdb
}

func freePort(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

// loadedTimeout bounds each Redis operation in the tests that check what the
// store keeps, not how fast: the 250 ms default tripped the breaker once on a
// loaded 2-core CI machine, failing a contract check that had nothing to do
// with latency. The outage tests keep short timeouts of their own.
const loadedTimeout = 5 * time.Second

// The Redis store keeps the contract the handler relies on; each check
// gets a key prefix of its own on one real redis-server.
func TestRedisStoreContract(t *testing.T) {
	rdb := startRedis(t).client(t)
	n := 0
	eventstoretest.Run(t, func(t *testing.T, max int) transport.EventStore {
		n++
		return redisstore.New(rdb, &redisstore.Options{Prefix: fmt.Sprintf("contract%d:", n), MaxEvents: int64(max), Timeout: loadedTimeout})
	})
}

// Every key of a session expires after the TTL, and is gone at once when
// the session is forgotten.
func TestRedisStoreExpiresKeys(t *testing.T) {
	rdb := startRedis(t).client(t)
	ctx := context.Background()
	s := redisstore.New(rdb, &redisstore.Options{Prefix: "ttl:", TTL: time.Hour, Timeout: loadedTimeout})
	if err := s.SaveSession(ctx, "s1", []byte("rec")); err != nil {
		t.Fatal(err)
	}
	eventstoretest.Append(t, s, "s1", "1", "a")
	keys, err := rdb.Keys(ctx, "ttl:*").Result()
	if err != nil || len(keys) != 3 {
		t.Fatalf("keys %q, %v; want the record, the index and a stream", keys, err)
	}
	for _, k := range keys {
		if ttl := rdb.TTL(ctx, k).Val(); ttl <= 0 || ttl > time.Hour {
			t.Errorf("key %s expires in %v, want within the hour", k, ttl)
		}
	}
	if err := s.Forget(ctx, "s1", ""); err != nil {
		t.Fatal(err)
	}
	if keys, _ := rdb.Keys(ctx, "ttl:*").Result(); len(keys) != 0 {
		t.Errorf("keys left after Forget: %q", keys)
	}
}

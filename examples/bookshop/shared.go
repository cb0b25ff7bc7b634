package main

import (
	"os"

	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/redisstore"
	"github.com/redis/go-redis/v9"
)

// RedisEnv names the environment variable that makes replicas of the
// bookshop share their session-era state over HTTP: with
// BOOKSHOP_REDIS=HOST:PORT the sessions and their SSE events live in that
// Redis (transport/redisstore), so a replica takes over the sessions of
// one that died instead of answering 404 (examples/deploy shows the
// difference under load).
const RedisEnv = "BOOKSHOP_REDIS"

// httpOptions are the HTTP options the environment asks for (nil: the
// defaults, everything in the process).
func httpOptions() *sdkhttp.Options {
	addr := os.Getenv(RedisEnv)
	if addr == "" {
		return nil
	}
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	return &sdkhttp.Options{EventStore: redisstore.New(rdb, nil)}
}

package redisstore_test

import (
	"context"
	"log"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/redisstore"
	"github.com/redis/go-redis/v9"
)

// Replicas of a server share a Redis store, so that a client whose replica
// died resumes its streams and goes on with its session on another one.
// (Not run: it needs a Redis server.)
func ExampleNew() {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379"})
	store := redisstore.New(rdb, &redisstore.Options{MaxEvents: 256, TTL: 24 * time.Hour})

	s := sdk.NewServer("Bookshop", nil)
	err := sdkhttp.ListenAndServe(context.Background(), s, ":8000", &sdkhttp.Options{EventStore: store})
	if err != nil {
		log.Fatal(err)
	}
}

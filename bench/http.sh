#!/usr/bin/env bash
# HTTP tools/call throughput and memory: mcpdev's sdk vs mark3labs/mcp-go vs
# modelcontextprotocol/go-sdk, the same echo tool, 32 concurrent clients,
# each server in its own process on loopback. Prints a table and ratios.
#   bash bench/http.sh                 # 5s per server, 3 interleaved rounds
#   bash bench/http.sh -duration 10s -clients 64
#   bash bench/http.sh -pin            # server on CPU 0, load generator on CPU 1
#                                        (a 2-core machine: they no longer share cores)
set -euo pipefail
cd "$(dirname "$0")"
bin=$(mktemp -d)/httpbench
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/httpbench
if [ "${1:-}" = "-pin" ]; then
  shift
  exec taskset -c 1 "$bin" -server-cpus 0 "$@"
fi
"$bin" "$@"

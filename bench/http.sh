#!/usr/bin/env bash
# HTTP tools/call throughput and memory: mcpdev's sdk vs mark3labs/mcp-go vs
# modelcontextprotocol/go-sdk, the same echo tool, 32 concurrent clients,
# each server in its own process on loopback. Prints a table and ratios.
#   bash bench/http.sh                 # 5s per server
#   bash bench/http.sh -duration 10s -clients 64
set -euo pipefail
cd "$(dirname "$0")"
bin=$(mktemp -d)/httpbench
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/httpbench
"$bin" "$@"

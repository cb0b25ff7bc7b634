#!/usr/bin/env bash
# Scripted test sessions: every example server's session file, and one
# against @modelcontextprotocol/server-everything over stdio (it uses
# $MCPDEV_NODE and $MCPDEV_PEERS, exported by .ci/run). Fails on any failed
# step; prints "N passed, M failed" last.
set -euo pipefail
cd "$(dirname "$0")/../.."
go run ./cmd/mcpdev test testdata/sessions

#!/usr/bin/env bash
# Scripted test sessions: every example server's session file (the
# conformance example's answers elicitation, sampling and roots by script,
# 2026-07-28 era), and one against @modelcontextprotocol/server-everything
# over stdio (reads, prompts, completion, and its asking tools answered by
# script, session era; it uses $MCPDEV_NODE and $MCPDEV_PEERS, exported by
# .ci/run). Fails on any failed step; prints "N passed, M failed" last.
set -euo pipefail
cd "$(dirname "$0")/../.."
go run ./cmd/mcpdev test testdata/sessions

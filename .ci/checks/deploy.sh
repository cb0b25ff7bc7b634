#!/usr/bin/env bash
# examples/deploy: the bookshop as 2 replicas behind HAProxy under load from
# bench/cmd/httpbench, both protocol eras, one replica killed (SIGKILL) and
# one drained (SIGTERM) mid-load, then 1 replica direct vs 2 behind the
# proxy (about 2 minutes; bounded at 8). Fails if the stateless era loses a
# call or the proxy with 2 replicas gives < 0.8x the calls/s of 1 replica
# direct. Needs haproxy (.ci/install-services; the script installs it too).
set -euo pipefail
cd "$(dirname "$0")/../.."
timeout --signal=TERM 8m bash examples/deploy/loadtest.sh

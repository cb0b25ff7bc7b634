#!/usr/bin/env bash
# examples/deploy: the bookshop as 2 replicas behind HAProxy under load from
# bench/cmd/httpbench, both protocol eras, one replica killed (SIGKILL) and
# one drained (SIGTERM) mid-load, then 1 replica direct vs 2 behind the
# proxy (about 2 minutes; bounded at 8). Fails if the stateless era loses a
# call. Needs haproxy (.ci/install-services; the script installs it too).
#
# In CI the throughput ratio is printed but does not gate (MIN_RATIO=0):
# on a 2-core machine 2 replicas behind HAProxy measured 0.75x one replica
# direct when quiet (0.53x at load 20) (issue 18 stays open on that item; the README's Deploying section
# has the figures and why). Lost calls in the stateless era still fail it.
set -euo pipefail
cd "$(dirname "$0")/../.."
MIN_RATIO=${MIN_RATIO:-0} timeout --signal=TERM 8m bash examples/deploy/loadtest.sh

#!/usr/bin/env bash
# examples/deploy: the bookshop as 2 replicas behind HAProxy under load from
# bench/cmd/httpbench, both protocol eras, one replica killed (SIGKILL) and
# one drained (SIGTERM) mid-load, then 1 replica direct vs 2 behind the
# proxy (about 2 minutes; bounded at 8). Fails if the 2026 era loses a
# call. Needs haproxy (.ci/install-services; the script installs it too).
#
# In CI the throughput ratio is printed but does not gate (MIN_RATIO=0): on
# 2 cores, 2 replicas behind HAProxy measured 0.75x one replica direct on a
# quiet machine. The script prints why, round by round: the CPU time per
# call of the generator, the replicas and HAProxy, and their quotient (the
# CPU ratio: 0.52-0.64 at load 16-24), which bounds the throughput ratio
# when the direct run keeps both cores busy. The main README's "Deploying"
# lists the proxy knobs measured. Lost calls in the 2026 era still
# fail the check.
set -euo pipefail
cd "$(dirname "$0")/../.."
MIN_RATIO=${MIN_RATIO:-0} timeout --signal=TERM 8m bash examples/deploy/loadtest.sh

#!/usr/bin/env bash
# staticcheck over the module, tests included, at a pinned version installed
# once into .cache/staticcheck/<version> (the Go module proxy; later runs
# reuse the binary). Fails on any finding; a check that is wrong for this
# code is turned off in staticcheck.conf with its reason, never here.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=v0.8.2
bin=$(pwd)/.cache/staticcheck/$version
if [ ! -x "$bin/staticcheck" ]; then
  GOBIN=$bin go install "honnef.co/go/tools/cmd/staticcheck@$version"
fi
start=$(date +%s)
if "$bin/staticcheck" ./...; then
  echo "staticcheck $version: no findings ($(( $(date +%s) - start )) s)"
else
  echo "staticcheck $version: findings above"
  exit 1
fi

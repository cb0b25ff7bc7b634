#!/usr/bin/env bash
# Regenerates reference.json (see reference.mjs) with pinned npm packages
# installed into a temporary directory: bash internal/tokens/testdata/reference.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo '{"private":true}' > "$tmp/package.json"
(cd "$tmp" && npm install --no-audit --no-fund --loglevel=error js-tiktoken@1.0.21 tiktoken@1.0.22 >/dev/null)
"${MCPDEV_NODE:-node}" "$here/reference.mjs" "$tmp"

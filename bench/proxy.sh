#!/usr/bin/env bash
# Forwarding cost of mcpdev proxy (issue 35): tools/call with 32 in flight,
# the same server direct and through the proxy with recording on — over
# stdio through the shim (tutorial 03), over Streamable HTTP through the
# HTTP proxy (bookshop). Prints each run and the median ratios.
#   bash bench/proxy.sh                 # COUNT=5 BENCHTIME=5000x
#   BENCH_MCPDEV=/path/to/mcpdev bash bench/proxy.sh   # another build
set -euo pipefail
cd "$(dirname "$0")/.."
count=${COUNT:-5}
benchtime=${BENCHTIME:-5000x}
# Each run measures direct and proxied back to back; runs are repeated
# (rather than -count) so that a change of load hits both arms alike.
go test -c -o /tmp/proxybench.test ./inspector/proxy
trap 'rm -f /tmp/proxybench.test' EXIT
out=$(for _ in $(seq "$count"); do (cd inspector/proxy && /tmp/proxybench.test -test.run '^$' -test.bench 'Forward' -test.benchtime "$benchtime"); done | grep '^BenchmarkForward')
echo "$out"
echo "$out" | awk '
  { split($1, a, "/"); sub(/-[0-9]+$/, "", a[2]); name = a[1]; arm = a[2]
    for (i = 2; i <= NF; i++) { if ($i == "calls/s") c = $(i-1); if ($i == "p99-ms") p = $(i-1) }
    k = name SUBSEP arm; n[k]++; calls[k, n[k]] = c; p99[k, n[k]] = p; names[name] = 1 }
  function median(arr, k, m,   i, j, t, v) {
    for (i = 1; i <= m; i++) v[i] = arr[k, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2 }
  END {
    for (name in names) {
      d = name SUBSEP "direct"; x = name SUBSEP (name ~ /Stdio/ ? "shim" : "proxy")
      printf "%s: calls/s %.0f direct, %.0f proxied (%.2fx); p99 %.2f ms direct, %.2f ms proxied (%.2fx)\n", name,
        median(calls, d, n[d]), median(calls, x, n[x]), median(calls, x, n[x]) / median(calls, d, n[d]),
        median(p99, d, n[d]), median(p99, x, n[x]), median(p99, x, n[x]) / median(p99, d, n[d]) } }'

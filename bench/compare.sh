#!/usr/bin/env bash
# Side-by-side tools/call, prompts/get and resources/read benchmarks (issues 2 and 14): the sdk's stdio
# server (examples/tutorial/03-field-constraints, full validation) against a
# hand-written minimal responder (sdk/testdata/minimal-responder), both real
# subprocesses over pipes, measured in the same run. Prints throughput ratios
# (reference ns/op ÷ sdk ns/op: 1.0 = as fast as the reference), server-side
# allocations per call, server CPU per call, and the 03 example's peak RSS
# after 20,000 calls (VmHWM in the benchmark, 32 in flight; and with all
# 20,000 requests piped at once, under /usr/bin/time -v), next to the
# "floor": the reference with the sdk's dependencies linked and initialised
# (sdk/testdata/minimal-responder/floor.go). prompts/get: sdk/testdata/promptserver's
# review prompt (arguments read from strings and validated) against the same
# reference, whose ratio should be no lower than tools/call's; resources/read:
# sdk/testdata/resourceserver's {isbn} template, likewise. Ratios are taken
# per run, by wall time and by server CPU (the steadier on a shared
# machine), and their medians printed. Then cold start
# (spawn -> initialize -> tools/list answered) of the same binaries, ROUNDS
# interleaved rounds, with the sdk server's start-up split into its pieces
# (package init, doc comments, schema inference, compilation, first response;
# bench/cmd/startup), and the sdk and floor built CGO_ENABLED=0 beside them
# (sdk-static, floor-static: linking net makes a cgo build dynamic).
#
#   bash bench/compare.sh            # COUNT=5 BENCHTIME=20000x ROUNDS=20 by default
#   COUNT=10 bash bench/compare.sh
#   TAGS=wireslow bash bench/compare.sh   # build tags for the sdk side (wireslow: every
#     bespoke JSON path of internal/jsonfast off; a codec under a tag: see internal/jsonfast/codec.go)
#   PARTS=startup bash bench/compare.sh   # only some of: calls rss startup
set -euo pipefail
cd "$(dirname "$0")/.."
count=${COUNT:-5}
benchtime=${BENCHTIME:-20000x}
tags=${TAGS:+-tags=$TAGS}
export MCPDEV_BENCH_TAGS=${TAGS:-}
rounds=${ROUNDS:-20}
parts=" ${PARTS:-calls rss startup} "
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

if [[ $parts == *" calls "* ]]; then
# COUNT separate runs rather than -count: each run measures every server
# back to back, so a busy spell of the shared machine hits the sdk and the
# reference alike, and ratios are taken per run (the k-th sdk figure
# against the k-th reference figure), their median printed.
echo "=== go test -bench ($count runs, benchtime=$benchtime)"
: >"$out/raw.txt"
for _ in $(seq 1 "$count"); do
  go test $tags -run '^$' -bench 'CallStdio|CallInMemory|SessionHandle|PromptGetStdio|ResourceReadStdio' -benchtime "$benchtime" -count 1 ./sdk | tee -a "$out/raw.txt"
done

# benchstat, if it can be fetched (skipped offline).
if go run golang.org/x/perf/cmd/benchstat@latest "$out/raw.txt" >"$out/benchstat.txt" 2>/dev/null; then
  echo; echo "=== benchstat"; cat "$out/benchstat.txt"
else
  echo; echo "(benchstat not available; medians below)"
fi

echo; echo "=== ratios (median of $count runs; wall: reference ns/op ÷ sdk ns/op, CPU: reference server CPU ÷ sdk server CPU)"
awk '
  /^Benchmark/ {
    name = $1; sub(/-[0-9]+$/, "", name)
    k = ++runs[name]
    for (i = 3; i < NF; i++) {
      if ($(i+1) == "ns/op") { ns[name] = ns[name] " " $i; nsk[name, k] = $i }
      if ($(i+1) == "allocs/op") al[name] = $i
      if ($(i+1) == "peak-RSS-MiB") rss[name] = rss[name] " " $i
      if ($(i+1) == "server-cpu-ns/op") { cpu[name] = cpu[name] " " $i; cpuk[name, k] = $i }
    }
  }
  function median(s,   a, n, i, j, t) {
    n = split(s, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  # ratio: the median over runs of reference ÷ sdk, from v (nsk or cpuk).
  function ratio(b, which,   k, s) {
    s = ""
    for (k = 1; k <= runs[b "/sdk"]; k++) {
      if (which == "cpu" && cpuk[b "/sdk", k] > 0) s = s " " cpuk[b "/reference", k] / cpuk[b "/sdk", k]
      if (which == "ns" && nsk[b "/sdk", k] > 0) s = s " " nsk[b "/reference", k] / nsk[b "/sdk", k]
    }
    return median(s)
  }
  END {
    split("BenchmarkCallStdio BenchmarkCallStdioParallel32", kinds, " ")
    for (k = 1; k <= 2; k++) {
      b = kinds[k]
      printf "%-30s sdk %7.0f ns/op, reference %7.0f ns/op: ratio %.2fx (target >= 0.50x); CPU ratio %.2fx\n", b, median(ns[b "/sdk"]), median(ns[b "/reference"]), ratio(b, "ns"), ratio(b, "cpu")
      printf "%-30s server CPU per call: sdk %.0f ns, reference %.0f ns; peak RSS: sdk %.1f MiB, reference %.1f MiB, floor %.1f MiB\n", "", median(cpu[b "/sdk"]), median(cpu[b "/reference"]), median(rss[b "/sdk"]), median(rss[b "/reference"]), median(rss[b "/floor"])
    }
    printf "%-30s %9.0f ns/op  %s allocs/op (client + server, in process)\n", "BenchmarkCallInMemory", median(ns["BenchmarkCallInMemory"]), al["BenchmarkCallInMemory"]
    printf "%-30s %9.0f ns/op  %s allocs/op (server only: decode, validate, run, encode)\n", "BenchmarkSessionHandle", median(ns["BenchmarkSessionHandle"]), al["BenchmarkSessionHandle"]
    t = ratio("BenchmarkCallStdio", "ns"); tc = ratio("BenchmarkCallStdio", "cpu")
    split("BenchmarkPromptGetStdio BenchmarkResourceReadStdio", others, " ")
    for (k = 1; k <= 2; k++) {
      b = others[k]
      printf "%-30s sdk %7.0f ns/op, reference %7.0f ns/op: ratio %.2fx (tools/call: %.2fx; target: at least as high)\n", b, median(ns[b "/sdk"]), median(ns[b "/reference"]), ratio(b, "ns"), t
      printf "%-30s server CPU per call: sdk %.0f ns, reference %.0f ns: CPU ratio %.2fx (tools/call: %.0f ns, %.2fx)\n", "", median(cpu[b "/sdk"]), median(cpu[b "/reference"]), ratio(b, "cpu"), median(cpu["BenchmarkCallStdio/sdk"]), tc
    }
  }' "$out/raw.txt"
fi

go build $tags -o "$out/03" ./examples/tutorial/03-field-constraints
CGO_ENABLED=0 go build $tags -o "$out/03-static" ./examples/tutorial/03-field-constraints
go build -o "$out/reference" ./sdk/testdata/minimal-responder
go build -tags floor -o "$out/floor" ./sdk/testdata/minimal-responder
CGO_ENABLED=0 go build -tags floor -o "$out/floor-static" ./sdk/testdata/minimal-responder

if [[ $parts == *" rss "* ]]; then
# Peak RSS of the 03 example after 20,000 calls, measured by the kernel
# (/usr/bin/time -v: maximum resident set size) on a stream of requests.
echo; echo "=== peak RSS after 20,000 calls (/usr/bin/time -v)"
{
  echo '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}'
  echo '{"jsonrpc":"2.0","method":"notifications/initialized"}'
  for i in $(seq 1 20000); do
    echo '{"jsonrpc":"2.0","id":'"$i"',"method":"tools/call","params":{"name":"search_books","arguments":{"query":"dune","limit":5}}}'
  done
} >"$out/requests.jsonl"
for bin in 03 03-static reference floor floor-static; do
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -v "$out/$bin" <"$out/requests.jsonl" >"$out/$bin.out" 2>"$out/$bin.time"
    kb=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$out/$bin.time")
  else
    kb=0
  fi
  answers=$(grep -c "Found 3 books" "$out/$bin.out" || true)
  printf "%-12s %6.1f MiB peak RSS, %d of 20000 calls answered (target for 03: <= 12 MiB)\n" "$bin" "$(echo "$kb / 1024" | bc -l)" "$answers"
done
echo "(floor: the reference with the sdk's dependencies linked and initialised, -tags floor;"
echo " -static: CGO_ENABLED=0, so linking net does not make the binary dynamic)"
fi

if [[ $parts == *" startup "* ]]; then
# Cold start: each binary spawned afresh ROUNDS times, interleaved; the
# 03 example built with -tags startuptrace reports its pieces.
echo; echo "=== cold start ($rounds rounds)"
go build -tags "startuptrace${TAGS:+,$TAGS}" -o "$out/03-traced" ./examples/tutorial/03-field-constraints
(cd bench && go build -o "$out/startup" ./cmd/startup)
# sdk-static and floor-static: the same built CGO_ENABLED=0, so that what
# linking net (and with it the C resolver and libc) costs a start shows.
"$out/startup" -rounds "$rounds" -trace "03-traced=$out/03-traced" \
  -pairs sdk-static=floor-static \
  "sdk=$out/03" "reference=$out/reference" "floor=$out/floor" \
  "sdk-static=$out/03-static" "floor-static=$out/floor-static"
fi

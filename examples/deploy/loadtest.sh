#!/usr/bin/env bash
# The bookshop as 2 replicas behind HAProxy (haproxy.cfg), on 127.0.0.1,
# under load from the project's own generator (bench/cmd/httpbench), with
# one replica killed (SIGKILL) and restarted, and the other stopped
# gracefully (SIGTERM: it drains) and restarted, while the load runs.
# Prints a table per protocol era — calls/s, p50/p99, failed calls,
# sessions renewed after a 404 — and compares throughput: 2 replicas
# through the proxy vs 1 replica without it, with the CPU time per call of
# every process (generator, replicas, HAProxy). Last, the session era again
# with the replicas sharing a Redis store (BOOKSHOP_REDIS, when
# redis-server is installed): a replica takes over the sessions of the one
# that died, and no session has to be renewed.
#
# Fails (exit 1) if the 2026 era (2026-07-28) loses any call, or if the
# proxy with 2 replicas gives less than 0.8x the calls/s of 1 replica direct.
#
#   bash examples/deploy/loadtest.sh
#   DURATION=10 COMPARE=3 ROUNDS=3 CLIENTS=32 bash examples/deploy/loadtest.sh
#
# Installs haproxy and redis-server with apt-get when missing (as root, or
# with sudo).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-20}  # seconds of load per era
COMPARE=${COMPARE:-5}     # seconds per throughput measurement
ROUNDS=${ROUNDS:-5}       # interleaved direct/proxy rounds; the median ratio counts
CLIENTS=${CLIENTS:-32}
MIN_RATIO=${MIN_RATIO:-0.8}
ISBN=9780141439518 # Pride and Prejudice: every call is get_book of it

say() { printf 'loadtest: %s\n' "$*" >&2; }
die() {
	say "FAIL: $*"
	exit 1
}

work=$(mktemp -d)
declare -A pid=() # r1, r2, proxy, load
cleanup() {
	local p
	for p in "${pid[@]}"; do kill -9 "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
trap 'say "interrupted"; exit 130' INT TERM

if ! command -v haproxy >/dev/null || ! command -v redis-server >/dev/null; then
	say "haproxy or redis-server is missing: installing them with apt-get"
	bash .ci/install-services >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; die "could not install haproxy and redis-server"; }
fi
say "$(haproxy -v | head -1)"

say "building the bookshop and httpbench"
go build -o "$work/bookshop" ./examples/bookshop
(cd bench && go build -o "$work/httpbench" ./cmd/httpbench)

read -r PROXY_PORT STATS_PORT R1_PORT R2_PORT SOLO_PORT REDIS_PORT < <("$work/httpbench" -free-ports 6)
export PROXY_PORT STATS_PORT R1_PORT R2_PORT
declare -A port=([r1]=$R1_PORT [r2]=$R2_PORT [solo]=$SOLO_PORT)
# Replicas that share a machine share its cores: each gets GOMAXPROCS =
# cores / 2, as a container with a CPU limit would (Go does not know of its
# sibling, and two runtimes sized for every core each spin for work). The
# single replica measured without the proxy ("solo") has every core.
cores=$(nproc)
declare -A procs=([r1]=$((cores / 2 > 0 ? cores / 2 : 1)) [r2]=$((cores / 2 > 0 ? cores / 2 : 1)) [solo]=$cores)

discover='{"jsonrpc":"2.0","id":0,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'
# answers URL: does the MCP endpoint at URL answer server/discover?
answers() {
	curl -sf -o /dev/null --max-time 2 -H 'Content-Type: application/json' \
		-H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2026-07-28' \
		-H 'Mcp-Method: server/discover' -d "$discover" "$1"
}

# start_replica NAME: starts the bookshop on its port, waits until it answers.
start_replica() {
	BOOKSHOP_REDIS=$shared GOMAXPROCS=${procs[$1]} "$work/bookshop" --http "127.0.0.1:${port[$1]}" 2>>"$work/$1.log" &
	pid[$1]=$!
	for _ in $(seq 100); do
		answers "http://127.0.0.1:${port[$1]}/mcp" && return 0
		kill -0 "${pid[$1]}" 2>/dev/null || break
		sleep 0.1
	done
	cat "$work/$1.log" >&2
	die "replica $1 did not start on port ${port[$1]}"
}

# state NAME: the proxy's view of replica NAME (UP, DOWN, ...).
state() {
	curl -s --max-time 2 "http://127.0.0.1:$STATS_PORT/stats;csv" |
		awk -F, -v s="$1" '$1 == "bookshop" && $2 == s { print $18 }'
}

# wait_state NAME STATE: waits (up to 30 s) until the proxy sees it.
wait_state() {
	for _ in $(seq 300); do
		[[ "$(state "$1")" == "$2"* ]] && return 0
		sleep 0.1
	done
	die "the proxy did not see replica $1 $2 within 30 s (it says: $(state "$1"))"
}

shared="" # BOOKSHOP_REDIS of the replicas: none at first
start_replica r1
start_replica r2
haproxy -db -f examples/deploy/haproxy.cfg >"$work/haproxy.log" 2>&1 &
pid[proxy]=$!
for _ in $(seq 100); do
	answers "http://127.0.0.1:$PROXY_PORT/mcp" && break
	kill -0 "${pid[proxy]}" 2>/dev/null || { cat "$work/haproxy.log" >&2; die "haproxy did not start"; }
	sleep 0.1
done
wait_state r1 UP
wait_state r2 UP
say "proxy http://127.0.0.1:$PROXY_PORT/mcp -> r1 :$R1_PORT, r2 :$R2_PORT (stats :$STATS_PORT)"

# The Mcp-Param-* rule: search_books for poetry goes to r2 (r1 is its backup).
mcp_headers=(-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream'
	-H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: search_books')
meta='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}'
# replica_for GENRE: which replica answered a search_books call (2026 era).
replica_for() {
	local args='{"query":"","limit":1}' hdr=()
	if [ -n "$1" ]; then
		args="{\"query\":\"\",\"genre\":\"$1\",\"limit\":1}"
		hdr=(-H "Mcp-Param-Genre: $1")
	fi
	curl -s -D - -o /dev/null --max-time 5 "${mcp_headers[@]}" "${hdr[@]}" \
		-d "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"search_books\",\"arguments\":$args,$meta}}" \
		"http://127.0.0.1:$PROXY_PORT/mcp" | awk -F': ' 'tolower($1) == "x-replica" { gsub("\r", "", $2); print $2 }'
}
poetry=$(for _ in 1 2 3 4; do replica_for poetry; done | sort | uniq -c | xargs)
plain=$(for _ in 1 2 3 4; do replica_for ""; done | sort | uniq -c | xargs)
say "routing on Mcp-Param-Genre: 4 poetry searches answered by: $poetry; 4 other searches by: $plain"
[ "$poetry" = "4 r2" ] || die "the Mcp-Param-Genre rule did not send poetry searches to r2"

# load ERA SECONDS URL: runs httpbench in failover mode into $work/ERA.out.
load() {
	"$work/httpbench" -url "$3" -failover -proto "$1" -clients "$CLIENTS" -duration "${2}s" \
		-tool get_book -args "{\"isbn_or_title\":\"$ISBN\"}" -expect "$ISBN" >"$work/$1.out" 2>&1
}

# result FILE KEY: a field of the RESULT line.
result() { sed -n 's/^RESULT .*\b'"$2"'=\([^ ]*\).*/\1/p' "$1"; }

# run_era ERA NAME: DURATION seconds of load through the proxy; r1 is
# killed (SIGKILL) and restarted, then r2 drains (SIGTERM) and is
# restarted. The result is kept as $work/NAME.txt.
run_era() {
	local era=$1 t0=$SECONDS
	say "$2: ${DURATION}s of load, $CLIENTS clients"
	load "$era" "$DURATION" "http://127.0.0.1:$PROXY_PORT/mcp" &
	pid[load]=$!
	sleep $((DURATION / 5))
	kill -9 "${pid[r1]}"
	wait "${pid[r1]}" 2>/dev/null || true
	say "  t=$((SECONDS - t0))s: r1 killed (SIGKILL)"
	sleep 2
	start_replica r1
	wait_state r1 UP
	say "  t=$((SECONDS - t0))s: r1 restarted, UP in the proxy"
	kill -TERM "${pid[r2]}"
	wait "${pid[r2]}" 2>/dev/null || true
	say "  t=$((SECONDS - t0))s: r2 stopped with SIGTERM (drained and exited)"
	sleep 1
	start_replica r2
	wait_state r2 UP
	say "  t=$((SECONDS - t0))s: r2 restarted, UP in the proxy"
	kill -0 "${pid[load]}" 2>/dev/null || say "  warning: the load ended before both replicas were back (machine busy?)"
	wait "${pid[load]}" || { cat "$work/$era.out" >&2; die "httpbench failed ($era)"; }
	unset 'pid[load]'
	grep -q '^RESULT' "$work/$era.out" || { cat "$work/$era.out" >&2; die "httpbench printed no result ($era)"; }
	grep '^errors' "$work/$era.out" >&2 || true
	cp "$work/$era.out" "$work/$2.txt"
}

run_era stateless stateless
run_era legacy sessions

# cpu PID...: their user+system CPU time so far, in clock ticks.
cpu() {
	local p t=0
	for p in "$@"; do t=$((t + $(awk '{ print $14 + $15 }' "/proc/$p/stat"))); done
	echo "$t"
}
# measure URL PID...: calls/s of COMPARE seconds of load on URL, then the
# CPU time per call (µs) of the load generator and of each PID.
measure() {
	local url=$1 p gen calls out
	shift
	local -a c0=()
	for p in "$@"; do c0+=("$(cpu "$p")"); done
	# bash's time keyword gives the generator's user and system seconds.
	gen=$( { TIMEFORMAT='%U %S'; time load stateless "$COMPARE" "$url"; } 2>&1) ||
		{ cat "$work/stateless.out" >&2; die "httpbench failed ($url)"; }
	calls=$(result "$work/stateless.out" calls)
	out="$(result "$work/stateless.out" rate) $(awk -v g="$gen" -v n="$calls" 'BEGIN { split(g, t, " "); printf "%.0f", (t[1] + t[2]) * 1e6 / n }')"
	for p in "$@"; do
		out+=" $(awk -v t=$(($(cpu "$p") - c0[0])) -v n="$calls" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.0f", t * 1e6 / hz / n }')"
		c0=("${c0[@]:1}")
	done
	echo "$out"
}

# cores_used RATE USPERCALL: the CPU a run used, in cores.
cores_used() { awk -v r="$1" -v u="$2" 'BEGIN { printf "%.2f", r * u / 1e6 }'; }

start_replica solo
direct_url=http://127.0.0.1:$SOLO_PORT/mcp proxy_url=http://127.0.0.1:$PROXY_PORT/mcp
# Warm-up: the solo replica has just started (the two behind the proxy
# have served the eras), so both get an untimed run first.
COMPARE=2 measure "$direct_url" >/dev/null
COMPARE=2 measure "$proxy_url" >/dev/null
say "throughput: $ROUNDS interleaved rounds of ${COMPARE}s, 1 replica direct vs 2 replicas via the proxy (stateless)"
rounds=()
for r in $(seq "$ROUNDS"); do
	read -r direct dgen dsrv < <(measure "$direct_url" "${pid[solo]}")
	read -r proxied pgen phap pr1 pr2 < <(measure "$proxy_url" "${pid[proxy]}" "${pid[r1]}" "${pid[r2]}")
	# The CPU ratio: direct CPU per call over proxied, everything on the
	# machine counted (the generator too). When the direct run keeps both
	# cores busy, the proxied run's throughput ratio cannot exceed it.
	cpuratio=$(awk -v d=$((dgen + dsrv)) -v p=$((pgen + phap + pr1 + pr2)) 'BEGIN { printf "%.2f", d / p }')
	rounds+=("$(awk -v a="$proxied" -v b="$direct" 'BEGIN { printf "%.2f", a / b }') $direct $proxied $dgen $dsrv $pgen $phap $((pr1 + pr2)) $cpuratio")
	# cores_used: how much CPU the run got (calls/s x CPU per call). On a
	# shared machine the scheduler may give the two runs unequal shares;
	# throughput ratio = CPU ratio x the quotient of their cores.
	say "  round $r: direct $direct calls/s (CPU µs/call: generator $dgen, replica $dsrv; $(cores_used "$direct" $((dgen + dsrv))) cores); via the proxy $proxied calls/s (generator $pgen, HAProxy $phap, replicas $((pr1 + pr2)); $(cores_used "$proxied" $((pgen + phap + pr1 + pr2))) cores); CPU ratio $cpuratio; load $(cut -d' ' -f1 /proc/loadavg)"
done
read -r ratio direct proxied dgen dsrv pgen phap prep cpuratio < <(printf '%s\n' "${rounds[@]}" | sort -n | sed -n "$(((ROUNDS + 1) / 2))p")

# The session era again, the replicas sharing a Redis store.
redis=no
if command -v redis-server >/dev/null; then
	redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no >"$work/redis.log" 2>&1 &
	pid[redis]=$!
	for _ in $(seq 100); do
		redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG && break
		sleep 0.1
	done
	shared=127.0.0.1:$REDIS_PORT
	for r in r1 r2; do
		kill -TERM "${pid[$r]}"
		wait "${pid[$r]}" 2>/dev/null || true
		start_replica "$r"
		wait_state "$r" UP
	done
	say "the replicas now share Redis at $shared (BOOKSHOP_REDIS)"
	run_era legacy sessions-redis
	redis=yes
else
	say "redis-server is missing: no run with a shared store"
fi

row() {
	local f=$work/$1.txt
	[ -f "$f" ] || return 0
	printf '%-26s %9s %8s %8s %14s %15s\n' "$2" "$(result "$f" rate)" "$(result "$f" p50_ms)" \
		"$(result "$f" p99_ms)" "$(result "$f" failed)" "$(result "$f" renewed)"
}
echo
echo "bookshop get_book, 2 replicas behind HAProxy, $CLIENTS clients, ${DURATION}s per era;"
echo "r1 SIGKILLed at ~$((DURATION / 5))s and restarted, then r2 SIGTERMed (drain) and restarted"
printf '%-26s %9s %8s %8s %14s %15s\n' era calls/s "p50 ms" "p99 ms" "lost/failed" "new sessions*"
row stateless "2026-07-28 (stateless)"
row sessions "2025-06-18 (sessions)"
row sessions-redis "2025-06-18, Redis store"
echo "* session era: sessions re-initialized after a 404 (their replica was gone); the call that met the 404 was sent again."
[ "$redis" = no ] || echo "  With the Redis store the replica that answers takes the session over: no 404, nothing to renew."
echo "throughput (stateless, median of $ROUNDS x ${COMPARE}s): 1 replica direct $direct calls/s, 2 replicas via HAProxy $proxied calls/s: ratio $ratio (gate >= $MIN_RATIO)"
echo "CPU per call in that round (µs): direct: generator $dgen + replica $dsrv = $((dgen + dsrv)) on $(cores_used "$direct" $((dgen + dsrv))) cores; via the proxy: generator $pgen + HAProxy $phap + replicas $prep = $((pgen + phap + prep)) on $(cores_used "$proxied" $((pgen + phap + prep))) cores"
echo "CPU ratio $cpuratio: with the same cores for both runs (every core busy, nothing else running), the throughput ratio cannot exceed it"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"

lost=$(result "$work/stateless.txt" failed)
[ "$lost" = 0 ] || die "the 2026 era lost $lost calls across the replica kill"
awk -v r="$ratio" -v m="$MIN_RATIO" 'BEGIN { exit !(r >= m) }' || die "throughput through the proxy with 2 replicas is ${ratio}x one replica direct (< $MIN_RATIO)"
say "ok"

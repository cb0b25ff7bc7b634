#!/usr/bin/env bash
# What a big tool result costs the mcpdev TUI's own memory (issue 31), measured on the real
# process: mcpdev runs in tmux (120x40) against the raw test server
# (inspector/testdata/servers/raw) over stdio, calls its big tool for 1, 20 and 50 MB of text
# in lines of 100 bytes, waits for "✓ ok", and reads /proc/PID/status: VmRSS before the
# call, VmHWM (peak RSS, reset before the call through clear_refs) and VmRSS 3 s after the
# result is shown. Growth is given in MB and as a multiple of the message's size.
# With BASE=<git ref>, mcpdev is also built at that ref (git archive) and measured in the
# same run, each size for both binaries in turn, so that the figures sit side by side.
#
#   bash bench/tui_memory.sh                    # this tree
#   BASE=main bash bench/tui_memory.sh          # this tree and main
#   SIZES="20" BASE=HEAD~3 bash bench/tui_memory.sh
#
# The in-process figures (peak heap, retained heap) are BenchmarkResultMemory in
# inspector/tui: go test -run '^$' -bench ResultMemory -benchtime=1x ./inspector/tui
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${SIZES:-1 20 50}
out=$(mktemp -d)
trap 'tmux kill-session -t mcpdev-mem 2>/dev/null || true; rm -rf "$out"' EXIT

go build -o "$out/raw" ./inspector/testdata/servers/raw
go build -o "$out/mcpdev-this" ./cmd/mcpdev
bins=(this)
if [[ -n ${BASE:-} ]]; then
	mkdir "$out/base"
	git archive "$BASE" | tar -x -C "$out/base"
	(cd "$out/base" && go build -o "$out/mcpdev-base" ./cmd/mcpdev)
	bins=(base this)
fi

kb() { awk -v k="$2:" '$1 == k { print $2 }' "/proc/$1/status"; }
screen() { tmux capture-pane -p -t mcpdev-mem; }
waitfor() { # text, seconds
	for _ in $(seq $(($2 * 10))); do
		screen | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	echo "timed out waiting for '$1'" >&2
	screen >&2
	return 1
}

measure() { # binary name, size in MB
	tmux new -d -s mcpdev-mem -x 120 -y 40 "$out/mcpdev-$1 --max-message-size 128MiB $out/raw"
	waitfor "● connected" 30
	local pid
	pid=$(tmux list-panes -t mcpdev-mem -F '#{pane_pid}')
	tmux send-keys -t mcpdev-mem /
	tmux send-keys -t mcpdev-mem -l big
	tmux send-keys -t mcpdev-mem Enter
	waitfor "Form · big" 10
	tmux send-keys -t mcpdev-mem -l "$(($2 * 1000000))"
	tmux send-keys -t mcpdev-mem Tab
	tmux send-keys -t mcpdev-mem -l 100
	sleep 1
	local before after peak
	before=$(kb "$pid" VmRSS)
	echo 5 >"/proc/$pid/clear_refs"
	tmux send-keys -t mcpdev-mem C-r
	waitfor "✓ ok" 120
	sleep 3
	peak=$(kb "$pid" VmHWM)
	after=$(kb "$pid" VmRSS)
	tmux kill-session -t mcpdev-mem
	awk -v b="$1" -v mb="$2" -v r0="$before" -v hw="$peak" -v r1="$after" 'BEGIN {
		msg = mb * 1e6
		printf "%-6s %4d MB   %7.1f MB %9.1f MB (+%6.1f, %4.2fx) %9.1f MB (+%6.1f, %4.2fx)\n", b, mb,
			r0 * 1024 / 1e6, hw * 1024 / 1e6, (hw - r0) * 1024 / 1e6, (hw - r0) * 1024 / msg,
			r1 * 1024 / 1e6, (r1 - r0) * 1024 / 1e6, (r1 - r0) * 1024 / msg }'
}

echo "mcpdev RSS around one tool result (text in lines of 100 bytes, over stdio)"
printf "%-6s %7s   %10s %30s %30s\n" build result "RSS before" "peak RSS (growth, x msg)" "RSS after (growth, x msg)"
for mb in $sizes; do
	for b in "${bins[@]}"; do
		measure "$b" "$mb"
	done
done

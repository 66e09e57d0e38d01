#!/usr/bin/env bash
# serve at rest: no scrape, sampling every -I, against stat sampling the same plan at the same
# interval (its lines to /dev/null), CPU of each over the same seconds (schedstat), rounds
# alternated. The live Tegra410 tree with --per-device: 29 functions, the exposition's largest.
# usage: bench/serve_rest.sh [PMUCTL]   (SECONDS_PER_RUN=10 ROUNDS=3 INTERVAL=1000)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
pmuctl=$(realpath "${1:-./pmuctl}")
live=tests/fixtures/tegra410-live/sys
metrics=t410_pcie_rd_bw,t410_pcie_wr_bw
secs=${SECONDS_PER_RUN:-10} rounds=${ROUNDS:-3} interval=${INTERVAL:-1000}
tmp=$(mktemp -d)
pid=
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT

# CPU nanoseconds "$@" spends in $secs s after its first sample, started in the background
at_rest() {
	"$@" >/dev/null 2>"$tmp/err" &
	pid=$!
	wait_for grep -q . "$tmp/ready"
	local t0
	t0=$(cpu_ns "$pid")
	sleep "$secs" # the measured span itself, not a synchronisation
	echo $(($(cpu_ns "$pid") - t0))
	kill "$pid"
	wait "$pid" 2>/dev/null || true
	pid=
}

port=$(free_port)
sampled() {
	curl -sf -o "$tmp/m" "http://127.0.0.1:$port/metrics" && grep -q '^pmuctl_samples_total [1-9]' "$tmp/m"
}
for ((r = 0; r < rounds; r++)); do
	: >"$tmp/ready"
	# serve: ready once its first sample is exposed (one scrape, before the span)
	(
		wait_for sampled
		echo y >"$tmp/ready"
	) &
	s=$(at_rest "$pmuctl" -q --sysfs-root "$live" serve -M "$metrics" --per-device -I "$interval" \
		--listen "127.0.0.1:$port")
	echo "$s" >>"$tmp/serve"
	: >"$tmp/ready"
	# stat: ready once its first interval is written
	"$pmuctl" -q --sysfs-root "$live" stat -M "$metrics" --per-device -I "$interval" -x, \
		-o "$tmp/stat.out" &
	pid=$!
	wait_for test -s "$tmp/stat.out"
	t0=$(cpu_ns "$pid")
	sleep "$secs" # the measured span
	echo $(($(cpu_ns "$pid") - t0)) >>"$tmp/stat"
	kill "$pid"
	wait "$pid" 2>/dev/null || true
	pid=
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1e6 }'; }
sm=$(median "$tmp/serve") tm=$(median "$tmp/stat")
echo "$metrics --per-device, -I $interval, ${secs} s at rest, median of $rounds rounds:"
echo "  serve (no scrape): $sm ms CPU; stat -x, -o: $tm ms CPU ($(awk -v a="$sm" -v b="$tm" 'BEGIN { printf "%.2f", a / b }')x)"

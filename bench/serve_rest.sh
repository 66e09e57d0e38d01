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

# The CPU nanoseconds "$@" spends in $secs s once the function $1 says its first sample shows,
# appended to the file $2
at_rest() {
	local ready=$1 out=$2 t0
	shift 2
	"$@" >/dev/null 2>"$tmp/err" &
	pid=$!
	wait_for "$ready"
	t0=$(cpu_ns "$pid")
	sleep "$secs" # the measured span itself, not a synchronisation
	echo $(($(cpu_ns "$pid") - t0)) >>"$out"
	kill "$pid"
	wait "$pid" 2>/dev/null || true
	pid=
}

port=$(free_port)
# serve: its first sample exposed (one scrape, before the span)
serve_sampled() {
	curl -sf -o "$tmp/m" "http://127.0.0.1:$port/metrics" && grep -q '^pmuctl_samples_total [1-9]' "$tmp/m"
}
# stat: its first interval written (the file is removed before each run)
stat_sampled() {
	test -s "$tmp/stat.out"
}
for ((r = 0; r < rounds; r++)); do
	at_rest serve_sampled "$tmp/serve" "$pmuctl" -q --sysfs-root "$live" serve -M "$metrics" --per-device \
		-I "$interval" --listen "127.0.0.1:$port"
	rm -f "$tmp/stat.out"
	at_rest stat_sampled "$tmp/stat" "$pmuctl" -q --sysfs-root "$live" stat -M "$metrics" --per-device \
		-I "$interval" -x, -o "$tmp/stat.out"
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1e6 }'; }
sm=$(median "$tmp/serve") tm=$(median "$tmp/stat")
echo "$metrics --per-device, -I $interval, ${secs} s at rest, median of $rounds rounds:"
echo "  serve (no scrape): $sm ms CPU; stat -x, -o: $tm ms CPU ($(awk -v a="$sm" -v b="$tm" 'BEGIN { printf "%.2f", a / b }')x)"

#!/usr/bin/env bash
# pmuctl serve against node_exporter's textfile collector serving the same metrics (the file
# pmuctl stat --format=openmetrics rewrites every second), same run: scrape latency p50/p99
# (wrk, one connection, Prometheus's Accept header) and server CPU per scrape (/proc stat).
# usage: bench/serve.sh [PMUCTL]   (SECONDS_PER_RUN=10; node_exporter from build/tools)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
export PATH=$PWD/build/tools/root/usr/bin:$PATH
pmuctl=$(realpath "${1:-./pmuctl}")
live=tests/fixtures/tegra410-live/sys
metrics=t410_pcie_rd_bw,t410_pcie_wr_bw
secs=${SECONDS_PER_RUN:-10}
accept='Accept: application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1'
tmp=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT


port=$(free_port)
"$pmuctl" -q --sysfs-root "$live" serve -M "$metrics" --listen "127.0.0.1:$port" &
pids+=($!)
serve_pid=$!
# a sample in: the gauges are there
served() {
	curl -sf -o "$tmp/serve.txt" "http://127.0.0.1:$port/metrics" && grep -q '^pmuctl_samples_total [1-9]' "$tmp/serve.txt"
}
wait_for served

mkdir "$tmp/textfile"
"$pmuctl" -q --sysfs-root "$live" stat -M "$metrics" --per-pmu --format=openmetrics \
	-o "$tmp/textfile/pmuctl.prom" -I 1000 &
pids+=($!)
writer_pid=$!
nport=$(free_port)
prometheus-node-exporter --web.listen-address="127.0.0.1:$nport" --collector.disable-defaults \
	--collector.textfile --collector.textfile.directory="$tmp/textfile" 2>/dev/null &
pids+=($!)
ne_pid=$!
wait_for test -s "$tmp/textfile/pmuctl.prom"
wait_for curl -sf -o "$tmp/ne.txt" "http://127.0.0.1:$nport/metrics"

read -r s50 s99 sn scpu <<<"$(wrk_measure "$serve_pid" "http://127.0.0.1:$port/metrics" -H "$accept")"
w0=$(cpu_ns "$writer_pid")
read -r n50 n99 nn ncpu <<<"$(wrk_measure "$ne_pid" "http://127.0.0.1:$nport/metrics" -H "$accept")"
w1=$(cpu_ns "$writer_pid")
gauges() {
	grep -cE '^pmuctl_t410_pcie_(rd|wr)_bw_bytes_per_second\{' "$1" || true
}
# both serve the same gauges: one per metric and PMU
[ "$(gauges "$tmp/serve.txt")" -eq 24 ] && [ "$(gauges "$tmp/ne.txt")" -eq 24 ] ||
	{ echo "bench: the two do not serve the same 24 gauges" >&2; exit 1; }
echo "scrapes of $metrics per PMU, one connection, ${secs} s each, same run"
echo "(gauge series: serve $(gauges "$tmp/serve.txt"), node_exporter $(gauges "$tmp/ne.txt"); serve adds the counters and its own series):"
printf '  %-44s p50 %7.3f ms  p99 %7.3f ms  %6d scrapes  CPU %7.1f us/scrape\n' \
	"pmuctl serve" "$s50" "$s99" "$sn" "$scpu"
printf '  %-44s p50 %7.3f ms  p99 %7.3f ms  %6d scrapes  CPU %7.1f us/scrape\n' \
	"node_exporter textfile (+ pmuctl stat -o)" "$n50" "$n99" "$nn" "$ncpu"
awk -v w=$((w1 - w0)) -v s="$secs" \
	'BEGIN { printf "  the textfile writer (pmuctl stat -I 1000) besides: CPU %.2f ms per second\n", w / s / 1e6 }'
awk -v a="$s50" -v b="$n50" -v c="$scpu" -v d="$ncpu" \
	'BEGIN { printf "ratio pmuctl serve / node_exporter: p50 latency %.2fx, CPU per scrape %.2fx\n", a / b, c / d }'

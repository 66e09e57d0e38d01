#!/usr/bin/env bash
# pmuctl stat against perf stat: CPU time and peak RSS of 100 intervals of 20 ms over 24 events
# of the software-aliased Tegra410 (tests/fixtures/tegra410-live), same events, same run.
# CPU is task-clock measured by perf (GNU time's 10 ms ticks are too coarse); RSS by GNU time.
# usage: bench/stat.sh [PMUCTL]   (RUNS=5)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
pmuctl=${1:-./pmuctl}
live=tests/fixtures/tegra410-live/sys
events=()
for s in 0 1; do
	for rc in 0 1 2 3 4 5; do
		events+=(-e "nvidia_pcie_pmu_${s}_rc_${rc}/rd_bytes/" -e "nvidia_pcie_tgt_pmu_${s}_rc_${rc}/rd_bytes/")
	done
done
runs=${RUNS:-5}
perf_cmd=(perf stat -a -x, -I 20 --interval-count 100 "${events[@]}")
ours_cmd=("$pmuctl" --sysfs-root "$live" stat -a -x, -I 20 --interval-count 100 "${events[@]}")
p_ms=$(SYSFS_PATH=$live task_ms "$runs" "${perf_cmd[@]}")
m_ms=$(task_ms "$runs" "${ours_cmd[@]}")
read -r _ p_rss < <(SYSFS_PATH=$live cpu_rss "$runs" "${perf_cmd[@]}")
read -r _ m_rss < <(cpu_rss "$runs" "${ours_cmd[@]}")
echo "24 events, -I 20 --interval-count 100, mean of $runs runs:"
echo "  perf stat:   CPU ${p_ms} ms, peak RSS ${p_rss} KiB"
echo "  pmuctl stat: CPU ${m_ms} ms, peak RSS ${m_rss} KiB"
awk -v a="$m_ms" -v b="$p_ms" -v c="$m_rss" -v d="$p_rss" \
	'BEGIN { printf "ratio pmuctl/perf: CPU %.2fx, RSS %.2fx (target: at most 0.5x each)\n", a / b, c / d }'

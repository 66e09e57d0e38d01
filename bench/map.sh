#!/usr/bin/env bash
# pmuctl map against the RC-mapping script of nvidia-tegra410-pmu.rst, on the same lspci -xxxx
# dump, in the same run. Both print the 21 lines of the document's example.
# usage: bench/map.sh [PMUCTL]   (SCRIPT_RUNS=3 MAP_RUNS=200)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
pmuctl=${1:-./pmuctl}
dump=tests/fixtures/tegra410/lspci-xxxx.txt
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT

# same answer first, or the timing means nothing
diff <(tests/oracle/doc-script "$dump") <("$pmuctl" --sysfs-root "$empty" -F "$dump" map --format=dvsec)

script_ms=$(per_run_ms "${SCRIPT_RUNS:-3}" tests/oracle/doc-script "$dump")
map_ms=$(per_run_ms "${MAP_RUNS:-200}" "$pmuctl" --sysfs-root "$empty" -F "$dump" map --format=dvsec)
sysfs_ms=$(per_run_ms "${MAP_RUNS:-200}" "$pmuctl" --sysfs-root tests/fixtures/tegra410/sys map --format=dvsec)
echo "document's script (lspci/setpci, dump): $script_ms ms per run"
echo "pmuctl map --format=dvsec (same dump):   $map_ms ms per run"
echo "pmuctl map --format=dvsec (sysfs tree):  $sysfs_ms ms per run"
echo "ratio map vs script: $(ratio "$script_ms" "$map_ms")x (dump), $(ratio "$script_ms" "$sysfs_ms")x (sysfs)"

# growth: the document's machine ten times over (620 functions, 210 root ports)
big=$(mktemp -d)
trap 'rm -rf "$empty" "$big"' EXIT
python3 tests/gen/pcigen.py scale 10 "$big"
big_ms=$(per_run_ms "${MAP_RUNS:-200}" "$pmuctl" --sysfs-root "$empty" -F "$big/lspci-xxxx.txt" map --format=dvsec)
big_sysfs_ms=$(per_run_ms "${MAP_RUNS:-200}" "$pmuctl" --sysfs-root "$big/sys" map --format=dvsec)
echo "growth, 10x the functions: dump $map_ms -> $big_ms ms ($(awk -v a="$big_ms" -v b="$map_ms" 'BEGIN { printf "%.1f", a / b }')x), sysfs $sysfs_ms -> $big_sysfs_ms ms ($(awk -v a="$big_sysfs_ms" -v b="$sysfs_ms" 'BEGIN { printf "%.1f", a / b }')x)"

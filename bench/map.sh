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

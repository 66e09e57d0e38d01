#!/usr/bin/env bash
# Loading a --metrics-file as it grows: list --metrics with 5,000 to 50,000 metrics, wall time
# and peak RSS (GNU time), each the least of RUNS. The load must grow as the file does.
# usage: bench/metrics_file.sh [PMUCTL]   (SIZES="5000 10000 20000 50000" RUNS=3)
set -eu
cd "$(dirname "$0")/.."
pmuctl=$(realpath "${1:-./pmuctl}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prev=
for n in ${SIZES:-5000 10000 20000 50000}; do
	python3 -c '
import json, sys
n = int(sys.argv[1])
print(json.dumps([{"name": "m%d" % i, "family": "t410_pcie", "expr": "rd_bytes / duration_time",
                   "unit": "B/s", "description": "d"} for i in range(n)]))' "$n" >"$tmp/m.json"
	best=
	for _ in $(seq "${RUNS:-3}"); do
		/usr/bin/time -f "%e %M" -o "$tmp/t" "$pmuctl" --sysfs-root tests/fixtures/tegra410-live/sys \
			list --metrics --metrics-file "$tmp/m.json" >/dev/null
		read -r s kib <"$tmp/t"
		if [ -z "$best" ] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$s; rss=$kib; fi
	done
	printf '%6d metrics: %6.2f s, %6d KiB%s\n' "$n" "$best" "$rss" \
		"$( [ -n "$prev" ] && awk -v a="$best" -v b="${prev#* }" -v m="$n" -v p="${prev% *}" \
			'BEGIN { if (b > 0) printf ", exponent %.2f", log(a / b) / log(m / p) }')"
	prev="$n $best"
done

#!/usr/bin/env bash
# Growth of pmuctl map on sysfs against lspci's listing of the same tree, interleaved: the
# document's machine 1 to 31 times over (62 to 1,922 functions, tests/gen/pcigen.py scale).
# Each round runs lspci, map and map -j once in turn (each RUNS times); medians of ROUNDS.
# usage: bench/map_scale.sh [PMUCTL]   (SCALES="1 8 19 31" ROUNDS=7 RUNS=5)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
pmuctl=${1:-./pmuctl}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() {
	sort -n | awk '{ v[NR] = $1 } END { printf "%.3f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

exponent() {
	awk -v t1="$1" -v t2="$2" -v n1="$3" -v n2="$4" 'BEGIN { printf "%.2f", log(t2 / t1) / log(n2 / n1) }'
}

printf '%9s %10s %10s %10s %8s %8s\n' functions lspci_ms map_ms map_j_ms map/lspci map_j/lspci
prev=
for scale in ${SCALES:-1 8 19 31}; do
	tree=$work/$scale
	python3 tests/gen/pcigen.py scale "$scale" "$tree" >/dev/null
	lspci=(lspci -A linux-sysfs -O "sysfs.path=$tree/sys/bus/pci" -D)
	# the same functions first, or the timing means nothing
	diff <("${lspci[@]}" | cut -d' ' -f1) \
		<("$pmuctl" --sysfs-root "$tree/sys" map -j | python3 -c 'import json, sys; print("\n".join(f["bdf"] for f in json.load(sys.stdin)))')
	n=$("${lspci[@]}" | wc -l)
	: >"$work/l" && : >"$work/m" && : >"$work/j"
	for ((r = 0; r < ${ROUNDS:-7}; r++)); do
		per_run_ms "${RUNS:-5}" "${lspci[@]}" >>"$work/l" && echo >>"$work/l"
		per_run_ms "${RUNS:-5}" "$pmuctl" --sysfs-root "$tree/sys" map >>"$work/m" && echo >>"$work/m"
		per_run_ms "${RUNS:-5}" "$pmuctl" --sysfs-root "$tree/sys" map -j >>"$work/j" && echo >>"$work/j"
	done
	l=$(median <"$work/l") m=$(median <"$work/m") j=$(median <"$work/j")
	printf '%9d %10s %10s %10s %8.2f %8.2f\n' "$n" "$l" "$m" "$j" \
		"$(awk -v a="$m" -v b="$l" 'BEGIN { print a / b }')" "$(awk -v a="$j" -v b="$l" 'BEGIN { print a / b }')"
	if [ -n "$prev" ]; then
		read -r pn pl pm pj <<<"$prev"
		growth="exponent from $pn to $n functions: lspci $(exponent "$pl" "$l" "$pn" "$n"), map $(exponent "$pm" "$m" "$pn" "$n"), map -j $(exponent "$pj" "$j" "$pn" "$n")"
	fi
	prev="$n $l $m $j"
	rm -rf "$tree"
done
echo "${growth:-}"

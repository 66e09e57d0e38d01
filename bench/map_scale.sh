#!/usr/bin/env bash
# Growth of pmuctl map on sysfs against lspci's listing of the same tree and against its floor
# (bench/floor.c --map: every function's config space, which placing it needs, and its name
# through libpci, as both print them), interleaved: the document's machine 1 to 31 times over
# (62 to 1,922 functions, tests/gen/pcigen.py scale), or with SHAPE=sockets the live Tegra410
# on 2 to 16 sockets (SCALES pairs, --tegra410-live-pairs: its PMUs too), where the cost of an
# added function must not grow with the sockets. Each round runs lspci, map, map -j and the
# floor once in turn (each RUNS times); medians of ROUNDS.
# usage: bench/map_scale.sh [PMUCTL]   (SCALES="1 8 19 31" ROUNDS=7 RUNS=5; SHAPE=sockets SCALES="1 2 4 8")
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
pmuctl=${1:-./pmuctl}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/floor" bench/floor.c -lpci
shape=${SHAPE:-scale}

median() {
	sort -n | awk '{ v[NR] = $1 } END { printf "%.3f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

exponent() {
	awk -v t1="$1" -v t2="$2" -v n1="$3" -v n2="$4" 'BEGIN { printf "%.2f", log(t2 / t1) / log(n2 / n1) }'
}

printf '%9s %10s %10s %10s %10s %8s %8s %10s %13s\n' functions lspci_ms map_ms map_j_ms floor_ms map/lspci \
	map_j/lspci map/floor map_ms/1k_fn
prev=
[ "$shape" = sockets ] && default_scales="1 2 4 8" || default_scales="1 8 19 31"
for scale in ${SCALES:-$default_scales}; do
	tree=$work/$scale
	if [ "$shape" = sockets ]; then
		python3 tests/gen/fixtures.py --tegra410-live-pairs "$scale" "$tree" >/dev/null
	else
		python3 tests/gen/pcigen.py scale "$scale" "$tree" >/dev/null
	fi
	lspci=(lspci -A linux-sysfs -O "sysfs.path=$tree/sys/bus/pci" -D)
	# the same functions first, or the timing means nothing
	diff <("${lspci[@]}" | cut -d' ' -f1) \
		<("$pmuctl" --sysfs-root "$tree/sys" map -j | python3 -c 'import json, sys; print("\n".join(f["bdf"] for f in json.load(sys.stdin)))')
	n=$("${lspci[@]}" | wc -l)
	: >"$work/l" && : >"$work/m" && : >"$work/j" && : >"$work/f"
	for ((r = 0; r < ${ROUNDS:-7}; r++)); do
		per_run_ms "${RUNS:-5}" "${lspci[@]}" >>"$work/l" && echo >>"$work/l"
		per_run_ms "${RUNS:-5}" "$pmuctl" --sysfs-root "$tree/sys" map >>"$work/m" && echo >>"$work/m"
		per_run_ms "${RUNS:-5}" "$pmuctl" --sysfs-root "$tree/sys" map -j >>"$work/j" && echo >>"$work/j"
		per_run_ms "${RUNS:-5}" "$work/floor" --map "$tree/sys" names >>"$work/f" && echo >>"$work/f"
	done
	l=$(median <"$work/l") m=$(median <"$work/m") j=$(median <"$work/j") f=$(median <"$work/f")
	printf '%9d %10s %10s %10s %10s %8.2f %8.2f %10.2f %13.2f\n' "$n" "$l" "$m" "$j" "$f" \
		"$(awk -v a="$m" -v b="$l" 'BEGIN { print a / b }')" "$(awk -v a="$j" -v b="$l" 'BEGIN { print a / b }')" \
		"$(awk -v a="$m" -v b="$f" 'BEGIN { print a / b }')" "$(awk -v a="$m" -v n="$n" 'BEGIN { print 1000 * a / n }')"
	if [ -n "$prev" ]; then
		read -r pn pl pm pj <<<"$prev"
		growth="exponent from $pn to $n functions: lspci $(exponent "$pl" "$l" "$pn" "$n"), map $(exponent "$pm" "$m" "$pn" "$n"), map -j $(exponent "$pj" "$j" "$pn" "$n")"
		echo "  from $pn to $n functions, each added function: map $(awk -v a="$pm" -v b="$m" -v p="$pn" -v q="$n" 'BEGIN { printf "%.1f", 1000 * (b - a) / (q - p) }') us, lspci $(awk -v a="$pl" -v b="$l" -v p="$pn" -v q="$n" 'BEGIN { printf "%.1f", 1000 * (b - a) / (q - p) }') us"
	fi
	prev="$n $l $m $j"
	rm -rf "$tree"
done
echo "${growth:-}"

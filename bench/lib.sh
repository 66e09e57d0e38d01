# Shared by the bench scripts: wall-clock time of N runs of a command, in the same process tree.
# usage: per_run_ms N command...   prints milliseconds per run (3 decimals)
per_run_ms() {
	local n=$1 start end
	shift
	start=$(date +%s%N)
	for ((i = 0; i < n; i++)); do
		"$@" >/dev/null 2>&1
	done
	end=$(date +%s%N)
	awk -v ns=$((end - start)) -v n="$n" 'BEGIN { printf "%.3f", ns / n / 1e6 }'
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", a / b }'
}

# usage: cpu_rss N command...   prints "mean-cpu-seconds peak-rss-kib" over N runs (GNU time;
# measuring from python would count the interpreter's pages in the forked child)
cpu_rss() {
	local n=$1 out
	shift
	out=$(mktemp)
	for ((i = 0; i < n; i++)); do
		/usr/bin/time -a -o "$out" -f "%U %S %M" "$@" >/dev/null 2>&1 || true
	done
	awk -v n="$n" '{ cpu += $1 + $2; if ($3 > rss) rss = $3 } END { printf "%.4f %d\n", cpu / n, rss }' "$out"
	rm -f "$out"
}

# usage: task_ms N command...   mean task-clock (CPU milliseconds, all threads) over N runs, by perf
task_ms() {
	local n=$1 out
	shift
	out=$(mktemp)
	for ((i = 0; i < n; i++)); do
		perf stat -x, -e task-clock -o "$out" --append -- "$@" >/dev/null 2>&1 || true
	done
	awk -F, -v n="$n" '$3 == "task-clock" { ms += $1 } END { printf "%.2f", ms / n }' "$out"
	rm -f "$out"
}

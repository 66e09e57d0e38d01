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

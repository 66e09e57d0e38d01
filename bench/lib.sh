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

# usage: split_ms N command...   mean "task user system" CPU milliseconds over N runs, by perf's
# task-clock and its user_time and system_time (rusage: what ran in the process and in the
# kernel for it)
split_ms() {
	local n=$1 out i
	shift
	out=$(mktemp)
	for ((i = 0; i < n; i++)); do
		perf stat -x, -e task-clock,user_time,system_time -o "$out" --append -- "$@" >/dev/null 2>&1 || true
	done
	awk -F, -v n="$n" '$3 == "task-clock" { t += $1 } $3 == "user_time" { u += $1 / 1e6 }
		$3 == "system_time" { s += $1 / 1e6 } END { printf "%.2f %.2f %.2f\n", t / n, u / n, s / n }' "$out"
	rm -f "$out"
}

# usage: task_ms N command...   mean task-clock (CPU milliseconds, all threads) over N runs, by perf
task_ms() {
	split_ms "$@" | cut -d' ' -f1
}

# A TCP port on 127.0.0.1 nothing listens on now
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# nanoseconds a process has run on a CPU, all its threads (schedstat: finer than clock ticks)
cpu_ns() {
	local t sum=0
	for t in /proc/"$1"/task/*/schedstat; do
		sum=$((sum + $(cut -d' ' -f1 "$t")))
	done
	echo "$sum"
}

# Until "$@" succeeds, for 20 s at most; then the bench gives up
wait_for() {
	local end=$((SECONDS + 20))
	until "$@"; do
		((SECONDS < end)) || { echo "bench: gave up waiting for: $*" >&2; exit 1; }
		sleep 0.05
	done
}

# usage: wrk_measure PID URL [wrk option...]   "p50-ms p99-ms requests cpu-us-per-request" of
# wrk --latency against URL (one connection, SECONDS_PER_RUN s), with the server PID's CPU
wrk_measure() {
	local pid=$1 url=$2 t0 t1 out
	shift 2
	t0=$(cpu_ns "$pid")
	out=$(wrk -t 1 -c 1 -d "${SECONDS_PER_RUN:-10}s" --latency "$@" "$url")
	t1=$(cpu_ns "$pid")
	awk -v dt=$((t1 - t0)) '
		function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; return v * 1000 }
		$1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) }
		/requests in/ { n = $1 }
		END { printf "%.3f %.3f %d %.1f\n", p50, p99, n, dt / n / 1e3 }' <<<"$out"
}

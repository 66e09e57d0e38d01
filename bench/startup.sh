#!/usr/bin/env bash
# Start-up: the small commands (--version, bdf, the completion a shell asks for at each Tab)
# against lspci --version, CPU (task-clock) per run, interleaved rounds, the median of the rounds.
# usage: bench/startup.sh [PMUCTL]   (ROUNDS=7 RUNS=20)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
pmuctl=$(realpath "${1:-./pmuctl}")
rounds=${ROUNDS:-7} runs=${RUNS:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
declare -A cmd=(
	[lspci]="lspci --version"
	[version]="$pmuctl --version"
	[bdf]="$pmuctl bdf 27:01.1"
	[complete]="$pmuctl __complete commands"
	[serve_help]="$pmuctl serve --help"
)
order=(lspci version bdf complete serve_help)
for ((r = 0; r < rounds; r++)); do
	for k in "${order[@]}"; do
		# shellcheck disable=SC2086 # the commands are words
		task_ms "$runs" ${cmd[$k]} >>"$tmp/$k"
	done
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%.2f", v[int((NR + 1) / 2)] }'; }
base=$(median "$tmp/lspci")
echo "lspci --version: $base ms"
for k in version bdf complete serve_help; do
	m=$(median "$tmp/$k")
	echo "pmuctl ${cmd[$k]#"$pmuctl "}: $m ms ($(awk -v a="$m" -v b="$base" 'BEGIN { printf "%.2f", a / b }')x lspci --version)"
done
echo "libraries loaded: pmuctl $(ldd "$pmuctl" | wc -l), lspci $(ldd "$(command -v lspci)" | wc -l)"

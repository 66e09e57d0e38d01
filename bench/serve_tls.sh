#!/usr/bin/env bash
# pmuctl serve against node_exporter, both behind the same --web.config.file (TLS 1.3 with the
# bench's own CA, basic auth with a bcrypt hash at cost 10), same run, alternated: scrape latency
# p50/p99 (wrk over https, one connection kept alive, the Authorization header) and server CPU
# per scrape. node_exporter serves the same gauges through its textfile collector.
# usage: bench/serve_tls.sh [PMUCTL]   (SECONDS_PER_RUN=10, ROUNDS=2; node_exporter from build/tools)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
export PATH=$PWD/build/tools/root/usr/bin:$PATH
pmuctl=$(realpath "${1:-./pmuctl}")
live=tests/fixtures/tegra410-live/sys
metrics=t410_pcie_rd_bw,t410_pcie_wr_bw
secs=${SECONDS_PER_RUN:-10}
rounds=${ROUNDS:-2}
tmp=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT


ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
openssl req -x509 "${ec[@]}" -days 30 -subj /CN=bench-ca -keyout "$tmp/ca.key" -out "$tmp/ca.crt" 2>/dev/null
openssl req "${ec[@]}" -subj /CN=localhost -keyout "$tmp/server.key" -out "$tmp/server.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1\n' >"$tmp/san.ext"
openssl x509 -req -in "$tmp/server.csr" -CA "$tmp/ca.crt" -CAkey "$tmp/ca.key" -CAcreateserial -days 30 \
	-extfile "$tmp/san.ext" -out "$tmp/server.crt" 2>/dev/null
hash=$(python3 -W ignore -c 'import crypt; print(crypt.crypt("bench", crypt.mksalt(crypt.METHOD_BLOWFISH, rounds=1024)))')
cat >"$tmp/web.yml" <<YML
tls_server_config:
  cert_file: $tmp/server.crt
  key_file: $tmp/server.key
  min_version: TLS13
basic_auth_users:
  prometheus: $hash
YML
auth="Authorization: Basic $(printf 'prometheus:bench' | base64)"

port=$(free_port)
"$pmuctl" -q --sysfs-root "$live" serve -M "$metrics" --web.listen-address "127.0.0.1:$port" \
	--web.config.file "$tmp/web.yml" &
pids+=($!)
serve_pid=$!
mkdir "$tmp/textfile"
"$pmuctl" -q --sysfs-root "$live" stat -M "$metrics" --per-pmu --format=openmetrics \
	-o "$tmp/textfile/pmuctl.prom" -I 1000 &
pids+=($!)
nport=$(free_port)
prometheus-node-exporter --web.listen-address="127.0.0.1:$nport" --web.config.file="$tmp/web.yml" \
	--collector.disable-defaults --collector.textfile --collector.textfile.directory="$tmp/textfile" 2>/dev/null &
pids+=($!)
ne_pid=$!
scrape() {
	curl -sf --cacert "$tmp/ca.crt" -H "$auth" -o "$2" "https://127.0.0.1:$1/metrics"
}
wait_for scrape "$port" "$tmp/serve.txt"
wait_for test -s "$tmp/textfile/pmuctl.prom"
wait_for scrape "$nport" "$tmp/ne.txt"
gauges() {
	grep -cE '^pmuctl_t410_pcie_(rd|wr)_bw_bytes_per_second\{' "$1" || true
}
wait_for eval '[ "$(scrape "$port" "$tmp/serve.txt"; gauges "$tmp/serve.txt")" -eq 24 ]'
[ "$(gauges "$tmp/ne.txt")" -eq 24 ] || { echo "bench: node_exporter does not serve the 24 gauges" >&2; exit 1; }


echo "scrapes over TLS 1.3 with basic auth, one connection, ${secs} s each, ${rounds} rounds alternated, same run:"
for r in $(seq "$rounds"); do
	read -r s50 s99 sn scpu <<<"$(wrk_measure "$serve_pid" "https://127.0.0.1:$port/metrics" -H "$auth")"
	read -r n50 n99 nn ncpu <<<"$(wrk_measure "$ne_pid" "https://127.0.0.1:$nport/metrics" -H "$auth")"
	printf '  round %d  %-24s p50 %7.3f ms  p99 %7.3f ms  %6d scrapes  CPU %7.1f us/scrape\n' "$r" "pmuctl serve" "$s50" "$s99" "$sn" "$scpu"
	printf '  round %d  %-24s p50 %7.3f ms  p99 %7.3f ms  %6d scrapes  CPU %7.1f us/scrape\n' "$r" "node_exporter" "$n50" "$n99" "$nn" "$ncpu"
	awk -v a="$s50" -v b="$n50" -v c="$scpu" -v d="$ncpu" \
		'BEGIN { printf "  round %d  ratio pmuctl / node_exporter: p50 latency %.2fx, CPU per scrape %.2fx\n", '"$r"', a / b, c / d }'
done

#!/usr/bin/env bats
# pmuctl serve --web.config.file: TLS, mutual TLS and basic authentication in the format of
# Prometheus's exporter-toolkit; a real Prometheus scraping over TLS with a password;
# --web.telemetry-path, repeated --web.listen-address and systemd socket activation.
load helpers

setup_file() {
	make_pki "$BATS_FILE_TMPDIR/pki"
}

teardown() {
	[ -z "${PROM:-}" ] || kill "$PROM" 2>/dev/null || true
	stop_background
}

PKI() { echo "$BATS_FILE_TMPDIR/pki/$1"; }

# A bcrypt hash of $1 (cost 4: the tests' own, quick), as htpasswd -B writes one
bcrypt() {
	python3 -W ignore -c 'import crypt, sys; print(crypt.crypt(sys.argv[1], crypt.mksalt(crypt.METHOD_BLOWFISH, rounds=16)))' "$1"
}

# web.yml in the test's directory: TLS with the test CA's certificate, user prometheus
web_config() {
	cat >"$BATS_TEST_TMPDIR/web.yml" <<EOF
tls_server_config:
  cert_file: $(PKI server.crt)
  key_file: $(PKI server.key)
$1
basic_auth_users:
  prometheus: $(bcrypt "${PASSWORD:-s3cret}")
EOF
}

# $PORT: where the background serve answers over https, once it says so
listening_tls() {
	PORT=$(sed -n 's|.*serving https://127\.0\.0\.1:\([0-9]*\)/metrics.*|\1|p' "$BATS_TEST_TMPDIR/out")
	[ -n "$PORT" ]
}

serve_tls() {
	background "$PMUCTL" --sysfs-root "$LIVE" serve --web.listen-address 127.0.0.1:0 -I 100 \
		-M t410_pcie_rd_bw --web.config.file "$BATS_TEST_TMPDIR/web.yml" "$@"
	wait_for "serve to listen" listening_tls
}

# the HTTP status of a GET of /metrics with curl's "$@"; 000 when no answer came
status_of() {
	curl -s -o /dev/null -w '%{http_code}' --cacert "$(PKI ca.crt)" "$@" "https://127.0.0.1:$PORT/metrics" || true
}

@test "serve TLS: 401 without credentials or with wrong ones, 200 with them, over https with the test CA" {
	web_config ""
	serve_tls
	[ "$(status_of)" = 401 ]
	[ "$(status_of -u prometheus:wrong)" = 401 ]
	[ "$(status_of -u nobody:s3cret)" = 401 ]
	[ "$(status_of -u prometheus:s3cret)" = 200 ]
	# the challenge a browser or curl --anyauth answers
	run curl -s -D - -o /dev/null --cacert "$(PKI ca.crt)" "https://127.0.0.1:$PORT/"
	[[ "$output" == *$'WWW-Authenticate: Basic realm="pmuctl", charset="UTF-8"\r'* ]]
	# the exposition itself, whole
	run curl -sf --cacert "$(PKI ca.crt)" -u prometheus:s3cret "https://127.0.0.1:$PORT/metrics"
	[ "$status" -eq 0 ]
	[[ "$output" == *"pmuctl_up 1"* ]]
	# every route is behind the password, as the toolkit's
	[ "$(curl -s -o /dev/null -w '%{http_code}' --cacert "$(PKI ca.crt)" "https://127.0.0.1:$PORT/-/healthy")" = 401 ]
	# plain HTTP against the TLS port gets no answer
	run curl -s -m 5 "http://127.0.0.1:$PORT/metrics"
	[ "$status" -ne 0 ]
	[ -z "$output" ]
	# nor does a client that does not trust the server's CA
	run curl -s -m 5 -u prometheus:s3cret "https://127.0.0.1:$PORT/metrics"
	[ "$status" -eq 60 ]
}

@test "serve TLS: mutual TLS refuses a client with no certificate or one the CA did not sign" {
	web_config "  client_auth_type: RequireAndVerifyClientCert
  client_ca_file: $(PKI ca.crt)"
	serve_tls -v
	[ "$(status_of -u prometheus:s3cret)" = 000 ]
	[ "$(status_of -u prometheus:s3cret --cert "$(PKI rogue.crt)" --key "$(PKI rogue.key)")" = 000 ]
	[ "$(status_of -u prometheus:s3cret --cert "$(PKI client.crt)" --key "$(PKI client.key)")" = 200 ]
	# and the password is still asked of a client with a good certificate
	[ "$(status_of --cert "$(PKI client.crt)" --key "$(PKI client.key)")" = 401 ]
	grep -q "http: refused a client: the client sent no certificate" "$BATS_TEST_TMPDIR/out"
	grep -q "http: refused a client: the client's certificate is not signed by client_ca_file, or is expired" "$BATS_TEST_TMPDIR/out"
}

@test "serve TLS: client_allowed_sans admits a certificate with one of the SANs only, as exporter-toolkit does" {
	# pmuctl refused the key, so a web.yml shared with node_exporter stopped it at start
	web_config "  client_auth_type: RequireAndVerifyClientCert
  client_ca_file: $(PKI ca.crt)
  client_allowed_sans: [other.example, 10.0.0.7]"
	serve_tls -v
	[ "$(status_of -u prometheus:s3cret --cert "$(PKI client-san.crt)" --key "$(PKI client.key)")" = 200 ]
	# signed by the CA, but no SAN at all
	[ "$(status_of -u prometheus:s3cret --cert "$(PKI client.crt)" --key "$(PKI client.key)")" = 000 ]
	grep -q "http: refused a client: the client's certificate carries none of client_allowed_sans" "$BATS_TEST_TMPDIR/out"
	stop_background
	# by DNS name and by email address too
	for san in scraper.example ops@example.com; do
		web_config "  client_auth_type: RequireAndVerifyClientCert
  client_ca_file: $(PKI ca.crt)
  client_allowed_sans: [$san]"
		serve_tls
		[ "$(status_of -u prometheus:s3cret --cert "$(PKI client-san.crt)" --key "$(PKI client.key)")" = 200 ] || { echo "$san"; return 1; }
		stop_background
	done
	# where no certificate must come, the SANs would be checked against nothing: refused
	W=$BATS_TEST_TMPDIR/web.yml
	refused $'tls_server_config:\n  cert_file: '"$(PKI server.crt)"$'\n  key_file: '"$(PKI server.key)"$'\n  client_allowed_sans: [a]'
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $W:1: tls_server_config: client_allowed_sans requires client_auth_type to be one of RequireAnyClientCert or RequireAndVerifyClientCert" ]
}

@test "serve: rate_limit answers 429 past its burst until a token comes back, as exporter-toolkit does" {
	# pmuctl refused the key ("unknown key 'rate_limit'"), so a web.yml shared with node_exporter stopped it
	printf 'rate_limit:\n  burst: 2\n  interval: 1h\n' >"$BATS_TEST_TMPDIR/web.yml"
	background "$PMUCTL" --sysfs-root "$LIVE" serve --web.listen-address 127.0.0.1:0 -I 100 \
		-M t410_pcie_rd_bw --web.config.file "$BATS_TEST_TMPDIR/web.yml"
	wait_for "serve to listen" listening
	# the burst: two requests, whatever their path; the bucket gets a token back in an hour
	run curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/-/healthy"
	[ "$output" = 200 ]
	run curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/metrics"
	[ "$output" = 200 ]
	run curl -s -D - -o /dev/null "http://127.0.0.1:$PORT/metrics"
	[[ "$output" == "HTTP/1.1 429 Too Many Requests"* ]]
	[[ "$output" == *$'Retry-After: 1\r'* ]]
}

# A bcrypt hash at cost $1 that no password matches: only its cost counts, so none is computed
bcrypt_unmatched() {
	printf '$2b$%02d$kDKLsvtXsznm2R4iH16xeurjh6X0IfO.yMIWl/Prk1alx1izBJkPq\n' "$1"
}

# pmuctl_samples_total, as the known user scrapes it
samples() {
	curl -sf --cacert "$(PKI ca.crt)" -u prometheus:s3cret "https://127.0.0.1:$PORT/metrics" |
		sed -n 's/^pmuctl_samples_total //p'
}

more_samples_than() {
	local n
	n=$(samples)
	[ -n "$n" ] && [ "$n" -gt "$1" ]
}

# one of the wrong-password clients was answered 429; the files are globbed at each look
told_to_come_back() {
	grep -qx 429 "$BATS_TEST_TMPDIR"/wrong.*
}

@test "serve TLS: wrong passwords are checked beside sampling; a known one is answered while they wait; past 16, 429" {
	# admin's hash costs 2^24 rounds: one check holds the checker for many minutes, longer than
	# the test, so no wrong password is answered 401 while the queue fills (at 2^20, under ASan
	# beside the suite's load, three checks ended first and the queue never filled)
	web_config ""
	# the waiting requests are kept past the default 10 s: on a slow machine (ASan) the 17
	# handshakes took longer, the first ones were closed (000) and the queue was never full
	serve_tls --timeout 600
	[ "$(status_of -u prometheus:s3cret)" = 200 ]
	# admin comes with a reload: every check costs the highest cost in use (no time tells a
	# user's), and prometheus's password, checked before at cost 4, is kept through it
	printf '  admin: %s\n' "$(bcrypt_unmatched 24)" >>"$BATS_TEST_TMPDIR/web.yml"
	kill -HUP "$BG"
	wait_for "the reload" grep -q "reload done" "$BATS_TEST_TMPDIR/out"
	# 17 clients with wrong passwords: one check runs, 15 wait, the 17th is told to come back;
	# each answer's file exists before its client starts, so every look below reads all 17
	# (a background job opens its own redirection later: a glob taken at once missed the
	# files not yet made, the 429 among them, and waited out its deadline)
	for i in $(seq 17); do
		: >"$BATS_TEST_TMPDIR/wrong.$i"
		status_of -u "admin:wrong$i" -m 600 >"$BATS_TEST_TMPDIR/wrong.$i" &
	done
	# 17 clients' TLS handshakes on a loaded machine (ASan, beside serve.bats's wrk): minutes
	WAIT_SECONDS=240 wait_for "a client told to come back" told_to_come_back ||
		{ cat "$BATS_TEST_TMPDIR"/wrong.* "$BATS_TEST_TMPDIR/out"; false; }
	# the known password answers at once, and sampling goes on, while the checker is busy
	before=$(samples)
	[ -n "$before" ]
	wait_for "samples while the checker is busy" more_samples_than $((before + 2))
	run cat "$BATS_TEST_TMPDIR"/wrong.*
	[ "$output" = 429 ]
}

@test "serve: a reload amid a flood of wrong passwords keeps the scraper's, which is never queued behind them" {
	# cost 12, as a production hash: 32 clients keep the 16 places of the checks taken
	printf 'basic_auth_users:\n  prometheus: %s\n' \
		"$(python3 -W ignore -c 'import crypt; print(crypt.crypt("s3cret", crypt.mksalt(crypt.METHOD_BLOWFISH, rounds=4096)))')" \
		>"$BATS_TEST_TMPDIR/web.yml"
	background "$PMUCTL" --sysfs-root "$LIVE" serve --web.listen-address 127.0.0.1:0 -I 1000 \
		-M t410_pcie_rd_bw --web.config.file "$BATS_TEST_TMPDIR/web.yml" --timeout 600
	wait_for "serve to listen" listening
	run python3 "$BATS_TEST_DIRNAME/../auth_flood.py" "$PORT" "$BG" "$BATS_TEST_TMPDIR/out" 32 10
	echo "$output"
	[ "$status" -eq 0 ]
	# before, the reload dropped the checked password: 429 until the flood ended
	[ "${lines[0]}" = "200 200 200 200 200 200 200 200 200 200" ]
}

# serve with web.yml holding "$1": the first line it prints and its status
refused() {
	printf '%s\n' "$1" >"$BATS_TEST_TMPDIR/web.yml"
	pmuctl --sysfs-root "$LIVE" serve -M t410_pcie_rd_bw --web.listen-address 127.0.0.1:0 \
		--web.config.file "$BATS_TEST_TMPDIR/web.yml"
}

@test "serve TLS: a bad web configuration is refused at start, with its line, exit 1, before listening" {
	W=$BATS_TEST_TMPDIR/web.yml
	refused $'tls_server_config:\n  cert_file: a.crt\n  keyfile: a.key'
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $W:2: cert_file '$BATS_TEST_TMPDIR/a.crt': No such file or directory" ]
	refused $'tls_server_config:\n  cert_file: '"$(PKI server.crt)"$'\n  keyfile: a.key'
	[ "$output" = "pmuctl: error: $W:3: tls_server_config: unknown key 'keyfile'" ]
	refused $'tls_server_config:\n  cert_file: '"$(PKI server.crt)"
	[ "$output" = "pmuctl: error: $W:1: tls_server_config: missing key_file" ]
	refused $'basic_auth_users:\n  prometheus: s3cret'
	[ "$output" = "pmuctl: error: $W:2: basic_auth_users: prometheus: not a bcrypt hash (\$2y\$... as htpasswd -nBC 10 prometheus writes); never a password in the clear" ]
	refused $'tls_server_config:\n  cert_file: '"$(PKI server.crt)"$'\n  key_file: '"$(PKI server.key)"$'\n  min_version: TLS14'
	[ "$output" = "pmuctl: error: $W:4: min_version: unknown TLS version 'TLS14' (TLS10, TLS11, TLS12 or TLS13)" ]
	refused $'tls_server_config:\n  cert_file: '"$(PKI server.crt)"$'\n  key_file: '"$(PKI server.key)"$'\n  cipher_suites: [TLS_AES_128_GCM_SHA256]'
	[ "$output" = "pmuctl: error: $W:4: tls_server_config: cipher_suites is not supported by pmuctl (GnuTLS chooses; remove the key, or limit with min_version)" ]
	refused $'tls_server_config:\n  cert_file: '"$(PKI server.crt)"$'\n  key_file: '"$(PKI server.key)"$'\n  client_auth_type: RequireAndVerifyClientCert'
	[ "$output" = "pmuctl: error: $W:1: tls_server_config: client_auth_type RequireAndVerifyClientCert needs client_ca_file" ]
	# a key that is not the certificate's: GnuTLS's own words
	refused $'tls_server_config:\n  cert_file: '"$(PKI server.crt)"$'\n  key_file: '"$(PKI client.key)"
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $W: cert_file $(PKI server.crt) and key_file $(PKI client.key): The certificate and the given key do not match." ]
	refused $'nonsense: [unclosed'
	[ "$output" = "pmuctl: error: $W:2: did not find expected ',' or ']' while parsing a flow sequence" ]
	refused $'basic_auth_users:\n  a: x\n  a: y'
	[ "$output" = "pmuctl: error: $W:3: 'a' is given twice" ]
	refused $'web:\n  x: 1'
	[ "$output" = "pmuctl: error: $W:1: unknown key 'web' (tls_server_config, http_server_config, basic_auth_users or rate_limit)" ]
}

@test "serve TLS: SIGHUP reads the web configuration again; a broken one keeps the old" {
	web_config ""
	serve_tls
	[ "$(status_of -u prometheus:s3cret)" = 200 ]
	PASSWORD=n3w web_config ""
	kill -HUP "$BG"
	wait_for "the new password" eval '[ "$(status_of -u prometheus:n3w)" = 200 ]'
	[ "$(status_of -u prometheus:s3cret)" = 401 ]
	echo 'basic_auth_users: [' >"$BATS_TEST_TMPDIR/web.yml"
	kill -HUP "$BG"
	wait_for "the reload to fail" grep -q "; still serving with the web configuration before" "$BATS_TEST_TMPDIR/out"
	[ "$(status_of -u prometheus:n3w)" = 200 ]
	grep -qF "pmuctl: error: $BATS_TEST_TMPDIR/web.yml:2: did not find expected node content while parsing a flow node; still serving with the web configuration before" "$BATS_TEST_TMPDIR/out"
}

# pmuctl_reloads_total{result="$1"}, scraped with the password
reloads() {
	curl -sf --cacert "$(PKI ca.crt)" -u prometheus:s3cret "https://127.0.0.1:$PORT/metrics" |
		sed -n "s/^pmuctl_reloads_total{result=\"$1\"} //p"
}

@test "serve TLS: SIGHUP with the web configuration emptied keeps TLS and the password, and counts a failure" {
	web_config ""
	serve_tls
	# what an editor does before it writes: the file emptied
	: >"$BATS_TEST_TMPDIR/web.yml"
	kill -HUP "$BG"
	wait_for "the reload to be refused" grep -q "web.yml: refused: it is empty" "$BATS_TEST_TMPDIR/out"
	# neither plain HTTP nor HTTPS without the password gets an answer of 200
	run curl -s -m 5 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/metrics"
	[ "$output" != 200 ]
	[ "$(status_of)" = 401 ]
	[ "$(status_of -u prometheus:s3cret)" = 200 ]
	wait_for "the failure published" eval '[ "$(reloads failure)" = 1 ]'
	[ "$(reloads success)" = 0 ]
	grep -qF "pmuctl: error: $BATS_TEST_TMPDIR/web.yml: refused: it is empty (a file being rewritten reads so); to serve plain HTTP without passwords, say so: tls_server_config: {} and basic_auth_users: {}" "$BATS_TEST_TMPDIR/out"
	# a file without the users drops them only when it says so
	printf 'tls_server_config:\n  cert_file: %s\n  key_file: %s\n' "$(PKI server.crt)" "$(PKI server.key)" >"$BATS_TEST_TMPDIR/web.yml"
	kill -HUP "$BG"
	wait_for "the second refusal" grep -q "refused: it would change basic_auth_users without naming it" "$BATS_TEST_TMPDIR/out"
	[ "$(status_of)" = 401 ]
	wait_for "the second failure published" eval '[ "$(reloads failure)" = 2 ]'
	printf 'basic_auth_users: {}\ntls_server_config:\n  cert_file: %s\n  key_file: %s\n' "$(PKI server.crt)" "$(PKI server.key)" >"$BATS_TEST_TMPDIR/web.yml"
	kill -HUP "$BG"
	wait_for "the users dropped, as asked" eval '[ "$(status_of)" = 200 ]'
	# and plain HTTP the same way: asked for with tls_server_config: {}
	printf 'basic_auth_users: {}\ntls_server_config: {}\n' >"$BATS_TEST_TMPDIR/web.yml"
	kill -HUP "$BG"
	wait_for "plain HTTP, as asked" eval '[ "$(curl -s -m 5 -o /dev/null -w "%{http_code}" "http://127.0.0.1:$PORT/metrics")" = 200 ]'
	# the counts are published with the next sample
	wait_for "two reloads that succeeded" eval 'curl -s "http://127.0.0.1:$PORT/metrics" | grep -qx "pmuctl_reloads_total{result=\"success\"} 2"'
	run curl -s "http://127.0.0.1:$PORT/metrics"
	[[ "$output" == *'pmuctl_reloads_total{result="failure"} 2'* ]]
}

@test "serve TLS: http_server_config headers are on every answer; http2 is accepted" {
	web_config "http_server_config:
  http2: false
  headers:
    X-Frame-Options: deny
    Strict-Transport-Security: max-age=31536000"
	serve_tls
	run curl -s -D - -o /dev/null --cacert "$(PKI ca.crt)" -u prometheus:s3cret "https://127.0.0.1:$PORT/metrics"
	[[ "$output" == *$'X-Frame-Options: deny\r'* ]]
	[[ "$output" == *$'Strict-Transport-Security: max-age=31536000\r'* ]]
	run curl -s -D - -o /dev/null --cacert "$(PKI ca.crt)" "https://127.0.0.1:$PORT/nope"
	[[ "$output" == *$'X-Frame-Options: deny\r'* ]]
	printf 'http_server_config:\n  headers:\n    Server: x\n' >"$BATS_TEST_TMPDIR/web.yml"
	pmuctl --sysfs-root "$LIVE" serve -M t410_pcie_rd_bw --web.config.file "$BATS_TEST_TMPDIR/web.yml"
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: $BATS_TEST_TMPDIR/web.yml:3: http_server_config: headers: 'Server' cannot be set (Content-Security-Policy, X-Frame-Options, X-Content-Type-Options, X-XSS-Protection or Strict-Transport-Security)" ]
}

# $PORT and $PORT2: the two addresses a plain serve answers on
two_ports() {
	local ports
	ports=$(sed -n 's|.*serving http://127\.0\.0\.1:\([0-9]*\)/pmu, http://127\.0\.0\.1:\([0-9]*\)/pmu,.*|\1 \2|p' "$BATS_TEST_TMPDIR/out")
	[ -n "$ports" ] && read -r PORT PORT2 <<<"$ports"
}

@test "serve: --web.telemetry-path moves the metrics; --web.listen-address repeats; --listen is its alias" {
	background "$PMUCTL" --sysfs-root "$LIVE" serve --web.listen-address 127.0.0.1:0 --listen 127.0.0.1:0 \
		--web.telemetry-path /pmu -M t410_pcie_rd_bw
	wait_for "serve to listen" two_ports
	[ "$PORT" != "$PORT2" ]
	for p in "$PORT" "$PORT2"; do
		[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$p/pmu")" = 200 ]
		[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$p/metrics")" = 404 ]
	done
	run curl -s "http://127.0.0.1:$PORT/"
	[[ "$output" == *'<a href="/pmu">Metrics</a>'* ]]
	pmuctl serve -M t410_pcie_rd_bw --web.telemetry-path metrics
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl serve: invalid --web.telemetry-path 'metrics': a path starts with / and holds letters, digits and /._~- only, 200 at most" ]
	pmuctl serve -M t410_pcie_rd_bw --web.systemd-socket --web.listen-address :1
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl serve: --web.systemd-socket answers on systemd's sockets: --web.listen-address has no place with it" ]
}

@test "serve: --web.systemd-socket answers on the socket it was passed; without one it says how to start it" {
	background "$BATS_TEST_DIRNAME/../sd_activate.py" "$BATS_TEST_TMPDIR/port" "$PMUCTL" --sysfs-root "$LIVE" \
		serve --web.systemd-socket -M t410_pcie_rd_bw
	wait_for "the socket" test -s "$BATS_TEST_TMPDIR/port"
	PORT=$(cat "$BATS_TEST_TMPDIR/port")
	# the socket listens before pmuctl starts: the first connection waits in its queue
	run curl -sf -m 20 "http://127.0.0.1:$PORT/metrics"
	[ "$status" -eq 0 ]
	[[ "$output" == *"pmuctl_up 1"* ]]
	grep -q "serving http://127.0.0.1:$PORT/metrics" "$BATS_TEST_TMPDIR/out"
	run env -u LISTEN_FDS -u LISTEN_PID "$PMUCTL" --sysfs-root "$LIVE" serve --web.systemd-socket -M t410_pcie_rd_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: --web.systemd-socket: systemd passed no socket (LISTEN_FDS is not set for this process): start pmuctl from its .socket unit, or give --web.listen-address" ]
	# ListenStream=/a/path: a Unix socket, which no scraper reaches, is refused, not served
	run env SD_UNIX=1 "$BATS_TEST_DIRNAME/../sd_activate.py" "$BATS_TEST_TMPDIR/unix" "$PMUCTL" --sysfs-root "$LIVE" \
		serve --web.systemd-socket -M t410_pcie_rd_bw
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: --web.systemd-socket: fd 3 is not a listening TCP socket: make the .socket unit's ListenStream= an address" ]
}

@test "serve TLS: a real Prometheus scrapes over TLS with basic auth from its own scrape config" {
	command -v prometheus >/dev/null || skip "prometheus is not installed (the test command puts it in build/tools)"
	web_config ""
	serve_tls
	PROM_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	printf 's3cret' >"$BATS_TEST_TMPDIR/password"
	cat >"$BATS_TEST_TMPDIR/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
scrape_configs:
  - job_name: pmuctl
    scheme: https
    tls_config:
      ca_file: $(PKI ca.crt)
    basic_auth:
      username: prometheus
      password_file: $BATS_TEST_TMPDIR/password
    static_configs:
      - targets: ['127.0.0.1:$PORT']
EOF
	run promtool check config "$BATS_TEST_TMPDIR/prometheus.yml"
	[ "$status" -eq 0 ]
	prometheus --config.file="$BATS_TEST_TMPDIR/prometheus.yml" --storage.tsdb.path="$BATS_TEST_TMPDIR/tsdb" \
		--web.listen-address="127.0.0.1:$PROM_PORT" --log.level=warn >"$BATS_TEST_TMPDIR/prom.log" 2>&1 3>&- &
	PROM=$!
	up() {
		curl -sf "http://127.0.0.1:$PROM_PORT/api/v1/query" --data-urlencode 'query=count(pmuctl_t410_pcie_rd_bytes_total)' |
			python3 -c 'import json, sys; r = json.load(sys.stdin)["data"]["result"]; sys.exit(not (r and r[0]["value"][1] == "12"))'
	}
	WAIT_SECONDS=120 wait_for "the 12 PCIe read counters in Prometheus" up
	curl -sf "http://127.0.0.1:$PROM_PORT/api/v1/targets" | python3 -c 'import json, sys
t = json.load(sys.stdin)["data"]["activeTargets"]
assert len(t) == 1 and t[0]["health"] == "up" and t[0]["lastError"] == "" and t[0]["scrapeUrl"].startswith("https://"), t'
	# the same Prometheus with a wrong password: the target is down, with a 401
	kill "$PROM"
	wait "$PROM" || true
	printf 'wrong' >"$BATS_TEST_TMPDIR/password"
	prometheus --config.file="$BATS_TEST_TMPDIR/prometheus.yml" --storage.tsdb.path="$BATS_TEST_TMPDIR/tsdb2" \
		--web.listen-address="127.0.0.1:$PROM_PORT" --log.level=warn >"$BATS_TEST_TMPDIR/prom.log" 2>&1 3>&- &
	PROM=$!
	unauthorized() {
		curl -sf "http://127.0.0.1:$PROM_PORT/api/v1/targets" | python3 -c 'import json, sys
t = json.load(sys.stdin)["data"]["activeTargets"]
sys.exit(not (len(t) == 1 and t[0]["health"] == "down" and "401" in t[0]["lastError"]))'
	}
	WAIT_SECONDS=60 wait_for "the target down with a 401" unauthorized
	kill "$PROM"
	wait "$PROM" || true
	PROM=
}

@test "serve tls: a certificate near its end or not valid yet is said at start, as doctor fails it; serving goes on" {
	cd "$BATS_TEST_TMPDIR"
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout k.pem -out soon.pem -days 10 -subj /CN=localhost 2>/dev/null
	printf 'tls_server_config:\n  cert_file: soon.pem\n  key_file: k.pem\n' >web.yml
	background "$PMUCTL" --sysfs-root "$LIVE" serve --web.listen-address 127.0.0.1:0 -I 100 \
		-M t410_pcie_rd_bw --web.config.file web.yml
	wait_for "serve to listen" listening_tls
	grep -qE "^pmuctl: warning: web.yml: cert_file soon.pem expires on .* UTC, in [0-9]+ days \(pmuctl doctor --web.config.file web.yml\)$" "$BATS_TEST_TMPDIR/out"
	stop_background
	# a certificate that is not valid before tomorrow: every client refuses it today
	python3 - <<'PY'
import datetime, subprocess
open("index.txt", "w").close()
open("serial", "w").write("01\n")
start = (datetime.datetime.utcnow() + datetime.timedelta(days=1)).strftime("%Y%m%d%H%M%SZ")
subprocess.run(["openssl", "req", "-new", "-key", "k.pem", "-subj", "/CN=localhost", "-out", "r.csr"], check=True)
subprocess.run(["openssl", "ca", "-batch", "-selfsign", "-keyfile", "k.pem", "-in", "r.csr", "-out", "later.pem",
                "-startdate", start, "-days", "30", "-notext", "-config", "/dev/stdin", "-outdir", "."], check=True,
               input=b"[ca]\ndefault_ca=c\n[c]\ndatabase=index.txt\nserial=serial\npolicy=p\ndefault_md=sha256\n[p]\ncommonName=supplied\n",
               stderr=subprocess.DEVNULL)
PY
	printf 'tls_server_config:\n  cert_file: later.pem\n  key_file: k.pem\n' >web.yml
	background "$PMUCTL" --sysfs-root "$LIVE" serve --web.listen-address 127.0.0.1:0 -I 100 \
		-M t410_pcie_rd_bw --web.config.file web.yml
	wait_for "serve to listen" listening_tls
	grep -qE "^pmuctl: warning: web.yml: cert_file later.pem is not valid before .* UTC: clients refuse it until then \(pmuctl doctor --web.config.file web.yml\)$" "$BATS_TEST_TMPDIR/out"
}

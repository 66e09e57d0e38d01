#!/usr/bin/env bats
# A SIGHUP never weakens what protects the exporter: every byte prefix of four web
# configurations (TLS only, mutual TLS, passwords and mutual TLS, allowed SANs and a rate
# limit) reloaded into a running serve, each probed after (tests/reload_fuzz.py); and a web
# configuration that is no regular file never holds serve.
load helpers

setup_file() {
	make_pki "$BATS_FILE_TMPDIR/pki"
}

teardown() {
	stop_background
}

# the release binary tries every prefix; a sanitized one every fifth, and the whole file
fuzz() {
	run python3 -W ignore "$BATS_TEST_DIRNAME/../reload_fuzz.py" "$PMUCTL" "$LIVE" "$BATS_FILE_TMPDIR/pki" \
		"$BATS_TEST_TMPDIR" "$1" "$([ "${SANITIZED:-0}" = 1 ] && echo 5 || echo 1)"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == "$1: "*" prefixes of "*" bytes reloaded, 2 taken, "*" refused, none weaker" ]]
}

@test "serve reload: no prefix of a TLS-only web configuration serves plain HTTP" {
	fuzz tls
}

@test "serve reload: no prefix of a mutual-TLS configuration lets a client without a certificate in" {
	fuzz mtls
}

@test "serve reload: no prefix of a passwords-and-mutual-TLS configuration drops either" {
	fuzz users
}

@test "serve reload: no prefix drops client_allowed_sans or the rate limit" {
	fuzz sans
}

@test "serve reload: a FIFO as the web configuration is refused at once, and SIGTERM still ends serve" {
	PKI() { echo "$BATS_FILE_TMPDIR/pki/$1"; }
	printf 'tls_server_config:\n  cert_file: %s\n  key_file: %s\n' "$(PKI server.crt)" "$(PKI server.key)" \
		>"$BATS_TEST_TMPDIR/web.yml"
	background "$PMUCTL" --sysfs-root "$LIVE" serve --web.listen-address 127.0.0.1:0 -M t410_pcie_rd_bw \
		--web.config.file "$BATS_TEST_TMPDIR/web.yml"
	wait_for "serve to listen" grep -q "serving https://" "$BATS_TEST_TMPDIR/out"
	rm "$BATS_TEST_TMPDIR/web.yml"
	mkfifo "$BATS_TEST_TMPDIR/web.yml"
	kill -HUP "$BG"
	# before, open() waited for a writer for ever: scrapes timed out and SIGTERM waited too
	wait_for "the reload to fail" grep -q "reload failed" "$BATS_TEST_TMPDIR/out"
	grep -qF "pmuctl: error: $BATS_TEST_TMPDIR/web.yml: not a regular file; still serving with the web configuration before" "$BATS_TEST_TMPDIR/out"
	kill -TERM "$BG"
	finish
	[ "$status" -eq 0 ]
}

@test "serve reload: a header dropped from the file must be given empty; then it is no longer sent" {
	PKI() { echo "$BATS_FILE_TMPDIR/pki/$1"; }
	web() {
		printf 'tls_server_config:\n  cert_file: %s\n  key_file: %s\nhttp_server_config:\n  headers:\n    X-Frame-Options: deny\n%s' \
			"$(PKI server.crt)" "$(PKI server.key)" "$1" >"$BATS_TEST_TMPDIR/web.yml"
	}
	web '    X-Content-Type-Options: nosniff
'
	background "$PMUCTL" --sysfs-root "$LIVE" serve --web.listen-address 127.0.0.1:0 -M t410_pcie_rd_bw \
		--web.config.file "$BATS_TEST_TMPDIR/web.yml"
	wait_for "serve to listen" grep -q "serving https://" "$BATS_TEST_TMPDIR/out"
	port=$(sed -n 's|.*serving https://127\.0\.0\.1:\([0-9]*\)/metrics.*|\1|p' "$BATS_TEST_TMPDIR/out")
	headers() { curl -s -D - -o /dev/null --cacert "$(PKI ca.crt)" "https://127.0.0.1:$port/metrics" | tr -d '\r'; }
	[[ "$(headers)" == *"X-Content-Type-Options: nosniff"* ]]
	web ''
	kill -HUP "$BG"
	wait_for "the reload to end" grep -q "reload failed" "$BATS_TEST_TMPDIR/out"
	grep -qF "refused: it drops the header X-Content-Type-Options without naming it (a file cut short drops keys): to stop sending it, give it empty: X-Content-Type-Options: \"\"" "$BATS_TEST_TMPDIR/out"
	[[ "$(headers)" == *"X-Content-Type-Options: nosniff"* ]]
	web '    X-Content-Type-Options: ""
'
	kill -HUP "$BG"
	wait_for "the reload to end" grep -q "reload done" "$BATS_TEST_TMPDIR/out"
	run headers
	[[ "$output" != *"X-Content-Type-Options"* ]]
	[[ "$output" == *"X-Frame-Options: deny"* ]]
}

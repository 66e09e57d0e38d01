# Shared by the CLI tests: the binary under test and the fixture machines.
bats_require_minimum_version 1.5.0
# The tools the test command installs come first: promtool and node_exporter out of their
# packages (build/tools), then Debian's own. A user-local interpreter ahead of /usr/bin (a
# pyenv shim costs 0.4 s a call, and lacks python3-fusepy) would make the suite 3x slower.
PATH=$BATS_TEST_DIRNAME/../../build/tools/root/usr/bin:/usr/bin:$PATH
PMUCTL=${PMUCTL:-$BATS_TEST_DIRNAME/../../pmuctl}
FIX=$BATS_TEST_DIRNAME/../fixtures
T410=$FIX/tegra410/sys
YITIAN=$FIX/yitian710/sys
HIP09=$FIX/hip09/sys
HIP09_LIVE=$FIX/hip09-live/sys
DWC=$FIX/yitian710-dwc/sys
DWC_LIVE=$FIX/yitian710-dwc-live/sys
GRACE=$FIX/grace/sys
GRACE_LIVE=$FIX/grace-live/sys
BF2=$FIX/bluefield2/sys
BF3=$FIX/bluefield3/sys

# Whether pmuctl's own arguments (not a workload's, after --) ask for JSON
json_asked() {
	local a
	for a in "$@"; do
		case $a in
		--) return 1 ;;
		-j | --json | -p | --pretty) return 0 ;;
		esac
	done
	return 1
}

# run pmuctl; a crash (signal) is never an expected failure, and whatever a JSON run prints
# (standard output, and -o FILE) must match its schema in schemas/
pmuctl() {
	local stdout=$BATS_TEST_TMPDIR/pmuctl.stdout
	if json_asked "$@"; then
		# stdout is a pipe under run already: tee keeps a copy without changing that
		run bash -c 'set -o pipefail; "$@" | tee "$0"' "$stdout" "$PMUCTL" "$@"
	else
		run "$PMUCTL" "$@"
	fi
	if [ "$status" -ge 128 ]; then
		echo "pmuctl crashed with status $status: $output" >&2
		return 1
	fi
	if json_asked "$@" && ! /usr/bin/python3 "$BATS_TEST_DIRNAME/../schema_check.py" "$stdout" -- "$@" >&2; then
		echo "pmuctl $*: the JSON above does not match its schema" >&2
		return 1
	fi
}

# the value of a JSON path in $output, via python3
jq_py() {
	python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(eval(sys.argv[1], {"d": d}))' "$1" <<<"$output"
}
LIVE=$FIX/tegra410-live/sys

# Wait until "$@" succeeds, for at most WAIT_SECONDS (20): a condition with a deadline, never a
# nap. On the deadline it says what it waited for and fails.
wait_for() {
	local what=$1 end=$((SECONDS + ${WAIT_SECONDS:-20}))
	shift
	while ! "$@"; do
		if ((SECONDS >= end)); then
			echo "gave up waiting for $what after ${WAIT_SECONDS:-20} s"
			# what a background run said so far: why it never got there
			if [ -s "${BATS_TEST_TMPDIR:-/nonexistent}/out" ]; then
				echo "background output, its last lines:"
				tail -n 20 "$BATS_TEST_TMPDIR/out"
			fi
			return 1
		fi
		sleep 0.02 # the poll interval of a wait with a deadline
	done
}

# pmuctl -v says so once its counters run and its signal handlers are in place
counting() {
	grep -q "Ctrl-C stops and prints the totals" "$1"
}

# a process that has ended (a zombie until its parent waits counts as ended)
gone() {
	[ ! -e "/proc/$1" ] || [ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" = Z ]
}

# Start "$@" in the background with stdout and stderr in $BATS_TEST_TMPDIR/out, in a process
# group of its own (a terminal's Ctrl-C reaches the whole group), with every signal's default
# action (a shell's background job would start with SIGINT and SIGQUIT ignored); $BG is its pid.
background() {
	# emptied here, not by the child's redirection: a wait on the file must never see the
	# output of the run before this one
	: >"$BATS_TEST_TMPDIR/out"
	env --default-signal setsid "$@" >>"$BATS_TEST_TMPDIR/out" 2>&1 &
	BG=$!
}

# $PORT: where the background serve answers, once it says so
listening() {
	PORT=$(sed -n 's|.*serving http://127\.0\.0\.1:\([0-9]*\)/metrics.*|\1|p' "$BATS_TEST_TMPDIR/out")
	[ -n "$PORT" ]
}

# Kill what background() started, whatever the test did: call from teardown
stop_background() {
	if [ -n "${BG:-}" ]; then
		kill -KILL -- "-$BG" 2>/dev/null || true
	fi
	if [ -n "${STALLER:-}" ]; then
		kill -KILL "$STALLER" 2>/dev/null || true
		wait "$STALLER" 2>/dev/null || true
		STALLER=
	fi
}

# $FIFO, held open by a reader that never reads (tests/stall_reader.py): a writer's output
# stalls there once the one page of the pipe is full ($1 bytes of it taken before the writer
# comes)
stalled_fifo() {
	FIFO=$BATS_TEST_TMPDIR/fifo
	mkfifo "$FIFO"
	/usr/bin/python3 "$BATS_TEST_DIRNAME/../stall_reader.py" "$FIFO" "$BATS_TEST_TMPDIR/stall" ${1:-} \
		</dev/null >/dev/null 2>&1 3>&- &
	STALLER=$!
	wait_for "the stalled reader to open $FIFO" grep -q ready "$BATS_TEST_TMPDIR/stall"
}

# pid $1 sleeps in a write to a pipe, or in a poll: past its start, it waits for something
waiting() {
	grep -qE 'pipe_write|poll' "/proc/$1/wchan" 2>/dev/null
}

# Wait for the background process to end; $status is its exit status.
finish() {
	wait_for "pid $BG to end" gone "$BG" || { kill -KILL -- "-$BG" 2>/dev/null; wait "$BG"; return 1; }
	status=0
	wait "$BG" || status=$?
	output=$(cat "$BATS_TEST_TMPDIR/out")
}

# The BlueField driver stand-in (tests/fuse/bluefield.py) mounted on a copy of the fixture
# ($BF_SRC, BlueField-2 by default):
# $BFROOT is the sysfs root, $HW its hwmon0, $BFLOG the stand-in's log of every write.
bf_mount() {
	local src=${BF_SRC:-$BF2} hw
	hw=$(cd "$src" && echo devices/platform/MLNXBFD*/hwmon/hwmon0)
	BFROOT=$BATS_TEST_TMPDIR/bf
	HW=$BFROOT/$hw
	BFLOG=$BATS_TEST_TMPDIR/bf.log
	cp -r "$src" "$BFROOT"
	rm -rf "$HW"
	mkdir "$HW"
	: >"$BFLOG"
	# fds closed, so that bats never waits on it
	/usr/bin/python3 "$BATS_TEST_DIRNAME/../fuse/bluefield.py" \
		"$src/$hw" "$HW" "$BFLOG" "$@" \
		</dev/null >"$BATS_TEST_TMPDIR/standin.err" 2>&1 3>&- &
	STANDIN=$!
	wait_for "the BlueField stand-in to mount" mountpoint -q "$HW"
}

# Unmount the stand-in, whatever the test did: call from teardown
bf_unmount() {
	if [ -n "${HW:-}" ] && mountpoint -q "$HW"; then
		fusermount -u "$HW" || fusermount -uz "$HW"
	fi
	if [ -n "${STANDIN:-}" ]; then
		wait "$STANDIN" 2>/dev/null || true
		STANDIN=
	fi
}

# every eventN and enable of the stand-in, as the driver prints them
bf_state() {
	(cd "$HW" && for f in */event[0-9]* */enable; do printf '%s: %s\n' "$f" "$(cat "$f" 2>&1)"; done)
}

# A locale of glibc's sources (en_US.UTF-8, de_DE.UTF-8) built for this test file alone, where
# LOCPATH finds it: nothing of the machine's changes. Skips, saying why, without the sources
# (Debian's locales package, which the README's test command installs).
test_locale() {
	local name=$1 dir=$BATS_FILE_TMPDIR/locales
	[ -f "/usr/share/i18n/locales/${name%%.*}" ] || skip "no locale sources for $name (apt-get install locales)"
	command -v localedef >/dev/null || skip "no localedef (apt-get install libc-bin)"
	mkdir -p "$dir"
	[ -d "$dir/$name" ] || localedef -i "${name%%.*}" -f "${name#*.}" "$dir/$name" >/dev/null 2>&1 ||
		[ -d "$dir/$name" ] || skip "localedef could not build $name"
	export LOCPATH=$dir LC_ALL=$name
}

# A copy of the live tree in $BATS_TEST_TMPDIR/m whose function $1 (0001:01:00.0) has trained its
# link to what Link Status word $2 says (0x0024: x2 at 16 GT/s) in its PCI Express capability
live_with_link() {
	cp -r "$LIVE/.." "$BATS_TEST_TMPDIR/m"
	/usr/bin/python3 - "$BATS_TEST_TMPDIR/m/sys/bus/pci/devices/$1/config" "$2" <<'PY'
import sys
cfg = bytearray(open(sys.argv[1], "rb").read())
at = cfg[0x34]
while cfg[at] != 0x10:
    at = cfg[at + 1]
cfg[at + 0x12:at + 0x14] = int(sys.argv[2], 16).to_bytes(2, "little")
open(sys.argv[1], "wb").write(cfg)
PY
}

# A tool the test needs and the test command installs: without it the test is skipped, saying so
need_tool() {
	command -v "$1" >/dev/null || skip "$1 is not installed (the README's test command installs it${2:+: $2})"
}

# A test CA in $1 (EC keys: quick), with server.crt for localhost and 127.0.0.1, client.crt
# (no SAN), client-san.crt (DNS:scraper.example, email:ops@example.com, IP:10.0.0.7), both
# of client.key, and rogue.crt, which no CA of the server's signed. Skips without openssl.
make_pki() {
	local d=$1 ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
	command -v openssl >/dev/null || skip "openssl is not installed (the test command installs it)"
	mkdir -p "$d"
	openssl req -x509 "${ec[@]}" -days 3650 -subj /CN=pmuctl-test-ca -keyout "$d/ca.key" -out "$d/ca.crt" 2>/dev/null
	printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >"$d/san.ext"
	openssl req "${ec[@]}" -subj /CN=localhost -keyout "$d/server.key" -out "$d/server.csr" 2>/dev/null
	openssl x509 -req -in "$d/server.csr" -CA "$d/ca.crt" -CAkey "$d/ca.key" -CAcreateserial -days 3650 \
		-extfile "$d/san.ext" -out "$d/server.crt" 2>/dev/null
	openssl req "${ec[@]}" -subj /CN=scraper -keyout "$d/client.key" -out "$d/client.csr" 2>/dev/null
	openssl x509 -req -in "$d/client.csr" -CA "$d/ca.crt" -CAkey "$d/ca.key" -CAcreateserial -days 3650 \
		-out "$d/client.crt" 2>/dev/null
	printf 'subjectAltName=DNS:scraper.example,email:ops@example.com,IP:10.0.0.7\n' >"$d/client-san.ext"
	openssl x509 -req -in "$d/client.csr" -CA "$d/ca.crt" -CAkey "$d/ca.key" -CAcreateserial -days 3650 \
		-extfile "$d/client-san.ext" -out "$d/client-san.crt" 2>/dev/null
	openssl req -x509 "${ec[@]}" -days 3650 -subj /CN=rogue -keyout "$d/rogue.key" -out "$d/rogue.crt" 2>/dev/null
}

# pmuctl ARGS... under strace, its opens in $BATS_TEST_TMPDIR/trace ($status and $output are
# pmuctl's, by run). Skips without strace; LeakSanitizer cannot run under ptrace: no leak check
trace_opens() {
	command -v strace >/dev/null || skip "strace is not installed (the test command installs it)"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		run strace -f -qq -e trace=open,openat,openat2 -o "$BATS_TEST_TMPDIR/trace" "${PMUCTL_REAL:-$PMUCTL}" "$@"
}

#!/usr/bin/env bats
# stat -o FILE streams as perf's -o: each interval is in the file as it is printed, --append
# adds to it, "-" is standard output; only --format=openmetrics replaces the file whole.
load helpers

EV=nvidia_pcie_pmu_0_rc_4/rd_bytes/

teardown() {
	stop_background
}

# the file $1 holds at least $2 lines
has_lines() {
	[ -f "$1" ] && [ "$(wc -l <"$1")" -ge "$2" ]
}

@test "output: -o FILE with -I shows each interval while pmuctl still counts (CSV, JSON Lines, text)" {
	f=$BATS_TEST_TMPDIR/stream
	for face in "stat -x ," "-j stat" "stat"; do
		rm -f "$f"
		# shellcheck disable=SC2086 # the face's options are words
		background "$PMUCTL" --sysfs-root "$LIVE" $face -o "$f" -I 100 -e $EV
		wait_for "two intervals in $f" has_lines "$f" 2
		# pmuctl is still counting: it only ends on the signal below
		run ! gone "$BG"
		kill -INT "$BG"
		finish
		[ "$status" -eq 130 ]
		[ -z "$output" ]
	done
}

@test "output: SIGKILL leaves the intervals written so far and no temporary file" {
	background "$PMUCTL" --sysfs-root "$LIVE" stat --format=csv -o "$BATS_TEST_TMPDIR/killed.csv" -I 100 -e $EV
	wait_for "an interval in the file" has_lines "$BATS_TEST_TMPDIR/killed.csv" 2
	kill -KILL "$BG"
	finish
	[ "$(ls "$BATS_TEST_TMPDIR")" = "$(printf 'killed.csv\nout')" ]
	[ "$(head -n 1 "$BATS_TEST_TMPDIR/killed.csv")" = "time,kind,name,value,unit,pmu,socket,rc,cpu,device,scope,running_pct,state,multiplexed,coverage,together" ]
}

@test "output: --append adds to the file, and a CSV keeps one header" {
	f=$BATS_TEST_TMPDIR/runs.csv
	pmuctl --sysfs-root "$LIVE" stat --format=csv -o "$f" -I 100 --interval-count 2 -e $EV
	[ "$status" -eq 0 ]
	pmuctl --sysfs-root "$LIVE" stat --format=csv -o "$f" --append -I 100 --interval-count 2 -e $EV
	[ "$status" -eq 0 ]
	[ "$(wc -l <"$f")" -eq 5 ]
	[ "$(grep -c '^time,' "$f")" -eq 1 ]
	# without --append the file starts again
	pmuctl --sysfs-root "$LIVE" stat --format=csv -o "$f" -I 100 --interval-count 1 -e $EV
	[ "$(wc -l <"$f")" -eq 2 ]
	# perf's lines append as perf's do: no header at all
	pmuctl --sysfs-root "$LIVE" stat -x, -o "$f.perf" -I 100 --interval-count 1 -e $EV
	pmuctl --sysfs-root "$LIVE" stat -x, -o "$f.perf" --append -I 100 --interval-count 1 -e $EV
	[ "$status" -eq 0 ]
	[ "$(wc -l <"$f.perf")" -eq 2 ]
}

@test "output: --append refuses a file in another format or with another separator, and leaves it as it was" {
	f=$BATS_TEST_TMPDIR/runs.csv
	pmuctl --sysfs-root "$LIVE" stat --format=csv -o "$f" -e $EV -- true
	[ "$status" -eq 0 ]
	cp "$f" "$BATS_TEST_TMPDIR/before"
	for opts in "--format=csv -x ;" "-x ," "-j" ""; do
		# shellcheck disable=SC2086
		run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" stat $opts -o "$f" --append -e $EV -- true
		[ "$status" -eq 1 ]
		[[ "$stderr" == "pmuctl: error: cannot append to '$f': it holds CSV separated by ',' (its first line: 'time,kind,name,value,unit,pmu,socket,rc,cpu,device,scope,running_pct,state,multiplexed,coverage,together') and this run writes "* ]]
		cmp "$f" "$BATS_TEST_TMPDIR/before"
	done
	[[ "$stderr" == *"this run writes a text table; give the options it was written with, or another file" ]]
	# the same options append
	pmuctl --sysfs-root "$LIVE" stat --format=csv -o "$f" --append -e $EV -- true
	[ "$status" -eq 0 ]
	[ "$(wc -l <"$f")" -eq 3 ]
	# perf's lines take perf's lines with their separator, and nothing else
	pmuctl --sysfs-root "$LIVE" stat -x, -o "$f.perf" -e $EV -- true
	cp "$f.perf" "$BATS_TEST_TMPDIR/before"
	for opts in "-x ;" "--format=csv" ""; do
		# shellcheck disable=SC2086
		run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" stat $opts -o "$f.perf" --append -e $EV -- true
		[ "$status" -eq 1 ]
		[[ "$stderr" == "pmuctl: error: cannot append to '$f.perf': it holds perf -x lines (its first line: '"* ]]
		cmp "$f.perf" "$BATS_TEST_TMPDIR/before"
	done
	pmuctl --sysfs-root "$LIVE" stat -x, -o "$f.perf" --append -e $EV -- true
	[ "$status" -eq 0 ]
	[ "$(wc -l <"$f.perf")" -eq 2 ]
	# JSON lines take JSON lines, and a table a table
	pmuctl --sysfs-root "$LIVE" -j stat -o "$f.json" -e $EV -- true
	pmuctl --sysfs-root "$LIVE" -j stat -o "$f.json" --append -e $EV -- true
	[ "$status" -eq 0 ]
	[ "$(wc -l <"$f.json")" -eq 2 ]
	pmuctl --sysfs-root "$LIVE" stat -o "$f.txt" -e $EV -- true
	pmuctl --sysfs-root "$LIVE" stat -o "$f.txt" --append -e $EV -- true
	[ "$status" -eq 0 ]
	run --separate-stderr "$PMUCTL" --sysfs-root "$LIVE" -j stat -o "$f.txt" --append -e $EV -- true
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"it holds a text table (its first line: ' Performance counter stats for 'true':') and this run writes JSON lines;"* ]]
}

@test "output: -o - is standard output; --append needs -o FILE and is not for openmetrics" {
	cd "$BATS_TEST_TMPDIR"
	pmuctl --sysfs-root "$LIVE" stat --format=csv -o - --duration 0.05 -e $EV
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "time,kind,name,value,unit,pmu,socket,rc,cpu,device,scope,running_pct,state,multiplexed,coverage,together" ]
	[ ! -e ./- ]
	pmuctl --sysfs-root "$LIVE" stat --append --duration 0.05 -e $EV
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: --append needs -o FILE" ]
	pmuctl --sysfs-root "$LIVE" stat --format=openmetrics -M t410_pcie_rd_bw -o "$BATS_TEST_TMPDIR/x.prom" --append --duration 0.05
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: --append conflicts with --format=openmetrics, whose file is replaced whole at every interval" ]
}

# a directory owned by an unprivileged user, as a textfile collector's may be, and a file of
# root's that its owner wants overwritten: the link in the directory must never lead there
attacker_dir() {
	D=$BATS_TEST_TMPDIR/textfile
	mkdir "$D"
	chown nobody "$D"
	echo secret >"$BATS_TEST_TMPDIR/victim"
	chmod 0600 "$BATS_TEST_TMPDIR/victim"
	# planted by the directory's owner (made here by root, whom the test's parents let through)
	ln -s "$BATS_TEST_TMPDIR/victim" "$D/pmuctl.prom"
	chown -h nobody "$D/pmuctl.prom"
}

@test "output: -o through a link an unprivileged directory owner planted is refused, in every way of writing" {
	[ "$(id -u)" = 0 ] || skip "needs root to play both users"
	attacker_dir
	for how in "--format=openmetrics -M t410_pcie_rd_bw -I 100 --interval-count 1" \
		"--format=openmetrics -M t410_pcie_rd_bw --duration 0.05" "-x, -e $EV --duration 0.05" \
		"-x, -e $EV -I 100 --interval-count 1" "-x, -e $EV --append --duration 0.05"; do
		# shellcheck disable=SC2086 # the options are words
		pmuctl --sysfs-root "$LIVE" stat $how -o "$D/pmuctl.prom"
		[ "$status" -eq 1 ] || { echo "$how: exit $status"; false; }
		[[ "$output" == "pmuctl: error: cannot write '$D/pmuctl.prom': it is a symbolic link, which pmuctl does not follow"* ]]
		[ "$(cat "$BATS_TEST_TMPDIR/victim")" = secret ]
		[ "$(stat -c %a "$BATS_TEST_TMPDIR/victim")" = 600 ]
		[ -L "$D/pmuctl.prom" ]
		[ "$(ls -A "$D")" = pmuctl.prom ]
	done
	# --input writes the same way
	pmuctl -q stat --input "$BATS_TEST_DIRNAME/../data/perf-pcie.csv" -M t410_pcie_rd_bw -o "$D/pmuctl.prom"
	[ "$status" -eq 1 ]
	[ "$(cat "$BATS_TEST_TMPDIR/victim")" = secret ]
}

@test "output: a file replaced whole keeps its mode; a new one is 0644 whatever the umask" {
	f=$BATS_TEST_TMPDIR/m.prom
	(umask 077 && "$PMUCTL" --sysfs-root "$LIVE" stat --format=openmetrics -M t410_pcie_rd_bw --duration 0.05 -o "$f")
	[ "$(stat -c %a "$f")" = 644 ]
	chmod 0640 "$f"
	pmuctl --sysfs-root "$LIVE" stat --format=openmetrics -M t410_pcie_rd_bw -I 100 --interval-count 2 -o "$f"
	[ "$status" -eq 0 ]
	[ "$(stat -c %a "$f")" = 640 ]
	grep -q '^# EOF$' "$f"
	[ "$(ls -A "$BATS_TEST_TMPDIR" | grep -vc '^m.prom$\|^out$\|^pmuctl.stdout$')" = 0 ]
}

@test "output: --input -o /dev/full says what failed" {
	# before: exit 1 and not a word
	pmuctl -q stat --input "$BATS_TEST_DIRNAME/../data/perf-pcie.csv" -M t410_pcie_rd_bw -o /dev/full
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: cannot write '/dev/full': No space left on device" ]
}

@test "output: one report onto a full disk keeps the old file whole" {
	[ "$(id -u)" = 0 ] || skip "needs root to mount a small tmpfs"
	D=$BATS_TEST_TMPDIR/full
	mkdir "$D"
	mount -t tmpfs -o size=8k tmpfs "$D" || skip "this machine cannot mount a tmpfs"
	echo old >"$D/out.csv"
	# what is left of the 8 KiB: nothing
	head -c 4096 /dev/zero >"$D/filler" 2>/dev/null || true
	pmuctl --sysfs-root "$LIVE" stat -x, -e $EV --duration 0.05 -o "$D/out.csv"
	status_was=$status
	result=$(cat "$D/out.csv")
	left=$(ls -A "$D")
	umount "$D"
	[ "$status_was" -eq 1 ]
	[ "$output" = "pmuctl: error: cannot write '$D/out.csv': No space left on device" ]
	[ "$result" = old ]
	[ "$left" = "$(printf 'filler\nout.csv')" ]
}

@test "output: a full standard output is an error, said once, --help too; a reader that goes away is not" {
	for args in "--help" "stat --help" "map --usage" "help list" "--sysfs-root $T410 list"; do
		# shellcheck disable=SC2086 # the arguments are words
		run "$PMUCTL" $args
		[ "$status" -eq 0 ]
		# shellcheck disable=SC2086
		run bash -c '"$@" >/dev/full' _ "$PMUCTL" $args
		[ "$status" -eq 1 ] || { echo "$args: exit $status"; false; }
		# the reason when the last write failed; a long page failed inside stdio, which keeps none
		[ "$output" = "pmuctl: error: cannot write output: No space left on device" ] ||
			[ "$output" = "pmuctl: error: cannot write output: a write to standard output failed" ]
	done
	# | head: the run ends when its reader does, quietly, with its counters closed
	run bash -c 'set -o pipefail; "$1" --sysfs-root "$2" stat -I 100 -e "$3" | head -n 2 >/dev/null' _ "$PMUCTL" "$LIVE" $EV
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run bash -c 'set -o pipefail; "$1" --sysfs-root "$2" -j list --events | head -c 10 >/dev/null' _ "$PMUCTL" "$T410"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "output: --format=openmetrics -o writes its new file nameless, named only to be renamed, so a SIGKILL leaves no temporary" {
	command -v strace >/dev/null || skip "strace is not installed (the test command installs it)"
	d=$BATS_TEST_TMPDIR/collector
	mkdir "$d"
	# LeakSanitizer cannot stop the world under strace's ptrace: under ASan it would fail the run
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		run strace -f -e trace=openat,linkat,renameat,renameat2 -o "$BATS_TEST_TMPDIR/trace" "$PMUCTL" \
		--sysfs-root "$LIVE" stat -M t410_pcie_rd_bw --format=openmetrics -o "$d/f.prom" -I 50 --interval-count 2
	[ "$status" -eq 0 ]
	# each report: a file with no name, linked under a temporary one and renamed at once
	run grep -cE 'openat\([0-9]+, "\.", O_WRONLY\|O_CLOEXEC\|O_TMPFILE' "$BATS_TEST_TMPDIR/trace"
	[ "$output" -ge 3 ]
	run grep -cE 'O_CREAT\|O_EXCL' "$BATS_TEST_TMPDIR/trace"
	[ "$output" = 0 ]
	run grep -oE '(linkat|renameat)\(.*f\.prom.*' "$BATS_TEST_TMPDIR/trace"
	[ "${#lines[@]}" -eq 4 ]
	[[ "${lines[0]}" == 'linkat(AT_FDCWD, "/proc/self/fd/'*'", '*', ".f.prom.'* ]]
	[[ "${lines[1]}" == 'renameat('*', ".f.prom.'*'", '*', "f.prom") = 0' ]]
	run ls -A "$d"
	[ "$output" = f.prom ]
}

@test "output: --format=openmetrics -o a symbolic link is refused before anything is counted" {
	ln -s "$BATS_TEST_TMPDIR/elsewhere" "$BATS_TEST_TMPDIR/link"
	# an interval of an hour: refused at the first report, it would be timeout's to end
	run timeout 30 "$PMUCTL" --sysfs-root "$LIVE" stat -M t410_pcie_rd_bw --format=openmetrics -I 3600000 -o "$BATS_TEST_TMPDIR/link"
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: cannot write '$BATS_TEST_TMPDIR/link': it is a symbolic link, which pmuctl does not follow (whoever can write its directory could point it anywhere); give the file itself, or - for standard output" ]
}

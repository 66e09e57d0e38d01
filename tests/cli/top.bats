#!/usr/bin/env bats
# pmuctl top: plain frames with -b / -n / a pipe; full screen on a terminal, driven for real in
# tmux (send-keys, capture-pane), the terminal restored on q, SIGINT, SIGTERM and an error.
load helpers

setup() {
	command -v tmux >/dev/null || skip "tmux is not installed"
	SOCK=$BATS_TEST_TMPDIR/tmux.sock
}

teardown() {
	[ -n "${SOCK:-}" ] && tmux -S "$SOCK" kill-server 2>/dev/null || true
	# nothing left behind: top ends with its terminal
	if [ -s "$BATS_TEST_TMPDIR/pid" ]; then
		WAIT_SECONDS=60 wait_for "pmuctl top to end with its terminal" gone "$(cat "$BATS_TEST_TMPDIR/pid")"
	fi
}

screen() {
	tmux -S "$SOCK" capture-pane -p -t top 2>/dev/null
}

# the screen shows text (a fixed string)
shows() {
	screen | grep -qF -- "$1"
}

# the NVMe drive's row, once, drawn whole: its values, the PCIE-TGT columns n/a, the running share
one_row_with_tgt_na() {
	[ "$(screen | grep -cE '^  0001:01:00\.0 .* [0-9.]+ +n/a +n/a +[0-9.]+% ')" = 1 ]
}

# pmuctl top in a 200x60 terminal (or as many lines as $1), its pid in $BATS_TEST_TMPDIR/pid;
# the shell says how it ended, then waits to be looked at
start_top() {
	rm -f "$BATS_TEST_TMPDIR/pid"
	tmux -S "$SOCK" new-session -d -s top -x 200 -y "${1:-60}" \
		"sh -c 'echo \$\$ >$BATS_TEST_TMPDIR/pid; exec $PMUCTL -q --sysfs-root $LIVE top -M t410_pcie_rd_bw,t410_pcie_wr_bw -I 200'; echo \"top exited \$?\"; exec sleep 600"
	wait_for "the first frame" shows "view: devices  sort: t410_pcie_rd_bw"
}

# the rows on screen are in the order of metric column $1 (0: the first), highest first: "N True"
sorted_by() {
	/usr/bin/python3 -c '
import re, sys
v = [float(m.group(int(sys.argv[2]) + 1)) for m in re.finditer(r"^  \S+:\S+\.\d +\d +\d +\d +\w+ +(\S+) +(\S+) ", sys.argv[1], re.M)]
print(len(v), v == sorted(v, reverse=True))' "$(screen)" "$1"
}

# the RC rows on screen are in the order of metric column $1, highest first: "N True"
rcs_sorted_by() {
	/usr/bin/python3 -c '
import re, sys
v = [float(m.group(int(sys.argv[2]) + 1)) for m in re.finditer(r"^  socket \d+ rc \d+ +(\S+) +(\S+) +\d+ devices?$", sys.argv[1], re.M)]
print(len(v), v == sorted(v, reverse=True), v == sorted(v))' "$(screen)" "$1"
}

rcs_all_sorted() {
	[[ "$(rcs_sorted_by 0)" == "12 True "* ]]
}

# every row is on screen in that order (a frame being drawn is not, until it is done)
all_sorted_by() {
	[ "$(sorted_by "$1")" = "29 True" ]
}

@test "top: -b -n 2 prints two plain frames of every device, no escape codes" {
	pmuctl -q --sysfs-root "$LIVE" top -b -n 2 -I 100 -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	[ "$(grep -c '^pmuctl top ' <<<"$output")" = 2 ]
	[ "$(grep -cE '^  [0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7] ' <<<"$output")" = 58 ]
	# each frame's time is when its interval ended, said so: not a window of that length
	[ "$(grep -cE '^ Per device \(at [0-9]+\.[0-9]{3} s; values in GB/s\):$' <<<"$output")" = 2 ]
	[[ "$output" != *$'\e'* ]]
	# not a terminal: frames too, ended by q never, by -n here
	run bash -c "'$PMUCTL' -q --sysfs-root '$LIVE' top -n 1 -I 100 -M t410_pcie_rd_bw | cat"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^pmuctl top ' <<<"$output")" = 1 ]
	[[ "$output" != *$'\e'* ]]
}

@test "top: --by-destination: the columns by destination, and each row's remote share" {
	pmuctl -q --sysfs-root "$LIVE" top -b -n 1 -I 100 --by-destination --socket 0 --rc 4
	[ "$status" -eq 0 ]
	[[ "${lines[2]}" == "  device        s rc rp method t410_pcie_rd_bw_cmem "*" t410_pcie_wr_bw_remote running  link            to%  from% remote%  link use, name" ]]
	# four devices, each with a share: the live tree counts every destination alike, so 2 of 10
	[ "$(printf '%s\n' "${lines[@]}" | grep -cE '^  0005:[0-9a-f]{2}:00\.[01] .* 20\.0%  #+ +Mellanox')" = 4 ]
	pmuctl top --by-destination -M t410_pcie_rd_bw
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl top: --by-destination chooses the columns: drop -M" ]
}

@test "top: the bar is the link's use, the busier way's share of its raw rate; a link that is down has none" {
	# the NVMe drive's Gen4 x4 link downtrained to x2
	live_with_link 0001:01:00.0 0x0024
	pmuctl -q --sysfs-root "$BATS_TEST_TMPDIR/m/sys" top -b -n 1 -I 100 -M t410_pcie_rd_bw,t410_pcie_wr_bw --socket 0 --rc 0
	[ "$status" -eq 0 ]
	# the live tree reads about 1 GB/s each way: 1e9 of 3.94e9 B/s is about 25%, five cells of
	# 20 (the bar is the unrounded share's: within half a cell of the shown one)
	row=$(printf '%s\n' "${lines[@]}" | grep '^  0001:01:00\.0 ')
	[[ "${lines[2]}" == *"  link use, name" ]]
	[[ "$row" =~ \ 16GT/s\ x2!\ +([0-9.]+)%\ +([0-9.]+)%\ \ (#*)(\ *)\ \ Samsung ]]
	# a bar of 20 cells, filled by the busier way's share
	[ $((${#BASH_REMATCH[3]} + ${#BASH_REMATCH[4]})) -eq 20 ]
	run python3 -c 'import sys; share = max(float(sys.argv[1]), float(sys.argv[2])) / 100
sys.exit(0 if 0.15 < share < 0.35 and abs(int(sys.argv[3]) - 20 * share) <= 0.51 else 1)' \
		"${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${#BASH_REMATCH[3]}"
	[ "$status" -eq 0 ]
}

@test "top: the full screen lists the devices, busiest first; s sorts by the next column, d changes the view, q restores the terminal" {
	start_top
	wait_for "the device rows" shows "0001:01:00.0  0  0  0 rp "
	[ "$(screen | grep -cE '^  [0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7] ')" = 29 ]
	# by default, by the first metric, highest first
	wait_for "the rows in the order of the first column" all_sorted_by 0
	tmux -S "$SOCK" send-keys -t top s
	wait_for "sort by the second column" shows "sort: t410_pcie_wr_bw"
	# sorted: the rows are in the order of that column, highest first
	wait_for "a frame sorted by it" all_sorted_by 1
	# then the shares beside the values: the links' use each way
	tmux -S "$SOCK" send-keys -t top s
	wait_for "sort by the link's use toward the devices" shows "sort: to%"
	tmux -S "$SOCK" send-keys -t top s
	wait_for "sort by the link's use from them" shows "sort: from%"
	# after the last column, the topology order, then the first column again
	tmux -S "$SOCK" send-keys -t top s
	wait_for "the topology order" shows "view: devices  sort: topology"
	tmux -S "$SOCK" send-keys -t top d
	wait_for "the RC view" shows "view: rc"
	wait_for "its rows" shows "socket 0 rc 1 "
	[ "$(screen | grep -cE '^  [0-9a-f]{4}:[0-9a-f]{2}:')" = 0 ]
	# titled and headed for its sums, not for devices
	shows " Per RC ("
	[ "$(screen | grep -cE '^  rc +t410_pcie_rd_bw +t410_pcie_wr_bw +devices$')" = 1 ]
	[ "$(screen | grep -c '^  device ')" = 0 ]
	# the RC sums sorted by the column the header names, as the devices were
	tmux -S "$SOCK" send-keys -t top s
	wait_for "the RC view sorted by the first column" shows "view: rc  sort: t410_pcie_rd_bw"
	wait_for "its 12 sums, highest first" rcs_all_sorted
	# and not by chance: not in ascending order too (all equal)
	[[ "$(rcs_sorted_by 0)" == *" False" ]]
	tmux -S "$SOCK" send-keys -t top d
	wait_for "the socket view" shows "view: socket"
	wait_for "its title" shows " Per socket ("
	[ "$(screen | grep -cE '^  socket +t410_pcie_rd_bw +t410_pcie_wr_bw +devices$')" = 1 ]
	tmux -S "$SOCK" send-keys -t top q
	wait_for "top to end" shows "top exited 0"
	# the full screen is gone: the terminal shows what it showed before
	! shows "pmuctl top"
}

@test "top: q ends 0 though some columns were not counted: they say so on the screen, and the warnings follow it" {
	rm -f "$BATS_TEST_TMPDIR/pid"
	# the default columns: the live tree counts no PCIE-TGT event (as stat --per-device, which exits 2)
	tmux -S "$SOCK" new-session -d -s top -x 200 -y 60 \
		"sh -c 'echo \$\$ >$BATS_TEST_TMPDIR/pid; exec $PMUCTL --sysfs-root $LIVE top -I 200 2>$BATS_TEST_TMPDIR/err'; echo \"top exited \$?\"; exec sleep 600"
	wait_for "the first frame" shows "view: devices  sort: "
	# the PCIE-TGT columns say n/a beside the counted ones and the running share; waited for
	# whole, since the row's name shows before the rest of it is drawn (under valgrind, seen)
	wait_for "its row, counted but for PCIE-TGT" one_row_with_tgt_na
	tmux -S "$SOCK" send-keys -t top q
	wait_for "top to end" shows "top exited 0"
	grep -q "^pmuctl: warning: .*nvidia_pcie_tgt_pmu" "$BATS_TEST_TMPDIR/err"
}

@test "top: rows past the screen scroll (arrows, PgUp/PgDn, Home/End), the last line says how many more; / filters them" {
	# 20 lines: 6 above the rows, the "!" footnote and the count below them leave 12 of the 29
	start_top 20
	wait_for "the count of rows past the screen" shows "  rows 1-12 of 29: +17 more below"
	[ "$(screen | grep -cE '^  [0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7] ')" = 12 ]
	# the footnote stays under the rows, whichever are on screen (it scrolled away, counted as a row)
	[ "$(screen | tail -2 | head -1)" = "  ! downtrained: the link trained below what the device and its port both support (pmuctl map --downtrained)" ]
	tmux -S "$SOCK" send-keys -t top Down
	wait_for "one row down" shows "  rows 2-13 of 29: +17 more (above and below)"
	tmux -S "$SOCK" send-keys -t top End
	wait_for "the last rows" shows "  rows 18-29 of 29: +17 more above"
	[ "$(screen | tail -2 | head -1)" = "  ! downtrained: the link trained below what the device and its port both support (pmuctl map --downtrained)" ]
	tmux -S "$SOCK" send-keys -t top PPage
	wait_for "a page up" shows "  rows 6-17 of 29: +17 more (above and below)"
	tmux -S "$SOCK" send-keys -t top NPage
	wait_for "a page down, stopping at the end" shows "  rows 18-29 of 29: +17 more above"
	tmux -S "$SOCK" send-keys -t top Home
	wait_for "the first rows" shows "  rows 1-12 of 29: +17 more below"
	# a filter: the rows holding its text, all of them on screen
	tmux -S "$SOCK" send-keys -t top / 0 0 0 d : Enter
	wait_for "the filtered rows" shows "sort: t410_pcie_rd_bw  filter: 000d:"
	wait_for "a frame of them" bash -c "[ \"\$(tmux -S '$SOCK' capture-pane -p -t top | grep -cE '^  [0-9a-f]{4}:')\" = 4 ]"
	[ "$(screen | grep -cE '^  000d:(01:00\.[01]|41:00\.[01]) ')" = 4 ]
	run ! shows "more"
	# Escape while typing one drops it: every row again
	tmux -S "$SOCK" send-keys -t top / x Escape
	wait_for "every row again" shows "  rows 1-12 of 29: +17 more below"
	run ! shows "filter:"
	# a filter that matches nothing says so, instead of an empty table
	tmux -S "$SOCK" send-keys -t top / z z z Enter
	wait_for "the empty filter's line" shows "  no device matches 'zzz': / types another filter, / and Esc shows every row"
	[ "$(screen | grep -cE '^  [0-9a-f]{4}:')" = 0 ]
	# on a line of its own: not drawn over the footnote of rows no longer shown
	[ "$(screen | grep 'no device matches')" = "  no device matches 'zzz': / types another filter, / and Esc shows every row" ]
	[ "$(screen | grep -c 'downtrained')" = 0 ]
}

@test "top: at 80x20 the columns past the screen scroll sideways (Left, Right), and the last line says which show" {
	rm -f "$BATS_TEST_TMPDIR/pid"
	tmux -S "$SOCK" new-session -d -s top -x 80 -y 20 \
		"sh -c 'echo \$\$ >$BATS_TEST_TMPDIR/pid; exec $PMUCTL -q --sysfs-root $LIVE top -M t410_pcie_rd_bw,t410_pcie_wr_bw -I 200'; echo \"top exited \$?\"; exec sleep 600"
	wait_for "the first frame" shows "  0001:01:00.0 "
	wait_for "the count of the columns shown" bash -c "tmux -S '$SOCK' capture-pane -p -t top | tail -1 | grep -qE '; columns 1-80 of [0-9]+: Left/Right\$'"
	# the names are past the 80th column
	[ "$(screen | grep -c 'Samsung')" = 0 ]
	for _ in 1 2 3 4 5; do tmux -S "$SOCK" send-keys -t top Right; done
	wait_for "the names, scrolled into view" shows "Samsung"
	# the rows and their column header move together; the header lines above them stay
	[ "$(screen | head -1 | cut -c1-11)" = "pmuctl top " ]
	wait_for "the count of the columns shown" bash -c "tmux -S '$SOCK' capture-pane -p -t top | tail -1 | grep -qE 'columns [0-9]+-[0-9]+ of [0-9]+: Left/Right\$'"
	tmux -S "$SOCK" send-keys -t top Left Left Left Left Left Left
	wait_for "the first columns again" bash -c "tmux -S '$SOCK' capture-pane -p -t top | tail -1 | grep -qE '; columns 1-80 of [0-9]+: Left/Right\$'"
	tmux -S "$SOCK" send-keys -t top q
	wait_for "top to end" shows "top exited 0"
}

@test "top: SIGINT and SIGTERM restore the terminal and end pmuctl by that signal" {
	for sig in INT TERM; do
		# a server of its own each time: a new session on a socket whose server is still
		# shutting down fails ("server exited unexpectedly")
		SOCK=$BATS_TEST_TMPDIR/tmux-$sig.sock
		start_top
		kill -"$sig" "$(cat "$BATS_TEST_TMPDIR/pid")"
		wait_for "top to end by SIG$sig" shows "top exited $((128 + $(kill -l $sig)))"
		run ! shows "pmuctl top"
		tmux -S "$SOCK" kill-server
	done
}

@test "top: a terminal curses cannot drive is an error that offers -b" {
	tmux -S "$SOCK" new-session -d -s top -x 200 -y 60 \
		"TERM=no-such-terminal $PMUCTL -q --sysfs-root $LIVE top -M t410_pcie_rd_bw; echo \"top exited \$?\"; exec sleep 600"
	wait_for "top to fail" shows "top exited 1"
	shows "pmuctl: error: cannot start the full-screen view (TERM=no-such-terminal): run pmuctl top -b for plain frames"
}

@test "top: a terminal that goes away ends top, which does not spin on its closed input" {
	start_top
	pid=$(cat "$BATS_TEST_TMPDIR/pid")
	tmux -S "$SOCK" kill-server
	# it ends by the SIGHUP the hangup sends: when poll saw the hangup first, top exited through
	# atexit, and under ASan LeakSanitizer's stop-the-world spun there with SIGHUP pending
	# (State R, /proc/self/task open): two CI runs gave up. What it does, if it ever hangs again
	WAIT_SECONDS=60 wait_for "pmuctl top to end with its terminal" gone "$pid" || {
		grep -E '^(State|SigPnd|ShdPnd|SigBlk|SigCgt):' "/proc/$pid/status"
		echo "wchan: $(cat "/proc/$pid/wchan" 2>/dev/null)"
		ls -l "/proc/$pid/fd" 2>/dev/null
		return 1
	}
}

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
		wait_for "pmuctl top to end with its terminal" gone "$(cat "$BATS_TEST_TMPDIR/pid")"
	fi
}

screen() {
	tmux -S "$SOCK" capture-pane -p -t top 2>/dev/null
}

# the screen shows text (a fixed string)
shows() {
	screen | grep -qF -- "$1"
}

# pmuctl top in a 200x60 terminal, its pid in $BATS_TEST_TMPDIR/pid; the shell says how it
# ended, then waits to be looked at
start_top() {
	rm -f "$BATS_TEST_TMPDIR/pid"
	tmux -S "$SOCK" new-session -d -s top -x 200 -y 60 \
		"sh -c 'echo \$\$ >$BATS_TEST_TMPDIR/pid; exec $PMUCTL -q --sysfs-root $LIVE top -M t410_pcie_rd_bw,t410_pcie_wr_bw -I 200'; echo \"top exited \$?\"; exec sleep 600"
	wait_for "the first frame" shows "view: devices  sort: topology"
}

@test "top: -b -n 2 prints two plain frames of every device, no escape codes" {
	pmuctl -q --sysfs-root "$LIVE" top -b -n 2 -I 100 -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	[ "$(grep -c '^pmuctl top ' <<<"$output")" = 2 ]
	[ "$(grep -cE '^  [0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7] ' <<<"$output")" = 82 ]
	[[ "$output" != *$'\e'* ]]
	# not a terminal: frames too, ended by q never, by -n here
	run bash -c "'$PMUCTL' -q --sysfs-root '$LIVE' top -n 1 -I 100 -M t410_pcie_rd_bw | cat"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^pmuctl top ' <<<"$output")" = 1 ]
	[[ "$output" != *$'\e'* ]]
}

@test "top: the full screen lists the devices; s sorts by the next column, d changes the view, q restores the terminal" {
	start_top
	wait_for "the device rows" shows "0001:01:00.0  0  0  0 rp "
	[ "$(screen | grep -cE '^  [0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7] ')" = 41 ]
	tmux -S "$SOCK" send-keys -t top s
	wait_for "sort by the first column" shows "sort: t410_pcie_rd_bw"
	tmux -S "$SOCK" send-keys -t top s
	wait_for "sort by the second column" shows "sort: t410_pcie_wr_bw"
	# sorted: the rows are in the order of that column, highest first
	wait_for "a frame sorted by it" shows "view: devices  sort: t410_pcie_wr_bw"
	run /usr/bin/python3 -c '
import re, sys
v = [float(m.group(1)) for m in re.finditer(r"^  \S+:\S+\.\d +\d +\d +\d +\w+ +\S+ +(\S+) ", sys.argv[1], re.M)]
print(len(v), v == sorted(v, reverse=True))' "$(screen)"
	[ "$output" = "41 True" ]
	tmux -S "$SOCK" send-keys -t top d
	wait_for "the RC view" shows "view: rc"
	wait_for "its rows" shows "socket 0 rc 1 "
	[ "$(screen | grep -cE '^  [0-9a-f]{4}:[0-9a-f]{2}:')" = 0 ]
	tmux -S "$SOCK" send-keys -t top d
	wait_for "the socket view" shows "view: socket"
	tmux -S "$SOCK" send-keys -t top q
	wait_for "top to end" shows "top exited 0"
	# the full screen is gone: the terminal shows what it showed before
	! shows "pmuctl top"
}

@test "top: SIGINT and SIGTERM restore the terminal and end pmuctl by that signal" {
	for sig in INT TERM; do
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
	wait_for "pmuctl top to end with its terminal" gone "$pid"
}

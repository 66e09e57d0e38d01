#!/usr/bin/env bats
load helpers

@test "--version names pmuctl, libpci and jansson" {
	pmuctl --version
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "pmuctl "* ]]
	[[ "${lines[1]}" == "libpci "* ]]
	[[ "${lines[2]}" == "jansson "* ]]
}

# the shared objects the dynamic loader brought in while running "$@"
loaded() {
	set -o pipefail
	LD_DEBUG=files "$PMUCTL" "$@" 2>&1 >/dev/null | sed -n 's/.*file=\([^ ]*\) \[0\];  needed by.*/\1/p' | sort -u
}

@test "list, map, stat and --version load libpci and jansson; serve's, top's and doctor's libraries come with them" {
	# every command loaded libmicrohttpd, GnuTLS, ncursesw, libyaml, libcrypt, libsystemd and
	# their 17 dependencies: two-thirds of a small command's start-up
	run loaded --version
	[ "$status" -eq 0 ]
	[[ "$output" == *libpci.so* ]]
	[[ "$output" == *libjansson.so* ]]
	[[ "$output" != *libmicrohttpd* ]]
	[[ "$output" != *libgnutls* ]]
	[[ "$output" != *libncursesw* ]]
	[[ "$output" != *libsystemd* ]]
	run loaded --sysfs-root "$FIX/tegra410/sys" stat --dry-run -M t410_pcie_rd_bw
	[ "$status" -eq 0 ]
	[[ "$output" != *libmicrohttpd* ]]
	# serve itself loads them (argp's own --help, through the library, shows it); its --help
	# and --usage alone do not (issue 63: they cost 1.9x an lspci --version)
	run loaded serve --help --
	[ "$status" -eq 0 ]
	[[ "$output" == *libmicrohttpd* ]]
	[[ "$output" == *libncursesw* ]]
	for cmd in serve top doctor; do
		for flag in --help --usage -?; do
			run loaded "$cmd" "$flag"
			[ "$status" -eq 0 ]
			[[ "$output" != *libmicrohttpd* && "$output" != *pmuctl-commands* ]] || { echo "$cmd $flag"; return 1; }
		done
	done
}

@test "serve, top and doctor answer --help and --usage from the binary with the library's own words" {
	for cmd in serve top doctor; do
		for flag in --help --usage; do
			# a second argument takes argp's own way, through the library
			diff <("$PMUCTL" "$cmd" "$flag") <("$PMUCTL" "$cmd" "$flag" --) || { echo "$cmd $flag"; return 1; }
		done
		diff <("$PMUCTL" help "$cmd") <("$PMUCTL" "$cmd" --help --)
	done
	# ARGP_HELP_FMT reshapes argp's text: then argp answers
	run env ARGP_HELP_FMT=rmargin=60 "$PMUCTL" serve --help
	[ "$status" -eq 0 ]
	[ "$(awk '{ if (length > m) m = length } END { print m }' <<<"$output")" -le 60 ]
}

@test "a pmuctl without its pmuctl-commands.so still lists and counts, and says what serve needs" {
	mkdir "$BATS_TEST_TMPDIR/bin"
	cp "$PMUCTL" "$BATS_TEST_TMPDIR/bin/pmuctl"
	run "$BATS_TEST_TMPDIR/bin/pmuctl" bdf 27:01.1
	[ "$status" -eq 0 ]
	run "$BATS_TEST_TMPDIR/bin/pmuctl" serve
	[ "$status" -eq 1 ]
	[[ "$output" == "pmuctl: error: serve is in pmuctl-commands.so, which could not be loaded ($BATS_TEST_TMPDIR/bin/pmuctl-commands.so: does not exist; $BATS_TEST_TMPDIR/bin/../lib/pmuctl/pmuctl-commands.so: does not exist; "*"/lib/pmuctl/pmuctl-commands.so: does not exist): install pmuctl whole, or build it with make" ]]
	# installed as make install lays it out: BINDIR/pmuctl, BINDIR/../lib/pmuctl/
	mkdir -p "$BATS_TEST_TMPDIR/lib/pmuctl"
	cp "$(dirname "$PMUCTL")/pmuctl-commands.so" "$BATS_TEST_TMPDIR/lib/pmuctl/"
	run "$BATS_TEST_TMPDIR/bin/pmuctl" __complete options top
	[ "$status" -eq 0 ]
	[[ "$output" == *"--interval="* ]]
}

@test "--help lists the commands and the exit codes" {
	pmuctl --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"list "*"stat "*"bdf "* ]]
	[[ "$output" == *"64 usage error"* ]]
	[[ "$output" == *"SYSFS_PATH"* ]]
}

@test "no command is a usage error" {
	pmuctl
	[ "$status" -eq 64 ]
}

@test "an unknown command says so and exits 64" {
	pmuctl frobnicate
	[ "$status" -eq 64 ]
	[ "$output" = "pmuctl: error: 'frobnicate' is not a pmuctl command; the commands are list, map, stat, top, iostat, serve, doctor, bdf and help" ]
}

@test "an unknown option exits 64" {
	pmuctl list --no-such-option
	[ "$status" -eq 64 ]
}

@test "help COMMAND shows that command's help" {
	pmuctl help stat
	[ "$status" -eq 0 ]
	[[ "$output" == *"Usage: pmuctl stat"* ]]
	pmuctl help nothing
	[ "$status" -eq 64 ]
}

@test "global options work before and after the command" {
	pmuctl --sysfs-root "$HIP09" -j list
	a=$output
	pmuctl list -j --sysfs-root "$HIP09"
	[ "$a" = "$output" ]
}

@test "SYSFS_PATH is the root when --sysfs-root is absent, as in perf" {
	SYSFS_PATH=$HIP09 run "$PMUCTL" -j list
	[ "$status" -eq 0 ]
	[[ "$output" == *'"name":"hns3_pmu_sicl_0"'* ]]
}

@test "--pretty implies --json" {
	pmuctl --sysfs-root "$HIP09" -p bdf 27:01.1
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "[" ]]
}

@test "a missing sysfs root is a clear failure" {
	pmuctl --sysfs-root /nonexistent list
	[ "$status" -eq 1 ]
	[ "$output" = "pmuctl: error: cannot open sysfs root '/nonexistent': No such file or directory (give a machine with --sysfs-root DIR)" ]
}

@test "a closed pipe is not an error" {
	run bash -c "'$PMUCTL' --sysfs-root '$HIP09' list --events | head -1"
	[ "$status" -eq 0 ]
	[ "$output" = "HiSilicon HNS3 NIC" ]
}

@test "the bdf example of --help is what bdf prints" {
	pmuctl --help
	line=$(grep -E '^  pmuctl bdf 27:01.1 ' <<<"$output")
	pmuctl bdf 27:01.1
	[ -n "$line" ]
	[[ "$line" == *" $output" ]]
}

@test "cli: perf's habits: -h is --help for pmuctl and each command; --no-merge names --per-pmu" {
	for cmd in "" stat map list top serve bdf; do
		# shellcheck disable=SC2086 # no command is no word
		want=$("$PMUCTL" $cmd --help)
		# shellcheck disable=SC2086
		run "$PMUCTL" $cmd -h
		[ "$status" -eq 0 ]
		[ "$output" = "$want" ] || { echo "pmuctl $cmd -h differs from --help"; false; }
	done
	pmuctl stat --no-merge -e msr/tsc/
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl stat: unrecognized option '--no-merge' (perf's --no-merge is --per-pmu here: a row per PMU instance)" ]
}

@test "cli: stat, top and serve choose PCI functions with one set of options, said the same in each --help" {
	for cmd in stat top serve; do
		run "$PMUCTL" "$cmd" --help
		[ "$status" -eq 0 ]
		# the options from --device's line to --socket's, the last of them
		sed -n '/^      --device=BDF/,/^      --socket=N/p' <<<"$output" >"$BATS_TEST_TMPDIR/$cmd"
		[ "$(grep -c -- '--socket=N\|--rc=N\|--vendor-device\|--device=BDF' "$BATS_TEST_TMPDIR/$cmd")" -eq 4 ]
	done
	cmp "$BATS_TEST_TMPDIR/stat" "$BATS_TEST_TMPDIR/top"
	cmp "$BATS_TEST_TMPDIR/stat" "$BATS_TEST_TMPDIR/serve"
	# the child parses into each command's own arguments
	pmuctl --sysfs-root "$T410" serve --socket 0
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl serve: -d, --socket and --rc choose the functions of --per-device: add --per-device" ]
	pmuctl --sysfs-root "$T410" top -b -n 1 --rc 300
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl top: invalid RC '300': expected a whole number from 0 to 255" ]
}

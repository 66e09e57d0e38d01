#!/usr/bin/env bats
# pmuctl-commands.so is the installation's own: loaded only from a directory root (or, with no
# more privilege than its user, that user) owns and no one else can write, never through a
# hard link of a setcap pmuctl in someone's directory, and only when it is of the same build.
load helpers

setup() {
	need_tool setpriv "runs the copy as nobody"
	need_tool setcap "gives the copy its file capability"
	# root's own directory, which every user may read and only root write
	D=$(mktemp -d /tmp/pmuctl-plugin.XXXXXX)
	chmod 755 "$D"
	cp "$PMUCTL" "$(dirname "$PMUCTL")/pmuctl-commands.so" "$D/"
	cp "$BATS_TEST_DIRNAME/../lsan.supp" "$D/"
	# a library whose constructor leaves a mark: foreign code, if it ever runs
	MARK=$D/foreign-code-ran
	printf '#include <stdio.h>\n__attribute__((constructor)) static void f(void) { FILE *m = fopen("%s", "w"); if (m) fclose(m); }\n' \
		"$MARK" >"$D/foreign.c"
	cc -shared -fPIC -o "$D/foreign.so" "$D/foreign.c"
	chmod 644 "$D/foreign.so"
	HARDLINKS=$(cat /proc/sys/fs/protected_hardlinks)
}

teardown() {
	echo "$HARDLINKS" >/proc/sys/fs/protected_hardlinks 2>/dev/null || true
	rm -rf "$D"
}

as_nobody() {
	run env ${LSAN_OPTIONS:+LSAN_OPTIONS=suppressions=$D/lsan.supp:print_suppressions=0} \
		setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
}

@test "plugin: a hard link of a setcap pmuctl in a user's directory runs no code of theirs, and says why" {
	[ -w /proc/sys/fs/protected_hardlinks ] || skip "fs.protected_hardlinks cannot be set here"
	setcap cap_perfmon+ep "$D/pmuctl"
	# the kernel's default where systemd does not set it: a user may link a file they do not own
	echo 0 >/proc/sys/fs/protected_hardlinks
	U=$D/user
	mkdir "$U"
	chown nobody "$U"
	as_nobody sh -c 'ln "$1/pmuctl" "$2/pmuctl" && cp "$1/foreign.so" "$2/pmuctl-commands.so" && exec "$2/pmuctl" doctor' sh "$D" "$U"
	[ "$status" -eq 1 ]
	[ ! -e "$MARK" ]
	[[ "$output" == *"pmuctl: error: doctor is in pmuctl-commands.so, which could not be loaded ($U/pmuctl-commands.so: not loaded: its directory is not the installation's: it belongs to uid 65534, not root, and this pmuctl runs with more privilege than its user (file capabilities or setuid: AT_SECURE); "* ]]
	# before: the library beside the link was loaded with cap_perfmon in effect
}

@test "plugin: a library others can write, or owned by someone else, is not loaded into root's pmuctl" {
	cp "$D/foreign.so" "$D/pmuctl-commands.so"
	chown nobody "$D/pmuctl-commands.so"
	run "$D/pmuctl" doctor
	[ "$status" -eq 1 ]
	[ ! -e "$MARK" ]
	[[ "$output" == *"$D/pmuctl-commands.so: not loaded: it belongs to uid 65534, not root or this user;"* ]]
	chown root "$D/pmuctl-commands.so"
	chmod 666 "$D/pmuctl-commands.so"
	run "$D/pmuctl" doctor
	[ "$status" -eq 1 ]
	[ ! -e "$MARK" ]
	[[ "$output" == *"$D/pmuctl-commands.so: not loaded: others can write it (mode 0666);"* ]]
	# the directory too
	chmod 644 "$D/pmuctl-commands.so"
	chmod 777 "$D"
	run "$D/pmuctl" doctor
	chmod 755 "$D"
	[ "$status" -eq 1 ]
	[ ! -e "$MARK" ]
	[[ "$output" == *"$D/pmuctl-commands.so: not loaded: its directory is not the installation's: others can write it (mode 0777);"* ]]
}

@test "plugin: a library of another build is refused, by its build identity" {
	# the library of this tree, but not of this binary: its identity is another
	cp "$D/foreign.so" "$D/pmuctl-commands.so"
	run "$D/pmuctl" doctor
	[ "$status" -eq 1 ]
	[[ "$output" == *"$D/pmuctl-commands.so: not loaded: it carries no build identity;"* ]]
	printf 'const char plugin_build_id[] = "0123456789abcdef0123456789abcdef";\n' >"$D/other.c"
	cc -shared -fPIC -o "$D/pmuctl-commands.so" "$D/other.c"
	run "$D/pmuctl" doctor
	[ "$status" -eq 1 ]
	[[ "$output" == *"$D/pmuctl-commands.so: not loaded: it is of another pmuctl build;"* ]]
}

@test "plugin: the library beside a copy in the user's own directory loads for that user, without privileges" {
	U=$D/user
	mkdir "$U"
	cp "$D/pmuctl" "$(dirname "$PMUCTL")/pmuctl-commands.so" "$U/"
	chown -R nobody "$U"
	as_nobody "$U/pmuctl" doctor --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"Usage: pmuctl doctor"* ]]
}

@test "doctor: fs.protected_hardlinks, and why it matters for a setcap pmuctl" {
	mkdir -p "$D/proc/sys/kernel" "$D/proc/sys/fs" "$D/sys"
	echo 2 >"$D/proc/sys/kernel/perf_event_paranoid"
	echo 6.1.0 >"$D/proc/sys/kernel/osrelease"
	echo 0 >"$D/proc/sys/fs/protected_hardlinks"
	run "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	[[ "$output" == *"ok    fs.protected_hardlinks  fs.protected_hardlinks is 0: any user may hard-link a file they do not own into a directory of theirs; it matters once pmuctl carries a file capability"* ]]
	setcap cap_perfmon+ep "$D/pmuctl"
	run "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	[[ "$output" == *"warn  fs.protected_hardlinks  fs.protected_hardlinks is 0: any user may hard-link a file they do not own into a directory of theirs, this setcap pmuctl too, which then runs with its capabilities from there"* ]]
	[[ "$output" == *"fix: sysctl -w fs.protected_hardlinks=1, and keep it in /etc/sysctl.d (systemd's 50-default.conf sets it)"* ]]
	echo 1 >"$D/proc/sys/fs/protected_hardlinks"
	run "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	[[ "$output" == *"ok    fs.protected_hardlinks  fs.protected_hardlinks is on"* ]]
}

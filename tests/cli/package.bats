#!/usr/bin/env bats
# The Debian package: built from the tracked files as a clean clone has them, lintian-clean
# (pedantic, info included), holding the binary, man pages, schemas, completions in Debian's
# paths and the example machines the smoke test (debian/tests/smoke) counts on.
load helpers

ROOT=$BATS_TEST_DIRNAME/../..

@test "package: dpkg-buildpackage builds it, lintian finds nothing, it holds what it should" {
	command -v dpkg-buildpackage >/dev/null && command -v lintian >/dev/null && command -v dh >/dev/null ||
		skip "debhelper, dpkg-dev and lintian are not installed (the test command installs them)"
	# the package is built from the sources, not from the binary under test: once is enough
	[ "${SANITIZED:-0}" = 0 ] && [ -z "${PMUCTL_REAL:-}" ] ||
		skip "the package is built once, in the plain run, not again under a sanitizer or valgrind"
	src=$BATS_TEST_TMPDIR/src
	mkdir -p "$src"
	(cd "$ROOT" && git ls-files -z | xargs -0 cp -a --parents -t "$src")
	# no -dbgsym package: nothing here looks at it
	run bash -c "cd '$src' && DEB_BUILD_OPTIONS=noautodbgsym dpkg-buildpackage -us -uc -b -j$(nproc)"
	[ "$status" -eq 0 ] || { tail -c 2000 <<<"$output"; return 1; }
	deb=$(ls "$BATS_TEST_TMPDIR"/pmuctl_*_*.deb)
	run lintian --pedantic -I "$deb"
	[ -z "$(grep -v 'running with root privileges' <<<"$output")" ] || { echo "$output"; return 1; }
	run dpkg-deb -c "$deb"
	for f in ./usr/bin/pmuctl ./usr/lib/pmuctl/pmuctl-commands.so ./usr/share/man/man1/pmuctl-stat.1.gz ./usr/share/man/man1/pmuctl-top.1.gz \
		./usr/share/man/man7/pmuctl-metrics.7.gz ./usr/share/man/man7/pmuctl-families.7.gz ./usr/share/pmuctl/schemas/error.schema.json \
		./usr/share/bash-completion/completions/pmuctl ./usr/share/zsh/vendor-completions/_pmuctl \
		./usr/share/fish/vendor_completions.d/pmuctl.fish ./lib/systemd/system/pmuctl-exporter.service \
		./usr/share/man/man1/pmuctl-serve.1.gz ./usr/share/doc/pmuctl/examples/tegra410/bus/event_source/devices/ \
		./usr/share/doc/pmuctl/examples/tegra410-lspci-xxxx.txt; do
		grep -qF " $f" <<<"$output" || { echo "missing $f"; return 1; }
	done
	# the smoke test against the package's files, unpacked: what autopkgtest runs installed
	dpkg-deb -x "$deb" "$BATS_TEST_TMPDIR/root"
	r=$BATS_TEST_TMPDIR/root
	run "$r/usr/bin/pmuctl" --sysfs-root "$r/usr/share/doc/pmuctl/examples/tegra410" list
	[ "$status" -eq 0 ]
	[[ "$output" == *nvidia_pcie_pmu_0_rc_4* ]]
	# serve is in the library the package puts in /usr/lib/pmuctl
	run "$r/usr/bin/pmuctl" serve --help
	[ "$status" -eq 0 ]
	# the exporter's unit is shipped, never started, and enabled again on upgrade only if the
	# admin had enabled it
	dpkg-deb -e "$deb" "$BATS_TEST_TMPDIR/control"
	run ! grep -qs 'deb-systemd-invoke' "$BATS_TEST_TMPDIR"/control/post*
	# (the service and its socket)
	[ "$(grep -c 'deb-systemd-helper enable' "$BATS_TEST_TMPDIR/control/postinst")" -eq 2 ]
	[ "$(grep -B2 'deb-systemd-helper enable' "$BATS_TEST_TMPDIR/control/postinst" | grep -c 'was-enabled')" -eq 2 ]
}

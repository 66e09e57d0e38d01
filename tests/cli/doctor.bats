#!/usr/bin/env bats
# pmuctl doctor: each check on a machine root made for it (a proc root with the sysctl and the
# release, a sysfs root with the hardware), the capability cases with setpriv and setcap.
load helpers
ROOT=$BATS_TEST_DIRNAME/../..

setup() {
	need_tool setpriv "drops the user and capabilities of the process under test"
	# a directory every user may read: the capability cases run as nobody
	D=$(mktemp -d /tmp/pmuctl-doctor.XXXXXX)
	chmod 755 "$D"
	# doctor is in the library pmuctl loads from beside itself
	cp "$PMUCTL" "$(dirname "$PMUCTL")/pmuctl-commands.so" "$D/"
	cp "$BATS_TEST_DIRNAME/../lsan.supp" "$D/"
	mkdir -p "$D/sys"
	fake_proc 2 6.1.0-18-arm64
}

teardown() {
	rm -rf "$D"
}

# a proc root: kernel.perf_event_paranoid and the release; the process's own status is read
# from the running process, as the copy has no self/
fake_proc() {
	mkdir -p "$D/proc/sys/kernel"
	echo "$1" >"$D/proc/sys/kernel/perf_event_paranoid"
	echo "$2" >"$D/proc/sys/kernel/osrelease"
	chmod -R a+rX "$D"
}

# run the copy as nobody with the capabilities setpriv leaves; through sh, so that the process
# starts from an exec without privileges, as a container's non-root process does
as_nobody() {
	local -a setpriv_args=()
	while [ "$1" != -- ]; do
		setpriv_args+=("$1")
		shift
	done
	shift
	chmod -R a+rX "$D"
	run env ${LSAN_OPTIONS:+LSAN_OPTIONS=suppressions=$D/lsan.supp:print_suppressions=0} \
		setpriv --reuid=nobody "${setpriv_args[@]}" sh -c 'exec "$0" "$@"' "$@"
}

# the line of check $1, its columns' padding squeezed to one space
line_of() {
	grep -E "^[a-zA-Z]+ +$1 " <<<"$output" | tr -s ' '
}

@test "doctor: paranoid 3, no capability, no bounding set: exit 1, the sysctl and the capability named" {
	fake_proc 3 6.1.0-18-arm64
	as_nobody --inh-caps=-all --bounding-set=-all -- "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	[ "$status" -eq 1 ]
	line_of perf.paranoid | grep -q '^FAIL perf.paranoid *kernel.perf_event_paranoid = 3 and this process (uid 65534) has neither CAP_PERFMON nor CAP_SYS_ADMIN'
	# no setcap: with an empty bounding set no file capability can take effect
	grep -q 'fix: sysctl -w kernel.perf_event_paranoid=0 .*or start pmuctl with CAP_PERFMON in its bounding set (caps.bounding)' <<<"$output"
	[ "$(grep -c "setcap cap_" <<<"$output")" = 0 ]
	line_of caps.bounding | grep -q '^FAIL caps.bounding *the bounding set holds neither CAP_PERFMON nor CAP_SYS_ADMIN'
	# an ok check offers no fix
	[ "$(grep -A1 '^ok  *caps.file' <<<"$output" | grep -c 'fix:')" = 0 ]
	[ "${lines[-1]}" = "2 failed, 1 warning, 4 ok, 4 skipped" ]
}

@test "doctor: every fix can work for this process: no CAP_PERFMON before v5.8, no setcap under no_new_privs" {
	# 5.4 has no CAP_PERFMON: the bounding set's fix names the capability that kernel checks
	fake_proc 3 5.4.0-150-generic
	as_nobody --inh-caps=-all --bounding-set=-all -- "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	[ "$status" -eq 1 ]
	line_of caps.bounding | grep -qF "FAIL caps.bounding the bounding set holds no CAP_SYS_ADMIN (CAP_PERFMON arrived in v5.8): nothing this process runs can gain it"
	grep -qF "fix: whatever started pmuctl left it out: add CAP_SYS_ADMIN to its bounding set (Kubernetes securityContext.capabilities.add: [SYS_ADMIN]; docker run --cap-add SYS_ADMIN; systemd CapabilityBoundingSet=CAP_SYS_ADMIN)" <<<"$output"
	[ "$(grep -c PERFMON, <<<"$output")" = 0 ]
	# a CAP_PERFMON alone in the bounding set cannot help 5.4 either
	as_nobody --inh-caps=-all --bounding-set=-all,+perfmon -- "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	line_of caps.bounding | grep -q '^FAIL caps.bounding'
	# no_new_privs: exec ignores a file capability, so the fix is the ambient one
	fake_proc 3 6.1.0
	as_nobody --inh-caps=-all --no-new-privs -- "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	[ "$status" -eq 1 ]
	grep -qF "or grant CAP_PERFMON as an ambient capability (systemd AmbientCapabilities=CAP_PERFMON): no_new_privs makes exec ignore a file capability" <<<"$output"
	[ "$(grep -c "setcap cap_" <<<"$output")" = 0 ]
}

@test "doctor: paranoid 0 to 3 against the capabilities: who may count system-wide" {
	local p
	for p in -1 0; do
		fake_proc "$p" 6.1.0
		as_nobody --inh-caps=-all -- "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
		line_of perf.paranoid | grep -qF "ok perf.paranoid kernel.perf_event_paranoid = $p: every user may count system-wide"
		[ "$status" -eq 0 ]
	done
	for p in 1 2 3; do
		fake_proc "$p" 6.1.0
		as_nobody --inh-caps=-all -- "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
		[ "$status" -eq 1 ]
		line_of perf.paranoid | grep -q "^FAIL perf.paranoid"
		# the ambient capability a unit gives (AmbientCapabilities=CAP_PERFMON)
		as_nobody --inh-caps=-all,+perfmon --ambient-caps=+perfmon -- "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
		line_of perf.paranoid | grep -qF "ok perf.paranoid kernel.perf_event_paranoid = $p: system-wide counting needs CAP_PERFMON or CAP_SYS_ADMIN (perf_allow_cpu), and this process has cap_perfmon"
		[ "$status" -eq 0 ]
	done
	# before v5.8 only CAP_SYS_ADMIN counts: CAP_PERFMON did not exist
	fake_proc 2 5.4.0
	as_nobody --inh-caps=-all,+perfmon --ambient-caps=+perfmon -- "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	line_of perf.paranoid | grep -qF "FAIL perf.paranoid kernel.perf_event_paranoid = 2 and this process (uid 65534) has no CAP_SYS_ADMIN (CAP_PERFMON arrived in v5.8)"
	grep -qF 'setcap cap_sys_admin+ep "$(command -v pmuctl)"' <<<"$output"
	[ "$status" -eq 1 ]
}

@test "doctor: a file capability counts, unless no_new_privs drops it (moby#43163)" {
	need_tool setcap "gives the copy its file capability"
	cp "$D/pmuctl" "$D/pmuctl-cap"
	setcap cap_perfmon+ep "$D/pmuctl-cap"
	as_nobody --inh-caps=-all -- "$D/pmuctl-cap" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	[ "$status" -eq 0 ]
	line_of caps.file | grep -qF "ok caps.file the binary carries cap_perfmon (effective at exec)"
	line_of perf.paranoid | grep -q "^ok "
	as_nobody --inh-caps=-all --no-new-privs -- "$D/pmuctl-cap" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	[ "$status" -eq 1 ]
	line_of perf.paranoid | grep -q "^FAIL "
	line_of caps.no_new_privs | grep -qF "FAIL caps.no_new_privs no_new_privs is set: exec ignores file capabilities (and setuid), so setcap on pmuctl gives it nothing, and its binary carries some"
	# permitted but not effective: pmuctl does not raise its own capabilities
	setcap cap_perfmon+p "$D/pmuctl-cap"
	as_nobody --inh-caps=-all -- "$D/pmuctl-cap" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	line_of caps.file | grep -qF "warn caps.file the binary carries cap_perfmon permitted but not effective"
	[ "$status" -eq 1 ]
}

@test "doctor: -j is one document with a checks array and a summary" {
	fake_proc 3 6.1.0
	pmuctl -j --proc-root "$D/proc" --sysfs-root "$T410" doctor
	[ "$status" -eq 0 ]
	[ "$(jq_py '[c["id"] for c in d["checks"]][:9]')" = "['kernel.release', 'perf.paranoid', 'caps.bounding', 'caps.no_new_privs', 'caps.file', 'fs.protected_hardlinks', 'lockdown', 'pci.config', 'machine.guest']" ]
	[ "$(jq_py '[c["status"] for c in d["checks"] if c["id"] == "family.t410_pcie"]')" = "['ok']" ]
	[ "$(jq_py 'd["summary"]["fail"]')" = 0 ]
}

@test "doctor: a Tegra410 PCI tree without its PMUs names nvidia_cspmu" {
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" -F "$ROOT/examples/tegra410-lspci-xxxx.txt" doctor
	[ "$status" -eq 1 ]
	line_of family.t410_pcie | grep -qF "FAIL family.t410_pcie 21 PCI functions (0001:00:00.0) show NVIDIA Tegra410 PCIE hardware, and the kernel registered none of its PMUs"
	grep -qF "fix: load its driver: modprobe nvidia_cspmu; a kernel without it needs CONFIG_NVIDIA_CORESIGHT_PMU_ARCH_SYSTEM_PMU" <<<"$output"
	line_of family.t410_pcie_tgt | grep -q "^FAIL "
}

@test "doctor: every family whose hardware shows without its PMUs names its module" {
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" -F "$FIX/yitian710-dwc/lspci-xxxx.txt" doctor
	[ "$status" -eq 1 ]
	line_of family.dwc_pcie | grep -q "^FAIL family.dwc_pcie 3 PCI functions (0000:30:03.0) show Synopsys DesignWare PCIe hardware"
	# 6.1 predates the driver: no modprobe is offered
	grep -qF "fix: Linux 6.1 is older than its driver (dwc_pcie_pmu, v6.8, torvalds/linux af9597adc2f1): no modprobe can load it; a kernel from v6.8, or one with CONFIG_DWC_PCIE_PMU backported" <<<"$output"
	[ "$(grep -c 'modprobe dwc_pcie_pmu' <<<"$output")" = 0 ]
	# from 6.8: modprobe, where modules.dep does not say
	fake_proc 2 6.8.0-31-generic
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" -F "$FIX/yitian710-dwc/lspci-xxxx.txt" doctor
	grep -qF "modprobe dwc_pcie_pmu; a kernel without it needs CONFIG_DWC_PCIE_PMU (v6.8, torvalds/linux af9597adc2f1)" <<<"$output"
	fake_proc 2 6.1.0-18-arm64
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" -F "$FIX/hip09/lspci-xxxx.txt" doctor
	grep -qF "modprobe hisi_pcie_pmu;" <<<"$output"
	grep -qF "modprobe hns3_pmu;" <<<"$output"
	# platform devices (ACPI ids) without a PMU below them
	mkdir -p "$D/sys/devices/platform/"{NVDA2021:00,NVDA2023:00,BABA5000:00,MLNXBFD2:00,arm-cs-arch-pmu.0.auto}
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	[ "$status" -eq 1 ]
	for m in nvidia_t410_cmem_latency_pmu nvidia_t410_c2c_pmu alibaba_uncore_drw_pmu mlxbf_pmc; do
		grep -qF "modprobe $m" <<<"$output" || { echo "no $m"; return 1; }
	done
	# arm_cspmu arrived in v6.2: on 6.1, a kernel, not a modprobe
	grep -qF "fix: Linux 6.1 is older than its driver (arm_cspmu_module (and its vendor's: nvidia_cspmu, ampere_cspmu), v6.2, torvalds/linux e37dfd65731d)" <<<"$output"
	line_of family.bluefield | grep -qF "FAIL family.bluefield 1 platform device (MLNXBFD2:00) shows NVIDIA BlueField performance counters hardware"
	# with their PMUs, each is ok
	pmuctl --proc-root "$D/proc" --sysfs-root "$BF3" doctor
	line_of family.bluefield | grep -qF "ok family.bluefield 7 PMUs, on 1 platform device (MLNXBFD*)"
	[ "$status" -eq 0 ]
}

@test "doctor: the kernel table: each row by release, with its commit" {
	fake_proc 2 6.1.0-18-arm64
	pmuctl --proc-root "$D/proc" --sysfs-root "$GRACE" doctor
	[ "$status" -eq 0 ]
	line_of kernel.grace_scf.v6.2 | grep -qF "warn kernel.grace_scf.v6.2 Linux 6.1 is older than v6.2, where arm_cspmu and nvidia_cspmu arrive"
	line_of kernel.grace_scf.v6.14 | grep -qF "warn kernel.grace_scf.v6.14 Linux 6.1 is older than v6.14, where a 0 (or omitted) port, root_port or rem_socket filter counts every port; before it, nothing. Source: torvalds/linux bce61d5c5764"
	grep -qF "fix: a kernel from v6.14, or one with the change backported" <<<"$output"
	fake_proc 2 6.14.0
	pmuctl --proc-root "$D/proc" --sysfs-root "$GRACE" doctor
	line_of kernel.grace_scf.v6.14 | grep -q "^ok "
	fake_proc 2 6.1.0
	pmuctl --proc-root "$D/proc" --sysfs-root "$DWC" doctor
	line_of kernel.dwc_pcie.v6.8 | grep -qF "warn kernel.dwc_pcie.v6.8 Linux 6.1 is older than v6.8, where the DesignWare PCIe PMU driver arrives"
	line_of kernel.dwc_pcie | grep -qF "ok kernel.dwc_pcie the driver's event names went lower case"
	pmuctl --proc-root "$D/proc" --sysfs-root "$HIP09" doctor
	line_of kernel.hisi_pcie.v6.13 | grep -q "^warn "
	line_of kernel.hisi_pcie.v5.19 | grep -q "^ok "
	line_of kernel.hns3.v6.0 | grep -q "^ok "
	# every other row: BlueField's driver before v5.15, Yitian's from v6.1, Tegra410's new PMUs
	fake_proc 2 5.10.0
	pmuctl --proc-root "$D/proc" --sysfs-root "$BF3" doctor
	line_of kernel.bluefield.v5.15 | grep -qF "warn kernel.bluefield.v5.15 Linux 5.10 is older than v5.15, where the BlueField performance counters driver (mlxbf-pmc, hwmon) arrives. Source: torvalds/linux 1a218d312e65"
	fake_proc 2 6.1.0
	pmuctl --proc-root "$D/proc" --sysfs-root "$YITIAN" doctor
	line_of kernel.yitian_drw.v6.1 | grep -qF "ok kernel.yitian_drw.v6.1 from v6.1: the Yitian 710 DDR Driveway PMU driver arrives. Source: torvalds/linux cf7b61073e45"
	pmuctl --proc-root "$D/proc" --sysfs-root "$T410" doctor
	line_of kernel.t410_pcie | grep -qF "ok kernel.t410_pcie the per-RC PCIE and PCIE-TGT PMUs, C2C/CLink/DLink and CMEM latency PMUs were queued upstream in March 2026 (torvalds/linux c43267e6794a)"
	[ "$(grep -c '^ok  *kernel\.t410' <<<"$output")" -eq 1 ]
}

@test "doctor: a guest without uncore PMUs fails; a bare-metal instance is no guest" {
	mkdir -p "$D/sys/class/dmi/id"
	echo QEMU >"$D/sys/class/dmi/id/sys_vendor"
	echo "Standard PC (Q35 + ICH9, 2009)" >"$D/sys/class/dmi/id/product_name"
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	[ "$status" -eq 1 ]
	line_of machine.guest | grep -qF "FAIL machine.guest a guest (DMI: QEMU Standard PC (Q35 + ICH9, 2009)) without uncore PMUs"
	echo "Amazon EC2" >"$D/sys/class/dmi/id/sys_vendor"
	echo c7g.metal >"$D/sys/class/dmi/id/product_name"
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	line_of machine.guest | grep -q "^ok machine.guest no hypervisor seen"
	echo c7g.16xlarge >"$D/sys/class/dmi/id/product_name"
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	line_of machine.guest | grep -qF "FAIL machine.guest a guest (DMI: Amazon EC2 c7g.16xlarge (not a .metal instance))"
	[ "$status" -eq 1 ]
	# a KVM guest whose DMI names a board vendor: the CPU's hypervisor flag tells, as it tells detect-virt
	echo "Supermicro" >"$D/sys/class/dmi/id/sys_vendor"
	echo "AS-1115S" >"$D/sys/class/dmi/id/product_name"
	printf 'processor\t: 0\nvendor_id\t: AuthenticAMD\nflags\t\t: fpu vme sse2 hypervisor lahf_lm\n\nprocessor\t: 1\n' >"$D/proc/cpuinfo"
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	line_of machine.guest | grep -qF "FAIL machine.guest a guest (the CPU flags in /proc/cpuinfo include hypervisor) without uncore PMUs"
	# a flag that only starts with the word is not it
	printf 'processor\t: 0\nflags\t\t: fpu hypervisor_x sse2\n' >"$D/proc/cpuinfo"
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	line_of machine.guest | grep -q "^ok machine.guest no hypervisor seen (DMI, /sys/hypervisor, the CPU flags, the device tree)"
}

@test "doctor: lockdown, and the config space without CAP_SYS_ADMIN" {
	mkdir -p "$D/sys/kernel/security"
	echo "none [integrity] confidentiality" >"$D/sys/kernel/security/lockdown"
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	line_of lockdown | grep -qF "ok lockdown lockdown is integrity: counting is unaffected"
	cp -r "$T410" "$D/t410"
	as_nobody --inh-caps=-all,+perfmon --ambient-caps=+perfmon -- "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/t410" doctor
	line_of pci.config | grep -qF "warn pci.config without CAP_SYS_ADMIN sysfs gives 64 bytes of each function's config space (pci_read_config)"
	[ "$status" -eq 0 ]
}

@test "doctor: the web configuration: a certificate near its end warns, a bad key fails" {
	need_tool openssl "makes the certificates"
	cd "$D"
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout k.pem -out soon.pem -days 10 -subj /CN=localhost 2>/dev/null
	openssl req -x509 -key k.pem -out year.pem -days 365 -subj /CN=localhost 2>/dev/null
	printf 'tls_server_config:\n  cert_file: soon.pem\n  key_file: k.pem\n' >soon.yml
	printf 'tls_server_config:\n  cert_file: year.pem\n  key_file: k.pem\n' >year.yml
	printf 'tls_server_config:\n  cert_file: year.pem\n  key_fil: k.pem\n' >bad.yml
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" doctor --web.config.file soon.yml
	line_of web.certificate | grep -q "^warn web.certificate cert_file soon.pem expires on .* in [0-9]* days$"
	[ "$status" -eq 0 ]
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" doctor --web.config.file year.yml
	line_of web.certificate | grep -q "^ok web.certificate cert_file year.pem is valid until "
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" doctor --web.config.file bad.yml
	line_of web.config | grep -qF "FAIL web.config bad.yml:3: tls_server_config: unknown key 'key_fil'"
	[ "$status" -eq 1 ]
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	line_of web.config | grep -qF "skip web.config no --web.config.file given"
}

@test "doctor: bad arguments are usage errors" {
	pmuctl --proc-root "" doctor
	[ "$status" -eq 64 ]
	[ "$output" = "pmuctl: --proc-root needs a directory, not an empty string
Try \`pmuctl --help' or \`pmuctl --usage' for more information." ]
	pmuctl --proc-root "$D/none" doctor
	[ "$status" -eq 64 ]
	[ "$output" = "pmuctl: error: cannot open --proc-root '$D/none': No such file or directory" ]
	pmuctl doctor extra
	[ "$status" -eq 64 ]
	[ "${lines[0]}" = "pmuctl doctor: doctor takes no arguments but -- serve [ARGS], 'extra' is one" ]
}

@test "doctor -- serve ARGS: fails exactly when serve would not start, in serve's words, whatever else fails" {
	fake_proc 2 6.1.0
	# a Hip09 whose NICs' PMUs are missing fails family.hns3, but serve starts: exit 0
	pmuctl --proc-root "$D/proc" --sysfs-root "$HIP09_LIVE" doctor -- serve --web.listen-address=127.0.0.1:0 --per-device
	[ "$status" -eq 0 ]
	line_of family.hns3 | grep -q '^FAIL '
	line_of serve.start | grep -qF "ok serve.start serve starts with these arguments: its plan builds, it listens, its counters open"
	# nothing of -M applies here: serve's own error, then the check
	pmuctl --proc-root "$D/proc" --sysfs-root "$HIP09_LIVE" doctor -- serve --web.listen-address=127.0.0.1:0 -M dmc620_mem_bw
	[ "$status" -eq 1 ]
	[[ "$output" == *"pmuctl: note: -M dmc620_mem_bw: skipped: metric dmc620_mem_bw applies to no PMU on this machine: it counts on dmc620 PMUs (pmuctl list --metrics --all dmc620_mem_bw)"* ]]
	[[ "$output" == *"pmuctl: error: none of the metrics asked for applies on this machine (pmuctl list --metrics shows those that do; --all, every one)"* ]]
	line_of serve.start | grep -qF "FAIL serve.start serve would not start with these arguments (exit 1): its own words are above"
	# serve's usage errors are serve's
	pmuctl --proc-root "$D/proc" --sysfs-root "$HIP09_LIVE" doctor -- serve --no-such-option
	[ "$status" -eq 64 ]
	[[ "$output" == *"pmuctl serve: unrecognized option '--no-such-option'"* ]]
}

@test "doctor: stat's advice for a refused open names doctor's sysctl value" {
	[ "$(cat /proc/sys/kernel/perf_event_paranoid)" -gt 0 ] || skip "this machine's perf_event_paranoid lets every user count"
	cp -r "$LIVE" "$D/live"
	as_nobody --inh-caps=-all --bounding-set=-all -- "$D/pmuctl" --sysfs-root "$D/live" stat -M t410_pcie_rd_bw -I 100 --interval-count 1
	[ "$status" -ne 0 ]
	grep -qF "or sysctl -w kernel.perf_event_paranoid=0 (pmuctl doctor says which of these can work here)" <<<"$output"
	fake_proc 2 6.1.0
	as_nobody --inh-caps=-all --bounding-set=-all -- "$D/pmuctl" --proc-root "$D/proc" --sysfs-root "$D/sys" doctor
	grep -qF "fix: sysctl -w kernel.perf_event_paranoid=0 " <<<"$output"
}

@test "doctor: a PMU directory this user cannot read is unreadable, not a driver to load" {
	cp -r "$GRACE" "$D/grace"
	chmod -R a+rX "$D"
	pcie=$(readlink -f "$D/grace/bus/event_source/devices/nvidia_pcie_pmu_0")
	chmod 000 "$pcie"
	run setpriv --reuid=nobody --inh-caps=-all sh -c 'exec "$0" "$@"' "$D/pmuctl" --sysfs-root "$D/grace" doctor
	chmod 755 "$pcie"
	[ "$status" -eq 1 ]
	line_of pmus.unreadable | grep -qF "FAIL pmus.unreadable 1 PMU the kernel registered cannot be read by this process (nvidia_pcie_pmu_0: Permission denied)"
	grep -qF "fix: sysfs creates PMU directories readable by all (0755): undo what changed their mode (ls -ld /sys/bus/event_source/devices/nvidia_pcie_pmu_0/), or run pmuctl as root" <<<"$output"
	line_of family.generic | grep -qF "FAIL family.generic 1 of 10 platform devices (arm-cs-arch-pmu.1.auto) show no PMU this process can read: the driver registered nvidia_pcie_pmu_0, which it cannot read (Permission denied)"
	[ "$(grep -c modprobe <<<"$output")" = 0 ]
}

@test "doctor: the driver's fix from what the kernel has of it: modules.dep, modules.builtin, sys/module, its config" {
	fake_proc 2 6.8.0-31-generic
	mods=$D/lib/modules/6.8.0-31-generic
	mkdir -p "$mods" "$D/boot"
	# a module the kernel ships: modprobe, said as known
	printf 'kernel/drivers/perf/dwc_pcie_pmu.ko.zst:\nkernel/drivers/perf/arm-cmn.ko.zst:\n' >"$mods/modules.dep"
	: >"$mods/modules.builtin"
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" -F "$FIX/yitian710-dwc/lspci-xxxx.txt" doctor
	[ "$status" -eq 1 ]
	grep -qF "fix: load its driver: modprobe dwc_pcie_pmu (/lib/modules/6.8.0-31-generic/modules.dep has it)" <<<"$output"
	# none: the kernel has no such module, and its config says why
	printf 'kernel/drivers/perf/arm-cmn.ko.zst:\n' >"$mods/modules.dep"
	printf '# CONFIG_DWC_PCIE_PMU is not set\n' >"$D/boot/config-6.8.0-31-generic"
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" -F "$FIX/yitian710-dwc/lspci-xxxx.txt" doctor
	grep -qF "fix: this kernel has no dwc_pcie_pmu (not in /lib/modules/6.8.0-31-generic/modules.dep and modules.builtin; its config leaves it unset): a kernel built with CONFIG_DWC_PCIE_PMU=m" <<<"$output"
	[ "$(grep -c 'modprobe dwc_pcie_pmu' <<<"$output")" = 0 ]
	# built in, or loaded: its probe failed, nothing to load
	printf 'kernel/drivers/perf/dwc_pcie_pmu.ko\n' >"$mods/modules.builtin"
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" -F "$FIX/yitian710-dwc/lspci-xxxx.txt" doctor
	grep -qF "fix: its driver is built in (/lib/modules/6.8.0-31-generic/modules.builtin) and took nothing: see why it failed, dmesg | grep -i pmu" <<<"$output"
	: >"$mods/modules.builtin"
	mkdir -p "$D/sys/module/dwc_pcie_pmu"
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/sys" -F "$FIX/yitian710-dwc/lspci-xxxx.txt" doctor
	grep -qF "fix: its driver is loaded (sys/module/dwc_pcie_pmu) and took nothing: see why it failed, dmesg | grep -i pmu" <<<"$output"
}

@test "doctor: a PMU without cpumask is a warning; stat counts it on the first online of its associated CPUs" {
	cp -r "$GRACE_LIVE" "$D/g"
	rm "$(readlink -f "$D/g/bus/event_source/devices/nvidia_pcie_pmu_0")/cpumask"
	pmuctl --proc-root "$D/proc" --sysfs-root "$D/g" doctor
	line_of pmus.cpumask | grep -qF "warn pmus.cpumask 1 PMU of families pmuctl knows has no cpumask file (nvidia_pcie_pmu_0): stat counts it on the first online CPU of its associated_cpus"
	# not every online CPU (each would count the whole again with -a), not the task (uncore
	# drivers refuse it): one CPU, as the driver's cpumask would name
	for a in "" -a; do
		pmuctl --sysfs-root "$D/g" -j stat --dry-run $a -e nvidia_pcie_pmu_0/cycles/
		[ "$status" -eq 0 ]
		[ "$(jq_py '[e["cpus"] for e in d["events"]]')" = "[[0]]" ]
	done
}

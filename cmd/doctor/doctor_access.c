// SPDX-License-Identifier: GPL-2.0
/*
 * doctor's access checks: perf_event_paranoid against the process's capabilities, the bounding
 * set, no_new_privs, the binary's file capabilities, lockdown, and the config space map reads.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/doctor/doctor.h"
#include "cmd/pmuctl.h"

static bool perfmon_capable(const struct doctor *d)
{
	/* security/commoncap.c: CAP_PERFMON exists from v5.8 (capability.h perfmon_capable()) */
	bool perfmon = !d->have_release || kernel_release_cmp(&d->release, 5, 8) >= 0;

	return d->have_priv && ((perfmon && privileges_has(d->priv.cap_eff, PRIV_CAP_PERFMON)) ||
				privileges_has(d->priv.cap_eff, PRIV_CAP_SYS_ADMIN));
}

/* The capability that lets a process count system-wide on this kernel */
static const char *perfmon_name(const struct doctor *d)
{
	return d->have_release && kernel_release_cmp(&d->release, 5, 8) < 0 ? "CAP_SYS_ADMIN" : "CAP_PERFMON";
}

static const char *perfmon_setcap(const struct doctor *d)
{
	return d->have_release && kernel_release_cmp(&d->release, 5, 8) < 0 ? "cap_sys_admin" : "cap_perfmon";
}

/* kernel/events/core.c perf_allow_cpu(): above 0, system-wide events need perfmon_capable() */
static bool paranoid_blocks(const struct doctor *d)
{
	return d->paranoid != INT_MIN && d->paranoid > 0 && !perfmon_capable(d);
}

/* Whether the bounding set lets anything this process runs gain the capability (unknown: yes) */
static bool can_gain(const struct doctor *d)
{
	if (!d->have_priv || !d->priv.has_caps)
		return true;
	return privileges_has(d->priv.cap_bnd, PRIV_CAP_SYS_ADMIN) ||
	       (!strcmp(perfmon_name(d), "CAP_PERFMON") && privileges_has(d->priv.cap_bnd, PRIV_CAP_PERFMON));
}

/* Whether exec raises file capabilities: the bounding set allows them and no_new_privs is off */
static bool file_caps_work(const struct doctor *d)
{
	return can_gain(d) && !(d->have_priv && d->priv.no_new_privs > 0);
}

static void check_paranoid(struct doctor *d, struct checks *c)
{
	char have[64];
	struct check *k;

	if (d->paranoid == INT_MIN) {
		k = checks_add(c, "perf.paranoid", CHECK_FAIL,
			       "sys/kernel/perf_event_paranoid is unreadable under the proc root: a kernel without perf events (CONFIG_PERF_EVENTS), or no /proc");
		check_fix(k, "a kernel built with CONFIG_PERF_EVENTS=y; in a container, mount /proc");
		return;
	}
	if (d->paranoid <= 0) {
		checks_add(c, "perf.paranoid", CHECK_OK,
			   "kernel.perf_event_paranoid = %d: every user may count system-wide, as uncore PMUs count",
			   d->paranoid);
		return;
	}
	privileges_names(d->have_priv ? d->priv.cap_eff : 0, have, sizeof(have));
	if (!paranoid_blocks(d)) {
		checks_add(c, "perf.paranoid", CHECK_OK,
			   "kernel.perf_event_paranoid = %d: system-wide counting needs %s (perf_allow_cpu), and this process has %s",
			   d->paranoid, strcmp(perfmon_name(d), "CAP_PERFMON") ? "CAP_SYS_ADMIN" : "CAP_PERFMON or CAP_SYS_ADMIN",
			   have);
		return;
	}
	k = checks_add(c, "perf.paranoid", CHECK_FAIL,
		       "kernel.perf_event_paranoid = %d and this process (uid %ld) has %s: uncore PMUs count system-wide only, which perf_event_open refuses with EACCES (perf_allow_cpu)%s",
		       d->paranoid, d->have_priv ? d->priv.uid : -1L,
		       strcmp(perfmon_name(d), "CAP_PERFMON") ? "no CAP_SYS_ADMIN (CAP_PERFMON arrived in v5.8)" : "neither CAP_PERFMON nor CAP_SYS_ADMIN",
		       d->paranoid >= 3 ? "; 3 is the Debian and Ubuntu setting (CONFIG_SECURITY_PERF_EVENTS_RESTRICT) that refuses every perf_event_open without it" : "");
	/* only the fixes that can work for this process: caps.bounding and caps.no_new_privs say why not the others */
	if (file_caps_work(d))
		check_fix(k, "sysctl -w kernel.perf_event_paranoid=0 (every user may count; kernel.perf_event_paranoid = 0 in /etc/sysctl.d/ keeps it), or give pmuctl %s: setcap %s+ep \"$(command -v pmuctl)\", or AmbientCapabilities=%s in its systemd unit",
			  perfmon_name(d), perfmon_setcap(d), perfmon_name(d));
	else if (can_gain(d))
		check_fix(k, "sysctl -w kernel.perf_event_paranoid=0 (every user may count; kernel.perf_event_paranoid = 0 in /etc/sysctl.d/ keeps it), or grant %s as an ambient capability (systemd AmbientCapabilities=%s): no_new_privs makes exec ignore a file capability",
			  perfmon_name(d), perfmon_name(d));
	else
		check_fix(k, "sysctl -w kernel.perf_event_paranoid=0 (every user may count; kernel.perf_event_paranoid = 0 in /etc/sysctl.d/ keeps it), or start pmuctl with %s in its bounding set (caps.bounding): no capability can be gained without it",
			  perfmon_name(d));
}

static void check_bounding(struct doctor *d, struct checks *c)
{
	struct check *k;

	if (!d->have_priv || !d->priv.has_caps) {
		checks_add(c, "caps.bounding", CHECK_SKIP, "this process's status has no capability lines");
		return;
	}
	if (can_gain(d)) {
		checks_add(c, "caps.bounding", CHECK_OK, "%s is in the bounding set: a file or an ambient capability can raise it",
			   privileges_has(d->priv.cap_bnd, PRIV_CAP_SYS_ADMIN) && strcmp(perfmon_name(d), "CAP_PERFMON") ?
			   "CAP_SYS_ADMIN" : privileges_has(d->priv.cap_bnd, PRIV_CAP_PERFMON) ? "CAP_PERFMON" : "CAP_SYS_ADMIN");
		return;
	}
	k = checks_add(c, "caps.bounding", paranoid_blocks(d) ? CHECK_FAIL : CHECK_WARN,
		       "the bounding set holds %s: nothing this process runs can gain %s, not a file capability, not sudo",
		       strcmp(perfmon_name(d), "CAP_PERFMON") ? "no CAP_SYS_ADMIN (CAP_PERFMON arrived in v5.8)" :
		       "neither CAP_PERFMON nor CAP_SYS_ADMIN", strcmp(perfmon_name(d), "CAP_PERFMON") ? "it" : "them");
	/* the capability this kernel has: CAP_PERFMON means nothing before v5.8 */
	check_fix(k, "whatever started pmuctl left it out: add %s to its bounding set (Kubernetes securityContext.capabilities.add: [%s]; docker run --cap-add %s; systemd CapabilityBoundingSet=%s)",
		  perfmon_name(d), perfmon_name(d) + 4, perfmon_name(d) + 4, perfmon_name(d));
}

static void check_no_new_privs(struct doctor *d, struct checks *c)
{
	struct check *k;

	if (!d->have_priv || d->priv.no_new_privs < 0) {
		checks_add(c, "caps.no_new_privs", CHECK_SKIP, "the kernel does not say (NoNewPrivs arrived in v4.10)");
		return;
	}
	if (!d->priv.no_new_privs) {
		checks_add(c, "caps.no_new_privs", CHECK_OK, "no_new_privs is off: file capabilities take effect at exec");
		return;
	}
	/* security/commoncap.c: under no_new_privs exec never raises file capabilities */
	k = checks_add(c, "caps.no_new_privs", d->exe_caps_state == 1 && paranoid_blocks(d) ? CHECK_FAIL : CHECK_WARN,
		       "no_new_privs is set: exec ignores file capabilities (and setuid), so setcap on pmuctl gives it nothing%s",
		       d->exe_caps_state == 1 ? ", and its binary carries some" : "");
	check_fix(k, "let the process gain them (Kubernetes allowPrivilegeEscalation: true; systemd NoNewPrivileges=no), or grant %s as an ambient capability, which no_new_privs keeps (systemd AmbientCapabilities=%s)",
		  perfmon_name(d), perfmon_name(d));
}

static void check_file_caps(struct doctor *d, struct checks *c)
{
	char names[64];
	struct check *k;

	switch (d->exe_caps_state) {
	case -1:
		checks_add(c, "caps.file", CHECK_SKIP, "the binary's security.capability attribute is unreadable");
		return;
	case -2:
		checks_add(c, "caps.file", CHECK_WARN, "the binary's security.capability attribute is no capability set the kernel reads: it is ignored");
		return;
	case 0:
		/* an ok check has no fix: perf.paranoid offers setcap where it can work */
		checks_add(c, "caps.file", CHECK_OK, "the binary carries no file capabilities: it runs with its caller's");
		return;
	default:
		break;
	}
	privileges_names(d->exe_caps.permitted, names, sizeof(names));
	if (!strcmp(names, "none")) {
		checks_add(c, "caps.file", CHECK_OK, "the binary carries file capabilities, none of them for counting");
		return;
	}
	k = checks_add(c, "caps.file", d->exe_caps.effective ? CHECK_OK : CHECK_WARN,
		       "the binary carries %s%s", names,
		       d->exe_caps.effective ? " (effective at exec)" : " permitted but not effective: pmuctl does not raise them itself");
	if (!d->exe_caps.effective)
		check_fix(k, "setcap %s+ep \"$(command -v pmuctl)\"", perfmon_setcap(d));
}

/*
 * fs/namei.c may_linkat(): with protected_hardlinks 0 a user may hard-link a file they do not
 * own, a setcap pmuctl among them, into a directory of theirs
 */
static void check_hardlinks(struct doctor *d, struct checks *c)
{
	char *s = NULL;
	struct check *k;
	bool zero;

	if (!d->have_proc || sysroot_read_trim(&d->proc, "sys/fs/protected_hardlinks", &s)) {
		checks_add(c, "fs.protected_hardlinks", CHECK_SKIP, "sys/fs/protected_hardlinks is unreadable under the proc root");
		free(s);
		return;
	}
	zero = !strcmp(s, "0");
	free(s);
	if (!zero) {
		checks_add(c, "fs.protected_hardlinks", CHECK_OK,
			   "fs.protected_hardlinks is on: no user can hard-link a setcap pmuctl they do not own into a directory of theirs");
		return;
	}
	k = checks_add(c, "fs.protected_hardlinks", d->exe_caps_state == 1 ? CHECK_WARN : CHECK_OK,
		       "fs.protected_hardlinks is 0: any user may hard-link a file they do not own into a directory of theirs%s",
		       d->exe_caps_state == 1 ? ", this setcap pmuctl too, which then runs with its capabilities from there "
		       "(pmuctl loads pmuctl-commands.so only from a directory root alone can write, and such a link "
		       "keeps an old binary after an upgrade replaced it)" : "; it matters once pmuctl carries a file capability");
	if (d->exe_caps_state == 1)
		check_fix(k, "sysctl -w fs.protected_hardlinks=1, and keep it in /etc/sysctl.d (systemd's 50-default.conf sets it)");
}

static void check_lockdown(struct doctor *d, struct checks *c)
{
	char *s = NULL, mode[32];

	if (!d->have_sys || sysroot_read_trim(&d->sys, "kernel/security/lockdown", &s) ||
	    !kernel_lockdown_mode(s, mode, sizeof(mode))) {
		checks_add(c, "lockdown", CHECK_SKIP, "no lockdown file (kernel/security/lockdown): no lockdown LSM, or securityfs is not mounted");
		free(s);
		return;
	}
	free(s);
	if (!strcmp(mode, "none"))
		checks_add(c, "lockdown", CHECK_OK, "lockdown is none");
	else
		checks_add(c, "lockdown", CHECK_OK,
			   "lockdown is %s: counting is unaffected, perf_event_open refuses under it only PERF_SAMPLE_REGS_INTR samples (kernel/events/core.c), which pmuctl never asks",
			   mode);
}

/* drivers/pci/pci-sysfs.c pci_read_config(): without CAP_SYS_ADMIN the file ends at 64 bytes */
static void check_config_space(struct doctor *d, struct checks *c)
{
	struct check *k;

	if (!d->have_topo) {
		checks_add(c, "pci.config", CHECK_SKIP, "no PCI tree read (no bus/pci under the sysfs root, no -F dump)");
		return;
	}
	if (settings.pci_dump) {
		checks_add(c, "pci.config", CHECK_OK, "the PCI tree is read from a dump (-F): its config space is what the dump holds");
		return;
	}
	if (d->have_priv && privileges_has(d->priv.cap_eff, PRIV_CAP_SYS_ADMIN)) {
		checks_add(c, "pci.config", CHECK_OK, "this process reads each function's whole config space (CAP_SYS_ADMIN): map sees the capabilities that locate functions");
		return;
	}
	k = checks_add(c, "pci.config", CHECK_WARN,
		       "without CAP_SYS_ADMIN sysfs gives 64 bytes of each function's config space (pci_read_config): map and these checks cannot read the capabilities that locate functions (an RC map, a RAS DES capability) or link status");
	check_fix(k, "run map as root, or read a dump root made: sudo lspci -xxxx > dump, then pmuctl -F dump map");
}

void doctor_access(struct doctor *d, struct checks *c)
{
	check_paranoid(d, c);
	check_bounding(d, c);
	check_no_new_privs(d, c);
	check_file_caps(d, c);
	check_hardlinks(d, c);
	check_lockdown(d, c);
	check_config_space(d, c);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * doctor's machine checks: the kernel release, guests without uncore PMUs, each family whose
 * hardware shows without its PMUs, and the driver behaviours of this release pmuctl knows.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd/doctor/doctor.h"
#include "cmd/pmuctl.h"
#include "pmu/drivers/count.h"
#include "pmu/family/family.h"

void doctor_release(struct doctor *d, struct checks *c)
{
	if (!d->release_text[0])
		checks_add(c, "kernel.release", CHECK_SKIP, "sys/kernel/osrelease is unreadable under the proc root");
	else if (!d->have_release)
		checks_add(c, "kernel.release", CHECK_WARN, "Linux '%s': no MAJOR.MINOR in it, so no driver behaviour below is judged by release",
			   d->release_text);
	else
		checks_add(c, "kernel.release", CHECK_OK, "Linux %s", d->release_text);
}

/* DMI's words for virtual machines (systemd's detect-virt table, the vendors of arm64 clouds) */
static const struct {
	const char *vendor, *product;	/* product NULL: any */
} vm_dmi[] = {
	{ "QEMU", NULL }, { "KVM", NULL }, { "VMware", NULL }, { "innotek GmbH", NULL },
	{ "Xen", NULL }, { "Parallels", NULL }, { "Microsoft Corporation", "Virtual Machine" },
	{ "Google", NULL }, { "Alibaba Cloud", "Alibaba Cloud ECS" }, { "OpenStack", NULL },
	{ "Huawei Cloud", NULL }, { "Oracle Corporation", "VirtualBox" },
};

static char *read_text(const struct doctor *d, const char *rel)
{
	char *s = NULL;

	if (!d->have_sys || sysroot_read_trim(&d->sys, rel, &s)) {
		free(s);
		return NULL;
	}
	return s;
}

/* Whether the first CPU's flags in cpuinfo hold "hypervisor" (x86's CPUID.1:ECX bit 31, as detect-virt reads it) */
static bool cpu_flag_hypervisor(const struct doctor *d)
{
	char buf[65536];
	const char *flags, *end;
	ssize_t n;
	int fd;

	if (!d->have_proc || (fd = sysroot_openat(&d->proc, "cpuinfo", O_RDONLY | O_CLOEXEC)) < 0)
		return false;
	/* the first CPU's block is within a page or two; a large machine's whole file is not read */
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	flags = strstr(buf, "\nflags");
	if (!flags || !(flags = strchr(flags, ':')))
		return false;
	end = strchrnul(flags, '\n');
	for (const char *p = flags; (p = strstr(p, " hypervisor")) && p < end; p++)
		if (p[11] == ' ' || p[11] == '\n' || p[11] == '\0')
			return true;
	return false;
}

/* What says the machine is a guest, in buf; false when nothing does */
static bool guest_evidence(const struct doctor *d, char *buf, size_t size)
{
	char *vendor = read_text(d, "class/dmi/id/sys_vendor"), *product = read_text(d, "class/dmi/id/product_name");
	char *xen = read_text(d, "hypervisor/type");
	bool guest = false;

	if (xen && xen[0]) {
		snprintf(buf, size, "/sys/hypervisor/type says %s", xen);
		guest = true;
	}
	/* AWS names its bare-metal instances *.metal, its guests otherwise (c7g.16xlarge) */
	if (!guest && vendor && !strcmp(vendor, "Amazon EC2") && product && !strstr(product, ".metal")) {
		snprintf(buf, size, "DMI: %s %s (not a .metal instance)", vendor, product);
		guest = true;
	}
	for (size_t i = 0; !guest && vendor && i < sizeof(vm_dmi) / sizeof(vm_dmi[0]); i++) {
		if (strncmp(vendor, vm_dmi[i].vendor, strlen(vm_dmi[i].vendor)))
			continue;
		if (vm_dmi[i].product && (!product || strncmp(product, vm_dmi[i].product, strlen(vm_dmi[i].product))))
			continue;
		snprintf(buf, size, "DMI: %s%s%s", vendor, product ? " " : "", product ? product : "");
		guest = true;
	}
	if (!guest && cpu_flag_hypervisor(d)) {
		snprintf(buf, size, "the CPU flags in /proc/cpuinfo include hypervisor");
		guest = true;
	}
	if (!guest && d->have_sys && sysroot_is_dir(&d->sys, "firmware/devicetree/base/hypervisor")) {
		snprintf(buf, size, "the device tree has a hypervisor node");
		guest = true;
	}
	free(vendor);
	free(product);
	free(xen);
	return guest;
}

static size_t known_pmus(const struct doctor *d)
{
	size_t n = 0;

	for (size_t i = 0; i < d->pmus.n; i++)
		n += pmu_family_known(&d->pmus.v[i]);
	return n;
}

static void check_guest(struct doctor *d, struct checks *c)
{
	char why[256];
	size_t n = known_pmus(d);
	struct check *k;

	if (!d->have_sys) {
		checks_add(c, "machine.guest", CHECK_SKIP, "no sysfs root to look at");
		return;
	}
	if (!guest_evidence(d, why, sizeof(why))) {
		checks_add(c, "machine.guest", CHECK_OK, "no hypervisor seen (DMI, /sys/hypervisor, the CPU flags, the device tree)");
		return;
	}
	if (n) {
		checks_add(c, "machine.guest", CHECK_OK, "a guest (%s), with %zu uncore PMU%s passed to it", why, n, n == 1 ? "" : "s");
		return;
	}
	k = checks_add(c, "machine.guest", CHECK_FAIL,
		       "a guest (%s) without uncore PMUs: hypervisors give guests the CPU's PMU at most, never the SoC's", why);
	check_fix(k, "count on the host, or on a bare-metal instance (AWS: a .metal type)");
}

/*
 * An uncore PMU counts on the one CPU its cpumask names; without the file a tool has to pick:
 * pmuctl the first online of its associated_cpus (what arm_cspmu puts in cpumask), or, with
 * neither, every online CPU, each counting the whole again
 */
static void check_cpumask(const struct doctor *d, struct checks *c)
{
	const struct pmu *first = NULL;
	size_t n = 0, unplaced = 0;
	struct check *k;

	for (size_t i = 0; i < d->pmus.n; i++) {
		const struct pmu *p = &d->pmus.v[i];
		const struct pmu_attrs *at = pmu_attrs(p);

		if (!pmu_family_known(p) || (at->has_cpumask && at->cpumask.n) || p->hwmon)
			continue;
		first = first ? first : p;
		n++;
		unplaced += !(at->has_associated && at->associated.n);
	}
	if (!n)
		return;
	k = checks_add(c, "pmus.cpumask", CHECK_WARN,
		       "%zu PMU%s of families pmuctl knows %s no cpumask file (%s%s): stat counts %s on the first online CPU of its associated_cpus%s",
		       n, n == 1 ? "" : "s", n == 1 ? "has" : "have", first->name, n > 1 ? ", ..." : "", n == 1 ? "it" : "each",
		       unplaced ? "; those with no associated_cpus either are counted on every online CPU with -a, each CPU counting the whole again" : "");
	check_fix(k, "a driver that writes cpumask (every upstream uncore driver does): check the kernel and the module");
}

static void check_pmus(struct doctor *d, struct checks *c)
{
	size_t n = known_pmus(d);
	struct check *k;

	if (!d->have_sys) {
		checks_add(c, "pmus", CHECK_SKIP, "no sysfs root to look at");
		return;
	}
	if (d->nunread) {
		k = checks_add(c, "pmus.unreadable", CHECK_FAIL,
			       "%zu PMU%s the kernel registered cannot be read by this process (%s: %s%s): left out of every count, and of the checks below",
			       d->nunread, d->nunread == 1 ? "" : "s", d->unread[0].name, strerror(d->unread[0].err),
			       d->nunread > 1 ? ", ..." : "");
		check_fix(k, "sysfs creates PMU directories readable by all (0755): undo what changed their mode (ls -ld /sys/bus/event_source/devices/%s/), or run pmuctl as root",
			  d->unread[0].name);
	}
	check_cpumask(d, c);
	if (n) {
		checks_add(c, "pmus", CHECK_OK, "%zu PMUs, %zu of them of families pmuctl knows (pmuctl list)", d->pmus.n, n);
		return;
	}
	if (!d->pmus.n) {
		k = checks_add(c, "pmus", CHECK_WARN, "no PMUs under the sysfs root (bus/event_source/devices, hwmon)");
		check_fix(k, "the checks below name the driver of any hardware they see; pmuctl list --help names the families pmuctl knows");
		return;
	}
	k = checks_add(c, "pmus", CHECK_WARN, "%zu PMUs, none of a family pmuctl knows: it counts them generically, without locations or formulas",
		       d->pmus.n);
	check_fix(k, "pmuctl list shows them; pmuctl list --help names the families pmuctl knows");
}

/*
 * A PMU the kernel registered for this hardware and this process cannot read, one of the
 * family's or one below its bare device; NULL when none
 */
static const struct doctor_unread *family_unread(const struct doctor *d, const struct presence *p)
{
	char below[80];

	snprintf(below, sizeof(below), "/%s/", p->bare_example);
	for (size_t i = 0; i < d->nunread; i++)
		if (d->unread[i].family == p->family || (p->bare_example[0] && strstr(d->unread[i].target, below)))
			return &d->unread[i];
	return NULL;
}

/* The release a family's driver arrived in, from its since ("v6.8, torvalds/linux af9597adc2f1") */
static bool since_release(const struct family_hardware *hw, int *major, int *minor)
{
	return hw->since && sscanf(hw->since, "v%d.%d", major, minor) == 2;
}

/*
 * The fix for hardware whose driver registered nothing, from what the kernel has of it: a
 * release older than the driver, a driver loaded or built in whose probe failed, a module to
 * load, or a kernel without it. Returns the check's status.
 */
static enum check_status driver_fix(const struct doctor *d, const struct family_hardware *hw, struct check *k)
{
	char where[192], config;
	int major, minor;

	if (d->have_release && since_release(hw, &major, &minor) &&
	    kernel_release_cmp(&d->release, major, minor) < 0) {
		check_fix(k, "Linux %d.%d is older than its driver (%s, %s): no modprobe can load it; a kernel from v%d.%d, or one with %s backported",
			  d->release.major, d->release.minor, hw->module, hw->since, major, minor, hw->config);
		return CHECK_FAIL;
	}
	switch (doctor_module(d, hw->module, where, sizeof(where))) {
	case MODULE_LOADED:
	case MODULE_BUILTIN:
		check_fix(k, "its driver is %s (%s) and took nothing: see why it failed, dmesg | grep -i pmu",
			  where[0] == 's' ? "loaded" : "built in", where);
		return CHECK_FAIL;
	case MODULE_AVAILABLE:
		check_fix(k, "load its driver: modprobe %s (%s has it)", hw->module, where);
		return CHECK_FAIL;
	case MODULE_ABSENT:
		config = doctor_config(d, hw->config);
		check_fix(k, "this kernel has no %s (not in %s%s): a kernel built with %s=m (%s)", hw->module, where,
			  config == 'n' ? "; its config leaves it unset" : "", hw->config, hw->since);
		return CHECK_FAIL;
	default:
		check_fix(k, "load its driver: modprobe %s; a kernel without it needs %s (%s)", hw->module, hw->config,
			  hw->since);
		return CHECK_FAIL;
	}
}

static void check_family(const struct doctor *d, const struct presence *p, struct checks *c)
{
	const struct family_hardware *hw = p->family->hardware;
	char id[64];
	size_t shown = p->pci + p->platform;
	const char *what = p->pci ? (p->pci == 1 ? "PCI function" : "PCI functions") :
				    (p->platform == 1 ? "platform device" : "platform devices");
	struct check *k;

	snprintf(id, sizeof(id), "family.%s", p->family->id);
	/* a PMU that is there but unreadable: no driver to load */
	if (shown && hw && (!p->pmus || (p->platform_bare && p->pmus < p->platform)) && family_unread(d, p)) {
		const struct doctor_unread *u = family_unread(d, p);

		if (p->pmus)
			k = checks_add(c, id, CHECK_FAIL, "%zu of %zu platform devices (%s) show no PMU this process can read: the driver registered %s, which it cannot read (%s)",
				       p->platform_bare, p->platform, p->bare_example, u->name, strerror(u->err));
		else
			k = checks_add(c, id, CHECK_FAIL, "%zu %s (%s) show%s %s hardware, and the kernel registered %s for it, which this process cannot read (%s)",
				       shown, what, p->example, shown == 1 ? "s" : "", p->family->title, u->name, strerror(u->err));
		check_fix(k, "see pmus.unreadable: the driver is loaded");
		return;
	}
	if (shown && hw && !p->pmus) {
		k = checks_add(c, id, CHECK_FAIL, "%zu %s (%s) show%s %s hardware, and the kernel registered none of its PMUs",
			       shown, what, p->example, shown == 1 ? "s" : "", p->family->title);
		if (k)
			k->status = driver_fix(d, hw, k);
		return;
	}
	/* a driver that sets no pmu.parent (older kernels) puts its PMU in /sys/devices, not
	 * below its device: bare devices matter only when PMUs are missing */
	if (p->platform_bare && hw && p->pmus < p->platform) {
		k = checks_add(c, id, CHECK_WARN, "%zu of %zu platform devices (%s) have no PMU below them: their driver did not take them",
			       p->platform_bare, p->platform, p->bare_example);
		check_fix(k, "modprobe %s, and see its messages: dmesg | grep -i pmu", hw->module);
		return;
	}
	if (p->platform && hw)
		checks_add(c, id, CHECK_OK, "%zu PMU%s, on %zu %s (%s*)", p->pmus, p->pmus == 1 ? "" : "s", shown,
			   what, hw->platform);
	else if (shown)
		checks_add(c, id, CHECK_OK, "%zu PMU%s, on %zu %s (%s...)", p->pmus, p->pmus == 1 ? "" : "s", shown,
			   what, p->example);
	else
		checks_add(c, id, CHECK_OK, "%zu PMU%s", p->pmus, p->pmus == 1 ? "" : "s");
	/* what its PMUs cannot tell of PCIe, as map says it: a limit of the hardware, not a fault */
	if (p->pmus && p->family->map_unknown) {
		snprintf(id, sizeof(id), "family.%s.pci", p->family->id);
		checks_add(c, id, CHECK_SKIP, "no PCI function is counted alone: %s", p->family->map_unknown);
	}
}

/* Families of one driver say its changes alike: one row for them all */
static bool same_changes(const struct kernel_change *a, const struct kernel_change *b)
{
	for (; a && b && a->what && b->what; a++, b++)
		if (a->major != b->major || a->minor != b->minor || strcmp(a->what, b->what))
			return false;
	return a && b && !a->what && !b->what;
}

static bool row_seen(const struct presence *v, size_t upto, const struct kernel_change *rows)
{
	for (size_t i = 0; i < upto; i++)
		if (same_changes(v[i].family->kernel_changes, rows))
			return true;
	return false;
}

static void check_change(const struct doctor *d, const struct presence *p, const struct kernel_change *r,
			 struct checks *c)
{
	char id[64];
	struct check *k;
	int n = 1;

	if (!r->major) {
		snprintf(id, sizeof(id), "kernel.%s", p->family->id);
		checks_add(c, id, CHECK_OK, "%s. Source: %s. pmuctl: %s", r->what, r->source, r->pmuctl_does);
		return;
	}
	snprintf(id, sizeof(id), "kernel.%s.v%d.%d", p->family->id, r->major, r->minor);
	/* ids stay unique: a release's second change of a family is .2 */
	for (const struct kernel_change *o = p->family->kernel_changes; o < r; o++)
		n += o->major == r->major && o->minor == r->minor;
	if (n > 1)
		snprintf(id + strlen(id), sizeof(id) - strlen(id), ".%d", n);
	if (!d->have_release) {
		checks_add(c, id, CHECK_SKIP, "from v%d.%d: %s. Source: %s. The release is unknown", r->major, r->minor, r->what, r->source);
		return;
	}
	if (kernel_release_cmp(&d->release, r->major, r->minor) >= 0) {
		checks_add(c, id, CHECK_OK, "from v%d.%d: %s. Source: %s. pmuctl: %s", r->major, r->minor, r->what, r->source, r->pmuctl_does);
		return;
	}
	k = checks_add(c, id, CHECK_WARN, "Linux %d.%d is older than v%d.%d, where %s. Source: %s. pmuctl: %s", d->release.major,
		       d->release.minor, r->major, r->minor, r->what, r->source, r->pmuctl_does);
	check_fix(k, "a kernel from v%d.%d, or one with the change backported", r->major, r->minor);
}

/* Files beyond sysfs a family reads (debugfs): the first of its PMUs that could not read them */
static void check_unread(const struct doctor *d, const struct pmu_family *f, struct checks *c)
{
	char id[64], what[256], fix[256];
	size_t n = 0;
	struct check *k;

	for (size_t i = 0; i < d->pmus.n; i++) {
		if (d->pmus.v[i].family != f)
			continue;
		n++;
		if (!f->ops->locate.unread(&d->pmus.v[i], what, sizeof(what), fix, sizeof(fix)))
			continue;
		snprintf(id, sizeof(id), "family.%s.files", f->id);
		k = checks_add(c, id, CHECK_WARN, "%s: %s", d->pmus.v[i].name, what);
		check_fix(k, "%s", fix);
		return;
	}
	if (n) {
		snprintf(id, sizeof(id), "family.%s.files", f->id);
		checks_add(c, id, CHECK_OK, "%zu PMU%s: every file the family reads beyond sysfs was read", n,
			   n == 1 ? "" : "s");
	}
}

/* Blocks a run left programmed when it ended without restoring them: said only when there are */
static void check_records(struct doctor *d, struct checks *c)
{
	struct diag stale = { 0 };
	struct check *k;

	if (!d->have_sys)
		return;
	/* each family's own driver once: several families may count through one */
	for (size_t i = 0; pmu_families[i]; i++) {
		const struct count_driver *drv = pmu_families[i]->ops->rules.driver;
		bool seen = false;

		for (size_t j = 0; j < i && !seen; j++)
			seen = pmu_families[j]->ops->rules.driver == drv;
		if (drv && drv->stale && !seen)
			drv->stale(&d->sys, &stale);
	}
	for (size_t i = 0; i < stale.n; i++) {
		k = checks_add(c, "counters.left_programmed", CHECK_WARN, "%s", stale.msg[i]);
		check_fix(k, "run any pmuctl stat on the block (it restores them first), or write the values before back by hand");
	}
	diag_free(&stale);
}

void doctor_machine(struct doctor *d, struct checks *c)
{
	check_guest(d, c);
	check_pmus(d, c);
	check_records(d, c);
	for (size_t i = 0; i < d->npresent; i++) {
		check_family(d, &d->present[i], c);
		if (d->present[i].family->ops->locate.unread)
			check_unread(d, d->present[i].family, c);
	}
	/* each family's rows once, though several families of one driver share them */
	for (size_t i = 0; i < d->npresent; i++) {
		const struct kernel_change *rows = d->present[i].family->kernel_changes;

		if (!rows || row_seen(d->present, i, rows))
			continue;
		for (const struct kernel_change *r = rows; r->what; r++)
			check_change(d, &d->present[i], r, c);
	}
}

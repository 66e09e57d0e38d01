// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon PCIe PMU, one per PCIe core of a Hip09 SICL: hisi_pcie<sicl>_core<core>
 * (drivers/perf/hisilicon/hisi_pcie_pmu.c, hisi-pcie-pmu.rst).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/strnum.h"
#include "pmu/devmap.h"
#include "pmu/encode.h"
#include "pmu/family/family.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"
#include "topology/pcitopo.h"

#define HISI_PCIE_DOC "hisi-pcie-pmu.rst"
/* HISI_PCIE_MAX_COUNTERS; HISI_PCIE_THR_MAX_VAL and HISI_PCIE_TRIG_MAX_VAL */
#define HISI_PCIE_COUNTERS 8
#define HISI_PCIE_LEN_MAX 10

/* What the name and the bus file say, and the buses below its root ports, in struct pmu's priv */
struct hisi_pcie_pmu {
	int sicl, core;
	int bus;		/* of the root ports it monitors; -1 if unreadable */
	int rp_lo, rp_hi;	/* bdf_min and bdf_max when sysfs has them (newer kernels); -1: bus alone */
	int below_lo, below_hi;	/* the buses below those root ports; -1: no PCI tree to say */
};
_Static_assert(sizeof(struct hisi_pcie_pmu) <= PMU_PRIV_SIZE, "struct hisi_pcie_pmu outgrew PMU_PRIV_SIZE");

static const struct hisi_pcie_pmu *hp_of(const struct pmu *p)
{
	return (const struct hisi_pcie_pmu *)p->priv;
}

/* hisi_pcie_alloc_pmu(): "hisi_pcie%u_core%u" of the SICL and core ids */
static bool decode(struct pmu *p)
{
	struct hisi_pcie_pmu *h = (struct hisi_pcie_pmu *)p->priv;
	const char *s = p->name + strlen("hisi_pcie"), *core;

	if (strncmp(p->name, "hisi_pcie", 9) || !(core = strstr(s, "_core")))
		return false;
	h->bus = h->rp_lo = h->rp_hi = h->below_lo = h->below_hi = -1;
	return family_decimal(s, (size_t)(core - s), &h->sicl) &&
	       family_decimal(core + 5, strlen(core + 5), &h->core);
}

/* The devfn of a sysfs PCI name "0000:bb:dd.f" */
static int devfn_of(const char *name)
{
	unsigned dev = 0, fn = 0;

	sscanf(name, "%*x:%*x:%x.%u", &dev, &fn);
	return (int)((dev & 0x1f) << 3 | (fn & 7));
}

/* Whether the root port at bus:devfn is the core's: within bdf_min..bdf_max, or on its bus */
static bool own_port(const struct hisi_pcie_pmu *h, int bus, int devfn)
{
	int bdf = bus << 8 | devfn;

	if (h->rp_lo >= 0)
		return bdf >= h->rp_lo && bdf <= h->rp_hi;
	return bus == h->bus;
}

/*
 * The buses below the core's root ports (the driver's bdf_min to bdf_max; where sysfs shows
 * only their bus, every bridge on it), from their headers in sysfs
 */
static void read_ports(const struct sysroot *machine, struct hisi_pcie_pmu *h)
{
	char **names = NULL, prefix[16];
	size_t n = 0;

	snprintf(prefix, sizeof(prefix), "0000:%02x:", h->bus);
	if (sysroot_list(machine, "bus/pci/devices", &names, &n))
		return;
	for (size_t i = 0; i < n; i++) {
		char rel[96], *cfg = NULL;
		size_t len = 0;

		if (strncmp(names[i], prefix, strlen(prefix)) ||
		    sysroot_path(rel, sizeof(rel), "bus/pci/devices/%s/config", names[i]) ||
		    sysroot_read(machine, rel, &cfg, &len))
			continue;
		/* a type 1 header: secondary and subordinate bus */
		if (len >= 0x1b && (cfg[0x0e] & 0x7f) == 1 && cfg[0x19] && own_port(h, h->bus, devfn_of(names[i]))) {
			int lo = (unsigned char)cfg[0x19], hi = (unsigned char)cfg[0x1a];

			h->below_lo = h->below_lo < 0 || lo < h->below_lo ? lo : h->below_lo;
			h->below_hi = hi > h->below_hi ? hi : h->below_hi;
		}
		free(cfg);
	}
	strv_free(names, n);
}

/*
 * bdf_min or bdf_max: a BDF as "bb:dd.f" (the form HNS3's files of the same name take) or as a
 * number; -1 when absent or neither
 */
static int read_bdf(const struct sysroot *dir, const char *file)
{
	char *text = NULL;
	unsigned bus, dev, fn;
	uint64_t v;
	int n = 0, bdf = -1;

	if (sysroot_read_trim(dir, file, &text))
		return -1;
	if (sscanf(text, "%2x:%2x.%1u%n", &bus, &dev, &fn, &n) == 3 && !text[n] && dev < 32 && fn < 8)
		bdf = (int)(bus << 8 | dev << 3 | fn);
	else if (!strnum_u64(text, 16, 0xffff, &v))
		bdf = (int)v;
	free(text);
	return bdf;
}

/*
 * bus_show(): "%#04x" of PCI_BUS_NUM(bdf_min), so bus 0 reads "0000" and the others "0x80"
 * (torvalds/linux 006d9e3df639); hisi-pcie-pmu.rst from v6.13 also names bdf_min and bdf_max
 * files, the exact range the driver checks a requester's root port against
 */
static void read_extra(const struct sysroot *dir, const struct sysroot *machine, struct pmu *p,
		       struct diag *diag)
{
	struct hisi_pcie_pmu *h = (struct hisi_pcie_pmu *)p->priv;
	char *text = NULL;
	uint64_t v;
	int lo = read_bdf(dir, "bdf_min"), hi = read_bdf(dir, "bdf_max");

	if (lo >= 0 && hi >= lo) {
		h->rp_lo = lo;
		h->rp_hi = hi;
	}
	if (!sysroot_read_trim(dir, "bus", &text)) {
		if (!strnum_u64(text, 16, 0xff, &v))
			h->bus = (int)v;
		else
			diag_add(diag, "PMU '%s': bus file '%.20s' is no bus number", p->name, text);
		free(text);
	}
	if (h->bus < 0 && h->rp_lo >= 0)
		h->bus = h->rp_lo >> 8;
	if (h->bus >= 0)
		read_ports(machine, h);
}

static void location(const struct pmu *p, char *buf, size_t size)
{
	const struct hisi_pcie_pmu *h = hp_of(p);

	if (h->bus >= 0)
		snprintf(buf, size, "sicl %d, core %d, bus %02x", h->sicl, h->core, h->bus);
	else
		snprintf(buf, size, "sicl %d, core %d", h->sicl, h->core);
}

static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	const struct hisi_pcie_pmu *h = hp_of(p);

	out[0] = (struct pmu_field){ .key = "sicl", .kind = FIELD_INT, .num = h->sicl };
	out[1] = (struct pmu_field){ .key = "core", .kind = FIELD_INT, .num = h->core };
	out[2] = (struct pmu_field){ .key = "bus", .kind = FIELD_INT, .num = h->bus, .null = h->bus < 0 };
	return 3;
}

/* The hardware event, bits 0-15: a pair's counter (xxx_flux) and ext counter (xxx_time) share it */
static unsigned int real_event(const struct plan_event *e)
{
	return (unsigned int)(e->config[0] & 0xffff);
}

/* The document's bandwidth events are the xxx_flux / xxx_time pairs, hardware events 0x..04, 0x..05 */
static bool bandwidth_event(const struct plan_event *e)
{
	return (real_event(e) & 0xff) == 0x04 || (real_event(e) & 0xff) == 0x05;
}

/*
 * hisi_pcie_pmu_valid_requester_id(): without a port, the requester's root port must be one
 * of the PMU's (bdf_min to bdf_max): a function on their bus, or on a bus below them. Without
 * the PCI tree in sysfs, a bus before theirs is never below them.
 */
static bool requester_below(const struct hisi_pcie_pmu *h, uint64_t bdf)
{
	int b = (int)(bdf >> 8);

	if (h->bus < 0)
		return true;	/* nothing to judge by */
	if (b == h->bus)
		return own_port(h, b, (int)(bdf & 0xff));
	if (h->below_lo < 0)
		return b > h->bus;
	return b >= h->below_lo && b <= h->below_hi;
}

/*
 * hisi_pcie_pmu_valid_filter(): -EINVAL for thr_len or trig_len above 10, and without a port
 * for a requester below none of the PMU's root ports; hisi_pcie_pmu_validate_event_group():
 * -EINVAL for a group needing more than its 8 counters. What it accepts but the document
 * calls meaningless goes to warn.
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	const struct hisi_pcie_pmu *h = hp_of(e->pmu);
	bool bdf_given;
	uint64_t port = ev_field(e, "port", NULL), bdf = ev_field(e, "bdf", &bdf_given);
	uint64_t thr_len = ev_field(e, "thr_len", NULL), trig_len = ev_field(e, "trig_len", NULL);

	if (thr_len > HISI_PCIE_LEN_MAX || trig_len > HISI_PCIE_LEN_MAX)
		return rule_err(err, e, -EINVAL,
				"thr_len and trig_len are at most 10 (2^10 DW) on '%s' (hisi_pcie_pmu_valid_filter)",
				e->pmu->name);
	if (!port && !requester_below(h, bdf))
		return rule_err(err, e, -EINVAL,
				"'%s' needs port= or the bdf= of a function below its root ports (on bus %02x): 0000:%02llx:%02llx.%llu is below none of them (hisi_pcie_pmu_valid_requester_id); pmuctl map shows the PMU that sees it",
				e->pmu->name, h->bus, (unsigned long long)(bdf >> 8), (unsigned long long)((bdf >> 3) & 0x1f),
				(unsigned long long)(bdf & 7));
	if (e->group >= 0 && rules_group_counters(set, i, HISI_PCIE_COUNTERS) > HISI_PCIE_COUNTERS)
		return rule_err(err, e, -EINVAL,
				"the group needs more than %d counters on '%s' (events of one hardware event and filter share one): the driver refuses it (hisi_pcie_pmu_validate_event_group); split the group",
				HISI_PCIE_COUNTERS, e->pmu->name);
	if (!bandwidth_event(e) && (thr_len || trig_len))
		diag_add(warn, "%s: thr_len/trig_len on a latency event: the driver takes it, but \"this filter can only be used in bandwidth events\" (" HISI_PCIE_DOC ")",
			 e->event);
	if (!port && !bdf_given)
		diag_add(warn, "%s: neither port nor bdf: \"one of these two interfaces must be set\" (" HISI_PCIE_DOC "); the driver then counts the requests of 00:00.0 (bdf=0) alone: add port=0xffff for every port",
			 e->event);
	if (port && bdf_given)
		diag_add(warn, "%s: port and bdf both: \"only port filter is valid\" (" HISI_PCIE_DOC "), the bdf is ignored",
			 e->event);
	return 0;
}

/* A latency event with a bdf (per device, most often): said once for the plan, not per event */
static void check_plan(const struct pmu_family *f, const struct plan *set, struct diag *warn)
{
	const struct plan_event *first = NULL;
	size_t n = 0;

	for (size_t i = 0; i < set->n; i++) {
		const struct plan_event *e = &set->v[i];
		bool bdf_given;

		if (!e->pmu || e->pmu->family != f || bandwidth_event(e) ||
		    ev_field(e, "port", NULL))
			continue;
		ev_field(e, "bdf", &bdf_given);
		if (!bdf_given)
			continue;
		first = first ? first : e;
		n++;
	}
	if (n)
		diag_add(warn, "%zu latency event%s with bdf= (%s%s): the driver takes it, but \"bdf filter can only be used in bandwidth events\" (" HISI_PCIE_DOC "): count latency by port= (--per-device does where a function is alone below its port)",
			 n, n == 1 ? "" : "s", first->event, n > 1 ? ", ..." : "");
}

/* hisi_pcie_pmu_cmp_event(): events with the same control value (hardware event and filters) */
static uint64_t counter_key(const struct plan_event *e)
{
	return real_event(e) | (e->config[1] & 0xfff) << 16 | (e->config[2] & 0xffffffff) << 28;
}

/* "They need to start and end counting at the same time": a pair is one group (the document) */
static bool together(const struct plan *set, size_t i, size_t k)
{
	return counter_key(&set->v[i]) == counter_key(&set->v[k]);
}

static bool together_key(const struct plan *set, size_t i, uint64_t key[2])
{
	key[0] = counter_key(&set->v[i]);
	key[1] = 0;
	return true;
}

/* The port bit of a root port: the document's two examples, 00:00.0 bit 0 and 00:04.0 bit 8 */
static int port_bit(const struct pcifn *rp)
{
	int bit = rp->dev * 2;

	return rp->fn || bit >= 16 ? -1 : bit;
}

/*
 * Each root port on a core's bus (domain 0, as the driver's own device) is that core's: it and
 * everything below it are placed at the core (rc), its port bit the root port's number (rp); a
 * function is selected by its requester ID (bdf=), a root port's traffic by its bit (port=)
 */
static void map_functions(const struct pmu_family *f, const struct pcitopo *t, const struct pmu_list *pmus,
			  struct devmap_fn *maps)
{
	for (size_t k = 0; pmus && k < pmus->n; k++) {
		const struct pmu *p = &pmus->v[k];
		const struct hisi_pcie_pmu *h = hp_of(p);

		if (p->family != f || h->bus < 0)
			continue;
		for (size_t i = 0; i < t->n; i++) {
			const struct pcifn *rp;
			struct devmap_fn *m = &maps[i];
			int bit;

			if (m->at.root_port < 0 || m->at.by)
				continue;
			rp = &t->fn[m->at.root_port];
			if (rp->domain || !own_port(h, rp->bus, rp->dev << 3 | rp->fn))
				continue;
			bit = port_bit(rp);
			m->at.rc = h->core;
			m->at.rp = bit;
			m->at.by = f;
			/* a switch port makes no requests of its own: it is placed, not selected */
			if (t->fn[i].cfg.bridge && (ssize_t)i != m->at.root_port)
				continue;
			fn_pmu_name(&m->requester, pmus, f, "%s", p->name);
			m->requester.event = "rx_mwr_flux";
			fn_filter_add(&m->requester.function, "bdf", m->src_bdf, FN_BDF);
			if (bit >= 0)
				fn_filter_add(&m->requester.root_port, "port", 1u << bit, FN_HEX);
		}
	}
}

#define OWN "pmuctl's, on " HISI_PCIE_DOC " (related events: xxx_latency / xxx_cnt, xxx_flux / xxx_time) and the driver's counter / ext counter"
#define RATIO(name, a, b, unit, text) { name, a " / " b, unit, text, OWN, 0, false, NULL, false, false, DEST_NONE, NULL }

/* hisi_pcie_pmu.c binds to the PMU's own PCI function, 19e5:a12d */
static bool pmu_function(const struct pmu_family *fam, const struct pcifn *f)
{
	(void)fam;
	return f->cfg.vendor == 0x19e5 && f->cfg.device == 0xa12d;
}

const struct family_ops hisi_pcie_ops = {
	.identify = {
		.decode = decode,
		.read_extra = read_extra,
	},
	.locate = {
		.location = location,
		.fields = fields,
		.map_functions = map_functions,
	},
	.rules = {
		.check = check,
		.check_plan = check_plan,
		.counter_key = counter_key,
		.together = together,
		.together_key = together_key,
	},
	.presence = {
		.pci_function = pmu_function,
	},
};

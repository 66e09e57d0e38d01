// SPDX-License-Identifier: GPL-2.0
/*
 * Intel Xeon IIO PMUs, uncore_iio_<stack>: one for each IIO stack of the whole machine, counting
 * that stack of every die on one CPU a die (arch/x86/events/intel/uncore_snbep.c, read at
 * torvalds/linux 0378c93a92e2). Where the driver writes them, its dieN files give each die's
 * stack root bus, "%04x:%02x\n" (pmu_iio_mapping_show; sysfs-devices-mapping).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/strnum.h"
#include "lib/sysroot.h"
#include "pmu/devmap.h"
#include "pmu/encode.h"
#include "pmu/family/family.h"
#include "pmu/format.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define IIO_DIES 8
#define IIO_SOURCE "arch/x86/events/intel/uncore_snbep.c (torvalds/linux 0378c93a92e2)"

/* Each die's root bus of the stack, from the dieN files, in priv */
struct iio_pmu {
	uint16_t domain[IIO_DIES];
	uint8_t bus[IIO_DIES];
	uint8_t mapped;		/* bit N: dieN was read */
};
_Static_assert(sizeof(struct iio_pmu) <= PMU_PRIV_SIZE, "struct iio_pmu outgrew PMU_PRIV_SIZE");

/* "0000:16\n": perf's own sscanf("%04x:%02hhx") reading, a hex domain, ':', a hex bus */
static bool parse_bus(char *text, uint16_t *domain, uint8_t *bus)
{
	char *colon = strchr(text, ':');
	uint64_t d, b;

	if (!colon)
		return false;
	*colon = '\0';
	if (strnum_u64(text, 16, 0xffff, &d) || strnum_u64(colon + 1, 16, 0xff, &b))
		return false;
	*domain = (uint16_t)d;
	*bus = (uint8_t)b;
	return true;
}

static void read_extra(const struct sysroot *dir, const struct sysroot *machine, struct pmu *p,
		       struct diag *diag)
{
	struct iio_pmu *io = (struct iio_pmu *)p->priv;

	(void)machine;
	for (int die = 0; die < IIO_DIES; die++) {
		char rel[16], *text = NULL;

		snprintf(rel, sizeof(rel), "die%d", die);
		if (sysroot_read_trim(dir, rel, &text))
			continue;
		if (parse_bus(text, &io->domain[die], &io->bus[die]))
			io->mapped |= 1u << die;
		else
			diag_add(diag, "%s/%s: not a segment:bus as the driver writes it (dddd:bb): ignored",
				 p->name, rel);
		free(text);
	}
}

static bool root_bus(const struct pmu *p, int die, uint32_t *domain, uint8_t *bus)
{
	const struct iio_pmu *io = (const struct iio_pmu *)p->priv;

	if (die < 0 || die >= IIO_DIES || !(io->mapped & (1u << die)))
		return false;
	*domain = io->domain[die];
	*bus = io->bus[die];
	return true;
}

static void location(const struct pmu *p, char *buf, size_t size)
{
	const struct iio_pmu *io = (const struct iio_pmu *)p->priv;
	size_t len = (size_t)snprintf(buf, size, "stack %d", p->rc);
	const char *sep = ":";

	for (int die = 0; die < IIO_DIES && len < size; die++) {
		if (!(io->mapped & (1u << die)))
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s die %d %04x:%02x", sep, die, io->domain[die],
					io->bus[die]);
		sep = ",";
	}
}

/* The root bus a function hangs from: its root port's, or its own when it has none */
static const struct pcifn *root_bus_fn(const struct pcitopo *t, const struct devmap_fn *m, size_t i)
{
	return &t->fn[m[i].at.root_port >= 0 ? (size_t)m[i].at.root_port : i];
}

/* ch_mask's width tells the generation: config:36-43 on Skylake-SP, 36-47 from Ice Lake-SP */
static bool skylake(const struct pmu *p)
{
	const struct pmu_format *f = pmu_find_format(p, "ch_mask");

	return f && f->word == 0 && f->mask == 0xffULL << 36;
}

/*
 * The part (ch_mask bit) of a root port on its stack's root bus, as Intel PCM's pcm-iio ties
 * them (src/pcm-iio-pmu.cpp at intel/pcm 001ffe122e65, PurleyPlatformMapping and
 * WhitleyPlatformMapping::pciTreeDiscover): Skylake-SP's ports are devices 0-3, part 0-3;
 * Ice Lake-SP's devices 2-5 (slot - 2); -1 for any other function
 */
static int port_part(const struct pmu *p, const struct pcifn *rp)
{
	int first = skylake(p) ? 0 : 2;

	if (rp->fn || rp->dev < first || rp->dev > first + 3)
		return -1;
	return rp->dev - first;
}

/* perf iostat's Inbound Read (every traffic class) without its ch_mask, which a port sets */
#define IIO_PORT_EVENT "event=0x83,umask=0x04,fc_mask=0x07"

/*
 * A function below a root port of the stack: that port's part alone (ch_mask), which map
 * shows as a string stat -e takes as it is (an alias's ch_mask=0xf would be ORed with it)
 */
static void by_part(const struct pmu *p, const struct pcifn *rp, struct devmap_fn *m)
{
	int part = port_part(p, rp);

	if (part < 0 || fn_filter_add(&m->requester.root_port, "ch_mask", 1u << part, FN_HEX))
		return;
	m->requester.event = IIO_PORT_EVENT;
	m->requester.port_pmu = false;
	m->at.rp = part;
}

/*
 * The functions on each stack's root bus, and below its root ports: the stack PMU sees them,
 * together with the same stack of the other dies (one PMU for the machine); below a root port
 * its part's ch_mask bit selects the port's traffic
 */
static void map_functions(const struct pmu_family *fam, const struct pcitopo *t, const struct pmu_list *pmus,
			  struct devmap_fn *maps)
{
	for (size_t k = 0; pmus && k < pmus->n; k++) {
		const struct pmu *p = &pmus->v[k];

		for (int die = 0; p->family == fam && die < IIO_DIES; die++) {
			uint32_t domain;
			uint8_t bus;

			if (!root_bus(p, die, &domain, &bus))
				continue;
			for (size_t i = 0; i < t->n; i++) {
				const struct pcifn *r = root_bus_fn(t, maps, i);
				struct devmap_fn *m = &maps[i];

				if (r->domain != domain || r->bus != bus || m->requester.family)
					continue;
				fn_pmu_name(&m->requester, pmus, fam, "%s", p->name);
				m->requester.event = "iostat_inbound_read";
				m->requester.port_pmu = true;
				m->requester.die = die;
				m->at.rc = p->rc;
				m->at.by = fam;
				if (m->at.socket < 0)
					m->at.socket = die;
				if (m->at.root_port >= 0)
					by_part(p, r, m);
			}
		}
	}
}

/*
 * The counters an event may take (UNCORE_EVENT_CONSTRAINT): skx_uncore_iio_constraints,
 * icx_uncore_iio_constraints (Sapphire Rapids takes Ice Lake's, "Fix Intel SPR IIO event
 * constraints"); 0xf any of the four
 */
static unsigned int counter_mask(const struct plan_event *e)
{
	static const uint8_t skx[][2] = { { 0x83, 0x3 }, { 0x88, 0xc }, { 0x95, 0xc },
					  { 0xc0, 0xc }, { 0xc5, 0xc }, { 0xd4, 0xc } };
	static const uint8_t icx[][2] = { { 0x02, 0x3 }, { 0x03, 0x3 }, { 0x83, 0x3 },
					  { 0xc0, 0xc }, { 0xc5, 0xc } };
	bool old = skylake(e->pmu);
	const uint8_t (*c)[2] = old ? skx : icx;
	size_t n = old ? sizeof(skx) / sizeof(skx[0]) : sizeof(icx) / sizeof(icx[0]);
	uint8_t ev = (uint8_t)(e->config[0] & 0xff);

	for (size_t i = 0; i < n; i++)
		if (c[i][0] == ev)
			return c[i][1];
	return 0xf;
}

/*
 * uncore_validate_group(): the group's events must find counters their constraints allow
 * (uncore_assign_events), else -EINVAL. The masks are halves (0x3, 0xc) or all: a group fits
 * when neither half is asked for more than its two counters, and all for no more than four
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	size_t low = 0, high = 0;

	(void)warn;
	if (e->group < 0)
		return 0;
	for (size_t k = 0; k < set->n; k++) {
		const struct plan_event *o = &set->v[k];
		unsigned int m;

		if (o->group != e->group || o->pmu != e->pmu || k > i)
			continue;
		m = counter_mask(o);
		low += m == 0x3;
		high += m == 0xc;
	}
	if (low > 2 || high > 2)
		return rule_err(err, e, -EINVAL,
				"'%s' is the third event of its group that only counters %s take (event 0x%02llx: the driver's event constraints): uncore_validate_group refuses it; split the group",
				e->event, low > 2 ? "0-1" : "2-3", (unsigned long long)(e->config[0] & 0xff));
	return 0;
}

/*
 * The constraints' halves as banks of two: 0x83 takes counters 0-1, 0xc0 counters 2-3, so two
 * ports' four 0x83 events on one die take turns; an unconstrained event is counted as a third
 * bank of two, which under-counts the room it has when no constrained event is beside it
 */
static unsigned counter_bank(const struct plan_event *e)
{
	unsigned int m = counter_mask(e);

	return m == 0x3 ? 0 : m == 0xc ? 1 : 2;
}

static size_t counters_of(const struct pmu *p)
{
	(void)p;
	return 2;
}

static const char *einval_hint(const struct pmu *p, const uint64_t *config)
{
	(void)p;
	(void)config;
	return "an IIO PMU opens on the CPUs of its cpumask only (one a die), and a group's events must fit the counters their event constraints allow";
}

const struct family_ops intel_iio_ops = {
	.identify = {
		.read_extra = read_extra,
	},
	.locate = {
		.location = location,
		.map_functions = map_functions,
		.root_bus = root_bus,
	},
	.rules = {
		.check = check,
		.einval_hint = einval_hint,
		.counter_bank = counter_bank,
		.counters_of = counters_of,
	},
};

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
#include "pmu/family/families.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define HISI_PCIE_DOC "hisi-pcie-pmu.rst"
/* HISI_PCIE_MAX_COUNTERS; HISI_PCIE_THR_MAX_VAL and HISI_PCIE_TRIG_MAX_VAL */
#define HISI_PCIE_COUNTERS 8
#define HISI_PCIE_LEN_MAX 10

/* What the name and the bus file say, in struct pmu's priv */
struct hisi_pcie_pmu {
	int sicl, core;
	int bus;		/* of the root ports it monitors; -1 if unreadable */
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
	h->bus = -1;
	return family_decimal(s, (size_t)(core - s), &h->sicl) &&
	       family_decimal(core + 5, strlen(core + 5), &h->core);
}

/* bus_show(): "%#04x", so bus 0 reads "0000" and the others "0x80" */
static void read_extra(const struct sysroot *dir, struct pmu *p, struct diag *diag)
{
	struct hisi_pcie_pmu *h = (struct hisi_pcie_pmu *)p->priv;
	char *text = NULL;
	uint64_t v;

	if (sysroot_read_trim(dir, "bus", &text))
		return;
	if (!strnum_u64(text, 16, 0xff, &v))
		h->bus = (int)v;
	else
		diag_add(diag, "PMU '%s': bus file '%.20s' is no bus number", p->name, text);
	free(text);
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

static const struct catalog_entry events[] = {
	{ "rx_mwr_latency", "delay cycles of received memory writes (counter; rx_mwr_cnt the TLPs)" },
	{ "rx_mwr_cnt", "received memory write TLPs (ext counter of rx_mwr_latency)" },
	{ "rx_mrd_latency", "delay cycles of received memory reads (counter; rx_mrd_cnt the TLPs)" },
	{ "rx_mrd_cnt", "received memory read TLPs (ext counter of rx_mrd_latency)" },
	{ "tx_mrd_latency", "delay cycles of sent memory reads (counter; tx_mrd_cnt the TLPs)" },
	{ "tx_mrd_cnt", "sent memory read TLPs (ext counter of tx_mrd_latency)" },
	{ "rx_mwr_flux", "received memory write data (bandwidth: with rx_mwr_time)" },
	{ "rx_mrd_flux", "received memory read data (bandwidth: with rx_mrd_time)" },
	{ "rx_cpl_flux", "received completion data (bandwidth: with rx_cpl_time)" },
	{ "tx_mwr_flux", "sent memory write data (bandwidth: with tx_mwr_time)" },
	{ "tx_mrd_flux", "sent memory read data (bandwidth: with tx_mrd_time)" },
	{ "tx_cpl_flux", "sent completion data (bandwidth: with tx_cpl_time)" },
	{ NULL, NULL },
};

static const struct catalog_entry formats[] = {
	{ "event", "event id; bit 16 reads the ext counter of the same hardware event (xxx_cnt, xxx_time)" },
	{ "port", "bitmap of the root ports to count (bit 0: 00:00.0 x8, bit 8: 00:04.0 x4 in the document); this or bdf must be set" },
	{ "bdf", "the endpoint whose requests a bandwidth event counts: (bus << 8) | (dev << 3) | fn" },
	{ "thr_len", "bandwidth events: count TLPs of length against 2^thr_len DW (at most 10)" },
	{ "thr_mode", "0: length >= threshold, 1: length < threshold" },
	{ "trig_len", "bandwidth events: start when a TLP's length passes 2^trig_len DW (at most 10)" },
	{ "trig_mode", "0: start when longer than the trigger, 1: when shorter" },
	{ "len_mode", "bandwidth of 1: payloads, 2: headers, 3 (default): both; 0 is reserved" },
	{ NULL, NULL },
};

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
 * hisi_pcie_pmu_valid_filter(): -EINVAL for thr_len or trig_len above 10, and without a port
 * for a requester whose root port is not the PMU's (a bus below the PMU's root ports' is never
 * below them); what it accepts but the document calls meaningless goes to warn
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	int bus = hp_of(e->pmu)->bus;
	bool bdf_given, bdf_filter;
	uint64_t port = ev_field(e, "port", NULL), bdf = ev_field(e, "bdf", &bdf_given);
	uint64_t thr_len = ev_field(e, "thr_len", NULL), trig_len = ev_field(e, "trig_len", NULL);

	if (thr_len > HISI_PCIE_LEN_MAX || trig_len > HISI_PCIE_LEN_MAX)
		return rule_err(err, e, -EINVAL,
				"thr_len and trig_len are at most 10 (2^10 DW) on '%s' (hisi_pcie_pmu_valid_filter)",
				e->pmu->name);
	if (!port && bus >= 0 && (int)(bdf >> 8) < bus)
		return rule_err(err, e, -EINVAL,
				"'%s' needs port= or the bdf= of a function below its root ports (bus %02x): bdf=0x%04llx is not (hisi_pcie_pmu_valid_filter); pmuctl map shows the functions it sees",
				e->pmu->name, bus, (unsigned long long)bdf);
	bdf_filter = bdf_given && !port;
	if (!bandwidth_event(e) && (thr_len || trig_len || bdf_filter))
		diag_add(warn, "%s: %s on a latency event: the driver takes it, but \"this filter can only be used in bandwidth events\" (" HISI_PCIE_DOC ")",
			 e->event, bdf_filter ? "bdf" : "thr_len/trig_len");
	if (!port && !bdf_given)
		diag_add(warn, "%s: neither port nor bdf: \"one of these two interfaces must be set\" (" HISI_PCIE_DOC "); the driver then counts the requests of 00:00.0 (bdf=0) alone: add port=0xffff for every port",
			 e->event);
	if (port && bdf_given)
		diag_add(warn, "%s: port and bdf both: \"only port filter is valid\" (" HISI_PCIE_DOC "), the bdf is ignored",
			 e->event);
	return 0;
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

/* The one PMU whose root ports (on its bus) lead to bus b in domain 0, or NULL */
static const struct pmu *pmu_of_bus(const struct pcitopo *t, const struct pmu_list *pmus, int b)
{
	const struct pmu *found = NULL;

	for (size_t k = 0; k < pmus->n; k++) {
		const struct pmu *p = &pmus->v[k];

		for (size_t r = 0; p->family == &family_hisi_pcie && r < t->n; r++) {
			const struct pcifn *rp = &t->fn[r];

			if (rp->cfg.bridge && rp->bus == hp_of(p)->bus && rp->cfg.secondary <= b &&
			    b <= rp->cfg.subordinate) {
				/* two cores with root ports on one bus: which sees it is not known */
				if (found && found != p)
					return NULL;
				found = p;
			}
		}
	}
	return found;
}

/* An endpoint below a core's root ports, selected by its requester ID (bdf=) */
static void map_functions(const struct pcitopo *t, const struct pmu_list *pmus, struct devmap_fn *maps)
{
	bool any = false;

	/* most machines have none: then no function is looked at (map and --per-device start-up) */
	for (size_t k = 0; pmus && k < pmus->n && !any; k++)
		any = pmus->v[k].family == &family_hisi_pcie;
	for (size_t i = 0; any && i < t->n; i++) {
		const struct pcifn *f = &t->fn[i];
		const struct pmu *p;

		if (f->cfg.bridge || f->domain || maps[i].requester.family ||
		    !(p = pmu_of_bus(t, pmus, f->bus)))
			continue;
		fn_pmu_name(&maps[i].requester, pmus, &family_hisi_pcie, "%s", p->name);
		maps[i].requester.event = "rx_mwr_flux";
		fn_filter_add(&maps[i].requester.function, "bdf", maps[i].src_bdf, "0x%04llx");
	}
}

#define OWN "pmuctl's, on " HISI_PCIE_DOC " (related events: xxx_latency / xxx_cnt, xxx_flux / xxx_time) and the driver's counter / ext counter"
#define RATIO(name, a, b, unit, text) { name, a " / " b, unit, text, OWN, 0, false, NULL, false, false, DEST_NONE, NULL }

/* The document names the pairs but not the units of flux and time: ratios, no GB/s claimed */
static const struct family_metric metrics[] = {
	RATIO("hisi_pcie_rx_mwr_latency", "rx_mwr_latency", "rx_mwr_cnt", "cycles", "average delay of a received memory write TLP"),
	RATIO("hisi_pcie_rx_mrd_latency", "rx_mrd_latency", "rx_mrd_cnt", "cycles", "average delay of a received memory read TLP"),
	RATIO("hisi_pcie_tx_mrd_latency", "tx_mrd_latency", "tx_mrd_cnt", "cycles", "average delay of a sent memory read TLP"),
	RATIO("hisi_pcie_rx_mwr_flux_rate", "rx_mwr_flux", "rx_mwr_time", "flux/time", "received memory write bandwidth, in the counters' own units (the document gives none)"),
	RATIO("hisi_pcie_tx_cpl_flux_rate", "tx_cpl_flux", "tx_cpl_time", "flux/time", "sent completion bandwidth (read data), in the counters' own units (the document gives none)"),
	{ NULL, NULL, NULL, NULL, NULL, 0, false, NULL, false, false, DEST_NONE, NULL },
};

const struct pmu_family family_hisi_pcie = {
	.id = "hisi_pcie",
	.title = "HiSilicon PCIe",
	.uncore = true,
	.decode = decode,
	.read_extra = read_extra,
	.location = location,
	.fields = fields,
	.event_docs = events,
	.format_docs = formats,
	.check = check,
	.counters = HISI_PCIE_COUNTERS,
	.counters_from = "HISI_PCIE_MAX_COUNTERS, hisi_pcie_pmu.c",
	.counter_key = counter_key,
	.together = together,
	.together_key = together_key,
	.map_functions = map_functions,
	/* what an endpoint writes to memory, and the read data sent back to it */
	.per_device_metrics = "hisi_pcie_rx_mwr_flux_rate,hisi_pcie_tx_cpl_flux_rate",
	.metrics = metrics,
};

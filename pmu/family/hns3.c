// SPDX-License-Identifier: GPL-2.0
/* HiSilicon HNS3 NIC PMU, one per SICL (drivers/perf/hisilicon/hns3_pmu.c, hns3-pmu.rst). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/strnum.h"
#include "pmu/devmap.h"
#include "pmu/encode.h"
#include "pmu/family/family.h"
#include "pmu/family/hns3.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

/* HNS3_PMU_MAX_HW_EVENTS */
#define HNS3_HW_EVENTS 8
#include "topology/bdf.h"

#define HNS3_DOC "hns3-pmu.rst"

/* Huawei's HNS3 PMU endpoint, 19e5:a22b */
#define HNS3_PMU_VENDOR 0x19e5
#define HNS3_PMU_DEVICE 0xa22b

/* Filter modes, in the bit order of the driver's filter-support mask */
enum hns3_mode {
	HNS3_MODE_GLOBAL = 1 << 0,
	HNS3_MODE_PORT = 1 << 1,
	HNS3_MODE_PORT_TC = 1 << 2,
	HNS3_MODE_FUNC = 1 << 3,
	HNS3_MODE_FUNC_QUEUE = 1 << 4,
	HNS3_MODE_FUNC_INTR = 1 << 5,
};

static const char *const mode_names[] = {
	"global", "port", "port-tc", "func", "func-queue", "func-intr",
};
#define NMODES (sizeof(mode_names) / sizeof(mode_names[0]))

/* What a SICL PMU's name and files say, in struct pmu's priv */
struct hns3_pmu {
	int sicl;
	int bdf_min, bdf_max;	/* 16-bit bus:dev.fn values, -1 if unreadable */
	int64_t hw_clk_freq;	/* Hz, -1 if unreadable */
};
_Static_assert(sizeof(struct hns3_pmu) <= PMU_PRIV_SIZE, "struct hns3_pmu outgrew PMU_PRIV_SIZE");

static struct hns3_pmu *hns3_of(struct pmu *p)
{
	return (struct hns3_pmu *)p->priv;
}

static const struct hns3_pmu *hns3_of_const(const struct pmu *p)
{
	return (const struct hns3_pmu *)p->priv;
}

static bool decode(struct pmu *p)
{
	struct hns3_pmu *h = hns3_of(p);

	h->bdf_min = h->bdf_max = -1;
	h->hw_clk_freq = -1;
	return !strncmp(p->name, "hns3_pmu_sicl_", 14) &&
	       family_decimal(p->name + 14, strlen(p->name + 14), &h->sicl);
}

static void location(const struct pmu *p, char *buf, size_t size)
{
	snprintf(buf, size, "sicl %d", hns3_of_const(p)->sicl);
}

static int64_t clock_hz(const struct pmu *p)
{
	return hns3_of_const(p)->hw_clk_freq;
}

/*
 * "filter mode supported: global port port-tc func func-queue \n" (the driver's spaces) or the
 * document's "global/port/..." with slashes
 */
unsigned hns3_modes_parse(const char *text)
{
	const char *p = strchr(text, ':');
	unsigned modes = 0;

	p = p ? p + 1 : text;
	while (*p) {
		size_t len;

		p += strspn(p, " /\t\n");
		len = strcspn(p, " /\t\n");
		if (!len)
			break;
		for (unsigned i = 0; i < NMODES; i++)
			if (strlen(mode_names[i]) == len && !strncmp(p, mode_names[i], len))
				modes |= 1u << i;
		p += len;
	}
	return modes;
}

/* "global port func" */
static void modes_text(unsigned modes, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < NMODES && used < size; i++)
		if (modes & (1u << i))
			used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? " " : "",
						 mode_names[i]);
}

/* bdf_min, bdf_max ("%02x:%02x.%x", no domain), hw_clk_freq, and filtermode/<event> */
static void read_extra(const struct sysroot *dir, const struct sysroot *machine, struct pmu *p,
		       struct diag *diag)
{
	(void)machine;
	static const char *const files[] = { "bdf_min", "bdf_max" };
	struct hns3_pmu *h = hns3_of(p);
	int *dst[] = { &h->bdf_min, &h->bdf_max };
	int64_t hz;
	char *s, path[512];

	for (size_t i = 0; i < 2; i++) {
		unsigned bus, dev, fn;
		char tail;

		if (sysroot_read_trim(dir, files[i], &s))
			continue;
		if (sscanf(s, "%2x:%2x.%1x%c", &bus, &dev, &fn, &tail) == 3 && dev < 32 && fn < 8)
			*dst[i] = (int)(bus << 8 | dev << 3 | fn);
		else
			diag_add(diag, "PMU '%s': %s is not bus:dev.fn: '%.20s'", p->name, files[i], s);
		free(s);
	}
	if (!sysroot_read_trim(dir, "hw_clk_freq", &s)) {
		if (!strnum_s64(s, 0, UINT32_MAX, &hz))
			h->hw_clk_freq = hz;
		else
			diag_add(diag, "PMU '%s': hw_clk_freq is not a number: '%.20s'", p->name, s);
		free(s);
	}
	for (size_t i = 0, n = pmu_nevents(p); i < n; i++) {
		if (sysroot_path(path, sizeof(path), "filtermode/%s", p->events[i].name) ||
		    sysroot_read_trim(dir, path, &s))
			continue;
		p->events[i].filter_modes = hns3_modes_parse(s);
		free(s);
	}
}

static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	const struct hns3_pmu *h = hns3_of_const(p);

	out[0] = (struct pmu_field){ .key = "sicl", .kind = FIELD_INT, .num = h->sicl, .null = h->sicl < 0 };
	out[1] = (struct pmu_field){ .key = "bdf_min", .kind = FIELD_HEX, .num = h->bdf_min,
				     .null = h->bdf_min < 0 };
	out[2] = (struct pmu_field){ .key = "bdf_max", .kind = FIELD_HEX, .num = h->bdf_max,
				     .null = h->bdf_max < 0 };
	out[3] = (struct pmu_field){ .key = "hw_clk_freq", .kind = FIELD_INT, .num = h->hw_clk_freq,
				     .null = h->hw_clk_freq < 0 };
	return 4;
}

static size_t event_fields(const struct pmu_event *e, struct pmu_field *out)
{
	out[0] = (struct pmu_field){ .key = "filter_modes", .kind = FIELD_WORDS };
	modes_text(e->filter_modes, out[0].words, sizeof(out[0].words));
	return 1;
}

static bool detail(const struct pmu *p, char *buf, size_t size)
{
	const struct hns3_pmu *h = hns3_of_const(p);
	char lo[16], hi[16];

	if (h->bdf_min < 0 || h->bdf_max < 0)
		return false;
	snprintf(buf, size, "functions %s-%s, hw_clk_freq %lld Hz",
		 bdf_value_str((uint16_t)h->bdf_min, lo, sizeof(lo)),
		 bdf_value_str((uint16_t)h->bdf_max, hi, sizeof(hi)), (long long)h->hw_clk_freq);
	return true;
}

/* Names are systematic: bw_<path>_byte_num / _time, pps_<path>_packet_num / _time, dly_<path>_time / _packet_num */
static const char *describe_event(const struct pmu_family *f, const char *event, char *buf, size_t size)
{
	static const struct {
		const char *prefix, *what;
	} kinds[] = { { "bw_", "bandwidth" }, { "pps_intr_msix_", "interrupt rate" },
		      { "pps_", "packet rate" }, { "dly_", "latency" } };
	static const struct {
		const char *suffix, *part;
	} parts[] = { { "_byte_num", "bytes" }, { "_packet_num", "packets" },
		      { "_intr_num", "interrupts" }, { "_time", "cycles at hw_clk_freq" } };
	size_t n = strlen(event);

	(void)f;

	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		size_t pl = strlen(kinds[k].prefix);

		if (strncmp(event, kinds[k].prefix, pl))
			continue;
		for (size_t p = 0; p < sizeof(parts) / sizeof(parts[0]); p++) {
			size_t sl = strlen(parts[p].suffix);
			/* the time member is counter 1 except for latency, where it is counter 0 */
			bool dly = !strcmp(kinds[k].what, "latency");
			bool is_time = !strcmp(parts[p].suffix, "_time");

			if (n <= pl + sl || strcmp(event + n - sl, parts[p].suffix))
				continue;
			snprintf(buf, size, "%s %.*s: counter %d, %s", kinds[k].what,
				 (int)(n - pl - sl), event + pl, dly ? !is_time : is_time, parts[p].part);
			return buf;
		}
	}
	return NULL;
}

static const struct pmu_event *event_of(const struct plan_event *e)
{
	uint64_t want = e->config[0] & 0x1ffff;

	for (size_t i = 0, n = pmu_nevents(e->pmu); i < n; i++) {
		unsigned long long v;
		char tail;

		const char *value = pmu_event_value(e->pmu, i);

		if (value && sscanf(value, "config=%llx%c", &v, &tail) == 1 && v == want)
			return &e->pmu->events[i];
	}
	return NULL;
}

static bool bdf_in_range(const struct plan_event *e, uint64_t bdf, struct err_report *err)
{
	const struct pmu *p = e->pmu;
	const struct hns3_pmu *h = hns3_of_const(p);
	char want[16], lo[16], hi[16];

	if (h->bdf_min < 0 || h->bdf_max < 0 || (bdf >= (uint64_t)h->bdf_min && bdf <= (uint64_t)h->bdf_max))
		return true;
	rule_err(err, e, -ENOENT,
		 "bdf=0x%04llx (%s) is outside %s's bdf_min..bdf_max %s..%s: func modes need a function of this SICL (" HNS3_DOC ")",
		 (unsigned long long)bdf, bdf_value_str((uint16_t)bdf, want, sizeof(want)), p->name,
		 bdf_value_str((uint16_t)h->bdf_min, lo, sizeof(lo)),
		 bdf_value_str((uint16_t)h->bdf_max, hi, sizeof(hi)));
	return false;
}

/* hns3_pmu_select_filter_mode(): global, func, func-queue, port, port-tc, func-intr in that order */
/* device: the bdf is --device's, not the user's own term */
static const char *select_mode(const struct plan_event *e, bool device, struct err_report *err,
			       struct diag *warn)
{
	const struct pmu_event *ev = event_of(e);
	bool g_bdf, g_queue, g_tc, g_port, g_global, g_intr;
	uint64_t global = ev_field(e, "global", &g_global);
	uint64_t bdf = ev_field(e, "bdf", &g_bdf);
	uint64_t queue = ev_field(e, "queue", &g_queue);
	uint64_t tc = ev_field(e, "tc", &g_tc);
	char have[128];
	unsigned m;

	ev_field(e, "port", &g_port);
	ev_field(e, "intr", &g_intr);
	if (!ev) {
		rule_err(err, e, -ENOENT,
			 "config=0x%llx on '%s' is not an HNS3 event (the driver answers \"Invalid pmu event\"); see 'pmuctl list --events %s'",
			 (unsigned long long)(e->config[0] & 0x1ffff), e->pmu->name, e->pmu->name);
		return NULL;
	}
	m = ev->filter_modes ? ev->filter_modes : HNS3_MODE_GLOBAL;
	modes_text(m, have, sizeof(have));
	if ((m & HNS3_MODE_GLOBAL) && global)
		return "global";
	if ((m & HNS3_MODE_FUNC) && queue == 0xffff && bdf)
		return bdf_in_range(e, bdf, err) ? "func" : NULL;
	if ((m & HNS3_MODE_FUNC_QUEUE) && queue != 0xffff && bdf) {
		if (!g_queue)
			diag_add(warn, "'%s': bdf without queue selects func-queue mode for queue 0; give queue=0xFFFF for the whole function (func mode)",
				 e->event);
		return bdf_in_range(e, bdf, err) ? "func-queue" : NULL;
	}
	/*
	 * The driver would ignore the bdf and count a port: not an error to the kernel, but a
	 * count the user would take for the function's. Refused; --no-rules sends it as written.
	 */
	if (g_bdf && bdf && (((m & HNS3_MODE_PORT) && tc == 0xf) || ((m & HNS3_MODE_PORT_TC) && tc != 0xf))) {
		rule_err(err, e, -EINVAL,
			 "bdf=0x%04llx on '%s' would not select the function: event '%s' has filter modes '%s' (filtermode/%s), so the driver ignores the bdf and counts port %llu%s, by hns3_pmu_select_filter_mode; refused so that a port's count is not taken for the function's: %s, or --no-rules to send it as written",
			 (unsigned long long)bdf, e->pmu->name, ev->name, have, ev->name,
			 (unsigned long long)ev_field(e, "port", NULL),
			 tc == 0xf ? " in port mode" : tc ? ", that tc, in port-tc mode" : ", tc 0, in port-tc mode",
			 (m & (HNS3_MODE_FUNC | HNS3_MODE_FUNC_QUEUE)) ?
				 "func mode needs queue=0xFFFF, func-queue mode a queue id" :
			 device ? "this event has no func mode, so no function can be counted alone with it: count the metric without --device (the whole SICL)" :
				  "this event has no func mode: drop bdf");
		return NULL;
	}
	if ((m & HNS3_MODE_PORT) && tc == 0xf)
		return "port";
	if ((m & HNS3_MODE_PORT_TC) && tc != 0xf) {
		if (!g_tc && !g_port)
			diag_add(warn, "'%s': no filter given, so the driver counts port 0, tc 0 only (port-tc mode); add global=1 to count the whole SICL",
				 e->event);
		else if (!g_tc)
			diag_add(warn, "'%s': port without tc counts tc 0 only (port-tc mode); port mode needs tc=0xF",
				 e->event);
		return "port-tc";
	}
	/* the bdf and queue are --device's: the cause is the event, not terms the user never wrote */
	if (device && !(m & (HNS3_MODE_FUNC | HNS3_MODE_FUNC_QUEUE))) {
		rule_err(err, e, -ENOENT,
			 "event '%s' on '%s' has no func mode, only '%s' (filtermode/%s), so --device cannot count a function with it: count the metric without --device, for the whole SICL (" HNS3_DOC ")",
			 ev->name, e->pmu->name, have, ev->name);
		return NULL;
	}
	rule_err(err, e, -ENOENT,
		 "no filter mode of event '%s' matches on '%s': it supports '%s' (filtermode/%s): global needs global=1, port needs tc=0xF, func needs bdf and queue=0xFFFF (" HNS3_DOC ")",
		 ev->name, e->pmu->name, have, ev->name);
	return NULL;
}

static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	struct plan_event *e = &set->v[i];

	e->filter_mode = select_mode(e, e->metric >= 0 && set->metric[e->metric].device, err, warn);
	if (!e->filter_mode)
		return err->code;
	/* a _time and its _num share one hardware event (counter_key) */
	if (e->group >= 0 && rules_group_counters(set, i, HNS3_HW_EVENTS) > HNS3_HW_EVENTS)
		return rule_err(err, e, -EINVAL,
				"the group needs more than %d hardware events on '%s' (a _time and its _num share one): the driver refuses it (\"Invalid event group.\", hns3_pmu_validate_event_group); split the group",
				HNS3_HW_EVENTS, e->pmu->name);
	return 0;
}

/* hns3-pmu.rst: the _time / _num of a pair share config[15:0] and one hardware event */
static bool together(const struct plan *set, size_t i, size_t k)
{
	return (set->v[i].config[0] & 0xffff) == (set->v[k].config[0] & 0xffff);
}

/* Only an event with a filter (config1) or in a group can break the driver's rules */
static const char *einval_hint(const struct pmu *p, const uint64_t *config)
{
	(void)p;
	if (!config[1])
		return NULL;
	return "the filter mode is not supported by this event, or the group needs more than 8 counters";
}

static bool bdf_filter(const struct plan_event *e, uint16_t *bdf)
{
	bool given;

	*bdf = (uint16_t)ev_field(e, "bdf", &given);
	return given;
}

static bool is_pmu_endpoint(const struct pmu_family *fam, const struct pcifn *f)
{
	(void)fam;
	return f->cfg.vendor == HNS3_PMU_VENDOR && f->cfg.device == HNS3_PMU_DEVICE;
}

/* The first event of the PMU that can count per function, to show with the filter */
static const char *func_event(const struct pmu *p)
{
	for (size_t i = 0, n = pmu_nevents(p); i < n; i++)
		if (p->events[i].filter_modes & HNS3_MODE_FUNC)
			return p->events[i].name;
	return NULL;
}

/*
 * A SICL PMU covers bdf_min..bdf_max of its own PCI domain (hns3_pmu_valid_bdf). sysfs does
 * not say which domain that is, so when the topology shows 19e5:a22b endpoints, only their
 * domains count.
 */
static void map_functions(const struct pmu_family *f, const struct pcitopo *t, const struct pmu_list *pmus,
			  struct devmap_fn *maps)
{
	bool any_endpoint = false, any_pmu = false;

	/* most machines have no HNS3 PMU: then nothing to look for */
	for (size_t k = 0; pmus && k < pmus->n && !any_pmu; k++)
		any_pmu = pmus->v[k].family == f;
	if (!any_pmu)
		return;
	for (size_t i = 0; i < t->n && !any_endpoint; i++)
		any_endpoint = is_pmu_endpoint(f, &t->fn[i]);
	for (size_t i = 0; i < t->n; i++) {
		struct fn_pmu *r = &maps[i].requester;
		bool domain_ok = !any_endpoint;

		for (size_t k = 0; k < t->n && !domain_ok; k++)
			domain_ok = is_pmu_endpoint(f, &t->fn[k]) && t->fn[k].domain == t->fn[i].domain;
		for (size_t k = 0; domain_ok && !r->family && k < pmus->n; k++) {
			const struct pmu *p = &pmus->v[k];
			const struct hns3_pmu *h = hns3_of_const(p);

			if (p->family != f || h->bdf_min < 0 || h->bdf_max < 0 ||
			    maps[i].src_bdf < h->bdf_min || maps[i].src_bdf > h->bdf_max)
				continue;
			fn_pmu_name(r, pmus, f, "%s", p->name);
			r->event = func_event(p);
			fn_filter_add(&r->function, "bdf", maps[i].src_bdf, FN_BDF);
			fn_filter_add(&r->function, "queue", 0xffff, FN_HEX);
		}
	}
}

/* A pair's _time and _num are one hardware event, config[15:0], read as counter and ext_counter */
static uint64_t hw_event(const struct plan_event *e)
{
	return e->config[0] & 0xffff;
}

/*
 * hns3-pmu.rst: counter 0 / counter 1, the time in cycles of hw_clk_freq, taken as Hz (the
 * document gives no unit; the driver prints the register as it is). The kind comes from the
 * counter 0 name: _byte_num bandwidth, _packet_num packets, _intr_num interrupts.
 */
static bool made_metric(const struct pmu_family *f, size_t i, struct family_metric *m, struct family_metric_text *t)
{
	const struct hns3_pair *p = &hns3_pairs[i];
	const char *kind, *scale, *unit;

	(void)f;

	if (i >= hns3_npairs)
		return false;
	if (!strncmp(p->base, "bw_", 3)) {
		kind = "bandwidth", scale = " * hw_clk_freq / 1e6", unit = "MB/s";
	} else if (!strncmp(p->base, "dly_", 4)) {
		kind = "latency", scale = " / hw_clk_freq * 1e9", unit = "ns";
	} else if (strstr(p->counter0, "_intr_num")) {
		kind = "interrupt rate", scale = " * hw_clk_freq", unit = "1/s";
	} else {
		kind = "packet rate", scale = " * hw_clk_freq", unit = "packets/s";
	}
	snprintf(t->name, sizeof(t->name), "hns3_%s", p->base);
	snprintf(t->expr, sizeof(t->expr), "%s / %s%s", p->counter0, p->counter1, scale);
	snprintf(t->description, sizeof(t->description), "%s (%s / %s, cycles at hw_clk_freq in Hz)",
		 kind, p->counter0, p->counter1);
	*m = (struct family_metric){ .name = t->name, .expr = t->expr, .unit = unit,
				     .description = t->description, .source = "hns3-pmu.rst",
				     .filter = "global=1" };
	return true;
}

const struct family_ops hns3_ops = {
	.identify = {
		.decode = decode,
		.read_extra = read_extra,
	},
	.locate = {
		.location = location,
		.clock_hz = clock_hz,
		.fields = fields,
		.event_fields = event_fields,
		.detail = detail,
		.map_functions = map_functions,
	},
	.rules = {
		.describe_event = describe_event,
		.check = check,
		.together = together,
		.counter_key = hw_event,
		.einval_hint = einval_hint,
		.bdf_filter = bdf_filter,
	},
	.metrics = {
		.made_metric = made_metric,
	},
	.presence = {
		.pci_function = is_pmu_endpoint,
	},
};

// SPDX-License-Identifier: GPL-2.0
/*
 * list --metrics --format=prometheus-rules: each catalog formula as a Prometheus recording
 * rule over rate() of the counters serve exports, so that Prometheus computes the metric over
 * its own window; and the alerts on pmuctl's own health.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/list/metric_rules.h"
#include "cmd/pmuctl.h"
#include "cmd/report/metric_prom.h"
#include "lib/expo.h"
#include "lib/strnum.h"
#include "pmu/family/family.h"
#include "pmu/metrics/mexpr.h"

#define RATE_WINDOW "1m"	/* four scrapes at Prometheus's default 15 s */
/* the labels that name one counter of a value: gone when the rates of a formula meet */
#define COUNTER_LABELS "event"
/* and those of a PMU instance too, for perf's .all metrics (one value over every instance) */
#define INSTANCE_LABELS "event, pmu, socket, rc, channel, device"
/*
 * each counter's count per second it ran, matched on all its labels: stat's scaled rate (count
 * times enabled over running, over an interval it was enabled in whole), and exact whatever
 * the scrape's timing, as both counters move at serve's samples alone
 */
#define SCALED "/ rate(pmuctl_running_seconds_total[" RATE_WINDOW "])"

struct rule_names {
	const struct metric *m;
	const char *family_id;		/* of the PMUs the metric reads: its counters' prefix */
	double hw_clk_freq;		/* < 0: not one value on this machine */
	char text[512];
};

/* What a name of the formula is in PromQL */
static const char *name_text(const char *name, void *ctx)
{
	struct rule_names *r = ctx;
	size_t o = 0;

	if (!strcmp(name, "duration_time"))
		return "1";	/* rates are per second: the window is one second of them */
	if (!strcmp(name, "hw_clk_freq")) {
		return strnum_double(r->hw_clk_freq, r->text, sizeof(r->text));
	}
	o = (size_t)snprintf(r->text, sizeof(r->text), "sum without (%s) (rate(pmuctl_",
			     r->m->total_only ? INSTANCE_LABELS : COUNTER_LABELS);
	for (const char *c = r->family_id; *c && o + 1 < sizeof(r->text); c++)
		r->text[o++] = expo_name_char(*c);
	if (o + 1 < sizeof(r->text))
		r->text[o++] = '_';
	for (const char *c = name; *c && o + 1 < sizeof(r->text); c++)
		r->text[o++] = expo_name_char(*c);
	/* per second it ran: scaled as stat scales a multiplexed count */
	snprintf(r->text + o, sizeof(r->text) - o, "_total[" RATE_WINDOW "]) " SCALED ")");
	return r->text;
}

/* The one hw_clk_freq of the family's PMUs on this machine; -1 when none or several */
static double clock_of(const struct pmu_list *pmus, const char *metric_family)
{
	double hz = -1;

	for (size_t i = 0; pmus && i < pmus->n; i++) {
		const struct pmu *p = &pmus->v[i];
		int64_t clock = pmu_clock_hz(p);

		if (!pmu_metric_applies(p, metric_family))
			continue;
		if (clock <= 0 || (hz >= 0 && hz != (double)clock))
			return -1;
		hz = (double)clock;
	}
	return hz;
}

static const char *family_id_of(const struct pmu_list *pmus, const char *metric_family)
{
	for (size_t i = 0; pmus && i < pmus->n; i++)
		if (pmu_metric_applies(&pmus->v[i], metric_family))
			return pmus->v[i].family->id;
	return metric_family;
}

/*
 * A metric's rule expression in base units, in out: 0; or -1, with a comment saying why the
 * metric has none written to f
 */
static int rule_expr(FILE *f, const struct metric *m, const struct pmu_list *pmus, char *out, size_t size)
{
	struct rule_names r = { .m = m, .family_id = family_id_of(pmus, m->family),
				.hw_clk_freq = clock_of(pmus, m->family) };
	char expr[4096], name[160], num[32];
	struct mexpr_writer w = { .buf = expr, .size = sizeof(expr), .name_text = name_text, .ctx = &r };
	struct err_report err = { 0 };
	struct mexpr *e;
	double scale;
	int degree, ret;

	metric_prom_name(m, name, sizeof(name), &scale);
	if (m->destination) {
		fprintf(f, "      # %s: no rule: serve's counters are not labelled by the filter %s, so its "
			   "counts cannot be told from the others'; serve exports its gauge\n", m->name, m->filter);
		return -1;
	}
	if (mexpr_parse(m->expr, &e, &err)) {
		fprintf(f, "      # %s: its formula does not parse: %s\n", m->name, err.msg);
		return -1;
	}
	ret = mexpr_rewrite(e, &w, &degree);
	mexpr_free(e);
	if (strstr(m->expr, "hw_clk_freq") && r.hw_clk_freq < 0) {
		fprintf(f, "      # %s: no rule: hw_clk_freq is not one value on this machine's PMUs\n", m->name);
		return -1;
	}
	if (ret || degree) {
		fprintf(f, "      # %s: no rule: %s\n", m->name, ret == -ENOSPC ? "its formula is too long" :
			"its formula is not a ratio of counts over one window (a count plus a rate)");
		return -1;
	}
	if (scale != 1)
		ret = snprintf(out, size, "%s * %s", expr, strnum_double(scale, num, sizeof(num)));
	else
		ret = snprintf(out, size, "%s", expr);
	if (ret < 0 || (size_t)ret >= size) {
		fprintf(f, "      # %s: no rule: its formula is too long\n", m->name);
		return -1;
	}
	return 0;
}

static bool same_record(const struct metric *a, const struct metric *b)
{
	char na[160], nb[160];
	double scale;

	metric_prom_name(a, na, sizeof(na), &scale);
	metric_prom_name(b, nb, sizeof(nb), &scale);
	return !strcmp(na, nb);
}

/*
 * The recording rule of m[i]'s name, once: the names every family of a kind shares (mem_rd_bw)
 * are one rule whose expression is each family's joined by "or", as promtool's lint refuses a
 * record written twice; a machine has the series of one side, or of both with their own pmu
 * labels. Marks recorded[] for every metric it holds; whether it wrote a rule.
 */
static bool put_rule(FILE *f, const struct metric *const *m, size_t n, size_t i,
		     const struct pmu_list *pmus, bool *recorded)
{
	char expr[4200], name[160], *joined = NULL;
	size_t alternatives = 0, len = 0;
	FILE *body;
	double scale;

	for (size_t j = 0; j < i; j++)
		if (same_record(m[j], m[i]))
			return false;
	body = open_memstream(&joined, &len);
	if (!body)
		return false;
	for (size_t j = i; j < n; j++) {
		if ((j != i && !same_record(m[j], m[i])) || rule_expr(f, m[j], pmus, expr, sizeof(expr)))
			continue;
		fprintf(body, "%s%s", alternatives++ ? ") or (" : "", expr);
		recorded[j] = true;
	}
	if (fclose(body))
		alternatives = 0;
	metric_prom_name(m[i], name, sizeof(name), &scale);
	if (alternatives)
		fprintf(f, "      - record: pmu:%s:rate" RATE_WINDOW "\n        expr: \"%s%s%s\"\n", name,
			alternatives > 1 ? "(" : "", joined, alternatives > 1 ? ")" : "");
	free(joined);
	return alternatives != 0;
}

/*
 * The share of each function's trained link that its traffic takes in direction dir (1
 * toward it, -1 from it): the recorded rates of the metrics of that direction (recorded[i]
 * says metric i has a rule), summed per function of each machine (its instance and job: a
 * fleet's machines share BDFs), over the link's payload rate serve exports.
 * Whether there is one.
 */
static bool put_link_rule(FILE *f, const struct metric *const *m, size_t n, const bool *recorded, int dir)
{
	char name[160];
	double scale;
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		/* a name every family shares is each family's own metric again: summed once */
		if (!recorded[i] || m[i]->link_dir != dir || m[i]->across)
			continue;
		if (!k++)
			fprintf(f, "      - record: pmu:pmuctl_pci_link_%s_device_ratio:rate" RATE_WINDOW "\n"
				   "        expr: \"sum by (instance, job, pci_bus_id) ({__name__=~'",
				dir > 0 ? "to" : "from");
		metric_prom_name(m[i], name, sizeof(name), &scale);
		fprintf(f, "%spmu:%s:rate" RATE_WINDOW, k > 1 ? "|" : "", name);
	}
	if (k)
		fputs("', pci_bus_id!=''}) / on (instance, job, pci_bus_id) pmuctl_pci_link_bytes_per_second\"\n", f);
	return k;
}

static void put_link_alert(FILE *f)
{
	fputs("      - alert: PmuctlLinkSaturated\n"
	      "        expr: \"pmu:pmuctl_pci_link_to_device_ratio:rate" RATE_WINDOW " > 0.8 or "
	      "pmu:pmuctl_pci_link_from_device_ratio:rate" RATE_WINDOW " > 0.8\"\n"
	      "        for: 15m\n"
	      "        labels:\n"
	      "          severity: warning\n"
	      "        annotations:\n"
	      "          summary: \"PCIe link of {{ $labels.pci_bus_id }} on {{ $labels.instance }} carries {{ $value | humanizePercentage }} of its raw rate\"\n"
	      "          description: \"Payload over the trained link's raw rate (GT/s x lanes x line code / 8): packet headers, DLLPs and flow control take the rest, so the link is near its ceiling. 0.8 is pmuctl's threshold, not the specification's.\"\n",
	      f);
}

static void put_alerts(FILE *f)
{
	fputs("  - name: pmuctl_alerts\n"
	      "    rules:\n"
	      "      - alert: PmuctlDown\n"
	      "        expr: \"pmuctl_up == 0\"\n"
	      "        for: 5m\n"
	      "        labels:\n"
	      "          severity: warning\n"
	      "        annotations:\n"
	      "          summary: \"pmuctl on {{ $labels.instance }} counts nothing\"\n"
	      "          description: \"No counter of pmuctl serve counted at its last sample: see its log (journalctl -u pmuctl-exporter).\"\n"
	      "      - alert: PmuctlReadFailures\n"
	      "        expr: \"increase(pmuctl_read_failures_total[5m]) > 0\"\n"
	      "        labels:\n"
	      "          severity: warning\n"
	      "        annotations:\n"
	      "          summary: \"pmuctl on {{ $labels.instance }} fails to read counters\"\n"
	      "          description: \"Counters began to fail in the last 5 minutes (each counted once, when it fails): the values that needed them are missing, not zero; pmuctl_counters{state='failed'} says how many fail now.\"\n"
	      "      - alert: PmuctlLinkDowntrained\n"
	      "        expr: \"pmuctl_pci_link_downtrained == 1\"\n"
	      "        for: 10m\n"
	      "        labels:\n"
	      "          severity: warning\n"
	      "        annotations:\n"
	      "          summary: \"PCIe link of {{ $labels.pci_bus_id }} on {{ $labels.instance }} trained below what both ends support\"\n"
	      "          description: \"Compare pmuctl_pci_current_link_width and _transfers_per_second with their max_ series (pmuctl map --downtrained); reseat or check the slot.\"\n"
	      "      - alert: PmuctlLowCoverage\n"
	      "        expr: \"pmuctl_running_ratio < 0.5\"\n"
	      "        for: 15m\n"
	      "        labels:\n"
	      "          severity: info\n"
	      "        annotations:\n"
	      "          summary: \"{{ $labels.event }} on {{ $labels.instance }} runs {{ $value | humanizePercentage }} of the time\"\n"
	      "          description: \"The PMU multiplexes: the counter's totals are scaled estimates. Count fewer events at once.\"\n",
	      f);
}

void metric_rules_render(FILE *f, const struct metric *const *m, size_t n, const struct pmu_list *pmus)
{
	fputs("# Prometheus rules for pmuctl serve, from pmuctl list --metrics --format=prometheus-rules\n"
	      "# (pmuctl " PMUCTL_VERSION "). Each recording rule is a catalog formula over rate() of the\n"
	      "# counters serve exports, per PMU instance, in base units: Prometheus computes the metric\n"
	      "# over its own window (" RATE_WINDOW "), where serve's gauges cover its last -I interval.\n"
	      "# promtool check rules FILE; then list it under rule_files in prometheus.yml.\n"
	      "groups:\n"
	      "  - name: pmuctl\n"
	      "    rules:\n", f);
	bool *recorded = calloc(n ? n : 1, sizeof(*recorded)), links;

	for (size_t i = 0; recorded && i < n; i++)
		put_rule(f, m, n, i, pmus, recorded);
	links = recorded && put_link_rule(f, m, n, recorded, 1);
	links |= recorded && put_link_rule(f, m, n, recorded, -1);
	free(recorded);
	put_alerts(f);
	if (links)
		put_link_alert(f);
}

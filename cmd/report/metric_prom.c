// SPDX-License-Identifier: GPL-2.0
/*
 * Metric values as Prometheus families: a name in base units for each metric, one HELP and
 * TYPE a name, however many families give it (the name -> family map is built here, so a name
 * has one block by construction), and each value's coverage beside it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/report/metric_prom.h"
#include "lib/expo.h"
#include "pmu/family/family.h"

/* The document's units in Prometheus's base units: its names end in the unit they are in */
struct prom_unit {
	const char *unit, *suffix, *drop;	/* drop: a name's own unit suffix that suffix replaces */
	double scale;
};

static const struct prom_unit prom_units[] = {
	{ "GB/s", "_bytes_per_second", "", 1e9 },
	{ "MB/s", "_bytes_per_second", "", 1e6 },
	{ "ns", "_seconds", "_ns", 1e-9 },
	{ "GHz", "_hertz", "", 1e9 },
	{ "%", "_ratio", "_pct", 0.01 },
	{ "1/s", "_per_second", "", 1 },
	{ "packets/s", "_packets_per_second", "", 1 },
	{ "req/cycle", "_requests_per_cycle", "", 1 },
	{ "cycles", "_cycles", "_cycles", 1 },
};

static const struct prom_unit *prom_unit_of(const char *unit)
{
	for (size_t i = 0; i < sizeof(prom_units) / sizeof(prom_units[0]); i++)
		if (!strcmp(prom_units[i].unit, unit))
			return &prom_units[i];
	return NULL;
}

/*
 * Prometheus names in lib/expo.c's one rule, [a-z0-9_] (serve's counters have it too), ending in
 * the base unit, as promtool's lint asks:
 * x_rd_latency_ns -> pmuctl_x_rd_latency_seconds, x_rd_bw ->
 * pmuctl_x_rd_bw_bytes_per_second, ddr_read_bandwidth.all -> ..._all_bytes_per_second
 */
double metric_prom_scale(const struct metric *m)
{
	const struct prom_unit *u = prom_unit_of(m->unit);

	return u ? u->scale : 1;
}

void metric_prom_name(const struct metric *m, char *buf, size_t size, double *scale)
{
	const struct prom_unit *u = prom_unit_of(m->unit);
	size_t o = (size_t)snprintf(buf, size, "pmuctl_"), len;

	for (const char *c = m->name; *c && o + 1 < size; c++)
		buf[o++] = expo_name_char(*c);
	buf[o] = '\0';
	*scale = u ? u->scale : 1;
	if (!u)
		return;
	len = strlen(u->drop);
	if (len && o > len && !strcmp(buf + o - len, u->drop))
		buf[o -= len] = '\0';
	snprintf(buf + o, size - o, "%s", u->suffix);
}

/*
 * A value's labels, those that apply only (no empty label: a socket total has socket alone),
 * and the closing brace; first: no label before them
 */
static void put_labels(FILE *f, const struct metric_value *v, bool first)
{
	char bus_id[32];

	expo_put_label(f, "pmu", v->pmu, &first);
	expo_put_label_int(f, "socket", v->socket, &first);
	expo_put_label_int(f, "rc", v->rc, &first);
	expo_put_label(f, "pci_bus_id", v->device ? expo_pci_bus_id(v->device, bus_id, sizeof(bus_id)) : NULL, &first);
	expo_put_label_int(f, "channel", v->channel, &first);
	fputc('}', f);
}

/* Value indices in the order of their Prometheus names, each name's values in evaluation order */
struct by_name {
	char name[160];
	double scale;	/* the value's unit to the name's base unit */
	size_t i;
};

static int by_name_cmp(const void *a, const void *b)
{
	const struct by_name *x = a, *y = b;

	return strcmp(x->name, y->name) ?: (x->i > y->i) - (x->i < y->i);
}

/* A name's HELP: a metric's own, or, for a name several families share, what it means in all */
static char *help_of(const struct metric *m)
{
	char *help;

	const char *meaning = m->across ? pmu_across_meaning(m->name) : NULL;
	int n = meaning ?
		asprintf(&help, "%s (%s, a name every family that has it shares, each with its own formula: "
			 "the family label says whose; over the interval it was counted in (serve: its last -I), "
			 "not a scrape's window)", meaning, m->name) :
		asprintf(&help, "%s (%s; %s; over the interval it was counted in (serve: its last -I), not a scrape's window)",
			 m->description, m->name, m->source);

	return n < 0 ? NULL : help;
}

void metric_prom_write(FILE *f, enum expo_format fmt, const struct metric_value *v, size_t n, bool omit_uncounted)
{
	struct by_name *order = calloc(n ? n : 1, sizeof(*order));

	if (!order)
		return;
	for (size_t i = 0; i < n; i++) {
		metric_prom_name(v[i].m, order[i].name, sizeof(order[i].name), &order[i].scale);
		order[i].i = i;
	}
	/* one HELP and TYPE a name, whichever families give it (pcie_rd_bw: every PCIe family's) */
	qsort(order, n, sizeof(*order), by_name_cmp);
	for (size_t k = 0; k < n; k++) {
		const struct metric_value *x = &v[order[k].i];
		char *help;

		if ((!k || strcmp(order[k - 1].name, order[k].name)) && (help = help_of(x->m))) {
			expo_family(f, fmt, order[k].name, EXPO_GAUGE, help);
			free(help);
		}
		if (isnan(x->value) && omit_uncounted)
			continue;	/* its coverage ratio below says why */
		fprintf(f, "%s{", order[k].name);
		if (x->m->across) {
			bool first = true;

			expo_put_label(f, "family", x->m->family, &first);
			put_labels(f, x, false);
		} else {
			put_labels(f, x, true);
		}
		if (isnan(x->value))
			fputs(" NaN\n", f);
		else
			fprintf(f, " %.17g\n", x->value * order[k].scale);
	}
	/* how far to trust each value: one family for all, a series per value, labelled alike */
	if (n)
		expo_family(f, fmt, "pmuctl_metric_coverage_ratio", EXPO_GAUGE,
			    "share of the time a metric value's inputs were counted (running over enabled, the lowest of its inputs'); below 1 the value is scaled");
	for (size_t k = 0; k < n; k++) {
		const struct metric_value *x = &v[order[k].i];

		fputs("pmuctl_metric_coverage_ratio{metric=\"", f);
		expo_put_label_value(f, x->m->name);
		fputc('"', f);
		if (x->m->across) {
			fputs(",family=\"", f);
			expo_put_label_value(f, x->m->family);
			fputc('"', f);
		}
		put_labels(f, x, false);
		fprintf(f, " %.17g\n", x->running);
	}
	free(order);
}

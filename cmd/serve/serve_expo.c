// SPDX-License-Identifier: GPL-2.0
/* Counters as monotonic totals, a family per PMU family and event, samples grouped by family. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/report/metric_prom.h"
#include "cmd/serve/serve_expo.h"
#include "lib/expo.h"
#include "lib/loglines.h"
#include "pmu/metrics/metric_samples.h"

/* The names one counter may be known by, at most: a counter merged from that many events */
#define WORDS_MAX 4

/* One counted event on one PMU (of one socket, where it counts on several): its CPUs summed */
struct series {
	char *family;		/* pmuctl_t410_pcie_rd_bytes */
	char *labels;		/* pmu="...",socket="0",rc="4",event="..." */
	const char *title;	/* the PMU family's, for HELP */
	const char *word;	/* the event's name */
	uint64_t total;		/* raw count since the counters opened */
	uint64_t enabled_ns, running_ns;	/* since they opened too: what scales the total */
	bool again;		/* another name of a counter a series before has: its times are said there */
	double running;		/* share of the last interval it ran; NaN when not enabled */
};

/* What the event is called: the metric formula's name, the sysfs alias, name=, or "raw" */
static const char *event_word(const struct plan *plan, const struct plan_event *e)
{
	const char *const *vars = e->metric >= 0 ? plan->metric[e->metric].vars : NULL;

	if (vars && e->var >= 0)
		return vars[e->var];
	if (e->alias)
		return e->alias->name;
	if (e->name)
		return e->name;
	return e->pmu ? "raw" : e->event;
}

/*
 * The names a counter is known by: its own, and each other formula name it feeds (two events
 * whose encodings are one are one counter, but a series each, as perf counts each)
 */
static size_t event_words(const struct plan *plan, const struct plan_event *e, const char **out, size_t max)
{
	size_t n = 0;

	out[n++] = event_word(plan, e);
	for (size_t k = 0; k < e->nfeeds && n < max; k++) {
		const char *w = plan->metric[e->feeds[k].metric].vars[e->feeds[k].var];
		bool seen = false;

		for (size_t j = 0; j < n && !seen; j++)
			seen = !strcmp(out[j], w);
		if (!seen)
			out[n++] = w;
	}
	return n;
}

static int series_of(const struct expo_input *in, const struct plan_event *e, int socket, const char *word,
		     struct series *s)
{
	const struct plan *plan = in->plan;
	const struct plan_metric *pm = e->metric >= 0 ? &plan->metric[e->metric] : NULL;
	size_t len;
	bool first = true;
	char bus_id[32];
	FILE *f;

	s->word = word;
	s->title = e->pmu ? e->pmu->family->title : "perf";
	f = open_memstream(&s->family, &len);
	if (!f)
		return -ENOMEM;
	fputs("pmuctl_", f);
	if (e->pmu) {
		expo_put_name(f, e->pmu->family->id);
		fputc('_', f);
	}
	expo_put_name(f, s->word);
	if (fclose(f))
		return -ENOMEM;
	f = open_memstream(&s->labels, &len);
	if (!f)
		return -ENOMEM;
	if (e->pmu) {
		expo_put_label(f, "pmu", e->pmu->name, &first);
		expo_put_label_int(f, "socket", socket, &first);
		expo_put_label_int(f, "rc", e->pmu->rc, &first);
		expo_put_label_int(f, "channel", e->pmu->channel, &first);
	}
	if (pm && pm->device)
		expo_put_label(f, "pci_bus_id", expo_pci_bus_id(pm->device, bus_id, sizeof(bus_id)), &first);
	/* the concrete string: two filters of one event on one PMU are two series */
	expo_put_label(f, "event", e->event, &first);
	return fclose(f) ? -ENOMEM : 0;
}

static int by_family_then_labels(const void *a, const void *b)
{
	const struct series *x = a, *y = b;

	return strcmp(x->family, y->family) ?: strcmp(x->labels, y->labels);
}

static void series_free(struct series *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(s[i].family);
		free(s[i].labels);
	}
	free(s);
}

/* An event's counters on one socket: what a series sums */
struct part {
	size_t ev, next;	/* next: the event's next part, SIZE_MAX */
	int socket;
	struct count_mark total, since;
};

/* Counter i's part: its event's on its socket, made when new */
static size_t part_of(const struct expo_input *in, size_t i, struct part *p, size_t *np, size_t *head)
{
	const struct counter *c = &in->cs->v[i];
	const struct plan_event *e = &in->plan->v[c->ev];
	int socket = e->pmu ? cpu_package_of_counter(in->packages, e->pmu, c->cpu) : -1;
	size_t k;

	for (k = head[c->ev]; k != SIZE_MAX; k = p[k].next)
		if (p[k].socket == socket)
			return k;
	p[*np] = (struct part){ .ev = c->ev, .next = head[c->ev], .socket = socket };
	head[c->ev] = *np;
	return (*np)++;
}

/* A series per plan event (and socket) that counted, in family order, each once */
static int collect(const struct expo_input *in, struct series **out, size_t *nout)
{
	const struct plan *plan = in->plan;
	size_t *head = malloc((plan->n ? plan->n : 1) * sizeof(*head)), np = 0;
	struct part *part = calloc(in->cs->n ? in->cs->n : 1, sizeof(*part));
	struct series *s = calloc(WORDS_MAX * (in->cs->n ? in->cs->n : 1), sizeof(*s));
	size_t n = 0, kept = 0;
	int ret = 0;

	*out = NULL;
	*nout = 0;
	if (!head || !part || !s) {
		ret = -ENOMEM;
		goto out;
	}
	for (size_t ev = 0; ev < plan->n; ev++)
		head[ev] = SIZE_MAX;
	for (size_t i = 0; i < in->cs->n; i++) {
		const struct counter *c = &in->cs->v[i];
		struct count_mark all = count_since(in->cs, i, NULL), d = count_since(in->cs, i, in->mark);
		struct part *x;

		if (c->state != COUNT_OK && c->state != COUNT_NOT_COUNTED)
			continue;
		x = &part[part_of(in, i, part, &np, head)];
		/* a reload's new counter goes on from its old total: no reset to guess */
		x->total.value += all.value + (in->carried ? in->carried[i] : 0);
		x->total.enabled += all.enabled;
		x->total.running += all.running;
		x->since.enabled += d.enabled;
		x->since.running += d.running;
	}
	for (size_t k = 0; k < np && !ret; k++) {
		const struct part *x = &part[k];
		const char *words[WORDS_MAX];
		size_t nw = event_words(plan, &plan->v[x->ev], words, WORDS_MAX);

		for (size_t w = 0; w < nw && !ret; w++) {
			ret = series_of(in, &plan->v[x->ev], x->socket, words[w], &s[n]);
			s[n].total = x->total.value;
			s[n].enabled_ns = x->total.enabled;
			s[n].running_ns = x->total.running;
			s[n].running = x->since.enabled ? (double)x->since.running / (double)x->since.enabled : NAN;
			s[n].again = w > 0;
			n++;
		}
	}
	if (ret)
		goto out;
	qsort(s, n, sizeof(*s), by_family_then_labels);
	/* an event two metrics read is one counter to Prometheus */
	for (size_t i = 0; i < n; i++) {
		if (kept && !by_family_then_labels(&s[kept - 1], &s[i])) {
			free(s[i].family);
			free(s[i].labels);
			continue;
		}
		s[kept++] = s[i];
	}
	*out = s;
	*nout = kept;
	s = NULL;
	n = 0;
out:
	series_free(s, n);
	free(head);
	free(part);
	return ret;
}

static void put_counters(FILE *f, const struct series *s, size_t n, enum expo_format fmt)
{
	char help[512];

	for (size_t i = 0; i < n; i++) {
		if (!i || strcmp(s[i - 1].family, s[i].family)) {
			snprintf(help, sizeof(help), "%s events counted by %s PMUs since pmuctl serve opened them (raw; multiplexed ones ran pmuctl_running_ratio of the time)",
				 s[i].word, s[i].title);
			expo_family(f, fmt, s[i].family, EXPO_COUNTER, help);
		}
		expo_sample(f, s[i].family, EXPO_COUNTER);
		fprintf(f, "{%s} %" PRIu64 "\n", s[i].labels, s[i].total);
	}
}

/* Each counter's enabled and running time: rate(x) * rate(enabled) / rate(running) is stat's scaling */
static void put_times(FILE *f, const struct series *s, size_t n, enum expo_format fmt)
{
	if (!n)
		return;
	expo_family(f, fmt, "pmuctl_enabled_seconds", EXPO_COUNTER,
		    "how long each counter was enabled since it opened (a multiplexed one longer than it ran)");
	for (size_t i = 0; i < n; i++) {
		if (s[i].again)
			continue;
		expo_sample(f, "pmuctl_enabled_seconds", EXPO_COUNTER);
		fprintf(f, "{%s} %.9f\n", s[i].labels, (double)s[i].enabled_ns / 1e9);
	}
	expo_family(f, fmt, "pmuctl_running_seconds", EXPO_COUNTER,
		    "how long each counter ran on its PMU since it opened: its _total times enabled over running is its scaled count");
	for (size_t i = 0; i < n; i++) {
		if (s[i].again)
			continue;
		expo_sample(f, "pmuctl_running_seconds", EXPO_COUNTER);
		fprintf(f, "{%s} %.9f\n", s[i].labels, (double)s[i].running_ns / 1e9);
	}
}

static void put_running(FILE *f, const struct series *s, size_t n, enum expo_format fmt)
{
	if (!n)
		return;
	expo_family(f, fmt, "pmuctl_running_ratio", EXPO_GAUGE,
		    "share of the last interval each counter ran on its PMU (below 1: multiplexed)");
	for (size_t i = 0; i < n; i++) {
		if (s[i].again)
			continue;
		if (isnan(s[i].running))
			fprintf(f, "pmuctl_running_ratio{%s} NaN\n", s[i].labels);
		else
			fprintf(f, "pmuctl_running_ratio{%s} %.6g\n", s[i].labels, s[i].running);
	}
}

static void put_gauge(FILE *f, const char *name, const char *help, double v, enum expo_format fmt)
{
	expo_family(f, fmt, name, EXPO_GAUGE, help);
	fprintf(f, "%s %.9g\n", name, v);
}

static void put_counter(FILE *f, const char *name, const char *help, uint64_t v, enum expo_format fmt)
{
	expo_family(f, fmt, name, EXPO_COUNTER, help);
	expo_sample(f, name, EXPO_COUNTER);
	fprintf(f, " %" PRIu64 "\n", v);
}

static void put_self(FILE *f, const struct expo_self *self, enum expo_format fmt)
{
	static const char *const state_names[] = { "unread", "ok", "not_counted", "not_supported", "failed" };

	put_gauge(f, "pmuctl_up", "1 when the last sample read at least one counter", self->up, fmt);
	put_gauge(f, "pmuctl_scrape_duration_seconds",
		  "how long reading every counter took at the last sample",
		  self->sample_s, fmt);
	put_counter(f, "pmuctl_samples", "samples taken since pmuctl serve started", self->samples, fmt);
	put_counter(f, "pmuctl_read_failures",
		    "counters that began to fail (not opened, not supported, or a read error): each once, "
		    "and again only after it read again; pmuctl_counters{state} says how many fail now",
		    self->read_failures, fmt);
	expo_family(f, fmt, "pmuctl_counters", EXPO_GAUGE, "counters in each state at the last sample");
	for (size_t i = COUNT_OK; i <= COUNT_FAILED; i++)
		fprintf(f, "pmuctl_counters{state=\"%s\"} %zu\n", state_names[i], self->states[i]);
	expo_family(f, fmt, "pmuctl_reloads", EXPO_COUNTER, "SIGHUP reloads of the metrics, by result");
	fprintf(f, "pmuctl_reloads_total{result=\"failure\"} %" PRIu64 "\npmuctl_reloads_total{result=\"success\"} %" PRIu64 "\n",
		self->reloads[0], self->reloads[1]);
	put_counter(f, "pmuctl_log_dropped",
		    "log lines dropped because standard error was not read: serving never waits for the log",
		    loglines_dropped(), fmt);
	expo_family(f, fmt, "pmuctl_renders", EXPO_COUNTER,
		    "expositions built, by format: once on the first scrape in it after a sample, none at rest");
	fprintf(f, "pmuctl_renders_total{format=\"prometheus\"} %" PRIu64 "\npmuctl_renders_total{format=\"openmetrics\"} %" PRIu64 "\n",
		self->renders[EXPO_PROMETHEUS], self->renders[EXPO_OPENMETRICS]);
	expo_family(f, fmt, "pmuctl_build", EXPO_INFO, "the pmuctl version serving");
	fprintf(f, "pmuctl_build_info{version=\"%s\"} 1\n", PMUCTL_VERSION);
}

/* The -M values over the last interval, per PMU instance (and device): Prometheus sums */
static int metric_values(const struct expo_input *in, struct metric_value **vals, size_t *nvals)
{
	struct metric_sample *samples = NULL;
	size_t n = 0;
	int ret = metric_samples_counted(in->plan, in->cs, in->mark, in->packages, NULL, &samples, &n);

	*vals = NULL;
	*nvals = 0;
	if (!ret)
		ret = metric_evaluate(samples, n, SCOPE_PMU, in->duration, vals, nvals);
	metric_samples_free(samples, n);
	return ret;
}

/*
 * What each counted PCI function is, once, in an info series: its name and where it sits, so
 * that the counters and gauges carry pci_bus_id alone and a query joins the rest on it
 */
static void put_functions(FILE *f, const struct expo_input *in, enum expo_format fmt)
{
	char bus_id[32], port_id[32];

	if (!in->nrows)
		return;
	expo_family(f, fmt, "pmuctl_pci_function", EXPO_INFO,
		    "a PCI function pmuctl counts: its name (pci.ids), root port, RC and socket, and the names its driver gave it (netdev, nvme, infiniband, drm), to join the exporters beside pmuctl on");
	for (size_t i = 0; i < in->nrows; i++) {
		const struct device_row *r = &in->rows[i];
		bool first = true;

		fputs("pmuctl_pci_function_info{", f);
		expo_put_label(f, "pci_bus_id", expo_pci_bus_id(r->bdf, bus_id, sizeof(bus_id)), &first);
		expo_put_label(f, "name", r->name[0] ? r->name : NULL, &first);
		expo_put_label(f, "root_port", r->root_port[0] ? expo_pci_bus_id(r->root_port, port_id, sizeof(port_id)) : NULL,
			       &first);
		expo_put_label_int(f, "socket", r->socket, &first);
		expo_put_label_int(f, "rc", r->rc, &first);
		/* the keys of node_exporter's and dcgm-exporter's series, for joins (none: no label) */
		expo_put_label(f, "netdev", r->classdev.netdev[0] ? r->classdev.netdev : NULL, &first);
		expo_put_label(f, "nvme", r->classdev.nvme[0] ? r->classdev.nvme : NULL, &first);
		expo_put_label(f, "infiniband", r->classdev.infiniband[0] ? r->classdev.infiniband : NULL, &first);
		expo_put_label(f, "drm", r->classdev.drm[0] ? r->classdev.drm : NULL, &first);
		fputs("} 1\n", f);
	}
}

/* One gauge family of the functions' links, in node_exporter's pcidevice collector's names */
static void put_link_family(FILE *f, const struct expo_input *in, const char *name, const char *help, int which,
			    enum expo_format fmt)
{
	char bus_id[32];
	bool any = false;

	for (size_t i = 0; i < in->nrows; i++) {
		const struct pcilink *l = &in->rows[i].link;
		double v = which == 0 ? pcilink_gts(l->cap_speed) * 1e9 : which == 1 ? pcilink_gts(l->speed) * 1e9 :
			   which == 2 ? l->cap_width : which == 3 ? l->width : which == 4 ? l->downtrained :
			   pcilink_bytes_per_second(l);
		bool first = true;

		/* not read, or not known: no sample, never a 0 that looks measured */
		if (!l->present || ((which <= 1 || which == 5) && v == 0) || (which == 4 && l->downtrained < 0))
			continue;
		if (!any)
			expo_family(f, fmt, name, EXPO_GAUGE, help);
		any = true;
		fprintf(f, "%s{", name);
		expo_put_label(f, "pci_bus_id", expo_pci_bus_id(in->rows[i].bdf, bus_id, sizeof(bus_id)), &first);
		fprintf(f, "} %.17g\n", v);
	}
}

static void put_links(FILE *f, const struct expo_input *in, enum expo_format fmt)
{
	put_link_family(f, in, "pmuctl_pci_max_link_transfers_per_second", "the most its PCIe link can do, both ends aside (Link Capabilities)", 0, fmt);
	put_link_family(f, in, "pmuctl_pci_current_link_transfers_per_second", "what its PCIe link trained to (Link Status)", 1, fmt);
	put_link_family(f, in, "pmuctl_pci_max_link_width", "lanes its PCIe link can have (Link Capabilities)", 2, fmt);
	put_link_family(f, in, "pmuctl_pci_current_link_width", "lanes its PCIe link trained to (Link Status; 0: down)", 3, fmt);
	put_link_family(f, in, "pmuctl_pci_link_downtrained", "1 when its PCIe link trained below what both ends support (pmuctl-map(1), LINKS)", 4, fmt);
	put_link_family(f, in, "pmuctl_pci_link_bytes_per_second", "what its trained PCIe link carries each way before packet overheads: GT/s x lanes x the line code's efficiency / 8 (the link rules' denominator)", 5, fmt);
}

/*
 * --by-destination: each function's share of its traffic (every destination value's sum) that
 * goes to the remote socket; no sample when a part was not counted or there was none
 */
static void put_remote_shares(FILE *f, const struct expo_input *in, const struct metric_value *vals, size_t nvals,
			      enum expo_format fmt)
{
	/* per function, in one pass over the values */
	struct destination_sum *sum = calloc(in->nrows + 1, sizeof(*sum));
	char bus_id[32];
	bool any = false;

	for (size_t k = 0; sum && k < nvals; k++)
		if (vals[k].device_index >= 0 && (size_t)vals[k].device_index < in->nrows)
			destination_add(&sum[vals[k].device_index], &vals[k]);
	for (size_t i = 0; sum && i < in->nrows; i++) {
		double share = destination_remote_share(&sum[i]);
		bool first = true;

		if (isnan(share))
			continue;
		if (!any)
			expo_family(f, fmt, "pmuctl_pci_remote_share_ratio", EXPO_GAUGE,
				    "the share of a PCI function's traffic that goes to the remote socket's memory, over its last -I");
		any = true;
		fputs("pmuctl_pci_remote_share_ratio{", f);
		expo_put_label(f, "pci_bus_id", expo_pci_bus_id(in->rows[i].bdf, bus_id, sizeof(bus_id)), &first);
		fprintf(f, "} %.17g\n", share);
	}
	free(sum);
}

/* Each -M name that applies to no PMU here, and why: one argument list serves every machine */
static void put_unavailable(FILE *f, const struct expo_input *in, enum expo_format fmt)
{
	for (size_t i = 0; in->unavailable && i < in->unavailable->n; i++) {
		const char *m = in->unavailable->msg[i], *tab = strchr(m, '\t');
		char name[160];
		bool first = true;

		if (!tab)
			continue;
		if (!i)
			expo_family(f, fmt, "pmuctl_metric_unavailable", EXPO_INFO,
				    "a metric -M names that applies to no PMU of this machine, skipped, and why");
		snprintf(name, sizeof(name), "%.*s", (int)(tab - m), m);
		fputs("pmuctl_metric_unavailable_info{", f);
		expo_put_label(f, "metric", name, &first);
		expo_put_label(f, "reason", tab + 1, &first);
		fputs("} 1\n", f);
	}
}

/* One format, from what both share */
static void put_exposition(FILE *f, const struct expo_input *in, enum expo_format fmt,
			   const struct series *s, size_t n, const struct metric_value *vals, size_t nvals)
{
	put_counters(f, s, n, fmt);
	put_times(f, s, n, fmt);
	put_running(f, s, n, fmt);
	if (nvals)
		metric_prom_write(f, fmt, vals, nvals, in->cs->exclusive);
	put_functions(f, in, fmt);
	put_remote_shares(f, in, vals, nvals, fmt);
	put_links(f, in, fmt);
	put_unavailable(f, in, fmt);
	put_self(f, in->self, fmt);
	expo_end(f, fmt);
}

int expo_render_format(const struct expo_input *in, enum expo_format fmt, char **buf, size_t *len)
{
	struct series *s = NULL;
	struct metric_value *vals = NULL;
	size_t n = 0, nvals = 0;
	int ret = 0;
	FILE *f;

	*buf = NULL;
	*len = 0;
	if (in->self->sampled) {
		ret = collect(in, &s, &n);
		if (!ret && in->plan->nmetric)
			ret = metric_values(in, &vals, &nvals);
	}
	f = ret ? NULL : open_memstream(buf, len);
	if (f) {
		put_exposition(f, in, fmt, s, n, vals, nvals);
		ret = fclose(f) ? -ENOMEM : 0;
	} else {
		ret = -ENOMEM;
	}
	series_free(s, n);
	free(vals);
	if (ret) {
		free(*buf);
		*buf = NULL;
		*len = 0;
	}
	return ret;
}

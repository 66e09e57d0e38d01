// SPDX-License-Identifier: GPL-2.0
/* stat -M: the events each metric needs, on every matching PMU instance, turned into values. */
#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/stat.h"
#include "cmd/stat_metrics.h"
#include "pmu/bluefield.h"
#include "pmu/mexpr.h"
#include "pmu/pmu.h"
#include "topology/bdf.h"
#include "pmu/devmap.h"

#define MAX_EVENTS 32

static void spec_free(struct metric_spec *s)
{
	free(s->pmu);
	free(s->device);
	for (size_t i = 0; i < s->nev; i++)
		free(s->ev[i]);
	free(s->ev);
}

void metrics_free(struct metrics_ctx *mc)
{
	if (!mc)
		return;
	for (size_t i = 0; i < mc->n; i++)
		spec_free(&mc->v[i]);
	free(mc->v);
	free(mc->selected);
	metric_list_free(&mc->ml);
	free(mc);
}

/* The event names of a formula: everything but duration_time and hw_clk_freq */
static int formula_events(const struct metric *m, char ***ev, size_t *n)
{
	const char *names[MAX_EVENTS];
	struct mexpr *e;
	struct pmu_err err;
	size_t k;

	*n = 0;
	if (mexpr_parse(m->expr, &e, &err))
		return -EINVAL;
	k = mexpr_names(e, names, MAX_EVENTS);
	*ev = calloc(k ? k : 1, sizeof(char *));
	for (size_t i = 0; *ev && i < k && i < MAX_EVENTS; i++)
		if (strcmp(names[i], "duration_time") && strcmp(names[i], "hw_clk_freq"))
			(*ev)[(*n)++] = strdup(names[i]);
	mexpr_free(e);
	return *ev ? 0 : -ENOMEM;
}

static int append(char ***events, int *n, char *s)
{
	char **v;

	if (!s)
		return -ENOMEM;
	v = realloc(*events, (size_t)(*n + 1) * sizeof(char *));
	if (!v) {
		free(s);
		return -ENOMEM;
	}
	*events = v;
	v[(*n)++] = s;
	return 0;
}

/* "{pmu/a,FILTER/,pmu/b,FILTER/}": one formula's events read together (DRW: never grouped) */
static char *group_string(const struct pmu *p, char **ev, size_t n, const char *filter)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	bool group = n > 1 && !p->family->never_group;

	if (!f)
		return NULL;
	fputs(group ? "{" : "", f);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%s/%s%s%s/", i ? "," : "", p->name, ev[i], filter ? "," : "",
			filter ? filter : "");
	fputs(group ? "}" : "", f);
	fclose(f);
	return out;
}

static int add_spec(struct metrics_ctx *mc, const struct metric *m, const char *pmu, int socket,
		    int rc, const char *device, double clk, char **ev, size_t nev, int input, int count)
{
	struct metric_spec *v = realloc(mc->v, (mc->n + 1) * sizeof(*v));

	if (!v) {
		for (size_t i = 0; i < nev; i++)
			free(ev[i]);
		free(ev);
		return -ENOMEM;
	}
	mc->v = v;
	v[mc->n] = (struct metric_spec){ .m = m, .pmu = strdup(pmu), .socket = socket, .rc = rc,
					 .device = device ? strdup(device) : NULL,
					 .hw_clk_freq = clk, .ev = ev, .nev = nev,
					 .input = input, .ninputs = count };
	mc->n++;
	return v[mc->n - 1].pmu ? 0 : -ENOMEM;
}

/* --device: the PMU instance that sees the function and the filter that selects it */
static int device_target(const struct stat_args *a, const struct pmu_list *pmus,
			 const struct sysroot *root, struct device_target *t)
{
	struct pcitopo_source src = { .root = root, .dump = settings.pci_dump };
	struct pcitopo topo;
	struct devmap_fn *maps = NULL;
	struct pmu_err err = { 0 };
	struct bdf b;
	int ret;

	if (bdf_parse(a->device, &b, &err)) {
		p_err("--device: %s", err.msg);
		return EXIT_USAGE;
	}
	if (pcitopo_read(&src, &topo, &err)) {
		p_err("--device needs the PCI topology: %s", err.msg);
		return EXIT_FAIL;
	}
	ret = devmap_build(&topo, pmus, &maps) ? EXIT_FAIL : EXIT_OK;
	for (size_t i = 0; !ret && i < topo.n; i++) {
		const struct pcifn *f = &topo.fn[i];
		const struct fn_pmu *r = &maps[i].requester;

		if (f->bus != b.bus || f->dev != b.dev || f->fn != b.fn ||
		    (b.domain >= 0 && f->domain != (uint32_t)b.domain))
			continue;
		pcifn_full_name(f, t->name, sizeof(t->name));
		if (r->family) {
			snprintf(t->pmu, sizeof(t->pmu), "%s", r->name);
			fn_filter_text(a->root_port ? &r->root_port : &r->function, t->filter,
				       sizeof(t->filter));
		}
		t->found = true;
		break;
	}
	if (!ret && !t->found) {
		p_err("--device %s: no such PCI function (pmuctl map lists them)", a->device);
		ret = EXIT_USAGE;
	} else if (!ret && !t->pmu[0]) {
		p_err("--device %s is below no Tegra410 root port and in no HNS3 PMU's range (pmuctl map %s)",
		      a->device, a->device);
		ret = EXIT_FAIL;
	}
	free(maps);
	pcitopo_free(&topo);
	return ret;
}

int metrics_select(struct metrics_ctx *mc, const char *list)
{
	char *copy = strdup(list), *save = NULL;
	int ret = 0;

	if (!mc->selected)
		mc->selected = calloc(mc->ml.n ? mc->ml.n : 1, sizeof(bool));
	if (!copy || !mc->selected) {
		free(copy);
		return -ENOMEM;
	}
	/* strtok would skip empty names: "-M ''" must not quietly mean no metric */
	if (!*list || *list == ',' || list[strlen(list) - 1] == ',' || strstr(list, ",,")) {
		p_err("empty metric name in -M '%s': give names or globs separated by single commas", list);
		free(copy);
		return -EINVAL;
	}
	for (char *tok = strtok_r(copy, ",", &save); tok && !ret; tok = strtok_r(NULL, ",", &save)) {
		bool any = false;

		for (size_t i = 0; i < mc->ml.n; i++) {
			const struct metric *m = &mc->ml.v[i];

			if (!fnmatch(tok, m->name, 0) || !strcmp(tok, m->family)) {
				mc->selected[i] = true;
				any = true;
			}
		}
		if (!any) {
			p_err("unknown metric '%s' (pmuctl list --metrics shows them)", tok);
			ret = -EINVAL;
		}
	}
	free(copy);
	return ret;
}

static int plan_pmu_metric(struct metrics_ctx *mc, const struct metric *m, const struct pmu *p,
			   const struct device_target *dt, char ***events, int *nevents)
{
	const char *filter = m->filter;
	char **ev;
	size_t nev;
	int ret;

	if (dt->found) {
		if (strcmp(dt->pmu, p->name))
			return 0;
		filter = dt->filter;
	}
	ret = formula_events(m, &ev, &nev);
	if (ret)
		return ret;
	/* the spec owns ev from here, even when adding it fails */
	ret = add_spec(mc, m, p->name, pmu_socket(p), p->rc,
		       dt->found ? dt->name : NULL, p->hw_clk_freq >= 0 ? (double)p->hw_clk_freq : NAN,
		       ev, nev, *nevents, 1);
	if (!ret)
		ret = append(events, nevents, group_string(p, ev, nev, filter));
	return ret;
}

static int plan_bf_metric(struct metrics_ctx *mc, const struct metric *m, const struct bf_block *b,
			  char ***events, int *nevents)
{
	char **ev, *s, pmu[96];
	size_t nev;
	int ret = formula_events(m, &ev, &nev), first = *nevents;

	if (ret)
		return ret;
	for (size_t i = 0; i < nev && !ret; i++)
		ret = asprintf(&s, "bfperf/%s/%s/", b->name, ev[i]) < 0 ? -ENOMEM
									: append(events, nevents, s);
	snprintf(pmu, sizeof(pmu), "bfperf/%s", b->name);
	if (!ret)
		return add_spec(mc, m, pmu, -1, -1, NULL, NAN, ev, nev, first, *nevents - first);
	for (size_t i = 0; i < nev; i++)
		free(ev[i]);
	free(ev);
	return ret;
}

int metrics_prepare(struct metrics_ctx **out, const struct stat_args *a, const struct pmu_list *pmus,
		    const struct bf_list *bf, const struct sysroot *root, char ***events, int *nevents)
{
	struct metrics_ctx *mc = calloc(1, sizeof(*mc));
	struct device_target dt = { 0 };
	struct pmu_err err = { 0 };
	int ret;

	*out = mc;
	if (!mc || metric_catalog(&mc->ml))
		return EXIT_FAIL;
	if (a->metrics_file && metric_load_file(&mc->ml, a->metrics_file, &err)) {
		p_err("%s", err.msg);
		return EXIT_FAIL;
	}
	if (metrics_select(mc, a->metrics))
		return EXIT_USAGE;
	if (a->device) {
		ret = device_target(a, pmus, root, &dt);
		if (ret)
			return ret;
	}
	mc->first_input = *nevents;
	for (size_t i = 0; i < mc->ml.n; i++) {
		const struct metric *m = &mc->ml.v[i];
		size_t before = mc->n;

		if (!mc->selected[i])
			continue;
		for (size_t k = 0; k < pmus->n; k++)
			if (metric_applies_pmu(m, &pmus->v[k]) &&
			    plan_pmu_metric(mc, m, &pmus->v[k], &dt, events, nevents))
				return EXIT_FAIL;
		for (size_t d = 0; d < bf->n && !dt.found; d++)
			for (size_t k = 0; k < bf->v[d].nblocks; k++)
				if (metric_applies_block(m, bf->v[d].blocks[k].name) &&
				    plan_bf_metric(mc, m, &bf->v[d].blocks[k], events, nevents))
					return EXIT_FAIL;
		if (mc->n == before)
			p_warn("metric %s: no %s PMU on this machine%s%s", m->name, m->family,
			       dt.found ? " for device " : "", dt.found ? dt.name : "");
	}
	if (!mc->n) {
		p_err("none of the metrics asked for applies to this machine");
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

/* "nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x100/" -> pmu and event; bfperf/BLOCK/EV/ too */
bool metric_event_split(const char *text, char *pmu, size_t psz, char *ev, size_t esz)
{
	const char *slash = strchr(text, '/'), *e;

	if (!slash)
		return false;
	if (!strncmp(text, "bfperf/", 7)) {
		const char *b = slash + 1, *s2 = strchr(b, '/');

		if (!s2)
			return false;
		snprintf(pmu, psz, "%.*s", (int)(s2 - text), text);
		e = s2 + 1;
	} else {
		snprintf(pmu, psz, "%.*s", (int)(slash - text), text);
		e = slash + 1;
	}
	snprintf(ev, esz, "%.*s", (int)strcspn(e, ",/"), e);
	return *pmu && *ev;
}

static void gather(const struct metric_spec *sp, const struct count_set *cs, const uint64_t *prev,
		   bool delta, struct metric_sample *out)
{
	for (size_t k = 0; k < sp->nev; k++)
		out->count[k] = 0;
	for (size_t i = 0; i < cs->n; i++) {
		const struct counter *c = &cs->v[i];
		char pmu[256], name[128];
		uint64_t v = c->value, en = c->enabled, run = c->running;

		if (c->input < sp->input || c->input >= sp->input + sp->ninputs)
			continue;
		if (!metric_event_split(c->label, pmu, sizeof(pmu), name, sizeof(name)))
			continue;
		if (delta) {
			v -= prev[3 * i];
			en -= prev[3 * i + 1];
			run -= prev[3 * i + 2];
		}
		for (size_t k = 0; k < sp->nev; k++) {
			if (strcmp(sp->ev[k], name))
				continue;
			if (c->state != COUNT_OK)
				out->count[k] = NAN;
			else
				out->count[k] += count_scaled(v, en, run);
			if (run < en)
				out->multiplexed = true;
		}
	}
}

int metrics_emit(struct metrics_ctx *mc, FILE *f, const struct stat_args *a, const struct count_set *cs,
		 const uint64_t *prev, bool delta, double duration, double t, long interval, bool first)
{
	struct metric_sample *s = calloc(mc->n ? mc->n : 1, sizeof(*s));
	struct metric_value *vals = NULL;
	size_t nvals = 0;
	int ret = -ENOMEM;

	if (!s)
		return ret;
	for (size_t i = 0; i < mc->n; i++) {
		const struct metric_spec *sp = &mc->v[i];

		s[i] = (struct metric_sample){ .m = sp->m, .pmu = sp->pmu, .socket = sp->socket,
					       .rc = sp->rc, .device = sp->device, .nev = sp->nev,
					       .ev = (const char **)sp->ev,
					       .count = calloc(sp->nev ? sp->nev : 1, sizeof(double)),
					       .hw_clk_freq = sp->hw_clk_freq };
		if (!s[i].count)
			goto out;
		gather(sp, cs, prev, delta, &s[i]);
	}
	ret = metric_evaluate(s, mc->n, duration, &vals, &nvals);
	if (!ret)
		metric_render(f, a, vals, nvals, t, interval, first);
out:
	for (size_t i = 0; i < mc->n; i++)
		free(s[i].count);
	free(s);
	free(vals);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/* stat --input: metrics from recorded perf stat output, one report per interval. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/stat_metrics.h"
#include "pmu/mexpr.h"
#include "pmu/perfinput.h"

#define INPUT_MAX (64u << 20)
#define MAX_EVENTS 32

struct slice {
	const struct perf_record *r;
	size_t n;
	double t;
};

static double slice_duration(const struct slice *s, double prev_t)
{
	double run = 0;

	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->r[i].event, "duration_time") && s->r[i].counted)
			return s->r[i].count / 1e9;	/* perf counts it in ns */
	if (s->t >= 0)
		return s->t - prev_t;
	for (size_t i = 0; i < s->n; i++)
		if (s->r[i].run_ns > run)
			run = s->r[i].run_ns;
	return run / 1e9;
}

static bool applies(const struct metric *m, const char *pmu_name)
{
	struct pmu p = { .name = (char *)pmu_name };

	if (!strncmp(pmu_name, "bfperf/", 7))
		return metric_applies_block(m, pmu_name + 7);
	pmu_family_decode(&p);
	return metric_applies_pmu(m, &p);
}

static int add_sample(struct metric_sample **s, size_t *n, const struct metric *m, const char *pmu,
		      const struct slice *sl, const struct pmu_list *live)
{
	struct metric_sample *v, *x;
	const char *names[MAX_EVENTS];
	struct mexpr *e;
	struct pmu_err err;
	struct pmu p = { .name = (char *)pmu };
	size_t nn, found = 0;
	const struct pmu *lp = live ? pmu_find(live, pmu) : NULL;

	if (mexpr_parse(m->expr, &e, &err))
		return 0;
	nn = mexpr_names(e, names, MAX_EVENTS);
	v = realloc(*s, (*n + 1) * sizeof(*v));
	if (!v) {
		mexpr_free(e);
		return -ENOMEM;
	}
	*s = v;
	x = &v[*n];
	memset(x, 0, sizeof(*x));
	pmu_family_decode(&p);
	x->m = m;
	x->pmu = strdup(pmu);
	x->socket = pmu_socket(&p);
	x->rc = p.rc;
	x->hw_clk_freq = lp && lp->hw_clk_freq >= 0 ? (double)lp->hw_clk_freq : NAN;
	x->ev = calloc(nn ? nn : 1, sizeof(char *));
	x->count = calloc(nn ? nn : 1, sizeof(double));
	if (!x->pmu || !x->ev || !x->count) {
		mexpr_free(e);
		return -ENOMEM;
	}
	for (size_t k = 0; k < nn && k < MAX_EVENTS; k++) {
		bool any = false;

		x->ev[x->nev] = strdup(names[k]);
		if (!x->ev[x->nev])
			break;
		for (size_t i = 0; i < sl->n; i++) {
			char rp[256], re[128];

			if (!metric_event_split(sl->r[i].event, rp, sizeof(rp), re, sizeof(re)) ||
			    strcmp(rp, pmu) || strcmp(re, names[k]))
				continue;
			any = true;
			if (!sl->r[i].counted)
				x->count[x->nev] = NAN;
			else
				x->count[x->nev] += sl->r[i].count;
			if (sl->r[i].pct < 100)
				x->multiplexed = true;
		}
		if (!any)
			x->count[x->nev] = NAN;
		else
			found++;
		x->nev++;
	}
	mexpr_free(e);
	(*n)++;
	/* a PMU that recorded none of the formula's events is not an instance of it */
	if (!found) {
		(*n)--;
		for (size_t k = 0; k < x->nev; k++)
			free((char *)x->ev[k]);
		free(x->ev);
		free(x->count);
		free((char *)x->pmu);
	}
	return 0;
}

static void free_samples(struct metric_sample *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < s[i].nev; k++)
			free((char *)s[i].ev[k]);
		free(s[i].ev);
		free(s[i].count);
		free((char *)s[i].pmu);
	}
	free(s);
}

static int report_slice(const struct stat_args *a, struct metrics_ctx *mc, const struct slice *sl,
			double duration, long interval, bool first, const struct pmu_list *live)
{
	struct metric_sample *s = NULL;
	struct metric_value *vals = NULL;
	size_t n = 0, nvals = 0;
	int ret = 0;

	for (size_t i = 0; i < mc->ml.n && !ret; i++) {
		if (!mc->selected[i])
			continue;
		/* each PMU once, in the order perf printed them */
		for (size_t r = 0; r < sl->n && !ret; r++) {
			char pmu[256], ev[128];
			bool dup = false;

			if (!metric_event_split(sl->r[r].event, pmu, sizeof(pmu), ev, sizeof(ev)) ||
			    !applies(&mc->ml.v[i], pmu))
				continue;
			for (size_t k = 0; k < r && !dup; k++) {
				char p2[256], e2[128];

				dup = metric_event_split(sl->r[k].event, p2, sizeof(p2), e2, sizeof(e2)) &&
				      !strcmp(p2, pmu);
			}
			if (!dup)
				ret = add_sample(&s, &n, &mc->ml.v[i], pmu, sl, live);
		}
	}
	if (!ret)
		ret = metric_evaluate(s, n, duration, &vals, &nvals);
	if (!ret)
		metric_render(stdout, a, vals, nvals, sl->t >= 0 ? sl->t : duration, interval, first);
	free(vals);
	free_samples(s, n);
	return ret;
}

static int read_input(const char *path, char **text, size_t *len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	size_t cap = 0;

	*text = NULL;
	*len = 0;
	if (!f)
		return -errno;
	for (;;) {
		char *b;
		size_t got;

		if (*len + 65536 > cap) {
			cap = cap ? cap * 2 : (size_t)65536 * 2;
			if (cap > INPUT_MAX + 65536 || !(b = realloc(*text, cap + 1))) {
				if (f != stdin)
					fclose(f);
				return cap > INPUT_MAX + 65536 ? -EFBIG : -ENOMEM;
			}
			*text = b;
		}
		got = fread(*text + *len, 1, cap - *len, f);
		*len += got;
		if (got == 0)
			break;
	}
	(*text)[*len] = '\0';
	if (f != stdin)
		fclose(f);
	return 0;
}

/* hw_clk_freq is not in perf's output: take it from --sysfs-root / SYSFS_PATH when given */
static bool load_live(struct pmu_list *live)
{
	const char *path = settings.sysfs_root ? settings.sysfs_root : getenv("SYSFS_PATH");
	struct sysroot root;
	struct diag d = { 0 };
	bool ok;

	if (!path || !*path || sysroot_open(&root, path))
		return false;
	ok = !pmu_scan(&root, live, &d);
	diag_free(&d);
	sysroot_close(&root);
	return ok;
}

int metrics_offline(const struct stat_args *a)
{
	struct metrics_ctx mc = { 0 };
	struct perf_records recs = { 0 };
	struct pmu_list live = { 0 };
	struct pmu_err err = { 0 };
	char *text = NULL;
	size_t len;
	bool have_live;
	double prev_t = 0;
	long interval = 0;
	int ret = read_input(a->input, &text, &len);

	if (ret) {
		p_err("cannot read '%s': %s", a->input, ret == -EFBIG ? "larger than 64 MiB" : strerror(-ret));
		return EXIT_FAIL;
	}
	if (perf_input_parse(text, len, &recs, &err)) {
		p_err("%s: %s", a->input, err.msg);
		free(text);
		return EXIT_FAIL;
	}
	free(text);
	if (metric_catalog(&mc.ml) ||
	    (a->metrics_file && metric_load_file(&mc.ml, a->metrics_file, &err))) {
		p_err("%s", err.msg[0] ? err.msg : "out of memory");
		ret = EXIT_FAIL;
		goto out;
	}
	mc.selected = calloc(mc.ml.n, sizeof(bool));
	ret = metrics_select(&mc, a->metrics) ? EXIT_USAGE : EXIT_OK;
	if (ret)
		goto out;
	have_live = load_live(&live);
	for (size_t i = 0; i < recs.n && !ret;) {
		struct slice sl = { .r = &recs.v[i], .t = recs.v[i].time };

		while (i + sl.n < recs.n && recs.v[i + sl.n].time == sl.t)
			sl.n++;
		if (sl.t >= 0)
			interval++;
		ret = report_slice(a, &mc, &sl, slice_duration(&sl, prev_t), interval, i == 0,
				   have_live ? &live : NULL) ? EXIT_FAIL : EXIT_OK;
		prev_t = sl.t;
		i += sl.n;
	}
	if (!recs.n)
		p_warn("%s holds no counts", a->input);
	if (have_live)
		pmu_list_free(&live);
out:
	free(mc.selected);
	metric_list_free(&mc.ml);
	perf_records_free(&recs);
	return ret;
}

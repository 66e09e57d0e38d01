// SPDX-License-Identifier: GPL-2.0
/*
 * stat --input: metrics from recorded perf stat output. The plan is built as for counting,
 * on the PMUs the recording names, and fed the recorded counts: one report per interval.
 */
#include <errno.h>
#include <math.h>
#include <search.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/out/outfile.h"
#include "cmd/pmuctl.h"
#include "cmd/report/metric_inputs.h"
#include "cmd/stat/stat.h"
#include "lib/readall.h"
#include "pmu/evparse.h"
#include "pmu/family/family.h"
#include "pmu/metrics/metric_samples.h"
#include "pmu/perfinput.h"

#define INPUT_MAX (64u << 20)

/* The records of one interval (or of the whole run) */
struct slice {
	const struct perf_record *r;
	size_t n;
	double t;
};

static double slice_duration(const struct slice *s, double prev_t)
{
	double run = 0;

	/* the last: pmuctl's -x writes the time its formulas divided by after an -e duration_time */
	for (size_t i = s->n; i-- > 0;)
		if (!strcmp(s->r[i].event, "duration_time") && s->r[i].counted)
			return s->r[i].count / 1e9;	/* perf counts it in ns */
	if (s->t >= 0)
		return s->t - prev_t;
	for (size_t i = 0; i < s->n; i++)
		if (s->r[i].run_ns > run)
			run = s->r[i].run_ns;
	return run / 1e9;
}

/* A name whose _0 a family knows: perf merged PMU_0, PMU_1... into PMU */
static bool merged_prefix(const char *name)
{
	struct pmu_list l = { 0 };
	char *numbered = NULL;
	bool merged = false;

	if (asprintf(&numbered, "%s_0", name) > 0) {
		struct pmu *p = pmu_list_add_named(&l, numbered);

		merged = p && pmu_family_known(p);
	}
	free(numbered);
	pmu_list_free(&l);
	return merged;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void keep_key(void *key)
{
	(void)key;
}

/*
 * The machine as the recording names it: every PMU in the order perf printed them, by name,
 * with hw_clk_freq from --sysfs-root or SYSFS_PATH when that machine has the PMU
 */
static int recorded_pmus(const char *input, const struct perf_records *recs, const struct stat_setup *live,
			 struct pmu_list *out)
{
	/* the names seen, in a tree: a recording of 40,000 PMUs is not read in quadratic time */
	void *seen = NULL;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; !ret && i < recs->n; i++) {
		const struct pmu *lp;
		struct err_report err;
		struct ev_list l;
		struct pmu *p;

		if (ev_parse(recs->v[i].event, &l, &err))
			continue;
		if (l.n == 1 && l.v[0].has_slash && !tfind(l.v[0].name, &seen, name_cmp)) {
			p = pmu_list_add_named(out, l.v[0].name);
			if (!p || !tsearch(p->name, &seen, name_cmp)) {
				ev_list_free(&l);
				ret = -ENOMEM;
				break;
			}
			/* a name no family knows, checked once per PMU the recording names */
			if (!pmu_family_known(p) && merged_prefix(l.v[0].name)) {
				p_err("%s: '%s' is perf's sum of every %s_N PMU (a PMU name without its number): "
				      "pmuctl cannot split it into instances; record with perf stat --no-merge, or "
				      "name each PMU (-e %s_0/...)", input, l.v[0].name, l.v[0].name, l.v[0].name);
				ret = -EINVAL;
			}
			lp = !ret && live->have_root ? pmu_find(&live->pmus, l.v[0].name) : NULL;
			if (lp)
				pmu_family_copy_private(p, lp);
		}
		ev_list_free(&l);
	}
	/* the names are the PMUs': the tree's nodes go, not its keys */
	tdestroy(seen, keep_key);
	return ret;
}

/* hw_clk_freq and --device need the machine: read it when --sysfs-root or SYSFS_PATH names one */
static void load_live(struct stat_setup *s)
{
	struct diag d = { 0 };

	if (!root_given() || sysroot_open(&s->root, root_path()))
		return;
	s->have_root = true;
	if (pmu_scan(&s->root, &s->pmus, &d) && !s->pmus.n) {
		sysroot_close(&s->root);
		s->have_root = false;
	}
	diag_free(&d);
}

/*
 * -x: each plan event's recorded counts, for the lines a counting run writes (the metric on
 * its first input's line, in every aggregation), so that live and --input read alike
 */
static struct metric_input_sum *recorded_sums(const struct plan *plan, const struct slice *sl)
{
	struct recorded_input *in = calloc(plan->n ? plan->n : 1, sizeof(*in));
	struct metric_input_sum *sums = calloc(plan->n ? plan->n : 1, sizeof(*sums));

	if (!in || !sums || metric_samples_inputs(plan, sl->r, sl->n, in)) {
		free(in);
		free(sums);
		return NULL;
	}
	for (size_t ev = 0; ev < plan->n; ev++)
		sums[ev] = (struct metric_input_sum){ .count = in[ev].count, .counted = in[ev].counted,
						      .running = (uint64_t)llround(in[ev].run_ns),
						      .enabled = (uint64_t)llround(in[ev].enabled_ns),
						      .has_cpu = in[ev].cpu >= 0, .cpu = in[ev].cpu };
	free(in);
	return sums;
}

static int report_slice(struct render_ctx *c, const struct plan *plan, const struct slice *sl,
			double duration, bool echo)
{
	struct metric_sample *samples = NULL;
	struct metric_input_sum *sums = NULL;
	size_t n = 0;
	int ret = metric_samples_recorded(plan, sl->r, sl->n, &samples, &n);

	if (!ret && echo) {
		sums = recorded_sums(plan, sl);
		ret = sums ? 0 : -ENOMEM;
		c->sums = sums;
		c->plan = plan;
	}
	if (!ret && c->ops->begin)
		ret = c->ops->begin(c);
	if (!ret)
		ret = report_values(c, samples, n, duration);
	if (c->ops->end) {
		int end = c->ops->end(c, !ret);

		ret = ret ? ret : end;
	}
	metric_samples_free(samples, n);
	c->sums = NULL;
	free(sums);
	return ret;
}

static int report(const struct stat_args *a, const struct stat_setup *s, const struct perf_records *recs,
		  FILE *f)
{
	const struct plan *plan = &s->plan;
	struct render_ctx c = { .f = f, .ops = stat_report_ops(a), .sep = a->sep, .aggr = a->aggr,
				.first = true, .rows = s->rows, .nrows = s->rows ? s->ndevices : 0,
				.sort = a->sort };
	double prev_t = 0;
	int ret = 0;
	/* as a counting run's -x: the counts beside the metrics, where its aggregation keeps them */
	bool echo = c.ops->metrics_inline && !a->metric_only;

	for (size_t i = 0; i < recs->n && !ret;) {
		struct slice sl = { .r = &recs->v[i], .t = recs->v[i].time };
		double duration;

		while (i + sl.n < recs->n && recs->v[i + sl.n].time == sl.t)
			sl.n++;
		if (sl.t >= 0)
			c.interval++;
		duration = slice_duration(&sl, prev_t);
		c.time_s = sl.t >= 0 ? sl.t : duration;
		ret = report_slice(&c, plan, &sl, duration, echo);
		c.first = false;
		prev_t = sl.t;
		i += sl.n;
	}
	return ret ? ret : ferror(f) ? -EIO : 0;
}

/* Records perf could not count: the metrics they feed are n/a, and this says why, once each */
static void warn_not_counted(const struct perf_records *recs)
{
	for (size_t i = 0; i < recs->n; i++) {
		bool seen = false;

		if (recs->v[i].counted)
			continue;
		for (size_t k = 0; k < i && !seen; k++)
			seen = !recs->v[k].counted && !strcmp(recs->v[k].event, recs->v[i].event);
		if (!seen)
			p_warn("%s: %s in the recording: the metrics it feeds are n/a", recs->v[i].event,
			       recs->v[i].not_supported ? "<not supported>" : "<not counted>");
	}
}

/*
 * Every metric asked for must get a value: one whose every instance lacks an event is named
 * with the events missing. None gets one: EXIT_FAIL; some: EXIT_PARTIAL.
 */
static int check_recorded(const struct stat_setup *s, const struct perf_records *recs)
{
	const struct plan *plan = &s->plan;
	size_t *found = calloc(plan->nmetric ? plan->nmetric : 1, sizeof(*found)), with = 0, without = 0;

	if (!found)
		return EXIT_FAIL;
	warn_not_counted(recs);
	metric_samples_found(plan, recs->v, recs->n, found);
	for (size_t i = 0; i < plan->nmetric; i++) {
		const struct plan_metric *pm = &plan->metric[i];
		bool seen = false, some = false;
		char names[256] = "";
		size_t o = 0, inst = 0;

		for (size_t k = 0; k < i && !seen; k++)
			seen = plan->metric[k].m == pm->m;
		if (seen)
			continue;
		for (size_t k = i; k < plan->nmetric; k++) {
			inst += plan->metric[k].m == pm->m;
			some |= plan->metric[k].m == pm->m && found[k] == ((size_t)1 << pm->nvars) - 1;
		}
		if (some) {
			with++;
			continue;
		}
		without++;
		for (size_t k = 0; k < pm->nvars && o < sizeof(names); k++)
			if (!((found[i] >> k) & 1))
				o += (size_t)snprintf(names + o, sizeof(names) - o, "%s%s", o ? ", " : "", pm->vars[k]);
		if (inst == 1)
			p_warn("metric %s: no value: the recording has no %s on %s", pm->m->name, names,
			       pm->pmu->name);
		else
			p_warn("metric %s: no value on any of its %zu PMUs: the recording has no %s on %s, for one",
			       pm->m->name, inst, names, pm->pmu->name);
	}
	free(found);
	if (without && !with) {
		p_err("no metric asked for has a value in the recording: record the events above (pmuctl stat --dry-run -M ... prints them)");
		return EXIT_FAIL;
	}
	return without ? EXIT_PARTIAL : EXIT_OK;
}

int stat_input(const struct stat_args *a)
{
	struct stat_setup s = { 0 };
	struct perf_records recs = { 0 };
	struct pmu_list recorded = { 0 };
	struct plan_request rq = { .named_only = true, .where = "in the recording" };
	struct diag warn = { 0 };
	struct err_report err = { 0 };
	struct outfile out;
	char *text = NULL;
	size_t len;
	int ret = read_all(a->input, INPUT_MAX, &text, &len);

	if (ret) {
		p_err("cannot read '%s': %s", a->input,
		      ret == -EFBIG ? "larger than 64 MiB" : ret == -EISDIR ? "a directory, not a recording" :
		      strerror(-ret));
		return EXIT_FAIL;
	}
	ret = perf_input_parse(text, len, &recs, &err);
	free(text);
	if (ret) {
		p_err("%s: %s", a->input, err.msg);
		return EXIT_FAIL;
	}
	load_live(&s);
	ret = stat_setup_metrics(a, &s);
	if (!ret && !recs.n) {
		p_err("%s holds no perf stat counts: record with perf stat -x, or -j (see pmuctl-stat(1))", a->input);
		ret = EXIT_FAIL;
	}
	if (!ret && recorded_pmus(a->input, &recs, &s, &recorded))
		ret = EXIT_FAIL;
	if (ret)
		goto out;
	rq.metrics = &s.ml;
	rq.selected = s.selected;
	rq.named = a->metrics_default ? NULL : a->metrics;
	rq.devices = s.devices;
	rq.ndevices = s.ndevices;
	ret = plan_build(&recorded, &rq, &s.plan, &err, &warn);
	p_diag(&warn);
	if (ret) {
		p_err("%s", err.msg);
		ret = EXIT_FAIL;
		goto out;
	}
	ret = check_recorded(&s, &recs);
	if (ret == EXIT_FAIL)
		goto out;
	if (a->output && outfile_open(&out, a->output, OUTFILE_REPLACE)) {
		ret = EXIT_FAIL;
		goto out;
	}
	if (report(a, &s, &recs, a->output ? out.f : stdout))
		ret = EXIT_FAIL;
	/* a write that failed is said, as stat -o says it; standard output's is main's to say */
	if (a->output && (fflush(out.f) || ferror(out.f))) {
		p_err("cannot write '%s': %s", a->output, strerror(errno ? errno : EIO));
		ret = EXIT_FAIL;
	}
	if (a->output && outfile_close(&out, ret != EXIT_FAIL))
		ret = EXIT_FAIL;
out:
	diag_free(&warn);
	/* the plan points into the recorded PMUs: free it first */
	stat_setup_free(&s);
	pmu_list_free(&recorded);
	perf_records_free(&recs);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/* pmuctl stat without --dry-run: open, enable, sleep by interval or duration, read, restore. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cmd/pmuctl.h"
#include "cmd/stat.h"
#include "cmd/stat_metrics.h"
#include "lib/signals.h"
#include "lib/workload.h"
#include "pmu/bluefield.h"
#include "pmu/count_plan.h"
#include "pmu/drv_hwmon.h"
#include "pmu/encode.h"
#include "pmu/rules.h"

struct run {
	const struct stat_args *a;
	struct sysroot root;
	struct pmu_list pmus;
	struct bf_list bf;
	struct cpulist online;
	struct ev_set set;
	struct count_set cs;
	uint64_t *prev;		/* value, enabled, running per counter at the last interval */
	bool *warned;		/* per counter: its failure was reported */
	struct workload wl;
	bool started;		/* the workload runs */
	FILE *out;
	char *tmp_path;
	char *target;
	char **events;		/* the user's -e strings, then those -M needs (owned from user_inputs) */
	int nevents, user_inputs;
	struct metrics_ctx *mc;
	double last_t;		/* when the last interval was printed */
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A row key per aggregation mode; counters with equal keys sum */
static bool same_row(const struct stat_args *a, const struct counter *c, const struct stat_row *r)
{
	if (c->input != r->input || c->pos != r->pos || strcmp(c->label, r->label))
		return false;
	switch (a->aggr) {
	case AGGR_PMU:
		return r->pmu && !strcmp(c->pmu, r->pmu);
	case AGGR_SOCKET:
		return c->socket == r->socket;
	case AGGR_NONE:
		return r->pmu && !strcmp(c->pmu, r->pmu) && c->cpu == r->cpu;
	default:
		return true;
	}
}

static int build_rows(struct run *r, bool delta, struct stat_report *rep)
{
	rep->rows = calloc(r->cs.n ? r->cs.n : 1, sizeof(*rep->rows));
	rep->n = 0;
	if (!rep->rows)
		return -ENOMEM;
	for (size_t i = 0; i < r->cs.n; i++) {
		const struct counter *c = &r->cs.v[i];
		uint64_t *p = &r->prev[3 * i];
		uint64_t v = c->value, en = c->enabled, run = c->running;
		struct stat_row *row = NULL;

		if (c->input >= r->user_inputs)
			continue;	/* -M's events show as metrics */
		if (delta) {
			v -= p[0];
			en -= p[1];
			run -= p[2];
		}
		for (size_t k = 0; k < rep->n && !row; k++)
			if (same_row(r->a, c, &rep->rows[k]))
				row = &rep->rows[k];
		if (!row) {
			row = &rep->rows[rep->n++];
			*row = (struct stat_row){ .label = c->label, .pmu = c->pmu, .socket = c->socket,
						  .cpu = c->cpu, .input = c->input, .pos = c->pos,
						  .state = c->state, .why = c->why };
		} else {
			if (row->pmu && strcmp(row->pmu, c->pmu))
				row->pmu = NULL;
			if (row->socket != c->socket)
				row->socket = -1;
			if (row->cpu != c->cpu)
				row->cpu = -1;
			if (c->state == COUNT_OK && row->state != COUNT_OK) {
				row->state = COUNT_OK;
				row->why = NULL;
			}
		}
		if (c->state != COUNT_OK)
			continue;
		row->count += count_scaled(v, en, run);
		row->enabled += en;
		row->running += run;
	}
	return 0;
}

static void snapshot(struct run *r)
{
	for (size_t i = 0; i < r->cs.n; i++) {
		r->prev[3 * i] = r->cs.v[i].value;
		r->prev[3 * i + 1] = r->cs.v[i].enabled;
		r->prev[3 * i + 2] = r->cs.v[i].running;
	}
}

/* --format=openmetrics -o FILE: every interval replaces the file whole (textfile collector) */
static int emit_file(struct run *r, bool delta, long interval, double t, double duration)
{
	char *tmp;
	FILE *f = temp_open(r->a->output, &tmp);
	int ret;

	if (!f)
		return -EIO;
	ret = metrics_emit(r->mc, f, r->a, &r->cs, r->prev, delta, duration, t, interval, true);
	return temp_close(f, tmp, r->a->output, !ret) ?: ret;
}

static int emit(struct run *r, bool delta, long interval, double t, bool first)
{
	struct stat_report rep = { .time_s = t, .interval = interval, .target = r->target };
	double duration = delta ? t - r->last_t : t;
	int ret = 0;

	r->last_t = t;
	if (r->user_inputs) {
		if (build_rows(r, delta, &rep))
			return -ENOMEM;
		stat_render(r->out, r->a, &rep, first);
		free(rep.rows);
	}
	if (r->mc && r->a->openmetrics && r->a->output)
		ret = emit_file(r, delta, interval, t, duration);
	else if (r->mc)
		ret = metrics_emit(r->mc, r->out, r->a, &r->cs, r->prev, delta, duration, t, interval,
				   first);
	return ret ? ret : ferror(r->out) ? -EIO : 0;
}

static int encode_events(struct run *r)
{
	const struct stat_args *a = r->a;
	struct encode_opts o = { .system_wide = true, .online = &r->online };
	struct pmu_err err = { 0 };
	struct diag warn = { 0 };
	int ret;

	for (int i = 0; i < r->nevents; i++) {
		const char *text = r->events[i];
		struct bf_request req;

		if (bf_request_syntax(text)) {
			if (bf_request_parse(&r->bf, text, &req, &err)) {
				err.arg = i;
				p_err_at(text, &err);
				return err.syntax ? EXIT_USAGE : EXIT_FAIL;
			}
			struct counter *c = hwmon_counter_add(&r->cs, &r->root, &req, text);

			if (!c || !c->event || !c->pmu || !(c->label = strdup(text)))
				return EXIT_FAIL;
			c->input = i;
			continue;
		}
		if (ev_encode(&r->pmus, text, i, &o, &r->set, &err)) {
			p_err_at(text, &err);
			return err.syntax ? EXIT_USAGE : EXIT_FAIL;
		}
	}
	if (!a->no_rules) {
		ret = rules_check(&r->set, &err, &warn);
		p_diag(&warn);
		diag_free(&warn);
		if (ret) {
			p_err_at(r->events[err.arg], &err);
			return EXIT_FAIL;
		}
	}
	return EXIT_OK;
}

static int open_output(struct run *r)
{
	/* openmetrics replaces the file at every report itself */
	if (!r->a->output || r->a->openmetrics) {
		r->out = stdout;
		return 0;
	}
	r->out = temp_open(r->a->output, &r->tmp_path);
	if (!r->out) {
		r->out = stdout;
		return -EIO;
	}
	return 0;
}

/* -o FILE: the whole output appears at once, or not at all */
static int close_output(struct run *r, bool keep)
{
	int ret;

	if (!r->out || r->out == stdout)
		return 0;
	ret = temp_close(r->out, r->tmp_path, r->a->output, keep);
	r->tmp_path = NULL;
	r->out = stdout;
	return ret;
}

static bool failed(const struct counter *c)
{
	return c->state == COUNT_FAILED || c->state == COUNT_NOT_SUPPORTED;
}

/* One warning per event and reason, not per CPU, once; returns how many counters failed */
static size_t report_failures(struct run *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->cs.n; i++) {
		const struct counter *c = &r->cs.v[i];
		bool seen = false;

		if (!failed(c))
			continue;
		n++;
		if (r->warned[i])
			continue;
		r->warned[i] = true;
		for (size_t k = 0; k < i && !seen; k++)
			seen = failed(&r->cs.v[k]) && !strcmp(r->cs.v[k].event, c->event) &&
			       r->cs.v[k].why && c->why && !strcmp(r->cs.v[k].why, c->why);
		if (!seen)
			p_warn("%s: %s", c->event, c->why ? c->why : "not counted");
	}
	return n;
}

/* Sleep until the deadline or a signal; returns when something needs doing */
static void wait_until(double deadline, const sigset_t *unblocked)
{
	double left = deadline - now_s();
	struct timespec ts;

	if (deadline <= 0) {
		ppoll(NULL, 0, NULL, unblocked);
		return;
	}
	if (left <= 0)
		return;
	ts.tv_sec = (time_t)left;
	ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
	ppoll(NULL, 0, &ts, unblocked);
}

static int count_loop(struct run *r, const sigset_t *unblocked)
{
	const struct stat_args *a = r->a;
	double t0 = now_s(), end = a->duration > 0 ? t0 + a->duration : 0;
	long interval = 0;
	int ret = 0;

	while (!signals_caught() && !ret) {
		double next = a->interval_ms ? t0 + (double)(interval + 1) * (double)a->interval_ms / 1e3 : 0;
		double deadline = next && (!end || next < end) ? next : end;

		if (r->started && signals_child_changed() && workload_reap(&r->wl, false))
			break;
		wait_until(deadline, unblocked);
		if (signals_caught())
			break;
		if (next && now_s() >= next) {
			count_read_all(&r->cs);
			report_failures(r);
			interval++;
			ret = emit(r, true, interval, now_s() - t0, interval == 1);
			snapshot(r);
			/* an output that cannot be written ends the run, as a full disk would */
			if (ret || (a->interval_count && interval >= a->interval_count))
				break;
		}
		if (end && now_s() >= end)
			break;
	}
	count_disable_all(&r->cs);
	count_read_all(&r->cs);
	report_failures(r);
	/* a signal that is not SIGINT or SIGTERM ends pmuctl without output */
	if (!a->interval_ms && !ret && !signals_fatal())
		ret = emit(r, false, 0, now_s() - t0, true);
	return ret;
}

static int target_text(struct run *r)
{
	size_t len = 0;

	if (!r->a->command)
		return (r->target = strdup("system wide")) ? 0 : -ENOMEM;
	for (char **p = r->a->command; *p; p++)
		len += strlen(*p) + 1;
	r->target = calloc(1, len + 1);
	if (!r->target)
		return -ENOMEM;
	len = 0;
	for (char **p = r->a->command; *p; p++) {
		size_t n = strlen(*p);

		if (p != r->a->command)
			r->target[len++] = ' ';
		memcpy(r->target + len, *p, n);
		len += n;
	}
	return 0;
}

static int load_machine(struct run *r)
{
	struct diag diag = { 0 };
	int ret;

	if (open_root(&r->root))
		return EXIT_FAIL;
	/* -M looks for every instance of a family; plain events need only the PMUs they name */
	if (r->a->metrics)
		ret = pmu_scan(&r->root, &r->pmus, &diag);
	else
		ret = pmu_scan_for(&r->root, r->a->event, (size_t)r->a->nevent, &r->pmus, &diag);
	if (ret && ret != -ENOENT) {
		p_err("cannot read %s/" PMU_DEVICES_DIR ": %s", r->root.path, strerror(-ret));
		diag_free(&diag);
		return EXIT_FAIL;
	}
	bf_scan(&r->root, &r->bf, &diag);
	if (settings.verbose)
		p_diag(&diag);
	diag_free(&diag);
	if (pmu_online_cpus(&r->root, &r->online))
		p_info("no readable devices/system/cpu/online under %s", r->root.path);
	if (target_text(r))
		return EXIT_FAIL;
	r->events = calloc((size_t)r->a->nevent + 1, sizeof(char *));
	if (!r->events)
		return EXIT_FAIL;
	memcpy(r->events, r->a->event, (size_t)r->a->nevent * sizeof(char *));
	r->nevents = r->user_inputs = r->a->nevent;
	if (r->a->metrics)
		return metrics_prepare(&r->mc, r->a, &r->pmus, &r->bf, &r->root, &r->events,
				       &r->nevents);
	return EXIT_OK;
}

static void free_run(struct run *r)
{
	for (int i = r->user_inputs; i < r->nevents; i++)
		free(r->events[i]);
	free(r->events);
	metrics_free(r->mc);
	count_set_free(&r->cs);
	ev_set_free(&r->set);
	cpulist_free(&r->online);
	bf_list_free(&r->bf);
	pmu_list_free(&r->pmus);
	sysroot_close(&r->root);
	free(r->prev);
	free(r->warned);
	free(r->target);
}

/* Counting has ended: the workload is waited for, or ended first when pmuctl stops early */
static void finish_workload(struct run *r, bool end_it)
{
	if (r->wl.pid <= 0)
		return;
	if (!r->started) {
		workload_cancel(&r->wl);
		workload_reap(&r->wl, true);
		return;
	}
	if (end_it)
		workload_kill(&r->wl, SIGTERM);
	/* a dying pmuctl does not wait: the workload has its SIGTERM, as in perf */
	if (!signals_fatal())
		workload_reap(&r->wl, true);
}

/* Every restore that failed is an error of its own, naming the file and its value */
static int close_counters(struct run *r)
{
	struct diag errors = { 0 };
	int ret = count_close_all(&r->cs, &errors);

	for (size_t i = 0; i < errors.n; i++)
		p_err("%s", errors.msg[i]);
	diag_free(&errors);
	return ret;
}

int stat_count(const struct stat_args *a, int *die_signal)
{
	struct run r = { .a = a, .out = stdout, .wl = { .pid = -1, .go_fd = -1, .err_fd = -1 } };
	struct count_plan_opts po = { .task = -1 };
	sigset_t unblocked;
	struct pmu_err err = { 0 };
	size_t nfailed;
	int ret;

	*die_signal = 0;
	ret = load_machine(&r);
	if (!ret)
		ret = encode_events(&r);
	if (ret)
		goto out;
	signals_catch(&unblocked);
	if (a->command) {
		int e = workload_prepare(&r.wl, a->command);

		if (e) {
			p_err("cannot start '%s': %s", a->command[0], strerror(-e));
			ret = EXIT_FAIL;
			goto out;
		}
	}
	/* without -a, PMUs that have no cpumask count the command alone, as perf does */
	po.task = a->command && !a->all_cpus ? r.wl.pid : -1;
	po.online = &r.online;
	if (count_plan(&r.set, &po, 0, r.events, &r.cs)) {
		p_err("out of memory");
		ret = EXIT_FAIL;
		goto out_workload;
	}
	r.prev = calloc(3 * (r.cs.n ? r.cs.n : 1), sizeof(uint64_t));
	r.warned = calloc(r.cs.n ? r.cs.n : 1, sizeof(bool));
	if (!r.prev || !r.warned || count_open_all(&r.cs, &err)) {
		p_err("cannot set up counting: %s", err.msg[0] ? err.msg : "out of memory");
		ret = EXIT_FAIL;
		goto out_close;
	}
	nfailed = report_failures(&r);
	if (nfailed == r.cs.n) {
		p_err("no event could be counted");
		ret = EXIT_FAIL;
		goto out_close;
	}
	if (signals_caught() || open_output(&r)) {
		ret = signals_caught() ? EXIT_OK : EXIT_FAIL;
		goto out_close;
	}
	count_enable_all(&r.cs);
	if (a->command) {
		int e = workload_start(&r.wl);

		r.started = !e;
		if (e) {
			p_err("cannot run '%s': %s", a->command[0], strerror(-e));
			ret = EXIT_FAIL;
			goto out_close;
		}
	}
	p_info("counting with %zu counters; Ctrl-C stops and prints the totals", r.cs.n - nfailed);
	ret = count_loop(&r, &unblocked) ? EXIT_FAIL : EXIT_OK;
	/* opens or reads that failed: those rows say <not counted> */
	if (!ret && report_failures(&r))
		ret = EXIT_PARTIAL;
	if (close_output(&r, ret != EXIT_FAIL && !signals_fatal()))
		ret = EXIT_FAIL;
out_close:
	if (close_counters(&r))
		ret = EXIT_FAIL;
out_workload:
	finish_workload(&r, signals_caught() || ret == EXIT_FAIL);
	close_output(&r, false);
out:
	free_run(&r);
	*die_signal = signals_fatal();
	return ret;
}

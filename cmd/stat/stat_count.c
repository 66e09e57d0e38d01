// SPDX-License-Identifier: GPL-2.0
/* pmuctl stat, counting: open the plan, enable, sleep by interval or duration, read, restore. */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cmd/pmuctl.h"
#include "lib/diag.h"
#include "cmd/stat/counters.h"
#include "cmd/stat/failures.h"
#include "cmd/stat/stat.h"
#include "cmd/out/outfile.h"
#include "cmd/out/stream.h"
#include "lib/monotonic.h"
#include "lib/nbstdio.h"
#include "lib/signals.h"
#include "lib/workload.h"
#include "pmu/drivers/plan_counters.h"
#include "pmu/metrics/metric_samples.h"
#include "pmu/repeat.h"
#include "pmu/sampler.h"

struct run {
	const struct stat_args *a;
	struct count_view *view;	/* top's screen, or NULL: stat's output */
	struct stat_setup s;
	struct counting c;	/* the plan's counters, marked at the last interval */
	struct workload wl;
	bool started;		/* the workload runs */
	bool term_sent;		/* SIGTERM was passed on to it */
	struct stream out;	/* -o FILE, or stdout */
	char *target;
	double t0;		/* when the counters were enabled: the start of every time printed */
	struct timespec wall0;	/* the wall clock then */
	double last_t;		/* when the last interval was printed */
	bool skip_warned;	/* deadlines were skipped, and it was said */
	bool coverage_checked;	/* the first report's shares were held against the schedule */
	struct repeat rep;	/* -r N: the runs so far, averaged when the last ends */
	bool averaged;		/* the counters hold rep's means: the report says so */
	bool *warned;		/* -r: the failures the runs before said, per counter */
	size_t nwarned;
	struct pollfd keys;	/* the view's terminal, while counting waits */
	struct metric_frame frame;	/* the plan's metric samples (names, sockets), built once */
};

/* -r N: runs are summed and printed once, averaged; -r 0 prints each as perf does */
static bool averaging(const struct stat_args *a)
{
	return a->repeat > 1;
}

/* Whether the report has count rows: -e events, not only metric values or a device table */
static bool shows_counts(const struct stat_args *a)
{
	return a->nevent && !a->metric_only && !a->per_device;
}

/* The count rows of a report, since the last mark (delta) or since enable */
static int build_rows(const struct run *r, bool delta, struct tally *rows)
{
	struct tally_opts to = { .aggr = r->a->aggr, .packages = &r->s.packages };

	return tally_build(&r->s.plan, r->a->event, &r->c.cs, delta ? r->c.mark : NULL, &to, rows);
}

/* The wall-clock time t seconds after the start: the same instant as the time printed */
static struct timespec wall_at(const struct run *r, double t)
{
	long long ns = (long long)r->wall0.tv_nsec + llround(t * 1e9);

	return (struct timespec){ .tv_sec = r->wall0.tv_sec + (time_t)(ns / 1000000000),
				  .tv_nsec = (long)(ns % 1000000000) };
}

/* The metric values of the plan's metric instances, counted since base (from the run's frame) */
static int emit_metrics(struct run *r, FILE *f, const struct render_ctx *c, bool delta, double duration)
{
	struct metric_sample *samples = NULL;
	struct render_ctx mc = *c;
	size_t n = 0;
	int ret = metric_samples_counted(&r->s.plan, &r->c.cs, delta ? r->c.mark : NULL, &r->s.packages,
					 &r->frame, &samples, &n);

	mc.f = f;
	/* perf -x prints a metric beside the events it comes from, which --input reads again */
	if (c->ops->metrics_inline && !r->a->metric_only && !c->iostat) {
		mc.plan = &r->s.plan;
		mc.cs = &r->c.cs;
		mc.base = delta ? r->c.mark : NULL;
	}
	if (!ret)
		ret = report_values(&mc, samples, n, duration);
	metric_samples_free(samples, n);
	return ret;
}

/* --format=openmetrics -o FILE: every interval replaces the file whole (textfile collector) */
static int emit_file(struct run *r, const struct render_ctx *c, bool delta, double duration)
{
	struct outfile out;
	int ret = outfile_open(&out, r->a->output, OUTFILE_REPLACE);

	if (ret)
		return ret;
	ret = emit_metrics(r, out.f, c, delta, duration);
	return outfile_close(&out, !ret) ?: ret;
}

/* A view's report (top's): the interval's table, rendered for it to show */
static int emit_frame(struct run *r, double t, double duration)
{
	struct count_view *v = r->view;
	struct render_ctx c = { .ops = &face_text, .time_s = t, .interval = 0, .frame = true, .rows = r->s.rows,
				.nrows = r->s.ndevices };
	char *text = NULL;
	size_t len = 0;
	int ret;

	v->shape(v->ctx, &c);
	c.f = open_memstream(&text, &len);
	if (!c.f)
		return -ENOMEM;
	ret = emit_metrics(r, c.f, &c, true, duration);
	if (fclose(c.f))
		ret = ret ?: -ENOMEM;
	if (!ret)
		ret = v->frame(v->ctx, text, t);
	free(text);
	return ret;
}

static int emit(struct run *r, bool delta, long interval, double t, bool first)
{
	/* appended to a file that has reports already: its CSV header is there */
	struct render_ctx c = { .f = r->out.f, .ops = stat_report_ops(r->a), .sep = r->a->sep,
				.aggr = r->a->aggr, .time_s = t, .interval = interval,
				.first = first && !r->out.had_data, .target = r->target,
				.rows = r->s.rows, .nrows = r->s.rows ? r->s.ndevices : 0,
				.sort = r->a->sort, .runs = r->averaged ? &r->rep : NULL,
				.metric_only = r->a->metric_only,
				.iostat = r->a->iostat, .ports = r->s.devices, .nports = r->s.ndevices };
	double duration = delta ? t - r->last_t : t;
	int ret = 0, end;

	/* the means of -r are reported when its last run ended */
	c.wall = wall_at(r, r->averaged ? r->last_t : t);
	r->last_t = t;
	stream_report_begin(&r->out);
	/* iostat's report is its table alone, in every face */
	if (c.iostat) {
		ret = emit_metrics(r, r->out.f, &c, delta, duration);
		return stream_report_end(&r->out) ?: ret;
	}
	/* JSON's object for the report; CSV's header once: counts and metrics are rows of one table */
	if (c.ops->begin && c.ops->begin(&c))
		return -ENOMEM;
	if (shows_counts(r->a) && c.ops->counts) {
		struct tally rows;

		if (build_rows(r, delta, &rows)) {
			if (c.ops->end)
				c.ops->end(&c, false);
			return -ENOMEM;
		}
		c.ops->counts(&c, &rows);
		fflush(c.f);
		tally_free(&rows);
	}
	if (r->s.plan.nmetric && r->a->openmetrics && r->a->output)
		ret = emit_file(r, &c, delta, duration);
	else if (r->s.plan.nmetric)
		ret = emit_metrics(r, r->out.f, &c, delta, duration);
	/* what the metrics read, as each face says it (-v's lines, CSV's rows, JSON's inputs) */
	if (!ret && r->s.plan.nmetric && c.ops->inputs)
		ret = c.ops->inputs(&c, &r->s.plan, &r->c.cs, delta ? r->c.mark : NULL);
	/* the face's end is called whatever failed before; its own failure comes second */
	end = c.ops->end ? c.ops->end(&c, !ret) : 0;
	return stream_report_end(&r->out) ?: ret ?: end;
}

/* One warning per cause, once, and one per reset since the last report; returns how many
 * counters failed */
static size_t report_failures(struct run *r)
{
	warn_resets(&r->c.cs, r->c.mark);
	if (!r->coverage_checked)
		warn_coverage(&r->s.plan, &r->s.sched, &r->c.cs, r->c.mark);
	r->coverage_checked = true;
	return warn_failures(&r->s.plan, &r->c.cs, r->c.warned);
}

/* A counter reset, or one --exclusive gave no value: some report lacks a count */
static bool any_reset(const struct count_set *cs)
{
	for (size_t i = 0; i < cs->n; i++)
		if (cs->v[i].resets || count_state_since(cs, i, NULL) == COUNT_SHARED)
			return true;
	return false;
}

/* Whether a view reads keys while counting waits (top on a terminal) */
static bool reads_keys(const struct run *r)
{
	return r->view && r->view->reads_keys;
}

/* Deadlines passed over: said once when it starts, and in all at the end */
static void note_skipped(struct run *r, long skipped)
{
	if (!skipped || r->skip_warned)
		return;
	r->skip_warned = true;
	p_warn("skipped %ld interval%s: a report took longer than -I %ld ms, or pmuctl was stopped; "
	       "each report covers the time since the one before", skipped, plural(skipped),
	       r->a->interval_ms);
}

/*
 * Whether a signal ends the run now. With a command, SIGINT and SIGTERM end it when the
 * command ends, as perf waits for it: the terminal's Ctrl-C reached the command too, and
 * SIGTERM is passed on to it. So nothing pmuctl started is left running.
 */
static bool signalled(struct run *r)
{
	int sig = signals_caught();

	if (!sig || !signals_print_totals(sig) || !r->started || r->wl.reaped)
		return sig != 0;
	if (sig == SIGTERM && !r->term_sent) {
		workload_kill(&r->wl, SIGTERM);
		r->term_sent = true;
	}
	return false;
}

/* Whether the command has ended (reaped) */
static bool workload_ended(struct run *r)
{
	return r->started && (r->wl.reaped || (signals_child_changed() && workload_reap(&r->wl, false)));
}

/* -r N: a run has ended; what it counted is added to the runs', to be averaged at the end */
static int add_run(struct run *r, double t)
{
	struct tally rows = { 0 };
	int ret = shows_counts(r->a) ? build_rows(r, false, &rows) : 0;

	if (!ret)
		ret = repeat_add(&r->rep, &r->c.cs, shows_counts(r->a) ? &rows : NULL, t);
	tally_free(&rows);
	r->last_t = t;
	if (ret == -EINVAL)
		p_err("run %ld opened other counters than the first (a CPU went on or offline?): the runs cannot be averaged",
		      r->rep.runs + 1);
	else if (ret)
		p_err("-r: out of memory");
	return ret;
}

/* The sinks' answers beside an error: the run ends as asked, not as a failure */
enum { RUN_DONE = 1, RUN_READER_GONE };

/* --interval-count (top's -n): the last report was printed */
static int interval_count_reached(const struct run *r, const struct sampler *s)
{
	return r->a->interval_count && s->samples >= r->a->interval_count ? RUN_DONE : 0;
}

/*
 * After a report: a reader that went away (| head) ends the run as it asked, not as an error;
 * an output that cannot be written ends it, as a full disk would
 */
static int report_written(const struct run *r, const struct sampler *s, int ret)
{
	if (ret == -EPIPE && r->out.f == stdout) {
		p_info("standard output was closed: counting stops");
		return RUN_READER_GONE;
	}
	return ret ?: interval_count_reached(r, s);
}

static bool run_stops(void *ctx)
{
	struct run *r = ctx;

	return signalled(r) || workload_ended(r);
}

/* stat's stream: a report per interval, and the totals (or the last interval) at the end */
static int stream_sample(void *ctx, const struct sampler *s, double t, long skipped)
{
	struct run *r = ctx;

	note_skipped(r, skipped);
	report_failures(r);
	return report_written(r, s, emit(r, true, s->samples, t, s->samples == 1));
}

/*
 * The totals, or with -I the last interval however short, so that the intervals add up to
 * the run; a signal other than SIGINT or SIGTERM ends pmuctl without output
 */
static int stream_end(void *ctx, const struct sampler *s, double t, int status)
{
	struct run *r = ctx;
	int ret = status < 0 ? status : 0;

	report_failures(r);
	if (!status && !signals_silent())
		ret = averaging(r->a) ? add_run(r, t) :
					emit(r, r->a->interval_ms != 0, r->a->interval_ms ? s->samples + 1 : 0,
					     t, s->samples == 0);
	if (s->skipped)
		p_note("%ld interval%s skipped in all", s->skipped, plural(s->skipped));
	return ret;
}

static const struct sampler_sink stream_sink = {
	.stops = run_stops, .sample = stream_sample, .end = stream_end,
};

/* top's screen: a frame per interval; keys come from its terminal while counting waits */
static size_t view_fds(void *ctx, struct pollfd **fds, double *deadline)
{
	struct run *r = ctx;

	(void)deadline;
	r->keys = (struct pollfd){ .fd = STDIN_FILENO, .events = POLLIN };
	*fds = &r->keys;
	return reads_keys(r);
}

/* A terminal that hangs up ends the view: its input would wake the loop for ever */
static enum sampler_next view_woke(void *ctx, struct sampler *s, struct pollfd *fds, size_t n)
{
	struct run *r = ctx;
	bool hangup = n && (fds->revents & (POLLHUP | POLLERR | POLLNVAL));

	(void)s;
	return n && r->view->keys(r->view->ctx, hangup) ? SAMPLER_STOP : SAMPLER_GO;
}

static int view_sample(void *ctx, const struct sampler *s, double t, long skipped)
{
	struct run *r = ctx;

	double duration = t - r->last_t;

	(void)s;
	(void)skipped;
	report_failures(r);
	r->last_t = t;
	return report_written(r, s, emit_frame(r, t, duration));
}

/* a view shows intervals only: quitting prints nothing more */
static int view_end(void *ctx, const struct sampler *s, double t, int status)
{
	(void)s;
	(void)t;
	report_failures(ctx);
	return status;
}

static const struct sampler_sink view_sink = {
	.stops = run_stops, .fds = view_fds, .woke = view_woke, .sample = view_sample, .end = view_end,
};

static int count_loop(struct run *r)
{
	const struct stat_args *a = r->a;
	struct sampler s = { .c = &r->c, .start = r->t0, .period = (double)a->interval_ms / 1e3,
			     .end = a->duration > 0 ? r->t0 + a->duration : 0 };
	struct sampler_sink sink = r->view ? view_sink : stream_sink;
	int ret;

	sink.ctx = r;
	ret = sampler_run(&s, &sink);
	return ret < 0 ? ret : 0;
}

/* "system wide", or the command as one line */
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

/*
 * Counting has ended: the workload is waited for. It is ended first when pmuctl failed, and
 * when a signal other than SIGINT ends pmuctl (SIGINT reached it from the terminal, or it is
 * waited for as perf does). A signal that ends pmuctl without output does not wait.
 */
static void finish_workload(struct run *r, bool failed)
{
	int sig = signals_ending();

	if (r->wl.pid <= 0)
		return;
	if (!r->started) {
		workload_cancel(&r->wl);
		workload_reap(&r->wl, true);
		return;
	}
	if (failed || (sig && sig != SIGINT && !r->term_sent))
		workload_kill(&r->wl, SIGTERM);
	if (!signals_silent())
		workload_reap(&r->wl, true);
}

/* A view's columns: the selected metrics, in order */
static int view_columns(struct run *r)
{
	const char **names = calloc(r->s.ml.n + 4, sizeof(*names));
	size_t n = 0;
	bool link = false;

	if (!names)
		return -ENOMEM;
	for (size_t i = 0; i < r->s.ml.n; i++) {
		if (!r->s.selected[i])
			continue;
		names[n++] = r->s.ml.v[i].name;
		link |= r->s.ml.v[i].link_dir != 0;
	}
	/* and the shares beside them: their links' use, the remote socket's part */
	if (link) {
		names[n++] = "to%";
		names[n++] = "from%";
	}
	if (r->a->by_destination)
		names[n++] = "remote%";
	r->view->columns(r->view->ctx, names, n);
	return 0;
}

static void free_run(struct run *r)
{
	if (r->view)
		r->view->end(r->view->ctx);
	counting_free(&r->c);
	metric_frame_free(&r->frame);
	repeat_free(&r->rep);
	free(r->warned);
	stat_setup_free(&r->s);
	free(r->target);
}

/*
 * One run: the command started, counted until it ends (or --duration, or a signal), the
 * counters closed and the command waited for. The first opens -o, before counting as perf
 * does, and a view's (top's screen). Returns pmuctl's own status; the command's stays in r->wl.
 */
static int one_run(struct run *r, bool first)
{
	const struct stat_args *a = r->a;
	struct plan_counters_opts po = { .task = -1, .online = &r->s.online, .root = &r->s.root };
	size_t nfailed;
	int ret;

	if (a->command) {
		int e = workload_prepare(&r->wl, a->command);

		if (e) {
			p_err("cannot start '%s': %s", a->command[0], strerror(-e));
			return EXIT_FAIL;
		}
	}
	/* without -a, PMUs that have no cpumask count the command alone, as perf does */
	po.task = a->command && !a->all_cpus ? r->wl.pid : -1;
	ret = counters_prepare(&r->c, &r->s.plan, &po);
	r->c.cs.exclusive = a->exclusive;
	/* as perf stat: each counter opened and closed on its CPU, with no cross-call */
	r->c.cs.follow_cpus = true;
	if (!ret && r->warned && r->nwarned == r->c.cs.n)
		memcpy(r->c.warned, r->warned, r->nwarned * sizeof(*r->warned));
	ret = ret ?: counters_start(&r->c, &r->s.plan, &nfailed);
	if (ret)
		goto out_close;
	if (signals_caught() || (first && stat_output_open(r->a, &r->out))) {
		ret = signals_caught() ? EXIT_OK : EXIT_FAIL;
		goto out_close;
	}
	if (first && r->view && r->view->begin(r->view->ctx)) {
		ret = EXIT_FAIL;
		goto out_close;
	}
	/* as perf: the time a count covers starts when the counters do */
	clock_gettime(CLOCK_REALTIME, &r->wall0);
	r->t0 = monotonic_s();
	count_enable_all(&r->c.cs);
	if (a->command) {
		int e = workload_start(&r->wl);

		r->started = !e;
		if (e) {
			p_err("cannot run '%s': %s", a->command[0], strerror(-e));
			ret = EXIT_FAIL;
			goto out_close;
		}
	}
	if (first)
		p_info("counting with %zu counter%s; Ctrl-C stops and prints the totals",
		       r->c.cs.n - nfailed, plural((long)(r->c.cs.n - nfailed)));
	ret = count_loop(r) ? EXIT_FAIL : EXIT_OK;
	/* opens or reads that failed, or counters reset: those rows say so, not a count */
	if (!ret && (warn_failures(&r->s.plan, &r->c.cs, r->c.warned) || any_reset(&r->c.cs)))
		ret = EXIT_PARTIAL;
out_close:
	if (counters_close(&r->c))
		ret = EXIT_FAIL;
	finish_workload(r, ret == EXIT_FAIL);
	return ret;
}

/*
 * -r: the next run counts with counters and a command of its own, as perf's runs do (a
 * command's counters follow its process). A failure already said is not said again.
 */
static void next_run(struct run *r)
{
	free(r->warned);
	r->warned = r->c.warned;
	r->nwarned = r->c.cs.n;
	r->c.warned = NULL;
	counting_free(&r->c);
	r->wl = (struct workload){ .pid = -1, .go_fd = -1, .err_fd = -1 };
	r->started = r->term_sent = false;
}

/* The worse of two of pmuctl's statuses: a failure, then counts that are partly missing */
static int worse(int a, int b)
{
	return a == EXIT_FAIL || b == EXIT_FAIL ? EXIT_FAIL : a == EXIT_PARTIAL ? a : b;
}

int stat_count(const struct stat_args *a, struct count_view *view, int *die_signal)
{
	struct run r = { .a = a, .view = view, .out = { .start = -1, .out.dirfd = -1 },
			 .wl = { .pid = -1, .go_fd = -1, .err_fd = -1 } };
	int ret;

	*die_signal = 0;
	/* output that stalls never holds a stop signal off; a full screen keeps its terminal */
	nbstdio_wrap_std(!reads_keys(&r));
	r.out.f = stdout;
	ret = stat_setup(a, &r.s);
	if (!ret && (target_text(&r) || (view && view_columns(&r))))
		ret = EXIT_FAIL;
	if (ret)
		goto out;
	signals_catch();
	for (long run = 0;; run++) {
		ret = worse(ret, one_run(&r, run == 0));
		/* Ctrl-C ends the runs with the one it ended, as perf's */
		if (ret == EXIT_FAIL || signals_caught() || (!a->repeat_forever && run + 1 >= a->repeat))
			break;
		next_run(&r);
	}
	if (ret != EXIT_FAIL && averaging(a) && r.rep.runs && !signals_silent()) {
		repeat_mean(&r.rep, &r.c.cs);
		r.averaged = true;
		if (emit(&r, false, 0, r.rep.elapsed.mean, true))
			ret = EXIT_FAIL;
	}
	if (stream_close(&r.out, ret != EXIT_FAIL))
		ret = EXIT_FAIL;
	/* pmuctl's own failures first; then, as perf, the command's exit status (its last run's) */
	if (ret == EXIT_OK && r.started && r.wl.reaped)
		ret = workload_exit_code(&r.wl);
out:
	free_run(&r);
	/* as perf: a command's own status after Ctrl-C, else pmuctl dies by the signal it got */
	*die_signal = signals_ending();
	if (*die_signal == SIGINT && r.started)
		*die_signal = 0;
	return ret;
}

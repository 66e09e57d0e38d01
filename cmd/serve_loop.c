// SPDX-License-Identifier: GPL-2.0
/*
 * pmuctl serve's one loop: wait in ppoll for the HTTP daemon, the next sample or a signal;
 * sample (read every counter, render both formats, publish); SIGHUP builds the plan again
 * from the metrics file and swaps it in only once it is good.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cmd/failures.h"
#include "cmd/pmuctl.h"
#include "cmd/serve.h"
#include "cmd/serve_expo.h"
#include "cmd/serve_http.h"
#include "lib/diag.h"
#include "lib/signals.h"
#include "pmu/drivers/plan_counters.h"

/* One plan, opened and enabled */
struct counting {
	struct stat_setup s;
	struct count_set cs;
	struct count_mark *mark;	/* every counter at the last sample */
	bool *warned;			/* per counter: its failure was logged */
	double last_t;			/* when the last sample was taken */
	bool open;
};

struct server {
	const struct serve_args *a;
	struct counting c;
	struct http *http;
	struct expo_self self;
	char index_html[1024];
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Restores what the counters changed (BlueField); every restore that failed is logged */
static void counting_close(struct counting *c)
{
	struct diag errors = { 0 };

	if (c->open) {
		count_disable_all(&c->cs);
		count_close_all(&c->cs, &errors);
		for (size_t i = 0; i < errors.n; i++)
			p_err("%s", errors.msg[i]);
		diag_free(&errors);
	}
	count_set_free(&c->cs);
	stat_setup_free(&c->s);
	free(c->mark);
	free(c->warned);
	memset(c, 0, sizeof(*c));
}

/* Open and enable the plan of c->s, already set up; logs why not */
static int counting_open(struct counting *c)
{
	struct plan_counters_opts po = { .task = -1, .online = &c->s.online, .root = &c->s.root };
	size_t nfailed;

	if (plan_counters(&c->s.plan, &po, &c->cs)) {
		p_err("out of memory");
		return EXIT_FAIL;
	}
	c->mark = calloc(c->cs.n ? c->cs.n : 1, sizeof(*c->mark));
	c->warned = calloc(c->cs.n ? c->cs.n : 1, sizeof(bool));
	c->open = true;
	if (!c->mark || !c->warned || count_open_all(&c->cs)) {
		p_err("cannot set up counting: out of memory");
		return EXIT_FAIL;
	}
	nfailed = warn_failures(&c->s.plan, &c->cs, c->warned);
	if (nfailed == c->cs.n) {
		p_err("no event could be counted");
		return EXIT_FAIL;
	}
	count_enable_all(&c->cs);
	c->last_t = now_s();
	return EXIT_OK;
}

/* Render both formats from the current state and hand them to the daemon */
static int publish(struct server *sv, double duration)
{
	struct expo_input in = { .plan = &sv->c.s.plan, .cs = &sv->c.cs, .mark = sv->c.mark,
				 .duration = duration, .rows = sv->c.s.rows,
				 .nrows = sv->c.s.rows ? sv->c.s.ndevices : 0, .self = &sv->self };
	char *prom = NULL, *om = NULL;
	size_t plen = 0, olen = 0;

	if (expo_render(&in, EXPO_PROMETHEUS, &prom, &plen) ||
	    expo_render(&in, EXPO_OPENMETRICS, &om, &olen)) {
		free(prom);
		free(om);
		return -ENOMEM;
	}
	return http_publish(sv->http, prom, plen, om, olen);
}

static void sample(struct server *sv)
{
	struct counting *c = &sv->c;
	double t0 = now_s();

	memset(sv->self.states, 0, sizeof(sv->self.states));
	count_read_all(&c->cs);
	warn_failures(&c->s.plan, &c->cs, c->warned);
	for (size_t i = 0; i < c->cs.n; i++) {
		enum count_state st = c->cs.v[i].state;

		sv->self.states[st]++;
		sv->self.read_failures += st == COUNT_FAILED || st == COUNT_NOT_SUPPORTED;
	}
	sv->self.sample_s = now_s() - t0;
	sv->self.up = sv->self.states[COUNT_OK] > 0;
	sv->self.sampled = true;
	sv->self.samples++;
	if (publish(sv, t0 - c->last_t))
		p_err("cannot render the metrics: out of memory; /metrics keeps the sample before");
	tally_mark(&c->cs, c->mark);
	c->last_t = t0;
}

/* SIGHUP: the machine and the metrics file read again; a plan that fails keeps the old one */
static void reload(struct server *sv)
{
	struct counting next = { 0 };

	p_note("SIGHUP: reading the metrics%s%s again", sv->a->stat.metrics_file ? " file " : "",
	       sv->a->stat.metrics_file ? sv->a->stat.metrics_file : "");
	if (stat_setup(&sv->a->stat, &next.s)) {
		stat_setup_free(&next.s);
		sv->self.reloads[0]++;
		p_err("reload failed: still counting what was counted before");
		return;
	}
	counting_close(&sv->c);
	sv->c = next;
	sv->self = (struct expo_self){ .samples = sv->self.samples, .read_failures = sv->self.read_failures,
				       .reloads = { sv->self.reloads[0], sv->self.reloads[1] + 1 } };
	if (counting_open(&sv->c)) {
		p_err("reload: the new plan cannot count; /metrics has pmuctl_up 0 until the next SIGHUP");
		counting_close(&sv->c);
	}
	publish(sv, 0);
}

/* Wait for the daemon, the deadline or a signal: at most until deadline */
static void wait_until(struct server *sv, double deadline, const sigset_t *unblocked)
{
	struct pollfd pfd = { .fd = http_fd(sv->http), .events = POLLIN };
	double left = deadline - now_s();
	int http_ms = http_timeout_ms(sv->http);
	struct timespec ts;

	if (left < 0)
		left = 0;
	if (http_ms >= 0 && http_ms / 1e3 < left)
		left = http_ms / 1e3;
	ts.tv_sec = (time_t)left;
	ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
	ppoll(&pfd, 1, &ts, unblocked);
	http_run(sv->http);
}

static void serve_loop(struct server *sv, const sigset_t *unblocked)
{
	double interval = (double)sv->a->stat.interval_ms / 1e3, next = now_s() + interval;

	while (!signals_caught()) {
		wait_until(sv, next, unblocked);
		if (signals_caught())
			break;
		if (signals_reload()) {
			reload(sv);
			next = now_s() + interval;
		}
		if (now_s() >= next) {
			if (sv->c.open)
				sample(sv);
			/* a loop that fell behind skips the samples it missed, as a scrape would */
			while (next <= now_s())
				next += interval;
		}
	}
}

static void index_page(struct server *sv)
{
	snprintf(sv->index_html, sizeof(sv->index_html),
		 "<!DOCTYPE html>\n<html><head><title>pmuctl exporter</title></head>\n<body>\n"
		 "<h1>pmuctl exporter</h1>\n"
		 "<p>The uncore PMU counters of this machine, sampled every %ld ms.</p>\n"
		 "<p><a href=\"/metrics\">Metrics</a> (Prometheus text format, or OpenMetrics when "
		 "asked for in Accept) &middot; <a href=\"/-/healthy\">Health</a></p>\n"
		 "<p>pmuctl %s; see pmuctl-serve(1).</p>\n</body></html>\n",
		 sv->a->stat.interval_ms, PMUCTL_VERSION);
}

int serve_run(const struct serve_args *a, int *die_signal)
{
	struct server sv = { .a = a };
	struct http_opts ho = { .listen = a->listen, .max_connections = (unsigned)a->max_connections,
				.timeout_s = (unsigned)a->timeout_s, .index_html = sv.index_html };
	sigset_t unblocked;
	int ret;

	*die_signal = 0;
	/* a client that goes away is the library's to handle, never the end of the exporter */
	signal(SIGPIPE, SIG_IGN);
	signals_hup_reloads();
	signals_catch(&unblocked);
	index_page(&sv);
	ret = stat_setup(&a->stat, &sv.c.s);
	if (ret)
		goto out;
	/* listening before the counters open: a busy port changes no hardware state */
	sv.http = http_start(&ho);
	if (!sv.http) {
		ret = EXIT_FAIL;
		goto out;
	}
	ret = counting_open(&sv.c);
	if (ret)
		goto out;
	if (publish(&sv, 0)) {
		p_err("out of memory");
		ret = EXIT_FAIL;
		goto out;
	}
	p_note("serving http://%s/metrics, sampling %zu counter%s every %ld ms", http_address(sv.http),
	       sv.c.cs.n, plural((long)sv.c.cs.n), a->stat.interval_ms);
	serve_loop(&sv, &unblocked);
	p_note("stopping: %s", strsignal(signals_caught()));
out:
	/* no request is answered from counters being closed */
	http_stop(sv.http);
	counting_close(&sv.c);
	*die_signal = signals_ending();
	if (*die_signal && signals_print_totals(*die_signal))
		*die_signal = 0;
	return ret;
}

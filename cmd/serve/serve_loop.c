// SPDX-License-Identifier: GPL-2.0
/*
 * pmuctl serve's one loop: wait in signals_wait for the HTTP daemon, the next sample or a signal;
 * sample (read every counter, publish; a scrape builds the exposition); SIGHUP builds the plan again
 * from the metrics file and swaps it in only once it is good.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cmd/stat/counters.h"
#include "cmd/stat/failures.h"
#include "cmd/pmuctl.h"
#include "cmd/serve/serve.h"
#include "cmd/serve/serve_expo.h"
#include "cmd/serve/serve_http.h"
#include "lib/expo_cap.h"
#include "lib/monotonic.h"
#include "lib/loglines.h"
#include "lib/nbstdio.h"
#include "lib/signals.h"
#include "lib/webconfig.h"
#include <systemd/sd-daemon.h>
#include "pmu/drivers/plan_counters.h"
#include "pmu/sampler.h"

/* One plan, opened and enabled */
struct plan_run {
	struct stat_setup s;
	struct counting c;
	double last_t;			/* when the last sample was taken */
	bool coverage_checked;		/* its first sample's shares were held against the schedule */
	/* every counter at the sample before the last: what a scrape's gauges are deltas from */
	struct count_mark *shown_mark;
	double shown_duration;		/* and the seconds between the two */
	bool sampled;			/* a sample of this plan was published: its counters show */
	bool *failing;			/* per counter: failed at its last read, counted once */
};

struct server {
	const struct serve_args *a;
	/*
	 * The plan counting, and the one a reload builds beside it: in place, since counters
	 * point into their plan_run (its sysfs root, its online CPUs), which must not move
	 */
	struct plan_run runs[2];
	int cur;
	struct http *http;
	struct pollfd *fds;		/* the daemon's fd and one per connection */
	size_t nfds;
	struct expo_self self;
	char index_html[1024];
	bool said_dropped;		/* --max-series left functions out, and a warning said so */
};

static struct plan_run *active(struct server *sv)
{
	return &sv->runs[sv->cur];
}

/* Restores what the counters changed (a source's registers), logging every restore that failed */
static void plan_run_close(struct plan_run *r)
{
	if (r->c.open)
		count_disable_all(&r->c.cs);
	counters_close(&r->c);
	counting_free(&r->c);
	stat_setup_free(&r->s);
	free(r->shown_mark);
	free(r->failing);
	memset(r, 0, sizeof(*r));
}

/* Each -M name that applies nowhere here, said once a plan is built (and in an _info series) */
static void say_unavailable(const struct stat_setup *s)
{
	for (size_t i = 0; i < s->unavailable.n; i++) {
		const char *tab = strchr(s->unavailable.msg[i], '\t');

		p_note("-M %.*s: skipped: %s", tab ? (int)(tab - s->unavailable.msg[i]) : 0,
		       s->unavailable.msg[i], tab ? tab + 1 : s->unavailable.msg[i]);
	}
	if (!s->plan.n && !s->plan.nmetric)
		p_note("no family of this machine's PMUs has metrics to serve here: serving pmuctl's own "
		       "series (pmuctl list shows the PMUs; -M or -e name what to count)");
}

/* The counters of the plan of r->s, already set up, and what they need to themselves */
static int plan_run_prepare(struct plan_run *r, const struct stat_args *a)
{
	struct plan_counters_opts po = { .task = -1, .online = &r->s.online, .root = &r->s.root };
	int ret = counters_prepare(&r->c, &r->s.plan, &po);

	r->c.cs.exclusive = a->exclusive;
	/* what the exporters beside pmuctl name each function by, for joins on pci_bus_id: only
	 * serve's _info series shows it, so only serve reads it, once per plan */
	for (size_t i = 0; r->s.have_root && r->s.rows && i < r->s.ndevices; i++) {
		int e = pci_class_devices_read(&r->s.root, r->s.rows[i].bdf, &r->s.rows[i].classdev);

		if (e)
			p_warn("%s: the names of its network, NVMe, RDMA or DRM devices cannot be read (%s): its "
			       "pmuctl_pci_function_info series lacks them", r->s.rows[i].bdf, strerror(-e));
	}
	return ret;
}

/* Open and enable them; logs why not */
static int plan_run_start(struct plan_run *r)
{
	size_t nfailed;
	int ret = counters_start(&r->c, &r->s.plan, &nfailed);

	if (ret)
		return ret;
	r->shown_mark = calloc(r->c.cs.n ? r->c.cs.n : 1, sizeof(*r->shown_mark));
	r->failing = calloc(r->c.cs.n ? r->c.cs.n : 1, sizeof(*r->failing));
	if (!r->shown_mark || !r->failing)
		return EXIT_FAIL;
	count_enable_all(&r->c.cs);
	r->last_t = monotonic_s();
	return EXIT_OK;
}

/*
 * A sample's values are what /metrics shows from now on: the counts it read, the counts of the
 * sample before (which the sampler moves on after this) and the time between. The exposition
 * is built on the next scrape in each format (render), not here: at rest nothing is built.
 */
static void publish(struct server *sv, double duration)
{
	struct plan_run *r = active(sv);

	if (r->shown_mark)
		memcpy(r->shown_mark, r->c.mark, r->c.cs.n * sizeof(*r->shown_mark));
	r->shown_duration = duration;
	http_invalidate(sv->http);
}

/* A scrape's exposition in format fmt, from what publish kept; --max-series bounds it */
static int render(void *ctx, enum expo_format fmt, char **buf, size_t *len)
{
	struct server *sv = ctx;
	const struct plan_run *r = active(sv);
	struct expo_self self;
	struct expo_input in = { .plan = &r->s.plan, .cs = &r->c.cs, .mark = r->shown_mark,
				 .carried = r->c.carried, .duration = r->shown_duration, .self = &self,
				 .rows = r->s.rows, .nrows = r->s.rows ? r->s.ndevices : 0,
				 .packages = &r->s.packages, .unavailable = &r->s.unavailable };
	size_t dropped = 0;

	sv->self.renders[fmt]++;
	self = sv->self;
	/* a reload's plan shows its counters from its first sample, not its marks before it */
	self.sampled = self.sampled && r->sampled;
	if (expo_render_format(&in, fmt, buf, len))
		return -ENOMEM;
	if (sv->a->max_series && expo_cap(buf, len, fmt, (size_t)sv->a->max_series, &dropped)) {
		free(*buf);
		*buf = NULL;
		return -ENOMEM;
	}
	/* said once: the gauge says it at every scrape */
	if (dropped && !sv->said_dropped)
		p_warn("--max-series %ld: %zu samples of PCI functions are left out of /metrics (pmuctl_series_dropped); keep fewer functions (-d CLASS, --device, --socket, --rc) or raise it",
		       sv->a->max_series, dropped);
	sv->said_dropped |= dropped > 0;
	return 0;
}

/* A sample whose reads began at t0: warned, counted by state, published */
static void sample(struct server *sv, double t0)
{
	struct plan_run *r = active(sv);

	memset(sv->self.states, 0, sizeof(sv->self.states));
	warn_resets(&r->c.cs, r->c.mark);
	if (!r->coverage_checked)
		warn_coverage(&r->s.plan, &r->s.sched, &r->c.cs, r->c.mark);
	r->coverage_checked = true;
	warn_failures(&r->s.plan, &r->c.cs, r->c.warned);
	for (size_t i = 0; i < r->c.cs.n; i++) {
		enum count_state st = r->c.cs.v[i].state;
		bool failed = st == COUNT_FAILED || st == COUNT_NOT_SUPPORTED;

		sv->self.states[st]++;
		/* once when it begins to fail, not at every sample: the alert clears once it reads */
		sv->self.read_failures += failed && !r->failing[i];
		r->failing[i] = failed;
	}
	sv->self.sample_s = monotonic_s() - t0;
	/* a plan of nothing to count (no family's defaults here) fails nothing */
	sv->self.up = sv->self.states[COUNT_OK] > 0 || !r->c.cs.n;
	sv->self.sampled = true;
	sv->self.samples++;
	publish(sv, t0 - r->last_t);
	r->sampled = true;
	r->last_t = t0;
}

/*
 * SIGHUP reads the web configuration again; a bad one, or one that would drop TLS or the
 * passwords without saying so, leaves TLS and users as they were: -1
 */
static int reload_web(struct server *sv)
{
	struct webconfig web;
	char err[512];

	if (!sv->a->web_config_file)
		return 0;
	p_note("SIGHUP: reading the web configuration %s again", sv->a->web_config_file);
	if (webconfig_load(sv->a->web_config_file, &web, err, sizeof(err))) {
		p_err("%s; still serving with the web configuration before", err);
		return -1;
	}
	if (http_reconfigure(sv->http, &web)) {
		p_err("still serving with the web configuration before");
		return -1;
	}
	return 0;
}

/*
 * SIGHUP: the machine and the metrics file read again, and a new plan built beside the one
 * counting, which goes on until the new one is good. The new plan takes its source blocks
 * before the old lets go of them, so no other pmuctl can take one in between; counters of
 * the same event and CPU go on from the old totals, so Prometheus sees no reset; /metrics
 * keeps the last sample until the new plan's first.
 */
static void reload(struct server *sv)
{
	struct plan_run *old = active(sv), *next = &sv->runs[!sv->cur];
	bool web_failed;

	p_note("SIGHUP: reading the metrics%s%s again", sv->a->stat.metrics_file ? " file " : "",
	       sv->a->stat.metrics_file ? sv->a->stat.metrics_file : "");
	/* a reload is a success when every part of it is: the web part failing counts too */
	web_failed = reload_web(sv) != 0;
	memset(next, 0, sizeof(*next));
	if (stat_setup(&sv->a->stat, &next->s) || plan_run_prepare(next, &sv->a->stat)) {
		plan_run_close(next);
		sv->self.reloads[0]++;
		p_err("reload failed: still counting what was counted before");
		return;
	}
	say_unavailable(&next->s);
	if (web_failed)
		p_err("reload failed: the web configuration before is still serving; the plan was rebuilt");
	/* the last sample's exposition, built from the old plan while it exists, is what the
	 * scrapes get until the new plan's first sample */
	http_build_stale(sv->http);
	if (old->c.open) {
		count_read_all(&old->c.cs);
		counting_carry(&next->c, &old->c);
	}
	plan_run_close(old);
	sv->cur = !sv->cur;
	sv->self.reloads[!web_failed]++;
	if (!web_failed)
		p_note("reload done: counting the new plan");
	if (plan_run_start(active(sv))) {
		p_err("reload: the new plan cannot count; /metrics has pmuctl_up 0 until the next SIGHUP");
		plan_run_close(active(sv));
		sv->self.up = false;
		publish(sv, 0);
	}
}

static bool serve_stops(void *ctx)
{
	(void)ctx;
	return signals_caught() != 0;
}

/* The daemon's fd and its connections' */
static size_t serve_fds(void *ctx, struct pollfd **fds, double *deadline)
{
	struct server *sv = ctx;

	size_t n = http_pollfds(sv->http, sv->fds, sv->nfds - 1, deadline);

	*fds = sv->fds;
	/* room on stderr for the log lines waiting (lib/loglines.h) */
	if (loglines_fd() >= 0)
		sv->fds[n++] = (struct pollfd){ .fd = loglines_fd(), .events = POLLOUT };
	return n;
}

/* Requests answered; SIGHUP swaps in a new plan, sampled from now */
static enum sampler_next serve_woke(void *ctx, struct sampler *s, struct pollfd *fds, size_t n)
{
	struct server *sv = ctx;

	loglines_flush();
	http_run(sv->http, fds, n);
	if (!signals_reload())
		return SAMPLER_GO;
	reload(sv);
	s->c = &active(sv)->c;
	return SAMPLER_RESTART;
}

/* a loop that fell behind skips the samples it missed, as a scrape would */
static int serve_sample(void *ctx, const struct sampler *s, double t, long skipped)
{
	(void)skipped;
	sample(ctx, s->start + t);
	return 0;
}

static void serve_loop(struct server *sv)
{
	struct sampler s = { .c = &active(sv)->c, .start = monotonic_s(),
			     .period = (double)sv->a->stat.interval_ms / 1e3 };
	const struct sampler_sink sink = { .ctx = sv, .stops = serve_stops, .fds = serve_fds,
					   .woke = serve_woke, .sample = serve_sample };

	sampler_run(&s, &sink);
}

static void index_page(struct server *sv)
{
	snprintf(sv->index_html, sizeof(sv->index_html),
		 "<!DOCTYPE html>\n<html><head><title>pmuctl exporter</title></head>\n<body>\n"
		 "<h1>pmuctl exporter</h1>\n"
		 "<p>The uncore PMU counters of this machine, sampled every %ld ms.</p>\n"
		 "<p><a href=\"%s\">Metrics</a> (Prometheus text format, or OpenMetrics when "
		 "asked for in Accept) &middot; <a href=\"/-/healthy\">Health</a></p>\n"
		 "<p>pmuctl %s; see pmuctl-serve(1).</p>\n</body></html>\n",
		 sv->a->stat.interval_ms, sv->a->telemetry_path, PMUCTL_VERSION);
}

/* Socket activation: the listening sockets systemd passed, checked; -1 when there are none */
static int systemd_sockets(struct http_opts *ho, int *fds, size_t max)
{
	int n = sd_listen_fds(1);

	if (n <= 0) {
		p_err("--web.systemd-socket: %s", n < 0 ? strerror(-n) :
		      "systemd passed no socket (LISTEN_FDS is not set for this process): start pmuctl "
		      "from its .socket unit, or give --web.listen-address");
		return -1;
	}
	for (int i = 0; i < n && (size_t)i < max; i++) {
		fds[i] = SD_LISTEN_FDS_START + i;
		/* a Unix socket would be served, and no scraper could reach it over the network */
		if (sd_is_socket_inet(fds[i], AF_UNSPEC, SOCK_STREAM, 1, 0) <= 0) {
			p_err("--web.systemd-socket: fd %d is not a listening TCP socket: make the .socket "
			      "unit's ListenStream= an address", fds[i]);
			return -1;
		}
	}
	ho->fds = fds;
	ho->nfds = (size_t)n < max ? (size_t)n : max;
	return 0;
}

static int start_http(struct server *sv, int *fds, size_t max)
{
	const struct serve_args *a = sv->a;
	struct http_opts ho = { .listen = a->listen, .nlisten = a->nlisten, .telemetry_path = a->telemetry_path,
				.web_config_file = a->web_config_file,
				.max_connections = (unsigned)a->max_connections,
				.max_per_client = (unsigned)a->max_per_client,
				.timeout_s = (unsigned)a->timeout_s, .index_html = sv->index_html };
	struct webconfig web = { 0 };
	char err[512];

	if (a->web_config_file && webconfig_load(a->web_config_file, &web, err, sizeof(err))) {
		p_err("%s", err);
		return EXIT_FAIL;
	}
	if (a->systemd_socket && systemd_sockets(&ho, fds, max)) {
		webconfig_free(&web);
		return EXIT_FAIL;
	}
	sv->http = http_start(&ho, &web);
	if (sv->http)
		http_set_renderer(sv->http, render, sv);
	return sv->http ? EXIT_OK : EXIT_FAIL;
}

int serve_dry_start(const struct serve_args *a)
{
	struct server sv = { .a = a };
	int sd_fds[16];
	int ret = stat_setup(&a->stat, &active(&sv)->s);

	if (!ret) {
		say_unavailable(&active(&sv)->s);
		ret = start_http(&sv, sd_fds, sizeof(sd_fds) / sizeof(*sd_fds));
	}
	if (!ret)
		ret = plan_run_prepare(active(&sv), &a->stat) ?: plan_run_start(active(&sv));
	if (!ret)
		p_note("serve starts with these arguments: it would count %zu counter%s",
		       active(&sv)->c.cs.n, plural((long)active(&sv)->c.cs.n));
	http_stop(sv.http);
	plan_run_close(active(&sv));
	return ret;
}

int serve_run(const struct serve_args *a, int *die_signal)
{
	struct server sv = { .a = a };
	int sd_fds[16];
	char where[1024];
	int ret;

	*die_signal = 0;
	/* a client that goes away is the library's to handle, never the end of the exporter */
	signal(SIGPIPE, SIG_IGN);
	signals_hup_reloads();
	signals_catch();
	/* a journal or a terminal that stalls never holds a request or a stop signal off: a
	 * line that finds no room is dropped and counted */
	if (loglines_take_stderr(LOGLINES_CAP))
		nbstdio_wrap_std(false);
	index_page(&sv);
	/* each daemon's fd and its connections' */
	sv.nfds = ((size_t)a->max_connections + 1) * (a->systemd_socket ? 16 : a->nlisten) + 1;
	sv.fds = calloc(sv.nfds, sizeof(*sv.fds));
	if (!sv.fds) {
		p_err("out of memory");
		return EXIT_FAIL;
	}
	ret = stat_setup(&a->stat, &active(&sv)->s);
	if (ret)
		goto out;
	say_unavailable(&active(&sv)->s);
	/* listening before the counters open: a busy port changes no hardware state */
	ret = start_http(&sv, sd_fds, sizeof(sd_fds) / sizeof(*sd_fds));
	if (ret)
		goto out;
	ret = plan_run_prepare(active(&sv), &sv.a->stat) ?: plan_run_start(active(&sv));
	if (ret)
		goto out;
	publish(&sv, 0);
	http_addresses(sv.http, where, sizeof(where));
	p_note("serving %s, sampling %zu counter%s every %ld ms", where, active(&sv)->c.cs.n,
	       plural((long)active(&sv)->c.cs.n), a->stat.interval_ms);
	serve_loop(&sv);
	p_note("stopping: %s", strsignal(signals_caught()));
out:
	/* no request is answered from counters being closed */
	http_stop(sv.http);
	plan_run_close(active(&sv));
	free(sv.fds);
	*die_signal = signals_ending();
	if (*die_signal && signals_print_totals(*die_signal))
		*die_signal = 0;
	return ret;
}

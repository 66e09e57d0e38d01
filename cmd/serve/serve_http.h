/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pmuctl serve's HTTP side, through libmicrohttpd polled from the counting loop (one thread:
 * the loop's ppoll waits on the daemon's epoll fd, then lets the daemon run). It answers
 * GET on the telemetry path (/metrics unless told) with the exposition last published, in
 * the format the scraper accepts.
 */
#ifndef PMUCTL_SERVE_HTTP_H
#define PMUCTL_SERVE_HTTP_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include "lib/webconfig.h"

#include "lib/expo.h"

struct http;

struct http_opts {
	const char *const *listen;	/* ADDR:PORT, [IPV6]:PORT or :PORT: a daemon each */
	size_t nlisten;
	const int *fds;			/* or sockets already listening (systemd's): a daemon each */
	size_t nfds;
	const char *telemetry_path;	/* where the metrics are: /metrics */
	const char *web_config_file;	/* named in errors; NULL: none */
	unsigned max_connections;	/* more wait in the listen queue */
	unsigned max_per_client;	/* from one address; more are closed at once */
	unsigned timeout_s;		/* a request not whole this long after it could start is ended */
	const char *index_html;		/* GET / */
};

/*
 * Resolve and bind, with TLS and users as web says (taken whatever happens; empty: plain
 * HTTP, no authentication); prints its error and returns NULL
 */
struct http *http_start(const struct http_opts *o, struct webconfig *web);
/*
 * SIGHUP: the daemons restarted on a new web configuration (taken); -1 keeps the old one,
 * said: one that cannot start, or weaker than the old without saying so (webconfig_weakens)
 */
int http_reconfigure(struct http *h, struct webconfig *web);
/* "https://127.0.0.1:10464/metrics, ..." into buf (the port the kernel chose for :0); how many */
size_t http_addresses(const struct http *h, char *buf, size_t size);
/*
 * What to wait on before http_run: the daemon's fd and every connection's, at most max of
 * them in fds (their number returned); *deadline is brought forward to when http_run is due
 */
size_t http_pollfds(const struct http *h, struct pollfd *fds, size_t max, double *deadline);
/* Serve what is ready, without blocking, and end the connections that stalled (fds: as waited on) */
void http_run(struct http *h, const struct pollfd *fds, size_t n);
/*
 * What builds the exposition in one format, on a scrape: the text, malloc'd, in *buf and *len;
 * 0, or -ENOMEM
 */
typedef int (*http_render_fn)(void *ctx, enum expo_format fmt, char **buf, size_t *len);
/* The metrics are built by render, on the first scrape in each format after http_invalidate */
void http_set_renderer(struct http *h, http_render_fn render, void *ctx);
/* A sample changed the values: each format is built again when next asked for */
void http_invalidate(struct http *h);
/* Build now what a scrape would, in each format whose exposition is stale: before what the
 * renderer reads changes under it (a reload's plan, not sampled yet) */
void http_build_stale(struct http *h);
/* Close every connection and the listening socket */
void http_stop(struct http *h);

#endif

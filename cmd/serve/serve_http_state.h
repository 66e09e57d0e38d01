/* SPDX-License-Identifier: GPL-2.0 */
/* What serve_http.c and serve_http_metrics.c share: the daemons' state, inside serve alone */
#ifndef PMUCTL_SERVE_HTTP_STATE_H
#define PMUCTL_SERVE_HTTP_STATE_H

#include <netinet/in.h>
#include <stdbool.h>
#include <microhttpd.h>
#include "cmd/serve/serve_http.h"
#include "lib/ratelimit.h"
#include "lib/webconfig.h"

/*
 * A connection as pmuctl watches it: libmicrohttpd's idle timeout restarts at every byte, so
 * a client trickling a header holds its slot for ever, and in its epoll mode it misses a
 * peer's close that came with the last data, so a client that sends half a request and
 * leaves holds its slot for the whole timeout. pmuctl gives each request a deadline from the
 * connection's start (or the end of the answer before), watches for the peer's close, and
 * shuts down the socket of either, which the library then closes.
 */
struct http_conn {
	struct MHD_Connection *conn;
	int fd;
	double deadline;	/* the request must be whole by then */
	bool answering;		/* a response is queued and not yet sent */
	bool ended;		/* shut down by pmuctl: the library closes it next */
	struct http_conn *prev, *next;
};

/* The answers that never change: their bodies are pmuctl's own */
enum http_page {
	PAGE_INDEX,
	PAGE_HEALTHY,
	PAGE_NOT_FOUND,
	PAGE_NOT_ALLOWED,
	PAGE_UNAUTHORIZED,
	PAGE_BUSY,
	NPAGES,
};

/* One listening socket and the daemon that answers on it */
struct http_listener {
	struct MHD_Daemon *d;
	char address[INET6_ADDRSTRLEN + 16];
};

struct http {
	struct http_listener *l;
	size_t nl;
	struct http_opts o;		/* as started; web changes on reload */
	struct webconfig web;		/* what the daemons were started with (empty: plain, open) */
	struct webauth *auth;
	struct serve_auth *checks;	/* passwords checked off this thread */
	struct ratelimit limit;		/* rate_limit, over every listener's requests */
	char priorities[128];
	struct http_conn *conns;	/* every open connection, of every daemon */
	double request_timeout_s;
	/* the latest exposition; MHD counts the connections that still send an older one */
	struct MHD_Response *metrics[2];
	bool stale[2];			/* a sample came after metrics[fmt] was built */
	http_render_fn render;
	void *render_ctx;
	struct MHD_Response *page[NPAGES];
	char last_log[256];	/* the library's last complaint, for a failure to start */
};

/* Release a response (NULL: none) */
void http_drop(struct MHD_Response *r);
/* http_server_config's headers, on every answer: whether they were added */
bool http_add_headers(const struct http *h, struct MHD_Response *r);
/*
 * The exposition in format fmt, built on the first scrape after a sample and kept for the
 * scrapes after it; NULL when none can be
 */
struct MHD_Response *http_metrics_for(struct http *h, enum expo_format fmt);

#endif

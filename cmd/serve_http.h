/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pmuctl serve's HTTP side, through libmicrohttpd polled from the counting loop (one thread:
 * the loop's ppoll waits on the daemon's epoll fd, then lets the daemon run). It answers
 * GET /metrics with the exposition last published, in the format the scraper accepts.
 */
#ifndef PMUCTL_SERVE_HTTP_H
#define PMUCTL_SERVE_HTTP_H

#include <stdbool.h>
#include <stddef.h>

struct http;

struct http_opts {
	const char *listen;		/* ADDR:PORT, [IPV6]:PORT or :PORT */
	unsigned max_connections;	/* more are refused at accept */
	unsigned timeout_s;		/* a connection idle this long is closed */
	const char *index_html;		/* GET / */
};

/* Resolve and bind; prints its error and returns NULL */
struct http *http_start(const struct http_opts *o);
/* "127.0.0.1:9464", with the port the kernel chose for :0 */
const char *http_address(const struct http *h);
/* The fd to wait on for reading, and the longest wait before http_run is due (-1: none) */
int http_fd(const struct http *h);
int http_timeout_ms(const struct http *h);
/* Serve what is ready, without blocking */
void http_run(struct http *h);
/*
 * The /metrics bodies from now on, both formats; takes the buffers (malloc'd) whatever
 * happens. Responses under way keep the body they started with. 0 or -ENOMEM.
 */
int http_publish(struct http *h, char *prometheus, size_t plen, char *openmetrics, size_t olen);
/* Close every connection and the listening socket */
void http_stop(struct http *h);

#endif

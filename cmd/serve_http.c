// SPDX-License-Identifier: GPL-2.0
/* The exporter's routes on libmicrohttpd: the library parses, limits and times out requests. */
#include <errno.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include "cmd/pmuctl.h"
#include "cmd/serve_http.h"
#include "lib/accept.h"
#include "lib/hostport.h"

#define CT_PROMETHEUS "text/plain; version=0.0.4; charset=utf-8"
#define CT_OPENMETRICS "application/openmetrics-text; version=1.0.0; charset=utf-8"
#define ALLOWED "GET, HEAD"

struct http {
	struct MHD_Daemon *d;
	/* the latest exposition; MHD counts the connections that still send an older one */
	struct MHD_Response *metrics[2];
	struct MHD_Response *index, *healthy, *not_found, *not_allowed;
	char address[INET6_ADDRSTRLEN + 16];
	char last_log[256];	/* the library's last complaint, for a failure to start */
};

/* The library's messages: connection trouble is the client's, shown with -v */
static void on_log(void *cls, const char *fmt, va_list ap)
{
	struct http *h = cls;
	size_t len;

	vsnprintf(h->last_log, sizeof(h->last_log), fmt, ap);
	len = strlen(h->last_log);
	while (len && h->last_log[len - 1] == '\n')
		h->last_log[--len] = '\0';
	p_info("http: %s", h->last_log);
}

static void drop(struct MHD_Response *r)
{
	if (r)
		MHD_destroy_response(r);
}

static struct MHD_Response *text_response(const char *text, const char *type)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(strlen(text), (void *)text,
								  MHD_RESPMEM_PERSISTENT);

	if (r && MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type) != MHD_YES) {
		MHD_destroy_response(r);
		r = NULL;
	}
	return r;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
				  const char *method, const char *version, const char *upload_data,
				  size_t *upload_data_size, void **con_cls)
{
	struct http *h = cls;
	bool known = !strcmp(url, "/") || !strcmp(url, "/metrics") || !strcmp(url, "/-/healthy");
	struct MHD_Response *r;

	(void)version;
	(void)upload_data;
	/* what is refused is answered at once: the connection then closes, a body unread */
	*upload_data_size = 0;
	if (!known)
		return MHD_queue_response(conn, MHD_HTTP_NOT_FOUND, h->not_found);
	if (strcmp(method, MHD_HTTP_METHOD_GET) && strcmp(method, MHD_HTTP_METHOD_HEAD))
		return MHD_queue_response(conn, MHD_HTTP_METHOD_NOT_ALLOWED, h->not_allowed);
	/* a GET is answered once the request is whole, so that the connection is kept alive */
	if (!*con_cls) {
		*con_cls = h;
		return MHD_YES;
	}
	if (!strcmp(url, "/"))
		r = h->index;
	else if (!strcmp(url, "/-/healthy"))
		r = h->healthy;
	else
		r = h->metrics[accept_format(MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
									 MHD_HTTP_HEADER_ACCEPT))];
	return MHD_queue_response(conn, MHD_HTTP_OK, r);
}

static struct MHD_Response *metrics_response(char *body, size_t len, const char *type)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);

	if (!r) {
		free(body);
		return NULL;
	}
	if (MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type) != MHD_YES ||
	    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store") != MHD_YES) {
		MHD_destroy_response(r);
		return NULL;
	}
	return r;
}

int http_publish(struct http *h, char *prometheus, size_t plen, char *openmetrics, size_t olen)
{
	struct MHD_Response *p = metrics_response(prometheus, plen, CT_PROMETHEUS);
	struct MHD_Response *o = metrics_response(openmetrics, olen, CT_OPENMETRICS);

	if (!p || !o) {
		drop(p);
		drop(o);
		return -ENOMEM;
	}
	drop(h->metrics[EXPO_PROMETHEUS]);
	drop(h->metrics[EXPO_OPENMETRICS]);
	h->metrics[EXPO_PROMETHEUS] = p;
	h->metrics[EXPO_OPENMETRICS] = o;
	return 0;
}

/* The address to bind: getaddrinfo's first answer; NULL for :PORT (every address) */
static int resolve(const char *listen, struct addrinfo **ai, unsigned *port)
{
	struct addrinfo hints = { .ai_flags = AI_PASSIVE | AI_NUMERICSERV, .ai_socktype = SOCK_STREAM };
	char host[256], service[8];
	const char *why;
	int e;

	*ai = NULL;
	if (hostport_split(listen, host, sizeof(host), port, &why)) {
		p_err("invalid --listen '%s': %s", listen, why);
		return -EINVAL;
	}
	if (!host[0])
		return 0;
	snprintf(service, sizeof(service), "%u", *port);
	e = getaddrinfo(host, service, &hints, ai);
	if (e) {
		p_err("invalid --listen '%s': %s", listen, gai_strerror(e));
		return -EINVAL;
	}
	return 0;
}

static void name_address(struct http *h, const struct addrinfo *ai)
{
	const union MHD_DaemonInfo *port = MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_BIND_PORT);
	char host[INET6_ADDRSTRLEN] = "";
	unsigned p = port ? port->port : 0;

	if (!ai) {
		snprintf(h->address, sizeof(h->address), "[::]:%u", p);
		return;
	}
	getnameinfo(ai->ai_addr, ai->ai_addrlen, host, sizeof(host), NULL, 0, NI_NUMERICHOST);
	snprintf(h->address, sizeof(h->address), ai->ai_family == AF_INET6 ? "[%s]:%u" : "%s:%u", host, p);
}

static int static_responses(struct http *h, const char *index_html)
{
	h->index = text_response(index_html, "text/html; charset=utf-8");
	h->healthy = text_response("pmuctl is healthy.\n", "text/plain; charset=utf-8");
	h->not_found = text_response("not found: pmuctl serves /metrics\n", "text/plain; charset=utf-8");
	h->not_allowed = text_response("method not allowed: use GET\n", "text/plain; charset=utf-8");
	if (!h->index || !h->healthy || !h->not_found || !h->not_allowed ||
	    MHD_add_response_header(h->not_allowed, MHD_HTTP_HEADER_ALLOW, ALLOWED) != MHD_YES)
		return -ENOMEM;
	return 0;
}

struct http *http_start(const struct http_opts *o)
{
	struct http *h = calloc(1, sizeof(*h));
	struct addrinfo *ai = NULL;
	unsigned port, flags = MHD_USE_EPOLL | MHD_USE_ERROR_LOG;

	if (!h || static_responses(h, o->index_html)) {
		p_err("out of memory");
		http_stop(h);
		return NULL;
	}
	if (resolve(o->listen, &ai, &port)) {
		http_stop(h);
		return NULL;
	}
	if (!ai)
		flags |= MHD_USE_DUAL_STACK;
	else if (ai->ai_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	/* the library's limits: a slow or half-open client holds one slot for timeout_s at most */
	h->d = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL, on_request, h,
				MHD_OPTION_EXTERNAL_LOGGER, on_log, h,
				MHD_OPTION_CONNECTION_LIMIT, o->max_connections,
				MHD_OPTION_CONNECTION_TIMEOUT, o->timeout_s,
				MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
				/* 400 for what RFC 9112 says must be refused: HTTP/1.1 without Host */
				MHD_OPTION_STRICT_FOR_CLIENT, (int)1,
				ai ? MHD_OPTION_SOCK_ADDR : MHD_OPTION_END, ai ? ai->ai_addr : NULL,
				MHD_OPTION_END);
	if (!h->d) {
		p_err("cannot listen on %s: %s", o->listen,
		      h->last_log[0] ? h->last_log : "the HTTP library could not start");
		freeaddrinfo(ai);
		http_stop(h);
		return NULL;
	}
	name_address(h, ai);
	freeaddrinfo(ai);
	return h;
}

const char *http_address(const struct http *h)
{
	return h->address;
}

int http_fd(const struct http *h)
{
	const union MHD_DaemonInfo *i = MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_EPOLL_FD);

	return i ? i->epoll_fd : -1;
}

int http_timeout_ms(const struct http *h)
{
	MHD_UNSIGNED_LONG_LONG ms;

	if (MHD_get_timeout(h->d, &ms) != MHD_YES)
		return -1;
	return ms > 3600000 ? 3600000 : (int)ms;
}

void http_run(struct http *h)
{
	MHD_run(h->d);
}

void http_stop(struct http *h)
{
	if (!h)
		return;
	if (h->d)
		MHD_stop_daemon(h->d);
	drop(h->metrics[EXPO_PROMETHEUS]);
	drop(h->metrics[EXPO_OPENMETRICS]);
	drop(h->index);
	drop(h->healthy);
	drop(h->not_found);
	drop(h->not_allowed);
	free(h);
}

// SPDX-License-Identifier: GPL-2.0
/* The exporter's routes on libmicrohttpd: the library parses, limits and times out requests. */
#include <errno.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include "cmd/pmuctl.h"
#include "cmd/serve_http.h"
#include "lib/accept.h"
#include "lib/hostport.h"
#include "lib/monotonic.h"

#define CT_PROMETHEUS "text/plain; version=0.0.4; charset=utf-8"
#define CT_OPENMETRICS "application/openmetrics-text; version=1.0.0; charset=utf-8"
#define ALLOWED "GET, HEAD"

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

struct http {
	struct MHD_Daemon *d;
	struct http_conn *conns;	/* every open connection */
	double request_timeout_s;
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

static struct http_conn *conn_of(struct MHD_Connection *conn)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return ci ? ci->socket_context : NULL;
}

/* The library opened or closed a connection: it is watched from its start */
static void on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
			  enum MHD_ConnectionNotificationCode toe)
{
	struct http *h = cls;
	struct http_conn *c = *socket_context;

	if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);

		c = calloc(1, sizeof(*c));
		if (!c)
			return;	/* unwatched: the library's own timeout still ends it */
		*c = (struct http_conn){ .conn = conn, .fd = ci ? ci->connect_fd : -1,
					 .deadline = monotonic_s() + h->request_timeout_s, .next = h->conns };
		if (h->conns)
			h->conns->prev = c;
		h->conns = c;
		*socket_context = c;
		return;
	}
	if (!c)
		return;
	if (c->prev)
		c->prev->next = c->next;
	else
		h->conns = c->next;
	if (c->next)
		c->next->prev = c->prev;
	free(c);
	*socket_context = NULL;
}

/* An answer was sent (or given up): the next request's time starts now */
static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
			 enum MHD_RequestTerminationCode toe)
{
	struct http *h = cls;
	struct http_conn *c = conn_of(conn);

	(void)con_cls;
	(void)toe;
	if (!c)
		return;
	c->answering = false;
	c->deadline = monotonic_s() + h->request_timeout_s;
}

static enum MHD_Result answer(struct MHD_Connection *conn, unsigned int status, struct MHD_Response *r)
{
	struct http_conn *c = conn_of(conn);

	if (c)
		c->answering = true;
	return MHD_queue_response(conn, status, r);
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
		return answer(conn, MHD_HTTP_NOT_FOUND, h->not_found);
	if (strcmp(method, MHD_HTTP_METHOD_GET) && strcmp(method, MHD_HTTP_METHOD_HEAD))
		return answer(conn, MHD_HTTP_METHOD_NOT_ALLOWED, h->not_allowed);
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
	return answer(conn, MHD_HTTP_OK, r);
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

	if (h)
		h->request_timeout_s = o->timeout_s;
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
				MHD_OPTION_PER_IP_CONNECTION_LIMIT, o->max_per_client,
				MHD_OPTION_CONNECTION_TIMEOUT, o->timeout_s,
				MHD_OPTION_NOTIFY_CONNECTION, on_connection, h,
				MHD_OPTION_NOTIFY_COMPLETED, on_completed, h,
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

size_t http_pollfds(const struct http *h, struct pollfd *fds, size_t max, double *deadline)
{
	const union MHD_DaemonInfo *i = MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_EPOLL_FD);
	MHD_UNSIGNED_LONG_LONG ms;
	size_t n = 0;

	if (MHD_get_timeout(h->d, &ms) == MHD_YES && monotonic_s() + (double)ms / 1e3 < *deadline)
		*deadline = monotonic_s() + (double)ms / 1e3;
	if (i && n < max)
		fds[n++] = (struct pollfd){ .fd = i->epoll_fd, .events = POLLIN };
	/* a peer's close (POLLRDHUP), whatever the library saw of it, and each request's deadline */
	for (const struct http_conn *c = h->conns; c; c = c->next) {
		if (c->ended || c->answering || c->fd < 0)
			continue;
		if (n < max)
			fds[n++] = (struct pollfd){ .fd = c->fd, .events = POLLRDHUP };
		if (c->deadline < *deadline)
			*deadline = c->deadline;
	}
	return n;
}

/* What the library does not end by itself: a request late or left half-sent by a peer gone */
static void end_stalled(struct http *h, const struct pollfd *fds, size_t n)
{
	double now = monotonic_s();

	for (struct http_conn *c = h->conns; c; c = c->next) {
		bool gone = false;

		if (c->ended || c->answering || c->fd < 0)
			continue;
		for (size_t k = 1; k < n && !gone; k++)
			gone = fds[k].fd == c->fd && (fds[k].revents & (POLLRDHUP | POLLHUP | POLLERR));
		if (!gone && now < c->deadline)
			continue;
		/* the socket's own wake-up makes the library read its end, then close it */
		shutdown(c->fd, SHUT_RDWR);
		c->ended = true;
	}
}

void http_run(struct http *h, const struct pollfd *fds, size_t n)
{
	MHD_run(h->d);
	end_stalled(h, fds, n);
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

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
#include <unistd.h>
#include <microhttpd.h>
#include "cmd/pmuctl.h"
#include "cmd/serve/serve_addr.h"
#include "cmd/serve/serve_auth.h"
#include "cmd/serve/serve_http.h"
#include "cmd/serve/serve_http_state.h"
#include "cmd/serve/serve_tls.h"
#include "lib/accept.h"
#include "lib/monotonic.h"
#include "lib/ratelimit.h"
#include "lib/webauth.h"

#define ALLOWED "GET, HEAD"

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

static struct MHD_Response *text_response(const struct http *h, const char *text, const char *type)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(strlen(text), (void *)text,
								  MHD_RESPMEM_PERSISTENT);

	if (r && (MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type) != MHD_YES ||
		  !http_add_headers(h, r))) {
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

	(void)toe;
	/* never one still waiting: a suspended connection is not completed, and stops resume them */
	free(*con_cls);
	*con_cls = NULL;
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

/* The answer to a request refused: its credentials, its path, its method; NULL when none is */
static struct MHD_Response *refusal(const struct http *h, const struct serve_auth_request *rq, bool known,
				    const char *method, unsigned *status)
{
	if (rq->state == AUTH_DENIED) {
		*status = MHD_HTTP_UNAUTHORIZED;
		return h->page[PAGE_UNAUTHORIZED];
	}
	if (rq->state == AUTH_BUSY) {
		*status = MHD_HTTP_TOO_MANY_REQUESTS;
		return h->page[PAGE_BUSY];
	}
	if (!known) {
		*status = MHD_HTTP_NOT_FOUND;
		return h->page[PAGE_NOT_FOUND];
	}
	if (strcmp(method, MHD_HTTP_METHOD_GET) && strcmp(method, MHD_HTTP_METHOD_HEAD)) {
		*status = MHD_HTTP_METHOD_NOT_ALLOWED;
		return h->page[PAGE_NOT_ALLOWED];
	}
	return NULL;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
				  const char *method, const char *version, const char *upload_data,
				  size_t *upload_data_size, void **con_cls)
{
	struct http *h = cls;
	bool metrics = !strcmp(url, h->o.telemetry_path);
	bool known = metrics || !strcmp(url, "/") || !strcmp(url, "/-/healthy");
	struct serve_auth_request *rq = *con_cls;
	struct MHD_Response *r;
	unsigned status;
	const char *why;

	(void)version;
	(void)upload_data;
	/* what is refused is answered at once: the connection then closes, a body unread */
	*upload_data_size = 0;
	if (!rq) {
		if (!tls_client_allowed(&h->web, conn, &why)) {
			p_info("http: refused a client: %s", why);
			return MHD_NO;	/* closed, as a failed handshake would be */
		}
		/* as the toolkit: a request past rate_limit is answered 429, before its credentials */
		if (!ratelimit_allow(&h->limit, monotonic_s()))
			return answer(conn, MHD_HTTP_TOO_MANY_REQUESTS, h->page[PAGE_BUSY]);
		rq = calloc(1, sizeof(*rq));
		if (!rq)
			return MHD_NO;
		*rq = (struct serve_auth_request){ .conn = conn, .state = AUTH_ALLOWED };
		*con_cls = rq;
		/* a password not seen before is checked off this thread, the request suspended */
		if (webauth_required(h->auth)) {
			rq->state = AUTH_NEW;
			serve_auth_ask(h->checks, h->auth, rq);
		}
		if (rq->state == AUTH_WAITING)
			return MHD_YES;
		r = refusal(h, rq, known, method, &status);
		/* a GET is answered once the request is whole, so that the connection is kept alive */
		return r ? answer(conn, status, r) : MHD_YES;
	}
	r = refusal(h, rq, known, method, &status);
	if (r)
		return answer(conn, status, r);
	if (!metrics && !strcmp(url, "/"))
		r = h->page[PAGE_INDEX];
	else if (!metrics)
		r = h->page[PAGE_HEALTHY];
	else
		r = http_metrics_for(h, accept_format(MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
									   MHD_HTTP_HEADER_ACCEPT)));
	/* no exposition could be built (out of memory): closed, the scrape fails and says so */
	return r ? answer(conn, MHD_HTTP_OK, r) : MHD_NO;
}

/* What the socket is bound to, as a listen address is written */
static void name_address(struct http_listener *l)
{
	const union MHD_DaemonInfo *i = MHD_get_daemon_info(l->d, MHD_DAEMON_INFO_LISTEN_FD);

	serve_addr_name(i ? i->listen_fd : -1, l->address, sizeof(l->address));
}

static int static_responses(struct http *h)
{
	static const struct {
		const char *body, *type, *header, *value;
	} text[NPAGES] = {
		[PAGE_INDEX] = { NULL, "text/html; charset=utf-8" },
		[PAGE_HEALTHY] = { "pmuctl is healthy.\n" },
		[PAGE_NOT_FOUND] = { "not found: see / for what pmuctl serves\n" },
		[PAGE_NOT_ALLOWED] = { "method not allowed: use GET\n", NULL, MHD_HTTP_HEADER_ALLOW, ALLOWED },
		[PAGE_UNAUTHORIZED] = { "unauthorized: give the user and password of the web configuration\n", NULL,
					MHD_HTTP_HEADER_WWW_AUTHENTICATE, "Basic realm=\"pmuctl\", charset=\"UTF-8\"" },
		/* as the toolkit's rate limit answers: the checks of new passwords are all taken */
		[PAGE_BUSY] = { "too many requests: passwords not seen before wait to be checked; try again\n", NULL,
				MHD_HTTP_HEADER_RETRY_AFTER, "1" },
	};
	struct MHD_Response *r[NPAGES];
	bool ok = true;

	for (int i = 0; i < NPAGES; i++) {
		r[i] = text_response(h, text[i].body ? text[i].body : h->o.index_html,
				     text[i].type ? text[i].type : "text/plain; charset=utf-8");
		ok = ok && r[i] && (!text[i].header || MHD_add_response_header(r[i], text[i].header, text[i].value) == MHD_YES);
	}
	for (int i = 0; i < NPAGES; i++) {
		http_drop(ok ? h->page[i] : r[i]);
		if (ok)
			h->page[i] = r[i];
	}
	return ok ? 0 : -ENOMEM;
}

/*
 * A daemon on fd (already listening: systemd's, or one a reload took over) or bound to ai and
 * port; with TLS when the web configuration has it. NULL, h->last_log saying why.
 */
static struct MHD_Daemon *start_daemon(struct http *h, int fd, const struct addrinfo *ai, unsigned port)
{
	/* suspend and resume: a request waits, suspended, for its password's check */
	unsigned flags = MHD_USE_EPOLL | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME;
	struct MHD_OptionItem extra[8];
	size_t n = 0;

	h->last_log[0] = '\0';
	if (fd >= 0)
		extra[n++] = (struct MHD_OptionItem){ MHD_OPTION_LISTEN_SOCKET, fd, NULL };
	else if (ai)
		extra[n++] = (struct MHD_OptionItem){ MHD_OPTION_SOCK_ADDR, 0, ai->ai_addr };
	if (fd < 0 && !ai)
		flags |= MHD_USE_DUAL_STACK;
	else if (fd < 0 && ai->ai_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	if (h->web.tls) {
		flags |= MHD_USE_TLS;
		tls_priorities(&h->web, h->priorities, sizeof(h->priorities));
		extra[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_KEY, 0, h->web.key.text };
		extra[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_CERT, 0, h->web.cert.text };
		extra[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_PRIORITIES, 0, h->priorities };
		/* with CAs to name, the library asks every client for its certificate */
		if (h->web.client_ca.text)
			extra[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_TRUST, 0, h->web.client_ca.text };
	}
	extra[n] = (struct MHD_OptionItem){ MHD_OPTION_END, 0, NULL };
	/* the library's limits: a slow or half-open client holds one slot for timeout_s at most */
	return MHD_start_daemon(flags, (uint16_t)port, NULL, NULL, on_request, h,
				MHD_OPTION_EXTERNAL_LOGGER, on_log, h,
				MHD_OPTION_CONNECTION_LIMIT, h->o.max_connections,
				MHD_OPTION_PER_IP_CONNECTION_LIMIT, h->o.max_per_client,
				MHD_OPTION_CONNECTION_TIMEOUT, h->o.timeout_s,
				MHD_OPTION_NOTIFY_CONNECTION, on_connection, h,
				MHD_OPTION_NOTIFY_COMPLETED, on_completed, h,
				MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
				/* 400 for what RFC 9112 says must be refused: HTTP/1.1 without Host */
				MHD_OPTION_STRICT_FOR_CLIENT, (int)1,
				MHD_OPTION_ARRAY, extra, MHD_OPTION_END);
}

static int listen_on(struct http *h, struct http_listener *l, const char *address, int fd)
{
	struct addrinfo *ai = NULL;
	unsigned port = 0;

	if (fd < 0 && serve_addr_resolve(address, &ai, &port))
		return -1;
	l->d = start_daemon(h, fd, ai, port);
	freeaddrinfo(ai);
	if (!l->d) {
		p_err("cannot listen on %s: %s", address, h->last_log[0] ? h->last_log : "the HTTP library could not start");
		return -1;
	}
	name_address(l);
	return 0;
}

/*
 * The web configuration checked, then moved into h (whose own is empty); logged when refused.
 * The bucket of an unchanged rate limit goes on (old: the configuration before, or NULL).
 */
static int take_web(struct http *h, struct webconfig *web, const struct webconfig *old)
{
	char err[512];

	if (tls_validate(web, err, sizeof(err))) {
		p_err("%s: %s", h->o.web_config_file, err);
		webconfig_free(web);
		return -1;
	}
	/* what doctor fails, said where the operator looks: serving goes on, the scrapes may not */
	if (web->tls) {
		long long days;
		enum tls_cert_state st = tls_cert_dates(web, time(NULL), err, sizeof(err), &days);

		if (st != TLS_CERT_OK)
			p_warn("%s: %s (pmuctl doctor --web.config.file %s)", h->o.web_config_file, err,
			       h->o.web_config_file);
	}
	h->web = *web;
	memset(web, 0, sizeof(*web));
	if (!old || !webconfig_same_rate(old, &h->web))
		ratelimit_start(&h->limit, h->web.rate_interval_s, h->web.rate_burst, monotonic_s());
	h->auth = webauth_new(&h->web);
	/* the checker's thread starts with the first users, and stays */
	if (h->auth && webauth_required(h->auth) && !h->checks && !(h->checks = serve_auth_start())) {
		webauth_free(h->auth);
		h->auth = NULL;
	}
	if (!h->auth) {
		p_err("out of memory");
		webconfig_free(&h->web);
		return -1;
	}
	return 0;
}

struct http *http_start(const struct http_opts *o, struct webconfig *web)
{
	struct http *h = calloc(1, sizeof(*h));
	size_t n = o->nfds ? o->nfds : o->nlisten;

	if (!h || !(h->l = calloc(n, sizeof(*h->l)))) {
		p_err("out of memory");
		webconfig_free(web);
		free(h);
		return NULL;
	}
	h->o = *o;
	h->request_timeout_s = o->timeout_s;
	if (take_web(h, web, NULL) || static_responses(h)) {
		http_stop(h);
		return NULL;
	}
	for (; h->nl < n; h->nl++)
		if (listen_on(h, &h->l[h->nl], o->nfds ? "the socket systemd passed" : o->listen[h->nl],
			      o->nfds ? o->fds[h->nl] : -1)) {
			http_stop(h);
			return NULL;
		}
	return h;
}

/*
 * One listener onto the new configuration: a new daemon on a copy of the listening socket
 * first, so that a daemon that cannot start leaves the old one answering; then the old one
 * stops listening and stops (its connections closed: a scrape under way is retried)
 */
static void restart_listener(struct http *h, struct http_listener *l)
{
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(l->d, MHD_DAEMON_INFO_LISTEN_FD);
	int fd = info ? dup(info->listen_fd) : -1;
	struct MHD_Daemon *d = fd >= 0 ? start_daemon(h, fd, NULL, 0) : NULL;
	int old_fd;

	if (!d) {
		p_err("%s: still on the old web configuration: %s", l->address,
		      fd < 0 ? strerror(errno) : h->last_log[0] ? h->last_log : "the HTTP library could not start");
		if (fd >= 0)
			close(fd);
		return;
	}
	old_fd = (int)MHD_quiesce_daemon(l->d);
	MHD_stop_daemon(l->d);
	if (old_fd >= 0)
		close(old_fd);
	l->d = d;
}

int http_reconfigure(struct http *h, struct webconfig *web)
{
	char why[256];
	const char *refused = webconfig_reload_check(&h->web, web, why, sizeof(why));
	struct webconfig old = h->web;
	struct webauth *old_auth = h->auth;
	bool restart;

	/* a reload never weakens a setting the file does not name: a truncated file would */
	if (refused) {
		p_err("%s: refused: %s", h->o.web_config_file, refused);
		webconfig_free(web);
		return -1;
	}
	restart = !webconfig_same_tls(&old, web);
	/* the old configuration stays whole until every daemon runs on the new one */
	memset(&h->web, 0, sizeof(h->web));
	h->auth = NULL;
	if (take_web(h, web, &old)) {
		h->web = old;
		h->auth = old_auth;
		return -1;
	}
	/* a password that matched a hash the new file keeps need not be checked again */
	webauth_carry(h->auth, old_auth);
	/* the checks under way were against the old users: their requests are answered 401 */
	if (h->checks)
		serve_auth_cancel(h->checks);
	if (static_responses(h))
		p_err("out of memory: the pages keep the old headers");
	/* the metrics carry the new headers too, from the next scrape */
	http_invalidate(h);
	/* the same TLS: the servers go on, and no connection under way is closed */
	for (size_t i = 0; restart && i < h->nl; i++)
		restart_listener(h, &h->l[i]);
	webauth_free(old_auth);
	webconfig_free(&old);
	p_note("%s: the web configuration now serving%s", h->o.web_config_file,
	       restart ? " (the servers restarted on its TLS settings)" : "");
	return 0;
}

size_t http_addresses(const struct http *h, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < h->nl && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s://%s%s", i ? ", " : "", h->web.tls ? "https" : "http",
				      h->l[i].address, h->o.telemetry_path);
	return h->nl;
}

size_t http_pollfds(const struct http *h, struct pollfd *fds, size_t max, double *deadline)
{
	size_t n = 0;

	if (h->checks && n < max)
		fds[n++] = (struct pollfd){ .fd = serve_auth_fd(h->checks), .events = POLLIN };
	for (size_t i = 0; i < h->nl; i++) {
		const union MHD_DaemonInfo *info = MHD_get_daemon_info(h->l[i].d, MHD_DAEMON_INFO_EPOLL_FD);
		MHD_UNSIGNED_LONG_LONG ms;

		if (MHD_get_timeout(h->l[i].d, &ms) == MHD_YES && monotonic_s() + (double)ms / 1e3 < *deadline)
			*deadline = monotonic_s() + (double)ms / 1e3;
		if (info && n < max)
			fds[n++] = (struct pollfd){ .fd = info->epoll_fd, .events = POLLIN };
	}
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
		for (size_t k = 0; k < n && !gone; k++)
			gone = fds[k].fd == c->fd && (fds[k].revents & (POLLRDHUP | POLLHUP | POLLERR));
		if (!gone && now < c->deadline)
			continue;
		/* the socket's own wake-up makes the library read its end, then close it */
		shutdown(c->fd, SHUT_RDWR);
		c->ended = true;
	}
}

static void run_all(struct http *h)
{
	for (size_t i = 0; i < h->nl; i++)
		MHD_run(h->l[i].d);
}

void http_run(struct http *h, const struct pollfd *fds, size_t n)
{
	if (h->checks)
		serve_auth_collect(h->checks, h->auth);
	run_all(h);
	end_stalled(h, fds, n);
	run_all(h);
}

void http_stop(struct http *h)
{
	if (!h)
		return;
	/* no daemon stops with a connection suspended */
	if (h->checks)
		serve_auth_cancel(h->checks);
	for (size_t i = 0; i < h->nl; i++)
		MHD_stop_daemon(h->l[i].d);
	serve_auth_stop(h->checks);
	free(h->l);
	http_drop(h->metrics[EXPO_PROMETHEUS]);
	http_drop(h->metrics[EXPO_OPENMETRICS]);
	for (int i = 0; i < NPAGES; i++)
		http_drop(h->page[i]);
	webauth_free(h->auth);
	webconfig_free(&h->web);
	free(h);
}

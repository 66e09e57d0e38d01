// SPDX-License-Identifier: GPL-2.0
/*
 * /metrics on demand: a sample marks each format stale, and the first scrape in a format
 * after it builds the exposition (the renderer serve gave), which the scrapes after it are
 * sent as built.
 */
#include <stdlib.h>
#include <microhttpd.h>
#include "cmd/pmuctl.h"
#include "cmd/serve/serve_http.h"
#include "cmd/serve/serve_http_state.h"

#define CT_PROMETHEUS "text/plain; version=0.0.4; charset=utf-8"
#define CT_OPENMETRICS "application/openmetrics-text; version=1.0.0; charset=utf-8"

static struct MHD_Response *metrics_response(const struct http *h, char *body, size_t len,
					     const char *type)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);

	if (!r) {
		free(body);
		return NULL;
	}
	if (MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type) != MHD_YES ||
	    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store") != MHD_YES ||
	    !http_add_headers(h, r)) {
		MHD_destroy_response(r);
		return NULL;
	}
	return r;
}

/* At rest, between samples, nothing is built */
struct MHD_Response *http_metrics_for(struct http *h, enum expo_format fmt)
{
	static const char *const type[2] = { CT_PROMETHEUS, CT_OPENMETRICS };
	struct MHD_Response *r;
	char *buf = NULL;
	size_t len = 0;

	if (!h->stale[fmt] || !h->render)
		return h->metrics[fmt];
	if (h->render(h->render_ctx, fmt, &buf, &len)) {
		p_err("cannot build the metrics: out of memory; /metrics keeps the exposition before");
		return h->metrics[fmt];
	}
	r = metrics_response(h, buf, len, type[fmt]);
	if (!r)
		return h->metrics[fmt];
	http_drop(h->metrics[fmt]);
	h->metrics[fmt] = r;
	h->stale[fmt] = false;
	return r;
}

void http_set_renderer(struct http *h, http_render_fn render, void *ctx)
{
	h->render = render;
	h->render_ctx = ctx;
	http_invalidate(h);
}

void http_invalidate(struct http *h)
{
	h->stale[EXPO_PROMETHEUS] = h->stale[EXPO_OPENMETRICS] = true;
}

void http_build_stale(struct http *h)
{
	http_metrics_for(h, EXPO_PROMETHEUS);
	http_metrics_for(h, EXPO_OPENMETRICS);
}

// SPDX-License-Identifier: GPL-2.0
/* What every answer of the exporter shares: the web configuration's headers, and its end. */
#include <microhttpd.h>
#include "cmd/serve/serve_http.h"
#include "cmd/serve/serve_http_state.h"

void http_drop(struct MHD_Response *r)
{
	if (r)
		MHD_destroy_response(r);
}

/* http_server_config's headers, on every answer */
bool http_add_headers(const struct http *h, struct MHD_Response *r)
{
	/* a header given empty is not sent: how a reload stops sending one (webconfig.h) */
	for (size_t i = 0; i < h->web.nheaders; i++)
		if (h->web.headers[i].value[0] &&
		    MHD_add_response_header(r, h->web.headers[i].name, h->web.headers[i].value) != MHD_YES)
			return false;
	return true;
}

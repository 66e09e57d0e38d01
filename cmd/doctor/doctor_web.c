// SPDX-License-Identifier: GPL-2.0
/* doctor's web configuration check: parsed as serve parses it, its certificate's dates. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cmd/doctor/doctor.h"
#include "cmd/pmuctl.h"
#include "cmd/serve/serve_tls.h"
#include "lib/webconfig.h"

/* The server's certificate's dates against now, as serve says them at start */
static void check_cert(const struct webconfig *wc, struct checks *c)
{
	static const enum check_status status[] = {
		[TLS_CERT_OK] = CHECK_OK, [TLS_CERT_SOON] = CHECK_WARN, [TLS_CERT_EXPIRED] = CHECK_FAIL,
		[TLS_CERT_NOT_YET] = CHECK_FAIL, [TLS_CERT_UNREADABLE] = CHECK_FAIL,
	};
	char msg[512];
	long long days;
	enum tls_cert_state st = tls_cert_dates(wc, time(NULL), msg, sizeof(msg), &days);
	struct check *k = checks_add(c, "web.certificate", status[st], "%s", msg);

	if (st == TLS_CERT_NOT_YET)
		check_fix(k, "check the clock of this machine and of the CA");
	else if (st == TLS_CERT_SOON || st == TLS_CERT_EXPIRED)
		check_fix(k, "renew it, then kill -HUP the exporter (it reloads the file)");
}

void doctor_web(struct doctor *d, struct checks *c)
{
	struct webconfig wc;
	char err[512];
	struct check *k;

	if (!d->web_config) {
		checks_add(c, "web.config", CHECK_SKIP, "no --web.config.file given");
		return;
	}
	if (webconfig_load(d->web_config, &wc, err, sizeof(err))) {
		k = checks_add(c, "web.config", CHECK_FAIL, "%s", err);
		check_fix(k, "correct the file: serve refuses it at start, and keeps the old one on a reload");
		return;
	}
	if (tls_validate(&wc, err, sizeof(err))) {
		k = checks_add(c, "web.config", CHECK_FAIL, "%s: %s", d->web_config, err);
		check_fix(k, "correct the file: serve refuses it at start, and keeps the old one on a reload");
		webconfig_free(&wc);
		return;
	}
	if (!wc.tls) {
		k = checks_add(c, "web.config", CHECK_WARN, "%s serves plain HTTP%s: what is scraped%s crosses the network in the clear",
			       d->web_config, wc.nusers ? " with passwords" : "", wc.nusers ? ", and the passwords," : "");
		check_fix(k, "add tls_server_config with cert_file and key_file");
	} else {
		checks_add(c, "web.config", CHECK_OK, "%s: TLS%s, %zu user%s", d->web_config,
			   wc.client_ca.text ? " with client certificates" : "", wc.nusers, wc.nusers == 1 ? "" : "s");
		check_cert(&wc, c);
	}
	webconfig_free(&wc);
}

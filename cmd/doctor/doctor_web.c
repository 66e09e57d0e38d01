// SPDX-License-Identifier: GPL-2.0
/* doctor's web configuration check: parsed as serve parses it, its certificate's dates. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include "cmd/doctor/doctor.h"
#include "cmd/pmuctl.h"
#include "cmd/serve/serve_tls.h"
#include "lib/webconfig.h"

/* A certificate within 30 days of its end is renewed now, not after the scrapes fail */
#define CERT_WARN_S (30 * 86400L)

static void date_text(time_t t, char *buf, size_t size)
{
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, size, "%Y-%m-%d %H:%M UTC", &tm))
		snprintf(buf, size, "%lld", (long long)t);
}

/* The first certificate of cert_file, the server's own: its dates against now */
static void check_cert(const struct webconfig *wc, struct checks *c)
{
	gnutls_datum_t pem = { (unsigned char *)wc->cert.text, (unsigned)wc->cert.len };
	const char *name = wc->cert.path ? wc->cert.path : "(inline)";
	gnutls_x509_crt_t *crts = NULL;
	unsigned n = 0;
	time_t now = time(NULL), end, start;
	char when[64];
	struct check *k;

	if (gnutls_x509_crt_list_import2(&crts, &n, &pem, GNUTLS_X509_FMT_PEM, 0) < 0 || !n) {
		checks_add(c, "web.certificate", CHECK_FAIL, "cert_file %s holds no certificate GnuTLS reads", name);
		return;
	}
	end = gnutls_x509_crt_get_expiration_time(crts[0]);
	start = gnutls_x509_crt_get_activation_time(crts[0]);
	for (unsigned i = 0; i < n; i++)
		gnutls_x509_crt_deinit(crts[i]);
	gnutls_free(crts);
	if (start != (time_t)-1 && start > now) {
		date_text(start, when, sizeof(when));
		k = checks_add(c, "web.certificate", CHECK_FAIL, "cert_file %s is not valid before %s: clients refuse it until then", name, when);
		check_fix(k, "check the clock of this machine and of the CA");
		return;
	}
	date_text(end, when, sizeof(when));
	if (end == (time_t)-1 || end <= now) {
		k = checks_add(c, "web.certificate", CHECK_FAIL, "cert_file %s expired on %s: every TLS scrape fails", name, when);
		check_fix(k, "renew it, then kill -HUP the exporter (it reloads the file)");
		return;
	}
	if (end - now < CERT_WARN_S) {
		k = checks_add(c, "web.certificate", CHECK_WARN, "cert_file %s expires on %s, in %lld days", name, when,
			       (long long)((end - now) / 86400));
		check_fix(k, "renew it, then kill -HUP the exporter (it reloads the file)");
		return;
	}
	checks_add(c, "web.certificate", CHECK_OK, "cert_file %s is valid until %s (%lld days)", name, when,
		   (long long)((end - now) / 86400));
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

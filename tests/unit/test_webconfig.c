// SPDX-License-Identifier: GPL-2.0
/* The web configuration (--web.config.file) and basic authentication against its bcrypt hashes. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include "lib/webauth.h"
#include "lib/webconfig.h"
#include "tests/unit/unit.h"

/* "secret" at cost 4, as Python's crypt module writes it */
#define HASH "$2b$04$P8e.UlzuGPh9CRH8ISGQVulEKkvCxdDzxYuGUGxdTGXQ5ZV2Au.vu"

static int files_read;

/* A file named x.missing does not exist; any other reads as its own name */
static int fake_read(const char *path, char **text, size_t *len)
{
	files_read++;
	if (strstr(path, ".missing"))
		return -ENOENT;
	*text = strdup(path);
	*len = strlen(path);
	return 0;
}

static int parse(const char *text, struct webconfig *wc, char *err)
{
	return webconfig_parse(text, strlen(text), "/etc/pmuctl/web.yml", fake_read, wc, err, 256);
}

static void expect_error(const char *text, const char *want)
{
	struct webconfig wc;
	char err[256] = "";

	CHECK(parse(text, &wc, err) == -1);
	CHECK_STR(err, want);
	/* refused is empty: nothing to free, nothing half-kept */
	CHECK(!wc.tls && !wc.cert.text && !wc.nusers && !wc.users);
}

static void test_accepted(void)
{
	struct webconfig wc;
	char err[256] = "";

	CHECK(parse("", &wc, err) == 0);
	CHECK(!wc.tls && !wc.nusers);
	CHECK(parse("tls_server_config:\n  cert_file: server.crt\n  key_file: /keys/server.key\n"
		    "  client_auth_type: RequireAndVerifyClientCert\n  client_ca_file: ../ca.crt\n"
		    "  min_version: TLS13\nbasic_auth_users:\n  alice: " HASH "\n  bob: " HASH "\n",
		    &wc, err) == 0);
	CHECK_STR(err, "");
	CHECK(wc.tls);
	/* relative to the file's directory, as the toolkit resolves them */
	CHECK_STR(wc.cert.path, "/etc/pmuctl/server.crt");
	CHECK_STR(wc.cert.text, "/etc/pmuctl/server.crt");
	CHECK_STR(wc.key.path, "/keys/server.key");
	CHECK_STR(wc.client_ca.path, "/etc/pmuctl/../ca.crt");
	CHECK(wc.client_auth == WC_REQUIRE_AND_VERIFY_CLIENT_CERT);
	CHECK(wc.min_version == 13 && wc.max_version == 0);
	CHECK_U64(wc.nusers, 2);
	CHECK_STR(wc.users[1].name, "bob");
	CHECK_STR(wc.users[1].hash, HASH);
	webconfig_free(&wc);
	/* client_allowed_sans: the toolkit's list, kept as written */
	CHECK(parse("tls_server_config:\n  cert_file: c\n  key_file: k\n  client_auth_type: RequireAnyClientCert\n"
		    "  client_allowed_sans: [a.example, 10.0.0.7]\n", &wc, err) == 0);
	CHECK(wc.sans_given);
	CHECK_U64(wc.nallowed_sans, 2);
	CHECK_STR(wc.allowed_sans[1], "10.0.0.7");
	webconfig_free(&wc);
	/* rate_limit, as the toolkit's RateLimiterConfig */
	CHECK(parse("rate_limit:\n  burst: 5\n  interval: 1m30s\n", &wc, err) == 0);
	CHECK(wc.rate_burst == 5 && wc.rate_interval_s == 90);
	webconfig_free(&wc);
	/* inline PEMs */
	CHECK(parse("tls_server_config:\n  cert: |\n    PEM1\n  key: PEM2\n", &wc, err) == 0);
	CHECK_STR(wc.cert.text, "PEM1\n");
	CHECK(wc.cert.path == NULL);
	CHECK_STR(wc.key.text, "PEM2");
	webconfig_free(&wc);
}

static void test_refused(void)
{
	expect_error("- a\n- b\n", "/etc/pmuctl/web.yml:1: the file: expected a mapping of keys to values");
	expect_error("tls_server_config:\n  cert_file: a.missing\n",
		     "/etc/pmuctl/web.yml:2: cert_file '/etc/pmuctl/a.missing': No such file or directory");
	expect_error("tls_server_config:\n  key_file: k\n", "/etc/pmuctl/web.yml:1: tls_server_config: missing cert_file");
	expect_error("tls_server_config:\n  cert_file: c\n  cert: inline\n  key_file: k\n",
		     "/etc/pmuctl/web.yml:3: cert: the PEM is given inline and as a file: keep one");
	expect_error("tls_server_config:\n  cert_file: c\n  key_file: k\n  client_ca_file: ca\n",
		     "/etc/pmuctl/web.yml:1: tls_server_config: client_ca_file is given but client_auth_type "
		     "NoClientCert does not verify with it (use RequireAndVerifyClientCert)");
	expect_error("tls_server_config:\n  cert_file: c\n  key_file: k\n  client_auth_type: Require\n",
		     "/etc/pmuctl/web.yml:4: client_auth_type: invalid 'Require' (NoClientCert, RequestClientCert, "
		     "RequireAnyClientCert, VerifyClientCertIfGiven or RequireAndVerifyClientCert)");
	expect_error("tls_server_config:\n  cert_file: c\n  key_file: k\n  min_version: TLS13\n  max_version: TLS12\n",
		     "/etc/pmuctl/web.yml:1: tls_server_config: min_version is above max_version");
	expect_error("tls_server_config:\n  cert_file: c\n  key_file: k\n  client_allowed_sans: [a]\n",
		     "/etc/pmuctl/web.yml:1: tls_server_config: client_allowed_sans requires client_auth_type to be "
		     "one of RequireAnyClientCert or RequireAndVerifyClientCert");
	expect_error("tls_server_config:\n  cert_file: c\n  key_file: k\n  client_allowed_sans: a\n",
		     "/etc/pmuctl/web.yml:4: client_allowed_sans: expected a list of SAN values");
	expect_error("rate_limit:\n  burst: -1\n",
		     "/etc/pmuctl/web.yml:2: rate_limit: burst: expected a whole number of requests, not '-1'");
	expect_error("rate_limit:\n  interval: 5\n",
		     "/etc/pmuctl/web.yml:2: rate_limit: interval: expected a duration (1s, 500ms, 1m), not '5'");
	expect_error("rate_limit:\n  every: 1s\n", "/etc/pmuctl/web.yml:2: rate_limit: unknown key 'every' (burst or interval)");
	expect_error("tls_server_config:\n  cert_file: [a]\n",
		     "/etc/pmuctl/web.yml:2: cert_file: expected a value, not a list");
	expect_error("basic_auth_users:\n  \"a:b\": " HASH "\n",
		     "/etc/pmuctl/web.yml:2: basic_auth_users: 'a:b' cannot be a user name (empty, or holds ':')");
	expect_error("basic_auth_users:\n  a: $1$abc$def\n",
		     "/etc/pmuctl/web.yml:2: basic_auth_users: a: not a bcrypt hash ($2y$... as htpasswd -nBC 10 a "
		     "writes); never a password in the clear");
	expect_error("basic_auth_users:\n  ? [a]\n  : x\n", "/etc/pmuctl/web.yml:2: a key must be a name");
	expect_error("tls_server_config: {cert_file: c, key_file: k}\ntls_server_config: {}\n",
		     "/etc/pmuctl/web.yml:2: 'tls_server_config' is given twice");
	expect_error("http_server_config:\n  headers:\n    X-Frame-Options: \"a\\nb\"\n",
		     "/etc/pmuctl/web.yml:3: http_server_config: headers: X-Frame-Options: a value is one line");
	expect_error("tls_server_config:\n  cert_file: \"a\\0b\"\n",
		     "/etc/pmuctl/web.yml:2: cert_file: the value holds a NUL byte");
	expect_error("\t", "/etc/pmuctl/web.yml:1: found character that cannot start any token while scanning for the next token");
}

static void test_auth(void)
{
	struct webconfig wc;
	struct webauth_job *job;
	struct webauth *a;
	char err[256];

	CHECK(parse("basic_auth_users:\n  alice: " HASH "\n", &wc, err) == 0);
	a = webauth_new(&wc);
	CHECK(a && webauth_required(a));
	CHECK(!webauth_check(a, NULL, NULL));
	CHECK(!webauth_check(a, "alice", NULL));
	CHECK(!webauth_check(a, "alice", "secre"));
	CHECK(!webauth_check(a, "alice", "secret!"));
	CHECK(!webauth_check(a, "bob", "secret"));
	CHECK(webauth_check(a, "alice", "secret"));
	/* remembered: the second check does not run bcrypt, and a wrong one still fails */
	CHECK(webauth_check(a, "alice", "secret"));
	CHECK(!webauth_check(a, "alice", "Secret"));
	webauth_free(a);
	webconfig_free(&wc);
	/* a wrong name costs what a wrong password does: the decoy has the users' highest cost */
	CHECK(parse("basic_auth_users:\n  alice: " HASH "\n  bob: $2y$12$kDKLsvtXsznm2R4iH16xeurjh6X0IfO.yMIWl/Prk1alx1izBJkPq\n",
		    &wc, err) == 0);
	a = webauth_new(&wc);
	CHECK(webauth_begin(a, "mallory", "x", &job) == WEBAUTH_CHECK);
	CHECK(job && job->user == -1 && !strncmp(job->hash, "$2b$12$", 7));
	webauth_job_run(job);
	CHECK(!webauth_finish(a, job));
	/* a known user's wrong password is a check too; none given is denied without one */
	CHECK(webauth_begin(a, "bob", "x", &job) == WEBAUTH_CHECK && job && job->user == 1);
	webauth_job_free(job);
	CHECK(webauth_begin(a, "bob", NULL, &job) == WEBAUTH_DENIED && !job);
	webauth_free(a);
	webconfig_free(&wc);
	CHECK(parse("", &wc, err) == 0);
	a = webauth_new(&wc);
	CHECK(a && !webauth_required(a));
	webauth_free(a);
}

/* next's refusal as a reload of now, "" when it may replace it */
static const char *reload_of(const char *now_text, const char *next_text)
{
	static char why[512];
	struct webconfig now, next;
	const char *r;
	char err[256];

	CHECK(parse(now_text, &now, err) == 0);
	if (parse(next_text, &next, err)) {
		webconfig_free(&now);
		snprintf(why, sizeof(why), "parse: %s", err);
		return why;
	}
	r = webconfig_reload_check(&now, &next, why, sizeof(why));
	if (r != why)
		snprintf(why, sizeof(why), "%s", r ? r : "");
	webconfig_free(&now);
	webconfig_free(&next);
	return why;
}

#define TLS "tls_server_config:\n  cert_file: a.crt\n  key_file: a.key\n"
#define MTLS TLS "  client_ca_file: ca.crt\n  client_auth_type: RequireAndVerifyClientCert\n"
#define SANS "  client_allowed_sans:\n    - good.example\n"
#define RATE "rate_limit:\n  burst: 2\n  interval: 1m\n"
#define USERS "basic_auth_users:\n  alice: " HASH "\n"

/* A reload changes a setting only where the file names its key: a cut-short file never weakens */
static void test_reload(void)
{
	CHECK_STR(reload_of(USERS, ""),
		  "it is empty (a file being rewritten reads so); to serve plain HTTP without passwords, say so: "
		  "tls_server_config: {} and basic_auth_users: {}");
	CHECK_STR(reload_of(TLS USERS, "http_server_config:\n  http2: true\n"),
		  "it would change tls_server_config without naming it (a file cut short drops keys): "
		  "to change it, give tls_server_config in the file");
	CHECK_STR(reload_of(TLS USERS, TLS), "it would change basic_auth_users without naming it (a file cut "
		  "short drops keys): to change it, give basic_auth_users in the file");
	CHECK_STR(reload_of(TLS USERS, "basic_auth_users: {}\ntls_server_config: {}\n"), "");
	/* the first: mTLS cut after key_file serves no-certificate clients */
	CHECK_STR(reload_of(MTLS, TLS), "it would change client_auth_type without naming it (a file cut short "
		  "drops keys): to change it, give client_auth_type in the file");
	CHECK_STR(reload_of(MTLS, TLS "  client_auth_type: NoClientCert\n"), "");
	/* SANs dropped, a rate limit cut after its burst, a TLS version forgotten */
	CHECK_STR(reload_of(MTLS SANS, MTLS), "it would change client_allowed_sans without naming it (a file cut "
		  "short drops keys): to change it, give client_allowed_sans in the file");
	CHECK_STR(reload_of(MTLS SANS, MTLS "  client_allowed_sans: []\n"), "");
	CHECK_STR(reload_of(TLS RATE, TLS "rate_limit:\n  burst: 2\n"), "it would change rate_limit: interval "
		  "without naming it (a file cut short drops keys): to change it, give rate_limit: interval in the file");
	CHECK_STR(reload_of(TLS RATE, TLS), "it would change rate_limit: burst without naming it (a file cut "
		  "short drops keys): to change it, give rate_limit: burst in the file");
	CHECK_STR(reload_of(TLS "  min_version: TLS13\n", TLS), "it would change min_version without naming it "
		  "(a file cut short drops keys): to change it, give min_version in the file");
	/* cut inside its last line: "1m" of "1m30s" */
	CHECK_STR(reload_of(TLS "rate_limit:\n  burst: 2\n  interval: 1m30s\n", TLS "rate_limit:\n  burst: 2\n  interval: 1m"),
		  "it does not end with a newline, as a file cut short while being written does, and it would change "
		  "what protects the exporter; end it with a newline");
	/* the same settings without the last newline change nothing */
	CHECK_STR(reload_of(TLS RATE, TLS "rate_limit:\n  burst: 2\n  interval: 1m"), "");
	/* a header dropped must be given empty; a user dropped is fewer who may scrape */
	CHECK_STR(reload_of(TLS "http_server_config:\n  headers:\n    X-Frame-Options: deny\n    X-Content-Type-Options: nosniff\n",
			    TLS "http_server_config:\n  headers:\n    X-Frame-Options: deny\n"),
		  "it drops the header X-Content-Type-Options without naming it (a file cut short drops keys): "
		  "to stop sending it, give it empty: X-Content-Type-Options: \"\"");
	CHECK_STR(reload_of(TLS "http_server_config:\n  headers:\n    X-Frame-Options: deny\n    X-Content-Type-Options: nosniff\n",
			    TLS "http_server_config:\n  headers:\n    X-Frame-Options: deny\n    X-Content-Type-Options: \"\"\n"), "");
	CHECK_STR(reload_of(USERS "  bob: " HASH "\n", USERS), "");
	/* plain HTTP asked for takes every TLS setting with it */
	CHECK_STR(reload_of(MTLS SANS, "tls_server_config: {}\n"), "");
}

/* What a reload keeps of the passwords checked: a user's, where its hash did not change */
static void test_carry(void)
{
	struct webconfig before, after;
	struct webauth *a, *b;
	struct webauth_job *job;
	char err[256];

	CHECK(parse(USERS "  bob: " HASH "\n", &before, err) == 0);
	CHECK(parse(USERS "  bob: $2y$12$kDKLsvtXsznm2R4iH16xeurjh6X0IfO.yMIWl/Prk1alx1izBJkPq\n", &after, err) == 0);
	a = webauth_new(&before);
	CHECK(webauth_check(a, "alice", "secret") && webauth_check(a, "bob", "secret"));
	b = webauth_new(&after);
	webauth_carry(b, a);
	webauth_free(a);
	CHECK(webauth_begin(b, "alice", "secret", &job) == WEBAUTH_OK && !job);
	/* bob's hash changed: checked again, and padded to nothing more than its own cost 12 */
	CHECK(webauth_begin(b, "bob", "secret", &job) == WEBAUTH_CHECK && job && job->cost == 12 && job->max_cost == 12);
	webauth_job_free(job);
	/* a wrong password of alice's cost 4 is padded to the highest, 12, as an unknown user's is */
	CHECK(webauth_begin(b, "alice", "wrong", &job) == WEBAUTH_CHECK && job && job->cost == 4 && job->max_cost == 12);
	webauth_job_free(job);
	CHECK(webauth_begin(b, "mallory", "x", &job) == WEBAUTH_CHECK && job && job->cost == 12 && job->user == -1);
	webauth_job_free(job);
	webauth_free(b);
	webconfig_free(&before);
	webconfig_free(&after);
}

/*
 * A reload moves the new configuration into the struct the old checker was made from, then
 * frees the checker: it read the new one's users then (a heap overflow with more of them)
 */
static void test_auth_outlives_its_config(void)
{
	struct webconfig wc, more;
	struct webauth *a;
	char err[256];

	CHECK(parse(USERS, &wc, err) == 0);
	a = webauth_new(&wc);
	CHECK(a && webauth_check(a, "alice", "secret"));
	CHECK(parse(USERS "  bob: " HASH "\n  carol: " HASH "\n", &more, err) == 0);
	webconfig_free(&wc);
	wc = more;
	CHECK(!webauth_check(a, "bob", "secret"));
	CHECK(webauth_check(a, "alice", "secret"));
	webauth_free(a);
	webconfig_free(&wc);
}

int main(void)
{
	test_accepted();
	test_refused();
	test_auth();
	test_reload();
	test_carry();
	test_auth_outlives_its_config();
	CHECK(files_read > 0);
	return unit_report("webconfig");
}

// SPDX-License-Identifier: GPL-2.0
/* What serve reads from outside: the Accept header a scraper sends, and --listen. */
#include <errno.h>
#include "lib/accept.h"
#include "lib/hostport.h"
#include "tests/unit/unit.h"

static void test_accept(void)
{
	/* what Prometheus 2.x sends */
	CHECK(accept_format("application/openmetrics-text;version=1.0.0,application/openmetrics-text;"
			    "version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1") ==
	      EXPO_OPENMETRICS);
	CHECK(accept_format(NULL) == EXPO_PROMETHEUS);
	CHECK(accept_format("") == EXPO_PROMETHEUS);
	CHECK(accept_format("*/*") == EXPO_PROMETHEUS);
	CHECK(accept_format("text/plain") == EXPO_PROMETHEUS);
	CHECK(accept_format("Application/OpenMetrics-Text") == EXPO_OPENMETRICS);
	CHECK(accept_format(" application/openmetrics-text ; version=1.0.0 ") == EXPO_OPENMETRICS);
	/* weights decide, and a tie goes to OpenMetrics, which was asked for by name */
	CHECK(accept_format("text/plain;q=0.9,application/openmetrics-text;q=0.5") == EXPO_PROMETHEUS);
	CHECK(accept_format("text/plain;q=0.5,application/openmetrics-text;q=0.5") == EXPO_OPENMETRICS);
	CHECK(accept_format("application/openmetrics-text;q=0") == EXPO_PROMETHEUS);
	CHECK(accept_format("application/openmetrics-text;q=0.001") == EXPO_OPENMETRICS);
	/* a weight that is no qvalue drops its media range */
	CHECK(accept_format("application/openmetrics-text;q=2") == EXPO_PROMETHEUS);
	CHECK(accept_format("application/openmetrics-text;q=0.5555") == EXPO_PROMETHEUS);
	CHECK(accept_format("application/openmetrics-text;q=") == EXPO_PROMETHEUS);
	CHECK(accept_format(",,;;,application/openmetrics-text,") == EXPO_OPENMETRICS);
}

static void expect_split(const char *text, const char *host, unsigned port)
{
	char h[64] = "unset";
	const char *why = NULL;
	unsigned p = 99999;

	CHECK(hostport_split(text, h, sizeof(h), &p, &why) == 0);
	CHECK_STR(h, host);
	CHECK_U64(p, port);
}

static void expect_refused(const char *text, const char *why_want)
{
	char h[64];
	const char *why = NULL;
	unsigned p;

	CHECK(hostport_split(text, h, sizeof(h), &p, &why) == -EINVAL);
	CHECK_STR(why, why_want);
}

static void test_hostport(void)
{
	expect_split("127.0.0.1:10464", "127.0.0.1", 10464);
	expect_split("[::1]:10464", "::1", 10464);
	expect_split("[fe80::1%eth0]:1", "fe80::1%eth0", 1);
	expect_split(":10464", "", 10464);
	expect_split("localhost:0", "localhost", 0);
	expect_split("0.0.0.0:65535", "0.0.0.0", 65535);
	expect_refused("127.0.0.1", "no port: write ADDRESS:PORT, e.g. 127.0.0.1:10464 or [::1]:10464");
	expect_refused("::1:10464", "put an IPv6 address in brackets: [::1]:10464");
	expect_refused("[::1:10464", "an IPv6 address in brackets ends with ']' before the port: [::1]:10464");
	expect_refused("[]:80", "an IPv6 address in brackets ends with ']' before the port: [::1]:10464");
	expect_refused("a]:80", "stray bracket in the address");
	expect_refused("127.0.0.1:65536", "the port is not a number from 0 to 65535");
	expect_refused("127.0.0.1:", "the port is not a number from 0 to 65535");
	expect_refused("127.0.0.1:0x10", "the port is not a number from 0 to 65535");
	expect_refused("127.0.0.1:-1", "the port is not a number from 0 to 65535");
	expect_refused("127.0.0.1:99999999999999999999", "the port is not a number from 0 to 65535");
	expect_refused("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:1",
		       "the address is too long");
}

int main(void)
{
	test_accept();
	test_hostport();
	return unit_report("serve_parse");
}

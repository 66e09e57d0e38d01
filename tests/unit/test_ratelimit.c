// SPDX-License-Identifier: GPL-2.0
/* rate_limit's bucket: burst at once, then one a interval, as rate.Limiter.Allow. */
#include "lib/ratelimit.h"
#include "unit.h"

int main(void)
{
	struct ratelimit r;

	/* burst 2 every 10 s: two at once, the third refused until a token came back */
	ratelimit_start(&r, 10, 2, 100);
	CHECK(ratelimit_allow(&r, 100));
	CHECK(ratelimit_allow(&r, 100));
	CHECK(!ratelimit_allow(&r, 100));
	CHECK(!ratelimit_allow(&r, 109.9));
	CHECK(ratelimit_allow(&r, 110));
	CHECK(!ratelimit_allow(&r, 110));
	/* a long pause refills to the burst, no more */
	CHECK(ratelimit_allow(&r, 1000));
	CHECK(ratelimit_allow(&r, 1000));
	CHECK(!ratelimit_allow(&r, 1000));
	/* a clock that goes back gives nothing */
	CHECK(!ratelimit_allow(&r, 500));
	/* burst 0 serves nothing, as rate.NewLimiter(.., 0) */
	ratelimit_start(&r, 1, 0, 0);
	CHECK(!ratelimit_allow(&r, 100));
	/* no interval: no limit */
	ratelimit_start(&r, 0, 0, 0);
	CHECK(ratelimit_allow(&r, 0));
	/* Go's time.ParseDuration */
	double d = -1;

	CHECK(ratelimit_duration("1s", &d) == 0 && d == 1);
	CHECK(ratelimit_duration("1m30s", &d) == 0 && d == 90);
	CHECK(ratelimit_duration("250ms", &d) == 0 && d == 0.25);
	CHECK(ratelimit_duration("1.5h", &d) == 0 && d == 5400);
	CHECK(ratelimit_duration("0", &d) == 0 && d == 0);
	CHECK(ratelimit_duration("10\u00b5s", &d) == 0 && d > 9.99e-6 && d < 1.001e-5);
	CHECK(ratelimit_duration("-2s", &d) == 0 && d == -2);
	CHECK(ratelimit_duration("", &d) == -1);
	CHECK(ratelimit_duration("1", &d) == -1);
	CHECK(ratelimit_duration("1x", &d) == -1);
	CHECK(ratelimit_duration("1e3s", &d) == -1);
	CHECK(ratelimit_duration("s", &d) == -1);
	CHECK(ratelimit_duration(" 1s", &d) == -1);
	CHECK(ratelimit_duration("0x10s", &d) == -1);
	return unit_report("ratelimit");
}

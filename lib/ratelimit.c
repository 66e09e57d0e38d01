// SPDX-License-Identifier: GPL-2.0
/* A token bucket, as exporter-toolkit's rate_limit (ratelimit.h). */
#include <stdlib.h>
#include <string.h>
#include "lib/ratelimit.h"

static const struct {
	const char *unit;
	double seconds;
} units[] = {
	{ "ns", 1e-9 }, { "us", 1e-6 }, { "\u00b5s", 1e-6 }, { "\u03bcs", 1e-6 }, { "ms", 1e-3 },
	{ "s", 1 }, { "m", 60 }, { "h", 3600 },
};

/* The unit at s, longest first ("ms" before "m"): its length, or 0 */
static size_t unit_at(const char *s, double *seconds)
{
	size_t best = 0;

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t n = strlen(units[i].unit);

		if (n > best && !strncmp(s, units[i].unit, n)) {
			best = n;
			*seconds = units[i].seconds;
		}
	}
	return best;
}

int ratelimit_duration(const char *text, double *seconds)
{
	const char *s = text;
	double sign = 1, total = 0;

	if (*s == '-' || *s == '+')
		sign = *s++ == '-' ? -1 : 1;
	if (!strcmp(s, "0")) {
		*seconds = 0;
		return 0;
	}
	if (!*s)
		return -1;
	while (*s) {
		char *end;
		double v, unit = 0;
		size_t n;

		/* digits with at most one '.', never an exponent, a sign, hex or a blank */
		if (!strchr("0123456789.", *s) || !strcmp(s, "."))
			return -1;
		v = strtod(s, &end);
		for (const char *c = s; c < end; c++)
			if (!strchr("0123456789.", *c))
				return -1;
		if (end == s || !(n = unit_at(end, &unit)))
			return -1;
		total += v * unit;
		s = end + n;
	}
	*seconds = sign * total;
	return 0;
}

void ratelimit_start(struct ratelimit *r, double interval_s, long burst, double now)
{
	*r = (struct ratelimit){ .interval_s = interval_s, .burst = (double)burst, .tokens = (double)burst,
				 .last = now };
}

bool ratelimit_allow(struct ratelimit *r, double now)
{
	if (r->interval_s <= 0)
		return true;
	/* a clock that went back refills nothing */
	if (now > r->last) {
		r->tokens += (now - r->last) / r->interval_s;
		if (r->tokens > r->burst)
			r->tokens = r->burst;
		r->last = now;
	}
	if (r->tokens < 1)
		return false;
	r->tokens -= 1;
	return true;
}

// SPDX-License-Identifier: GPL-2.0
/* The periodic schedule: on time, late by less than a period, stopped for many periods. */
#include "lib/ticker.h"
#include "tests/unit/unit.h"

int main(void)
{
	struct ticker t;
	long skipped = -1;

	ticker_start(&t, 100.0, 0.1);
	CHECK(ticker_deadline(&t) == 100.0 + 0.1);
	/* before the deadline: nothing due, nothing changes */
	CHECK(!ticker_due(&t, 100.05, &skipped));
	CHECK(skipped == -1);
	/* on time: due, none skipped, the next deadline one period on */
	CHECK(ticker_due(&t, 100.1, &skipped));
	CHECK(skipped == 0);
	CHECK(t.next == 2);
	/* late by less than a period: the grid does not drift */
	CHECK(ticker_due(&t, 100.29, &skipped));
	CHECK(skipped == 0);
	CHECK(t.next == 3);
	/* stopped for 2 s: one report, the 20 deadlines after the one due skipped, the next on the grid after now */
	CHECK(ticker_due(&t, 102.35, &skipped));
	CHECK(skipped == 20);
	CHECK(t.next == 24);
	CHECK(ticker_deadline(&t) > 102.35);
	CHECK(ticker_deadline(&t) - 102.35 <= 0.1);
	CHECK(!ticker_due(&t, 102.36, NULL));
	CHECK(t.skipped == 20);
	/* a report that took longer than a period: the deadlines it covered are skipped */
	CHECK(ticker_due(&t, 102.4, &skipped));
	CHECK(skipped == 0);
	CHECK(ticker_due(&t, 102.75, &skipped));
	CHECK(skipped == 2);
	CHECK(t.skipped == 22);
	/* wherever rounding puts a time near the grid, the next deadline is after it */
	for (int k = 1; k < 1000; k++) {
		double now = (double)k * 0.1;

		ticker_start(&t, 0.0, 0.1);
		CHECK(ticker_due(&t, now, NULL));
		CHECK(ticker_deadline(&t) > now);
	}
	return unit_report("ticker");
}

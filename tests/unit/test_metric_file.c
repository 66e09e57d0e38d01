// SPDX-License-Identifier: GPL-2.0
/* Metric names: what the built-in catalog holds and OpenMetrics can carry, and what it cannot. */
#include "pmu/metrics/metric.h"
#include "tests/unit/unit.h"

int main(void)
{
	struct metric_list ml = { 0 };

	CHECK(metric_name_valid("t410_pcie_rd_bw"));
	CHECK(metric_name_valid("ddr_read_bandwidth.all"));
	CHECK(metric_name_valid("_x9"));
	CHECK(!metric_name_valid(""));
	CHECK(!metric_name_valid("9lives"));
	CHECK(!metric_name_valid("a b"));
	CHECK(!metric_name_valid("a\nb"));
	CHECK(!metric_name_valid("x{job=\"forged\"}"));
	CHECK(!metric_name_valid("caf\xc3\xa9"));
	CHECK(!metric_name_valid("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
				 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"));
	/* every built-in metric has a name a metrics file could give it */
	CHECK(!metric_catalog(&ml));
	for (size_t i = 0; i < ml.n; i++)
		if (!metric_name_valid(ml.v[i].name))
			CHECK_STR(ml.v[i].name, "a valid metric name");
	CHECK(ml.n > 100);
	metric_list_free(&ml);
	return unit_report("metric_file");
}

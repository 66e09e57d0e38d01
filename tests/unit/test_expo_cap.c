// SPDX-License-Identifier: GPL-2.0
/* serve --max-series: whole functions left out past the bound, the machine's own kept, said */
#include <stdlib.h>
#include <string.h>
#include "lib/expo_cap.h"
#include "tests/unit/unit.h"

static const char text[] =
	"# HELP pmuctl_a_total a\n"
	"# TYPE pmuctl_a_total counter\n"
	"pmuctl_a_total{pmu=\"p0\"} 1\n"
	"pmuctl_a_total{pmu=\"p0\",pci_bus_id=\"00000001:01:00.0\"} 2\n"
	"pmuctl_a_total{pmu=\"p0\",pci_bus_id=\"00000001:01:00.1\"} 3\n"
	"# HELP pmuctl_pci_function_info f\n"
	"# TYPE pmuctl_pci_function_info gauge\n"
	"pmuctl_pci_function_info{pci_bus_id=\"00000001:01:00.0\",name=\"a \\\"pci_bus_id=\\\"x\\\" b\"} 1\n"
	"pmuctl_pci_function_info{pci_bus_id=\"00000001:01:00.1\",name=\"c\"} 1\n"
	"pmuctl_up 1\n";

/* The exposition text held to max samples, in fmt; *dropped as expo_cap says */
static char *capped(const char *in, enum expo_format fmt, size_t max, size_t *dropped)
{
	size_t len = strlen(in);
	char *buf = malloc(len + 1);

	memcpy(buf, in, len + 1);
	if (expo_cap(&buf, &len, fmt, max, dropped)) {
		free(buf);
		return NULL;
	}
	buf = realloc(buf, len + 1);
	buf[len] = '\0';
	return buf;
}

int main(void)
{
	size_t dropped;
	char *out = capped(text, EXPO_PROMETHEUS, 100, &dropped);

	/* room for all: nothing left out, the count says 0 */
	CHECK_U64(dropped, 0);
	CHECK(out && strstr(out, "01:00.1\"} 3\n") && strstr(out, "\npmuctl_series_dropped 0\n"));
	free(out);
	/* 2 of the machine's own, the count, and one function (2 samples): 01:00.1 left out whole */
	out = capped(text, EXPO_PROMETHEUS, 5, &dropped);
	CHECK_U64(dropped, 2);
	CHECK(out && strstr(out, "01:00.0\"} 2\n") && !strstr(out, "01:00.1"));
	/* an escaped quote inside another label's value is no pci_bus_id */
	CHECK(out && strstr(out, "name=\"a \\\"pci_bus_id=\\\"x\\\" b\"} 1\n"));
	CHECK(out && strstr(out, "# TYPE pmuctl_series_dropped gauge\npmuctl_series_dropped 2\n"));
	free(out);
	/* no room for a function: the machine's own stay however small the bound */
	out = capped(text, EXPO_PROMETHEUS, 1, &dropped);
	CHECK_U64(dropped, 4);
	CHECK(out && strstr(out, "pmuctl_a_total{pmu=\"p0\"} 1\n") && strstr(out, "pmuctl_up 1\n"));
	free(out);
	/* OpenMetrics: the count before # EOF, which stays last */
	out = capped("pmuctl_up 1\n# EOF\n", EXPO_OPENMETRICS, 10, &dropped);
	CHECK(out && strstr(out, "pmuctl_series_dropped 0\n# EOF\n"));
	CHECK(out && !strcmp(out + strlen(out) - 6, "# EOF\n"));
	free(out);
	return unit_report("test_expo_cap");
}

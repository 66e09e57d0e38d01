// SPDX-License-Identifier: GPL-2.0
/* The exposition formats' escaping and naming: what /metrics and stat's .prom file share. */
#include <stdlib.h>
#include "lib/expo.h"
#include "tests/unit/unit.h"

/* What f wrote for one call */
#define WRITTEN(call, want)                                   \
	do {                                                  \
		char *buf_ = NULL;                            \
		size_t len_ = 0;                              \
		FILE *f = open_memstream(&buf_, &len_);       \
		call;                                         \
		fclose(f);                                    \
		CHECK_STR(buf_, want);                        \
		free(buf_);                                   \
	} while (0)

int main(void)
{
	/* a value can never end its label, nor its line */
	WRITTEN(expo_put_label_value(f, "a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
	WRITTEN(expo_put_label_value(f, "evil\ninjected{job=\"x\"} 1"), "evil\\ninjected{job=\\\"x\\\"} 1");
	WRITTEN(expo_put_label_value(f, NULL), "");
	/* HELP escapes backslash and newline only: a quote is text there */
	WRITTEN(expo_put_help(f, "a \\ \"q\"\nb"), "a \\\\ \"q\"\\nb");
	/* one naming rule: lower case, [a-z0-9_] */
	WRITTEN(expo_put_name(f, "HNF_REQUESTS"), "hnf_requests");
	WRITTEN(expo_put_name(f, "ddr_read_bandwidth.all"), "ddr_read_bandwidth_all");
	WRITTEN(expo_put_name(f, "x{y}-z 9"), "x_y__z_9");
	CHECK(expo_name_char('Q') == 'q' && expo_name_char(':') == '_' && expo_name_char('7') == '7');
	/* labels that apply only: none empty, commas between */
	WRITTEN({ bool first = true; expo_put_label(f, "a", NULL, &first); expo_put_label_int(f, "s", -1, &first);
		  expo_put_label(f, "pmu", "p", &first); expo_put_label_int(f, "rc", 4, &first); }, "pmu=\"p\",rc=\"4\"");
	/* dcgm-exporter's pci_bus_id: eight hex digits of domain, upper case */
	{
		char b[32];

		CHECK_STR(expo_pci_bus_id("0005:01:00.0", b, sizeof(b)), "00000005:01:00.0");
		CHECK_STR(expo_pci_bus_id("0000:3b:00.1", b, sizeof(b)), "00000000:3B:00.1");
		CHECK_STR(expo_pci_bus_id("3b:00.1", b, sizeof(b)), "00000000:3B:00.1");
		CHECK_STR(expo_pci_bus_id("1000a:01:00.0", b, sizeof(b)), "0001000A:01:00.0");
		/* what is no BDF stays as it is */
		CHECK_STR(expo_pci_bus_id("nvidia0", b, sizeof(b)), "nvidia0");
		CHECK_STR(expo_pci_bus_id("123456789:01:00.0", b, sizeof(b)), "123456789:01:00.0");
	}
	return unit_report("expo");
}

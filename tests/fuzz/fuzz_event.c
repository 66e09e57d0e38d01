// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: event strings, parsed and encoded against every family's fixture: the input's
 * first byte picks the machine (Tegra410, Grace, Hip09 with HNS3 and HiSilicon PCIe, a Yitian
 * with DesignWare ports, whose lane events carry perf's required "lane=?"), the rest is the string.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/encode.h"
#include "pmu/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const machines[] = {
	"tests/fixtures/tegra410/sys", "tests/fixtures/grace/sys", "tests/fixtures/hip09/sys",
	"tests/fixtures/yitian710-dwc/sys",
};
#define NMACHINES (sizeof(machines) / sizeof(machines[0]))

static struct pmu_list pmus[NMACHINES];
static struct cpulist online[NMACHINES];
static int ready;

static void setup(void)
{
	const char *fx = getenv("PMUCTL_FUZZ_SYSFS");

	ready = 1;
	for (size_t m = 0; m < NMACHINES; m++) {
		struct sysroot root;
		struct diag d = { 0 };

		if (sysroot_open(&root, fx && !m ? fx : machines[m]))
			continue;
		pmu_scan(&root, &pmus[m], &d);
		pmu_online_cpus(&root, &online[m]);
		diag_free(&d);
		sysroot_close(&root);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t m = size ? data[0] % NMACHINES : 0;
	struct encode_opts o = { .system_wide = true, .online = &online[m] };
	struct plan set = { 0 };
	struct diag warn = { 0 };
	struct err_report err;
	char *s;

	if (!ready)
		setup();
	if (size) {
		data++;
		size--;
	}
	s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!encode_events(&pmus[m], s, 0, &o, &set, &err))
		rules_check(&set, &err, &warn);
	diag_free(&warn);
	plan_free(&set);
	free(s);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: event strings, parsed and encoded against the Tegra410 fixture. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/encode.h"
#include "pmu/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct pmu_list pmus;
static struct cpulist online;
static int ready;

static void setup(void)
{
	struct sysroot root;
	struct diag d = { 0 };
	const char *fx = getenv("PMUCTL_FUZZ_SYSFS");

	ready = 1;
	if (sysroot_open(&root, fx ? fx : "tests/fixtures/tegra410/sys"))
		return;
	pmu_scan(&root, &pmus, &d);
	pmu_online_cpus(&root, &online);
	diag_free(&d);
	sysroot_close(&root);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct encode_opts o = { .system_wide = true, .online = &online };
	struct plan set = { 0 };
	struct diag warn = { 0 };
	struct err_report err;
	char *s;

	if (!ready)
		setup();
	s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!encode_events(&pmus, s, 0, &o, &set, &err))
		rules_check(&set, &err, &warn);
	diag_free(&warn);
	plan_free(&set);
	free(s);
	return 0;
}

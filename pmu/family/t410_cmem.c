// SPDX-License-Identifier: GPL-2.0
/* Tegra410 CMEM latency PMU: CPU memory read latency of a socket (nvidia_cmem_latency_pmu_<s>). */
#include <errno.h>
#include "pmu/encode.h"
#include "pmu/family/t410.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

/* The CMEM latency driver answers (config & 0x3) >= 3 with -ENOENT */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];

	(void)warn;
	if ((e->config[0] & 3) < 3)
		return 0;
	return rule_err(err, e, -ENOENT,
			"event 0x3 on '%s': the CMEM latency PMU has cycles (0x0), rd_req (0x1) and rd_cum_outs (0x2)",
			e->pmu->name);
}

const struct family_ops t410_cmem_ops = {
	.rules = {
		.check = check,
		.together = t410_latency_together,
		.together_key = t410_latency_key,
	},
};

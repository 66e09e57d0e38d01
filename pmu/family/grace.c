// SPDX-License-Identifier: GPL-2.0
/*
 * NVIDIA Grace (Tegra241) PMUs of a socket: SCF, PCIE, NVLink-C2C0, NVLink-C2C1 and CNVLink
 * (nvidia-tegra241-pmu.rst, drivers/perf/arm_cspmu/nvidia_cspmu.c). One driver, five names.
 */
#include <stdio.h>
#include "pmu/encode.h"
#include "pmu/family/t410.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define GRACE_DOC "nvidia-tegra241-pmu.rst"

/* What the PMU sees, its data's words (the document's Traffic Coverage tables) */
static const char *coverage(const struct pmu *p)
{
	return family_param(p->family, "sees");
}

static bool detail(const struct pmu *p, char *buf, size_t size)
{
	snprintf(buf, size, "sees: %s (" GRACE_DOC ", Traffic Coverage)", coverage(p));
	return true;
}

static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	out[0] = (struct pmu_field){ .key = "coverage", .kind = FIELD_TEXT, .text = coverage(p) };
	return 1;
}

/* The filter format a PMU has (config1), or NULL (SCF), and what a bit of it names */
static const char *filter_name(const struct pmu *p)
{
	return family_param(p->family, "filter");
}

static const char *port_word(const struct pmu *p)
{
	return family_param(p->family, "filter_unit");
}

/*
 * nv_cspmu_event_filter(): a 0 filter is programmed as given before v6.14 and captures nothing;
 * from v6.14 (bce61d5c5764) it is the default, every port or socket. A CNVLink rem_socket of
 * its own socket names traffic that never crosses CNVLink.
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	const char *name = filter_name(e->pmu);
	const struct fn_filter *all = e->pmu->family->metric_scope;
	bool given = false;
	uint64_t v = name ? ev_field(e, name, &given) : 0;

	(void)err;
	if (given && !v && all)
		diag_add(warn, "%s: %s=0 counts every %s from v6.14 (bce61d5c5764) and nothing before it (nv_cspmu_event_filter): name them, %s=0x%llx, to count on both",
			 e->event, name, port_word(e->pmu), name, (unsigned long long)all->term[0].value);
	/* every socket (0xf) is "all", as the metrics name it for kernels before v6.14: no bit picked */
	if (given && family_param(e->pmu->family, "socket_filter") && e->pmu->socket >= 0 &&
	    e->pmu->socket < 4 && (v >> e->pmu->socket & 1) && all && v != all->term[0].value)
		diag_add(warn, "%s: rem_socket=0x%llx names socket %d, this PMU's own: its traffic does not cross CNVLink, so that bit adds nothing (" GRACE_DOC ")",
			 e->event, (unsigned long long)v, e->pmu->socket);
	return 0;
}

/* Events of family f that leave its filter out: said once for the plan, as the kernel matters */
static void check_plan(const struct pmu_family *f, const struct plan *set, struct diag *warn)
{
	const struct plan_event *first = NULL;
	size_t n = 0;

	for (size_t i = 0; f->metric_scope && i < set->n; i++) {
		const struct plan_event *e = &set->v[i];
		bool given = false;

		if (!e->pmu || e->pmu->family != f || cspmu_is_cycles(e))
			continue;
		ev_field(e, filter_name(e->pmu), &given);
		if (given)
			continue;
		first = first ? first : e;
		n++;
	}
	if (n)
		diag_add(warn, "%zu event%s leave%s %s out (%s%s): that counts every %s from v6.14 (bce61d5c5764) and nothing before it: name them, %s=0x%llx, to count on both (pmuctl's -M metrics do)",
			 n, n == 1 ? "" : "s", n == 1 ? "s" : "", filter_name(first->pmu), first->event,
			 n > 1 ? ", ..." : "", port_word(first->pmu), filter_name(first->pmu),
			 (unsigned long long)f->metric_scope->term[0].value);
}

const struct family_ops grace_ops = {
	.locate = {
		.fields = fields,
		.detail = detail,
	},
	.rules = {
		.check = check,
		.check_plan = check_plan,
		.together = t410_latency_together,
		.together_key = t410_latency_key,
		.own_counter = cspmu_is_cycles,
	},
};

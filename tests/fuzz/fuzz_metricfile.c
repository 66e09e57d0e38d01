// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: a --metrics-file, loaded beside the built-in catalog and checked against a
 * machine of one Tegra410 PCIE PMU (its events), as stat and list load it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "pmu/metrics/metric.h"
#include "pmu/pmu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void add_event(struct pmu *p, const char *name)
{
	struct pmu_event *v = realloc(p->events, (p->nevents + 1) * sizeof(*v));

	if (!v)
		abort();
	p->events = v;
	memset(&v[p->nevents], 0, sizeof(*v));
	v[p->nevents].name = strdup(name);
	v[p->nevents].value = strdup("event=0x1");
	p->nevents++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const events[] = { "rd_bytes", "wr_bytes", "rd_req", "cycles" };
	struct pmu_list pmus = { 0 };
	struct metric_list ml = { 0 };
	struct err_report err = { 0 };
	char path[64];
	int fd = memfd_create("metrics", 0);
	struct pmu *p;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	p = pmu_list_add_named(&pmus, "nvidia_pcie_pmu_0_rc_4");
	if (!p)
		abort();
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		add_event(p, events[i]);
	if (metric_catalog(&ml))
		abort();
	if (!metric_load_file(&ml, path, &pmus, &err)) {
		/* what loads is what the renderers rely on: names OpenMetrics can carry */
		for (size_t i = 0; i < ml.n; i++)
			if (!metric_name_valid(ml.v[i].name) || strchr(ml.v[i].description, '\n'))
				abort();
	} else if (!err.msg[0] || strchr(err.msg, '\n')) {
		abort();
	}
	metric_list_free(&ml);
	pmu_list_free(&pmus);
	close(fd);
	return 0;
}

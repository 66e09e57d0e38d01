// SPDX-License-Identifier: GPL-2.0
/* A family's hardware against its registered PMUs: PCI functions and platform devices. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "pmu/family/family.h"
#include "pmu/pmu.h"
#include "pmu/presence.h"
#include "topology/pcitopo.h"

#define PLATFORM_DIR "devices/platform"

/* A PMU below the device (a directory with its type file), or the hwmon device of a driver
 * that counts through hwmon */
static bool device_has_counters(const struct sysroot *root, const char *device)
{
	char **names = NULL, rel[512];
	size_t n = 0;
	bool found = false;

	if (sysroot_path(rel, sizeof(rel), PLATFORM_DIR "/%s", device) || sysroot_list(root, rel, &names, &n))
		return false;
	for (size_t i = 0; i < n && !found; i++) {
		char type[600];

		if (!strcmp(names[i], "hwmon")) {
			found = true;
			break;
		}
		if (!sysroot_path(type, sizeof(type), "%s/%s/type", rel, names[i])) {
			int fd = sysroot_openat(root, type, 0);

			if (fd >= 0) {
				found = true;
				close(fd);
			}
		}
	}
	strv_free(names, n);
	return found;
}

static void count_platform(const struct sysroot *root, char **devices, size_t ndevices, struct presence *p)
{
	const char *prefix = p->family->hardware->platform;

	for (size_t i = 0; prefix && i < ndevices; i++) {
		if (strncmp(devices[i], prefix, strlen(prefix)))
			continue;
		if (!p->platform++)
			snprintf(p->example, sizeof(p->example), "%s", devices[i]);
		if (!device_has_counters(root, devices[i]) && !p->platform_bare++)
			snprintf(p->bare_example, sizeof(p->bare_example), "%s", devices[i]);
	}
}

static void count_pci(const struct pcitopo *t, struct presence *p)
{
	bool (*shows)(const struct pmu_family *f, const struct pcifn *fn) = p->family->ops->presence.pci_function;

	for (size_t i = 0; t && shows && i < t->n; i++)
		if (shows(p->family, &t->fn[i]) && !p->pci++)
			pcifn_full_name(&t->fn[i], p->example, sizeof(p->example));
}

int presence_scan(const struct sysroot *root, const struct pcitopo *t, const struct pmu_list *pmus,
		  struct presence **out, size_t *n)
{
	char **devices = NULL;
	size_t ndevices = 0, k = 0, nfam = 0;
	struct presence *v;

	while (pmu_families[nfam])
		nfam++;
	v = calloc(nfam + 1, sizeof(*v));	/* never 0 bytes */
	if (!v)
		return -ENOMEM;
	/* a machine without platform devices has none to count */
	if (sysroot_list(root, PLATFORM_DIR, &devices, &ndevices))
		ndevices = 0;
	for (size_t f = 0; f < nfam; f++) {
		struct presence *p = &v[k];

		p->family = pmu_families[f];
		for (size_t i = 0; pmus && i < pmus->n; i++)
			p->pmus += pmus->v[i].family == p->family;
		if (p->family->hardware) {
			count_pci(t, p);
			count_platform(root, devices, ndevices, p);
		}
		/* every unknown PMU is the generic family's: it counts here by its devices only */
		if (!p->family->match)
			p->pmus = p->platform - p->platform_bare;
		if (p->pci || p->platform || p->pmus)
			k++;
		else
			memset(p, 0, sizeof(*p));
	}
	strv_free(devices, ndevices);
	*out = v;
	*n = k;
	return 0;
}

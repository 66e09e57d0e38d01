// SPDX-License-Identifier: GPL-2.0
/* The files libpci's linux-sysfs method opens for every device, and the syntax it expects. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "topology/pcisysfs.h"
#include "topology/pcitopo.h"

static const char *const required_files[] = { "config", "vendor", "device", "class", "irq" };

static bool is_device_name(const char *s)
{
	unsigned dom, bus, dev, fn;
	int end = 0;

	return sscanf(s, "%x:%x:%x.%u%n", &dom, &bus, &dev, &fn, &end) == 4 && !s[end] &&
	       bus <= 0xff && dev <= 0x1f && fn <= 7;
}

/* libpci reads up to 7 lines of "start end flags" in hex */
static int check_resource(const struct sysroot *root, const char *dev, struct pmu_err *err)
{
	char rel[512], *text, *line, *save = NULL;
	size_t len;
	int ret, n = 0;

	if (sysroot_path(rel, sizeof(rel), "%s/%s/resource", PCISYSFS_DEVICES, dev))
		return pmu_err_set(err, -ENAMETOOLONG, "PCI device name too long: '%s'", dev);
	ret = sysroot_read(root, rel, &text, &len);
	if (ret)
		return pmu_err_set(err, ret, "%s/%s: cannot read 'resource': %s", root->path, rel,
				   strerror(-ret));
	for (line = strtok_r(text, "\n", &save); line && n < 7; line = strtok_r(NULL, "\n", &save), n++) {
		unsigned long long a, b, c;

		if (sscanf(line, "%llx %llx %llx", &a, &b, &c) != 3) {
			ret = pmu_err_set(err, -EINVAL, "%s/%s line %d: expected 'start end flags' in hex",
					  root->path, rel, n + 1);
			break;
		}
	}
	free(text);
	return ret;
}

int pcisysfs_check(const struct sysroot *root, struct pmu_err *err)
{
	char **names;
	size_t n;
	int ret = sysroot_list(root, PCISYSFS_DEVICES, &names, &n);

	if (ret)
		return pmu_err_set(err, ret, "cannot read %s/%s: %s (give a machine with PCI devices, or an " LSPCI_DUMP_CMD " dump with -F)",
				   root->path, PCISYSFS_DEVICES, strerror(-ret));
	for (size_t i = 0; i < n && !ret; i++) {
		char rel[512];

		if (names[i][0] == '.')
			continue;	/* libpci skips these too */
		if (!is_device_name(names[i])) {
			ret = pmu_err_set(err, -EINVAL, "%s/%s/%s: not a PCI device name (DDDD:BB:DD.F)",
					  root->path, PCISYSFS_DEVICES, names[i]);
			break;
		}
		for (size_t f = 0; f < sizeof(required_files) / sizeof(required_files[0]); f++) {
			if (sysroot_path(rel, sizeof(rel), "%s/%s/%s", PCISYSFS_DEVICES, names[i],
					 required_files[f]) ||
			    !sysroot_exists(root, rel)) {
				ret = pmu_err_set(err, -ENOENT, "%s/%s/%s: no '%s' file (libpci needs it)",
						  root->path, PCISYSFS_DEVICES, names[i], required_files[f]);
				break;
			}
		}
		if (!ret)
			ret = check_resource(root, names[i], err);
	}
	strv_free(names, n);
	return ret;
}

static bool same_id(const struct sysroot *root, const char *dev, const char *file, unsigned want)
{
	char rel[512], *text;
	unsigned long long v;
	char tail;
	bool same;

	if (sysroot_path(rel, sizeof(rel), "%s/%s/%s", PCISYSFS_DEVICES, dev, file) ||
	    sysroot_read_trim(root, rel, &text))
		return false;
	same = sscanf(text, "%llx%c", &v, &tail) == 1 && v == want;
	free(text);
	return same;
}

void pcisysfs_bar_sizes(const struct sysroot *root, struct pcifn *f)
{
	char dev[32], rel[512], *text, *line, *save = NULL;
	int n = 0;

	pcifn_full_name(f, dev, sizeof(dev));
	if (!same_id(root, dev, "vendor", f->cfg.vendor) || !same_id(root, dev, "device", f->cfg.device) ||
	    sysroot_path(rel, sizeof(rel), "%s/%s/resource", PCISYSFS_DEVICES, dev) ||
	    sysroot_read(root, rel, &text, NULL))
		return;
	/* one "start end flags" line per BAR, in BAR order */
	for (line = strtok_r(text, "\n", &save); line && n < 6; line = strtok_r(NULL, "\n", &save), n++) {
		unsigned long long start, end, flags;
		struct pcibar *b = &f->bar[n];

		if (sscanf(line, "%llx %llx %llx", &start, &end, &flags) == 3 && b->mem && !b->size &&
		    start == b->addr && end > start)
			b->size = end - start + 1;
	}
	free(text);
}

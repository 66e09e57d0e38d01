// SPDX-License-Identifier: GPL-2.0
/* A PCI function's class devices: the names of its net/, nvme/, infiniband/ and drm/ children. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "topology/pciclass.h"

/*
 * The names in bus/pci/devices/BDF/DIR that start with prefix, comma-joined (cut, never
 * split): 0, a directory that is not there too, or -errno when it cannot be listed
 */
static int names_in(const struct sysroot *root, const char *bdf, const char *dir, const char *prefix,
		    char *buf, size_t size)
{
	char rel[128], **names = NULL;
	size_t n = 0, len = 0;
	int ret;

	buf[0] = '\0';
	ret = sysroot_path(rel, sizeof(rel), "bus/pci/devices/%s/%s", bdf, dir);
	if (!ret)
		ret = sysroot_list(root, rel, &names, &n);
	if (ret)
		return ret == -ENOENT || ret == -ENOTDIR ? 0 : ret;
	for (size_t i = 0; i < n; i++) {
		size_t need = strlen(names[i]) + (len ? 1 : 0);

		if (strncmp(names[i], prefix, strlen(prefix)) || len + need >= size)
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "," : "", names[i]);
	}
	strv_free(names, n);
	return 0;
}

int pci_class_devices_read(const struct sysroot *root, const char *bdf, struct pci_class_devices *out)
{
	int e[4];

	e[0] = names_in(root, bdf, "net", "", out->netdev, sizeof(out->netdev));
	e[1] = names_in(root, bdf, "nvme", "nvme", out->nvme, sizeof(out->nvme));
	e[2] = names_in(root, bdf, "infiniband", "", out->infiniband, sizeof(out->infiniband));
	/* drm/ holds card1 and renderD129: the card is what dcgm and node_exporter's drm name */
	e[3] = names_in(root, bdf, "drm", "card", out->drm, sizeof(out->drm));
	for (int i = 0; i < 4; i++)
		if (e[i])
			return e[i];
	return 0;
}

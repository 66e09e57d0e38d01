// SPDX-License-Identifier: GPL-2.0
/* Reads and writes of a hwmon block's files, through the sysfs root. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/strnum.h"
#include "pmu/family/hwmon_io.h"

int hwmon_read_text(const struct sysroot *root, const char *dir, const char *file, char **out)
{
	char rel[PATH_MAX + 64];

	snprintf(rel, sizeof(rel), "%s/%s", dir, file);
	return sysroot_read_trim(root, rel, out);
}

int hwmon_read_u64(const struct sysroot *root, const char *dir, const char *file, uint64_t *v)
{
	char *text;
	int ret = hwmon_read_text(root, dir, file, &text);

	if (ret)
		return ret;
	ret = strnum_u64(text, 0, UINT64_MAX, v);
	free(text);
	return ret;
}

int hwmon_write_text(const struct sysroot *root, const char *dir, const char *file, const char *text)
{
	char rel[PATH_MAX + 64];
	size_t len = strlen(text);
	int fd, ret = 0;

	snprintf(rel, sizeof(rel), "%s/%s", dir, file);
	/* no O_TRUNC: sysfs ignores it, and a write is taken whole by the driver's store */
	fd = sysroot_openat(root, rel, O_WRONLY);
	if (fd < 0)
		return fd;
	if (write(fd, text, len) != (ssize_t)len)
		ret = errno ? -errno : -EIO;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

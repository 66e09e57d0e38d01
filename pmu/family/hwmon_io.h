/* SPDX-License-Identifier: GPL-2.0 */
/* A hwmon block's files below the sysfs root: read as text or a number, written whole. */
#ifndef PMUCTL_HWMON_IO_H
#define PMUCTL_HWMON_IO_H

#include <stdint.h>
#include "lib/sysroot.h"

/* dir/file, trimmed: 0 or -errno */
int hwmon_read_text(const struct sysroot *root, const char *dir, const char *file, char **out);
/* dir/file as a number (0x.. or decimal): 0, -EINVAL, or -errno */
int hwmon_read_u64(const struct sysroot *root, const char *dir, const char *file, uint64_t *v);
/* text into dir/file in one write, as the driver's store takes it: 0 or -errno */
int hwmon_write_text(const struct sysroot *root, const char *dir, const char *file, const char *text);

#endif

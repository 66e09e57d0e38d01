// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: a machine's PMU directories as sysfs shows them, scanned as list and stat scan
 * them: perf PMUs (type, cpumask, format/, events/, the families' extra files) and BlueField
 * hwmon blocks. The input is files separated by NUL bytes, each "PATH\nCONTENT", PATH below
 * bus/event_source/devices/ or class/hwmon/; they are written to a directory and scanned.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/diag.h"
#include "lib/sysroot.h"
#include "pmu/pmu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* A path the tree may hold: below one of the two roots, no "..", no empty part */
static bool allowed(const char *path)
{
	if (strncmp(path, "bus/event_source/devices/", 25) && strncmp(path, "class/hwmon/", 12))
		return false;
	if (strlen(path) > 200 || strstr(path, "..") || strstr(path, "//") || path[strlen(path) - 1] == '/')
		return false;
	return true;
}

/* mkdir -p of path's directories below root */
static int make_parents(const char *root, const char *path)
{
	char buf[512];

	for (const char *s = strchr(path, '/'); s; s = strchr(s + 1, '/')) {
		snprintf(buf, sizeof(buf), "%s/%.*s", root, (int)(s - path), path);
		if (mkdir(buf, 0755) && errno != EEXIST)
			return -1;
	}
	return 0;
}

static void write_file(const char *root, const char *entry, size_t len)
{
	const char *nl = memchr(entry, '\n', len);
	char path[256], full[512];
	int fd;

	if (!nl || (size_t)(nl - entry) >= sizeof(path))
		return;
	memcpy(path, entry, (size_t)(nl - entry));
	path[nl - entry] = '\0';
	if (!allowed(path) || make_parents(root, path))
		return;
	snprintf(full, sizeof(full), "%s/%s", root, path);
	fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
	if (fd < 0)
		return;
	if (write(fd, nl + 1, len - (size_t)(nl + 1 - entry)) < 0)
		(void)0;
	close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char root[64];
	struct sysroot r;
	struct pmu_list l = { 0 };
	struct diag d = { 0 };
	const char *p = (const char *)data, *end = p + size;

	snprintf(root, sizeof(root), "/tmp/pmuctl-fuzz-sysfs.%d", (int)getpid());
	nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	if (mkdir(root, 0755))
		return 0;
	while (p < end) {
		const char *z = memchr(p, '\0', (size_t)(end - p));
		size_t len = z ? (size_t)(z - p) : (size_t)(end - p);

		write_file(root, p, len);
		p += len + 1;
	}
	if (!sysroot_open(&r, root)) {
		if (!pmu_scan(&r, &l, &d)) {
			/* every PMU scanned has a name and a family */
			for (size_t i = 0; i < l.n; i++)
				if (!l.v[i].name || !l.v[i].family)
					abort();
		}
		pmu_list_free(&l);
		diag_free(&d);
		sysroot_close(&r);
	}
	nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	return 0;
}

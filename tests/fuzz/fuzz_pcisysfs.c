// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: a sysfs function's resource file, which map parses itself (libpci's sscanf took
 * every line it was given). The input is the file; the function's config space is a fixed
 * endpoint header. Checked: a success gives exactly one function with sane BARs.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/sysroot.h"
#include "topology/pcitopo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];
static struct sysroot root;

static int write_file(const char *name, const void *data, size_t size)
{
	char path[256];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/bus/pci/devices/0000:01:00.0/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	n = fwrite(data, 1, size, f);
	return fclose(f) || n != size ? -1 : 0;
}

/* libFuzzer has no teardown: the tree goes at exit */
static void remove_tree(void)
{
	static const char *const parts[] = { "bus/pci/devices/0000:01:00.0/config",
					     "bus/pci/devices/0000:01:00.0/resource",
					     "bus/pci/devices/0000:01:00.0", "bus/pci/devices", "bus/pci",
					     "bus", "" };
	char path[256];

	sysroot_close(&root);
	for (size_t i = 0; i < sizeof(parts) / sizeof(*parts); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, parts[i]);
		remove(path);
	}
}

/* A tree with one endpoint: NVIDIA vendor, class 0x020000, a 64-bit BAR 0 */
static int make_tree(void)
{
	static const uint8_t header[64] = { 0xde, 0x10, 0x35, 0x23, [8] = 1, [0x0b] = 2,
					    [0x10] = 0x0c, [0x13] = 0x40 };
	char path[256];

	snprintf(dir, sizeof(dir), "/tmp/fuzz_pcisysfs.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/bus", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/bus/pci", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/bus/pci/devices", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/bus/pci/devices/0000:01:00.0", dir);
	mkdir(path, 0755);
	atexit(remove_tree);
	if (write_file("config", header, sizeof(header)))
		return -1;
	return sysroot_open(&root, dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	struct pcitopo_source src = { .root = &root };
	struct pcitopo t;
	struct err_report err;

	if (!ready) {
		if (make_tree())
			abort();
		ready = true;
	}
	if (write_file("resource", data, size))
		return 0;
	if (pcitopo_read(&src, &t, &err))
		return 0;
	if (t.n != 1)
		abort();
	for (int i = 0; i < 6; i++)
		if (!t.fn[0].bar[i].mem && (t.fn[0].bar[i].addr || t.fn[0].bar[i].size))
			abort();
	pcitopo_free(&t);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/* What map reads of a sysfs PCI tree beside libpci: device names, and each function's resource file. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pci/pci.h>
#include "lib/strjoin.h"
#include "lib/strnum.h"
#include "topology/bdf.h"
#include "topology/pcisysfs.h"
#include "topology/pcitopo.h"

/* DDDD:BB:DD.F, the domain given: what libpci's scan parses each entry as */
static bool is_device_name(const char *s)
{
	struct err_report ignored;
	struct bdf b;

	return !bdf_parse(s, &b, &ignored) && b.domain >= 0;
}

/* The size a resource line gives: end - start + 1, 0 for an empty one (as libpci) */
static uint64_t resource_size(const uint64_t v[3])
{
	return v[1] > v[0] ? v[1] - v[0] + 1 : 0;
}

/* An unused BAR's line, as resource_show writes it: most lines of most functions */
static const char unused_line[] = "0x0000000000000000 0x0000000000000000 0x0000000000000000";

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* One line of a resource file (len bytes), "start end flags" in hex as the kernel's resource_show writes it */
static int parse_resource_line(const char *line, size_t len, uint64_t v[3])
{
	const char *end = line + len;

	if (len == sizeof(unused_line) - 1 && !memcmp(line, unused_line, len)) {
		v[0] = v[1] = v[2] = 0;
		return 0;
	}
	for (int k = 0; k < 3; k++) {
		const char *field = line;

		while (line < end && !blank(*line))
			line++;
		if (strnum_u64n(field, (size_t)(line - field), 16, UINT64_MAX, &v[k]))
			return -EINVAL;
		if (k < 2 && line == end)
			return -EINVAL;
		while (line < end && blank(*line))
			line++;
	}
	return line < end ? -EINVAL : 0;
}

/*
 * The lines of a function's resource file, one per BAR in BAR order (ROM and bridge windows
 * follow): callback for each, up to max lines; an error names the file and the line.
 */
static int read_resource(const struct sysroot *dir, const char *rel, int max,
			 void (*fn)(int bar, const uint64_t v[3], void *arg), void *arg, struct err_report *err)
{
	char *text, *line;
	int ret = sysroot_read(dir, rel, &text, NULL);

	if (ret)
		return err_set(err, ret, "%s/%s: %s (map reads each function's BARs from it)", dir->path, rel,
			       strerror(-ret));
	line = text;
	for (int n = 0; n < max; n++) {
		uint64_t v[3];
		size_t len;

		/* an empty line is no line, as strtok took them */
		while (*line == '\n')
			line++;
		if (!*line)
			break;
		len = (size_t)(strchrnul(line, '\n') - line);
		if (parse_resource_line(line, len, v)) {
			ret = err_set(err, -EINVAL, "%s/%s line %d: expected 'start end flags' in hex",
				      dir->path, rel, n + 1);
			break;
		}
		fn(n, v, arg);
		line += len;
	}
	free(text);
	return ret;
}

/* The first bad name in natural order, as a sorted listing would meet it: each name is checked
 * where the directory gives it, with no copy and no sort */
static int first_bad(const char *name, void *arg)
{
	char *bad = arg;

	/* libpci skips dot names too */
	if (name[0] != '.' && !is_device_name(name) && (!bad[0] || strverscmp(name, bad) < 0))
		snprintf(bad, NAME_MAX + 1, "%s", name);
	return 0;
}

int pcisysfs_check(const struct sysroot *root, struct err_report *err)
{
	char bad[NAME_MAX + 1] = "";
	int ret = sysroot_each(root, PCISYSFS_DEVICES, first_bad, bad);

	if (ret)
		return err_set(err, ret, "cannot read %s/%s: %s (give a machine with PCI devices, or an " LSPCI_DUMP_CMD " dump with -F)",
				   root->path, PCISYSFS_DEVICES, strerror(-ret));
	if (bad[0])
		return err_set(err, -EINVAL, "%s/%s/%s: not a PCI device name (DDDD:BB:DD.F)", root->path,
			       PCISYSFS_DEVICES, bad);
	return 0;
}

/* The first len bytes of s into buf, cut to fit as snprintf's "%.*s" would: once a function */
static void copy_part(char *buf, size_t size, const char *s, size_t len)
{
	if (len >= size)
		len = size - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
}

/* "bus/pci/devices/DDDD:BB:DD.F" and what follows it (a file in it, or ""), from the root */
static void fn_path(const struct pcifn *f, const char *file, char *buf, size_t size)
{
	char dev[32];

	pcifn_full_name(f, dev, sizeof(dev));
	strjoin_into(buf, size, PCISYSFS_DEVICES "/", dev, file);
}

int pcisysfs_fn_open(const struct sysroot *root, const struct pcifn *f, struct sysroot *dir)
{
	char rel[sizeof(PCISYSFS_DEVICES) + 48];

	fn_path(f, "", rel, sizeof(rel));
	return sysroot_sub(root, rel, dir);
}

static bool same_id(const struct sysroot *dir, const char *file, unsigned want)
{
	char *text;
	uint64_t v;
	bool same;

	if (sysroot_read_trim(dir, file, &text))
		return false;
	/* "0x15b3", as the kernel writes vendor and device */
	same = !strnum_u64(text, 16, UINT16_MAX, &v) && v == want;
	free(text);
	return same;
}

/* A BAR's size from its resource line when the line is the same BAR (the address read from the dump) */
static void take_size(int bar, const uint64_t v[3], void *arg)
{
	struct pcibar *b = &((struct pcifn *)arg)->bar[bar];

	if (b->mem && !b->size && v[0] == b->addr)
		b->size = resource_size(v);
}

void pcisysfs_bar_sizes(const struct sysroot *dir, struct pcifn *f)
{
	struct err_report ignored = { 0 };

	if (same_id(dir, "vendor", f->cfg.vendor) && same_id(dir, "device", f->cfg.device))
		read_resource(dir, "resource", 6, take_size, f, &ignored);
}

/* As libpci takes a BAR from its line: the address, the low four bits of the flags, the size */
static void take_bar(int bar, const uint64_t v[3], void *arg)
{
	struct pcifn *f = arg;
	uint64_t raw = v[0] | (v[2] & PCI_ADDR_FLAG_MASK);

	if (f->cfg.header_type <= 1 && bar < (f->cfg.bridge ? 2 : 6))
		pcibar_set(&f->bar[bar], raw, resource_size(v));
}

int pcisysfs_bars(const struct sysroot *dir, struct pcifn *f, struct err_report *err)
{
	return read_resource(dir, "resource", 6, take_bar, f, err);
}

int pcisysfs_bars_at(const struct sysroot *root, struct pcifn *f, struct err_report *err)
{
	char rel[sizeof(PCISYSFS_DEVICES) + 48];

	fn_path(f, "/resource", rel, sizeof(rel));
	return read_resource(root, rel, 6, take_bar, f, err);
}

bool pcisysfs_numa(const struct sysroot *root)
{
	return sysroot_is_dir(root, "devices/system/node");
}

void pcisysfs_locality(const struct sysroot *dir, const struct sysroot *devs, struct pcifn *f, bool check_ids,
		       bool numa)
{
	char dev[32], link[4096], *text = NULL;
	const char *at;
	int64_t node;

	pcifn_full_name(f, dev, sizeof(dev));
	if (check_ids && !(same_id(dir, "vendor", f->cfg.vendor) && same_id(dir, "device", f->cfg.device)))
		return;
	if (numa && !sysroot_read_trim(dir, "numa_node", &text) && !strnum_s64(text, -1, 65535, &node))
		f->numa_node = (int)node;
	free(text);
	if (sysroot_readlink(devs, dev, link, sizeof(link)))
		return;
	at = strstr(link, "devices/pci");
	if (!at)
		return;
	copy_part(f->host_bridge, sizeof(f->host_bridge), at + 8, strcspn(at + 8, "/"));
	/* the kernel's own placement: the path's first function is the root port above (lspci -t's) */
	at += 8 + strcspn(at + 8, "/");
	if (*at == '/' && strcspn(at + 1, "/") < sizeof(f->top))
		copy_part(f->top, sizeof(f->top), at + 1, strcspn(at + 1, "/"));
}

// SPDX-License-Identifier: GPL-2.0
/* /proc/PID/status's privilege lines and security.capability, as the kernel writes them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/privileges.h"

/* fs/proc/array.c task_cap(): "CapEff:\t%016llx"; a short or odd line is not read */
static bool hex_line(const char *line, const char *key, uint64_t *out)
{
	size_t n = strlen(key);
	char *end;

	if (strncmp(line, key, n))
		return false;
	line += n;
	while (*line == '\t' || *line == ' ')
		line++;
	if (!*line || *line == '\n')
		return false;
	*out = strtoull(line, &end, 16);
	return end != line && (*end == '\n' || !*end);
}

static bool dec_line(const char *line, const char *key, long *out)
{
	size_t n = strlen(key);
	char *end;

	if (strncmp(line, key, n))
		return false;
	*out = strtol(line + n, &end, 10);
	return end != line + n;
}

int privileges_parse_status(const char *text, size_t len, struct privileges *out)
{
	char *copy = strndup(text, len), *save = NULL;
	bool eff = false, bnd = false;
	long v;

	*out = (struct privileges){ .uid = -1, .no_new_privs = -1 };
	if (!copy)
		return -1;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		/* Uid: real, effective, saved, fs: the second is the one the kernel checks */
		if (!strncmp(line, "Uid:", 4)) {
			long real, effective;
			int k = sscanf(line + 4, "%ld %ld", &real, &effective);

			if (k >= 1)
				out->uid = k == 2 ? effective : real;
			continue;
		}
		eff |= hex_line(line, "CapEff:", &out->cap_eff);
		bnd |= hex_line(line, "CapBnd:", &out->cap_bnd);
		hex_line(line, "CapPrm:", &out->cap_prm);
		hex_line(line, "CapAmb:", &out->cap_amb);
		if (dec_line(line, "NoNewPrivs:", &v))
			out->no_new_privs = v != 0;
	}
	free(copy);
	out->has_caps = eff && bnd;
	return eff ? 0 : -1;
}

bool privileges_has(uint64_t set, int cap)
{
	return cap >= 0 && cap < 64 && (set >> cap) & 1;
}

/* include/uapi/linux/capability.h: struct vfs_cap_data / vfs_ns_cap_data, little endian */
#define VFS_CAP_REVISION_MASK 0xff000000u
#define VFS_CAP_FLAGS_EFFECTIVE 0x000001u

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int privileges_parse_file_caps(const uint8_t *value, size_t len, struct file_caps *out)
{
	uint32_t magic;
	size_t want;

	*out = (struct file_caps){ 0 };
	if (len < 4)
		return -1;
	magic = le32(value);
	out->revision = (int)((magic & VFS_CAP_REVISION_MASK) >> 24);
	/* XATTR_CAPS_SZ_1 12, _2 20, _3 24: get_vfs_caps_from_disk() refuses any other size */
	want = out->revision == 1 ? 12 : out->revision == 2 ? 20 : out->revision == 3 ? 24 : 0;
	if (!want || len != want)
		return -1;
	/* only the effective flag may be set beside the revision */
	if (magic & ~(VFS_CAP_REVISION_MASK | VFS_CAP_FLAGS_EFFECTIVE))
		return -1;
	out->effective = magic & VFS_CAP_FLAGS_EFFECTIVE;
	out->permitted = le32(value + 4);
	out->inheritable = le32(value + 8);
	if (out->revision >= 2) {
		out->permitted |= (uint64_t)le32(value + 12) << 32;
		out->inheritable |= (uint64_t)le32(value + 16) << 32;
	}
	if (out->revision == 3)
		out->rootid = le32(value + 20);
	return 0;
}

void privileges_names(uint64_t set, char *buf, size_t size)
{
	static const struct {
		int cap;
		const char *name;
	} known[] = { { PRIV_CAP_PERFMON, "cap_perfmon" }, { PRIV_CAP_SYS_ADMIN, "cap_sys_admin" } };
	size_t n = 0;

	if (size)
		buf[0] = '\0';
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (privileges_has(set, known[i].cap) && n < size)
			n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? "," : "", known[i].name);
	if (!n && size)
		snprintf(buf, size, "none");
}

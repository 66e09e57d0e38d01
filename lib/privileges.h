/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel says of a process's privileges (/proc/PID/status) and of a file's
 * capabilities (its security.capability attribute): parsed, not judged.
 */
#ifndef PMUCTL_PRIVILEGES_H
#define PMUCTL_PRIVILEGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* include/uapi/linux/capability.h */
#define PRIV_CAP_SYS_ADMIN 21
#define PRIV_CAP_PERFMON 38	/* from v5.8; before it, CAP_SYS_ADMIN alone */

struct privileges {
	long uid;		/* effective; -1 when the status has no Uid line */
	bool has_caps;		/* CapEff and CapBnd were read */
	uint64_t cap_eff, cap_prm, cap_bnd, cap_amb;
	int no_new_privs;	/* 0 or 1; -1 when the kernel does not say (before v4.10) */
};

/* Parse /proc/PID/status text of len bytes: 0, or -1 when it has no CapEff line */
int privileges_parse_status(const char *text, size_t len, struct privileges *out);
bool privileges_has(uint64_t set, int cap);

/* A file's capabilities (struct vfs_cap_data, any revision) */
struct file_caps {
	int revision;		/* 1, 2 or 3 */
	uint64_t permitted, inheritable;
	bool effective;		/* raised in the effective set at exec */
	uint32_t rootid;	/* revision 3: the user namespace's root they apply to */
};

/* Decode the attribute's len bytes: 0, or -1 when it is no capability set the kernel reads */
int privileges_parse_file_caps(const uint8_t *value, size_t len, struct file_caps *out);

/* "cap_perfmon,cap_sys_admin": the capabilities of set pmuctl names, "none" when none */
void privileges_names(uint64_t set, char *buf, size_t size);

#endif

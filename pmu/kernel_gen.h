/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel whose drivers' rules a run follows: chosen once per process (--kernel, the
 * release under --proc-root, or the running kernel's), unknown for a copied tree. Rules that
 * changed between releases ask it only where the machine's own files do not tell.
 */
#ifndef PMUCTL_KERNEL_GEN_H
#define PMUCTL_KERNEL_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include "lib/kernel_text.h"

/* The release the rules follow, and where it was read ("--kernel", "osrelease"); NULL: unknown */
void kernel_gen_set(const struct kernel_release *r, const char *source);
/* The same from an osrelease file, read when a rule first asks (unreadable: unknown) */
void kernel_gen_from(const char *path, const char *source);
/* true when the release is known and older than major.minor: unknown follows the newest drivers */
bool kernel_gen_before(int major, int minor);
/* "Linux 6.12 (--kernel)", or "" when unknown: for messages that name the rule's kernel */
const char *kernel_gen_name(void);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* What the kernel writes of itself: its release (osrelease), its lockdown mode. */
#ifndef PMUCTL_KERNEL_TEXT_H
#define PMUCTL_KERNEL_TEXT_H

#include <stdbool.h>
#include <stddef.h>

struct kernel_release {
	int major, minor;
};

/* "6.1.0-18-arm64", "6.14.0-rc3": its version; false when s starts with no MAJOR.MINOR */
bool kernel_release_parse(const char *s, struct kernel_release *out);
/* a - b by major, then minor */
int kernel_release_cmp(const struct kernel_release *a, int major, int minor);

/* security/lockdown/lockdown.c lockdown_read(): "none [integrity] confidentiality": the word
 * in brackets, copied to buf; false when there is none */
bool kernel_lockdown_mode(const char *s, char *buf, size_t size);

#endif

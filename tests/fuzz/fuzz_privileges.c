// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: what doctor reads of the kernel: /proc/PID/status, a file's security.capability,
 * the release and the lockdown mode; every answer stays inside its input's bounds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/kernel_text.h"
#include "lib/privileges.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct privileges p;
	struct file_caps fc;
	struct kernel_release r;
	char *text = malloc(size + 1), mode[64], names[64];

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (!privileges_parse_status(text, size, &p) && p.no_new_privs > 1)
		abort();
	if (!privileges_parse_file_caps(data, size, &fc) && (fc.revision < 1 || fc.revision > 3))
		abort();
	if (kernel_release_parse(text, &r) && (r.major < 0 || r.minor < 0))
		abort();
	if (kernel_lockdown_mode(text, mode, sizeof(mode)) && (!mode[0] || strlen(mode) >= size))
		abort();
	privileges_names(fc.permitted, names, sizeof(names));
	free(text);
	return 0;
}

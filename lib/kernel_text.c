// SPDX-License-Identifier: GPL-2.0
/* The kernel's release and lockdown files, read as uname(1) and lockdown_read() write them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/kernel_text.h"

bool kernel_release_parse(const char *s, struct kernel_release *out)
{
	char *end;
	long major, minor;

	if (*s < '0' || *s > '9')
		return false;
	major = strtol(s, &end, 10);
	if (*end != '.' || end[1] < '0' || end[1] > '9')
		return false;
	minor = strtol(end + 1, &end, 10);
	if (major > 1000 || minor > 1000)
		return false;
	out->major = (int)major;
	out->minor = (int)minor;
	return true;
}

int kernel_release_cmp(const struct kernel_release *a, int major, int minor)
{
	if (a->major != major)
		return a->major < major ? -1 : 1;
	return a->minor < minor ? -1 : a->minor > minor;
}

bool kernel_lockdown_mode(const char *s, char *buf, size_t size)
{
	const char *open = strchr(s, '['), *close = open ? strchr(open, ']') : NULL;

	if (!close || close == open + 1)
		return false;
	snprintf(buf, size, "%.*s", (int)(close - open - 1), open + 1);
	return true;
}

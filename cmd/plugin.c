// SPDX-License-Identifier: GPL-2.0
/* Loading pmuctl-commands.so, found from the binary's own path, never from the environment. */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd/plugin.h"

/* why it could not be loaded: dlopen's message for a file there, else where it was looked for */
static char plugin_why[2 * (PATH_MAX + 64) + 32];

static void *plugin_open(void)
{
	static const char *const places[] = { PLUGIN_FILE, PLUGIN_INSTALLED };
	char exe[PATH_MAX], path[2][PATH_MAX + 64];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0) {
		snprintf(plugin_why, sizeof(plugin_why), "/proc/self/exe: %s", strerror(errno));
		return NULL;
	}
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (slash)
		slash[1] = '\0';
	for (size_t i = 0; i < 2; i++) {
		void *h;

		snprintf(path[i], sizeof(path[i]), "%s%s", exe, places[i]);
		if (access(path[i], F_OK))
			continue;
		/* RTLD_NOW: a missing library (libmicrohttpd) is said here, not at the first call */
		h = dlopen(path[i], RTLD_NOW | RTLD_LOCAL);
		if (!h)
			snprintf(plugin_why, sizeof(plugin_why), "%s", dlerror());
		return h;
	}
	snprintf(plugin_why, sizeof(plugin_why), "neither %s nor %s exists", path[0], path[1]);
	return NULL;
}

const struct command *plugin_command(const struct command *c)
{
	static const struct command *table;

	if (c->run)
		return c;
	if (!table) {
		void *h = plugin_open();

		table = h ? dlsym(h, "plugin_commands") : NULL;
		if (!table) {
			p_err("%s is in %s, which could not be loaded (%s): install pmuctl whole, or build it with make",
			      c->name, PLUGIN_FILE, h ? dlerror() : plugin_why);
			return NULL;
		}
	}
	for (const struct command *k = table; k->name; k++)
		if (!strcmp(k->name, c->name))
			return k;
	p_err("%s is not in this %s: it belongs to another pmuctl build", c->name, PLUGIN_FILE);
	return NULL;
}

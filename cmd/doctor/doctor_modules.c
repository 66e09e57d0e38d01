// SPDX-License-Identifier: GPL-2.0
/*
 * What the running kernel has of a driver: loaded (sys/module), built in or shipped as a module
 * (lib/modules/RELEASE/modules.builtin, modules.dep) and its config symbol (/boot/config-RELEASE),
 * so that doctor says modprobe only where there is something to load.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd/doctor/doctor.h"

/* The module's own name, its first word ("foo_module (and ...)"), '-' as '_' */
static void module_word(const char *module, char *buf, size_t size)
{
	size_t n = strcspn(module, " ");

	snprintf(buf, size, "%.*s", (int)n, module);
	for (char *c = buf; *c; c++)
		if (*c == '-')
			*c = '_';
}

/* Whether a line of modules.dep or modules.builtin names the module ("kernel/.../foo-bar.ko[.xz]:") */
static bool line_names(const char *line, const char *word)
{
	const char *base = strrchr(line, '/'), *end;
	size_t n = strlen(word);

	base = base ? base + 1 : line;
	end = strstr(base, ".ko");
	if (!end || (size_t)(end - base) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((base[i] == '-' ? '_' : base[i]) != word[i])
			return false;
	return true;
}

/* 1 when a file of the machine root lists the module, 0 when not, -1 when unreadable */
static int list_has(const struct doctor *d, const char *file, const char *word)
{
	char path[256], *line = NULL;
	size_t cap = 0;
	int fd, found = 0;
	FILE *f;

	snprintf(path, sizeof(path), "lib/modules/%s/%s", d->release_text, file);
	fd = d->have_fs ? sysroot_openat(&d->fs, path, O_RDONLY | O_CLOEXEC) : -1;
	if (fd < 0 || !(f = fdopen(fd, "r"))) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while (!found && getline(&line, &cap, f) > 0) {
		line[strcspn(line, ":\n")] = '\0';
		found = line_names(line, word);
	}
	free(line);
	fclose(f);
	return found;
}

enum module_state doctor_module(const struct doctor *d, const char *module, char *where, size_t size)
{
	char word[64], path[96];
	int builtin, dep;

	module_word(module, word, sizeof(word));
	snprintf(path, sizeof(path), "module/%s", word);
	if (d->have_sys && sysroot_is_dir(&d->sys, path)) {
		snprintf(where, size, "sys/module/%s", word);
		return MODULE_LOADED;
	}
	if (!d->release_text[0])
		return MODULE_UNKNOWN;
	builtin = list_has(d, "modules.builtin", word);
	dep = list_has(d, "modules.dep", word);
	snprintf(where, size, "/lib/modules/%s/modules.%s", d->release_text, builtin == 1 ? "builtin" : "dep");
	if (builtin == 1)
		return MODULE_BUILTIN;
	if (dep == 1)
		return MODULE_AVAILABLE;
	if (builtin == 0 && dep == 0) {
		snprintf(where, size, "/lib/modules/%s/modules.dep and modules.builtin", d->release_text);
		return MODULE_ABSENT;
	}
	return MODULE_UNKNOWN;
}

char doctor_config(const struct doctor *d, const char *config)
{
	char path[192], *line = NULL;
	size_t cap = 0, n = strlen(config);
	char value = 0;
	int fd;
	FILE *f;

	/* /proc/config.gz needs zlib, which pmuctl does not link: the distributions' /boot copy */
	snprintf(path, sizeof(path), "boot/config-%s", d->release_text);
	fd = d->have_fs && d->release_text[0] ? sysroot_openat(&d->fs, path, O_RDONLY | O_CLOEXEC) : -1;
	if (fd < 0 || !(f = fdopen(fd, "r"))) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	while (!value && getline(&line, &cap, f) > 0) {
		if (!strncmp(line, config, n) && line[n] == '=')
			value = line[n + 1] == 'y' || line[n + 1] == 'm' ? line[n + 1] : 'n';
		else if (!strncmp(line, "# ", 2) && !strncmp(line + 2, config, n) && !strncmp(line + 2 + n, " is not set", 11))
			value = 'n';
	}
	free(line);
	fclose(f);
	/* read, and not named: not set, as the config tools write it */
	return value ? value : 'n';
}

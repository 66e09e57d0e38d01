// SPDX-License-Identifier: GPL-2.0
/*
 * Loading pmuctl-commands.so: from a directory the installation owns, never from the
 * environment, and never one a user could write. The places are beside the binary, where make
 * install lays it out from there, and the library directory fixed at build time. A place is
 * taken only when its directory and the library belong to root (or, for a process with no more
 * privilege than its user, to that user) and no one else can write them: a hard link of a
 * setcap pmuctl in a user's directory (fs.protected_hardlinks=0) finds that user's directory
 * and refuses it. Each directory above it must be as trusted (or root's sticky /tmp), so no
 * name on the way can be swapped between the check and dlopen, which opens the checked name
 * (its own, for the symbols a sanitizer's report shows); and it must carry this build's identity.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cmd/plugin.h"

/* why it could not be loaded, place by place */
static char plugin_why[4 * (PATH_MAX + 160)];

static void why_add(const char *fmt, const char *path, const char *detail)
{
	size_t n = strlen(plugin_why);

	if (n < sizeof(plugin_why))
		snprintf(plugin_why + n, sizeof(plugin_why) - n, fmt, n ? "; " : "", path, detail);
}

/*
 * Why st may not be trusted, or NULL: root's, or (with no more privilege than its user) the
 * user's, and writable by no one else (a group's write only for root's group or the user's)
 */
static const char *untrusted(const struct stat *st, bool secure, char *buf, size_t size)
{
	uid_t uid = getuid();
	bool owner_ok = st->st_uid == 0 || (!secure && st->st_uid == uid);
	bool group_ok = !(st->st_mode & S_IWGRP) || st->st_gid == 0 || (!secure && st->st_gid == getgid());

	if (!owner_ok) {
		snprintf(buf, size, "it belongs to uid %u, not root%s", (unsigned)st->st_uid,
			 secure ? ", and this pmuctl runs with more privilege than its user (file capabilities "
				  "or setuid: AT_SECURE)" : " or this user");
		return buf;
	}
	if ((st->st_mode & S_IWOTH) || !group_ok) {
		snprintf(buf, size, "others can write it (mode %04o)", (unsigned)(st->st_mode & 07777));
		return buf;
	}
	return NULL;
}

/*
 * Why a directory on the way to the library (path[0..len), its canonical name) may not be
 * trusted, or NULL: as untrusted(), but root's sticky directories (/tmp) may be writable by
 * all, since no one but root renames root's entries in them
 */
static const char *untrusted_above(const char *path, size_t len, bool secure, char *buf, size_t size)
{
	char part[PATH_MAX];
	struct stat st;

	snprintf(part, sizeof(part), "%.*s", len ? (int)len : 1, len ? path : "/");
	if (lstat(part, &st) || !S_ISDIR(st.st_mode)) {
		snprintf(buf, size, "%s is no directory", part);
		return buf;
	}
	if (st.st_uid == 0 && (st.st_mode & S_ISVTX))
		return NULL;
	if (!untrusted(&st, secure, buf, size))
		return NULL;
	snprintf(buf + strlen(buf), size - strlen(buf), ", on the way: %s", part);
	return buf;
}

/* The library in dir, checked; NULL and said in plugin_why when it is absent or refused */
static void *open_in(const char *dir, bool secure)
{
	char reason[PATH_MAX + 192], path[PATH_MAX + 64], canonical[PATH_MAX], fdpath[64];
	struct stat st;
	void *h = NULL;
	ssize_t n;
	int dfd, fd;

	snprintf(path, sizeof(path), "%.*s/%s", PATH_MAX, dir, PLUGIN_FILE);
	dfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0) {
		why_add("%s%s: %s", path, errno == ENOENT ? "does not exist" : strerror(errno));
		return NULL;
	}
	fd = openat(dfd, PLUGIN_FILE, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		why_add("%s%s: %s", path, errno == ENOENT ? "does not exist" : strerror(errno));
		goto close_dir;
	}
	if (fstat(dfd, &st) || untrusted(&st, secure, reason, sizeof(reason))) {
		why_add("%s%s: not loaded: its directory is not the installation's: %s", path, reason);
		goto close_file;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || untrusted(&st, secure, reason, sizeof(reason))) {
		why_add("%s%s: not loaded: %s", path, S_ISREG(st.st_mode) ? reason : "not a regular file");
		goto close_file;
	}
	/* the directory by its one name, links resolved: every directory above it trusted too */
	snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", dfd);
	n = readlink(fdpath, canonical, sizeof(canonical) - 1);
	if (n <= 0) {
		why_add("%s%s: not loaded: %s has no name", path, fdpath);
		goto close_file;
	}
	canonical[n] = '\0';
	for (ssize_t k = 0; k < n; k++) {
		if (canonical[k] != '/' || !untrusted_above(canonical, (size_t)k, secure, reason, sizeof(reason)))
			continue;
		why_add("%s%s: not loaded: a directory above it is not the installation's: %s", path, reason);
		goto close_file;
	}
	snprintf(path, sizeof(path), "%.*s/%s", PATH_MAX, canonical, PLUGIN_FILE);
	/* RTLD_NOW: a missing library (libmicrohttpd) is said here, not at the first call */
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h)
		why_add("%s%s: %s", path, dlerror());
close_file:
	close(fd);
close_dir:
	close(dfd);
	return h;
}

/* Whether the library is of this very build: a stale one would call what this binary lacks */
static bool same_build(void *h, const char *dir)
{
	const char *id = dlsym(h, "plugin_build_id");

	if (id && !strcmp(id, pmuctl_build_id))
		return true;
	why_add("%s%s/" PLUGIN_FILE ": %s", dir, id ? "not loaded: it is of another pmuctl build" :
		"not loaded: it carries no build identity");
	return false;
}

/* Whether places[i] is a directory an earlier place already named (/usr/bin/../lib/pmuctl) */
static bool seen_before(char places[][PATH_MAX + 32], size_t i)
{
	struct stat a, b;

	if (stat(places[i], &a))
		return false;
	for (size_t k = 0; k < i; k++)
		if (!stat(places[k], &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
			return true;
	return false;
}

static void *plugin_open(void)
{
	bool secure = getauxval(AT_SECURE) != 0;
	char exe[PATH_MAX], places[3][PATH_MAX + 32];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	size_t np = 0;

	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
		snprintf(places[np++], sizeof(places[0]), "%s", exe);
		snprintf(places[np++], sizeof(places[0]), "%s/%s", exe, PLUGIN_INSTALLED);
	}
	snprintf(places[np++], sizeof(places[0]), "%s", PLUGIN_DIR);
	for (size_t i = 0; i < np; i++) {
		void *h;

		if (seen_before(places, i))
			continue;
		h = open_in(places[i], secure);

		if (!h)
			continue;
		if (same_build(h, places[i]))
			return h;
		dlclose(h);
	}
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

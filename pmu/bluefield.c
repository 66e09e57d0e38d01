// SPDX-License-Identifier: GPL-2.0
/* Discovery of mlxbf-pmc blocks (drivers/platform/mellanox/mlxbf-pmc.c): read only. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/bluefield.h"
#include "lib/strnum.h"

#define HWMON_DIR "class/hwmon"
#define PATH_LEN 1024

const char *bf_block_kind_name(enum bf_block_kind k)
{
	switch (k) {
	case BF_BLOCK_COUNTER:
		return "counter";
	case BF_BLOCK_L3CACHE:
		return "l3cache";
	case BF_BLOCK_CRSPACE:
		return "crspace";
	default:
		return "register";
	}
}

static void bf_events_free(struct bf_event *ev, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(ev[i].name);
	free(ev);
}

int bf_event_list_parse(const char *text, struct bf_event **ev, size_t *n, size_t *bad_line)
{
	struct bf_event *v = NULL;
	size_t cnt = 0, line = 0;
	const char *p = text;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		const char *colon = memchr(p, ':', len);
		struct bf_event *nv;
		uint64_t code;

		line++;
		if (len == 0) {
			p += nl ? 1 : 0;
			if (!nl)
				break;
			continue;
		}
		/* "0x%x: %s" */
		if (!colon || colon + 1 >= p + len || colon[1] != ' ' ||
		    strnum_u64n(p, (size_t)(colon - p), 16, UINT32_MAX, &code) ||
		    strncmp(p, "0x", 2) || colon + 2 >= p + len)
			goto bad;
		nv = realloc(v, (cnt + 1) * sizeof(*nv));
		if (!nv)
			goto oom;
		v = nv;
		v[cnt].code = (uint32_t)code;
		v[cnt].name = strndup(colon + 2, (size_t)(p + len - colon - 2));
		if (!v[cnt].name)
			goto oom;
		cnt++;
		p += len + (nl ? 1 : 0);
	}
	*ev = v;
	*n = cnt;
	return 0;
bad:
	bf_events_free(v, cnt);
	if (bad_line)
		*bad_line = line;
	return -EINVAL;
oom:
	bf_events_free(v, cnt);
	return -ENOMEM;
}

static bool is_hwmon_own(const char *name)
{
	static const char *const own[] = { "device", "name", "power", "subsystem", "uevent", "of_node" };

	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		if (!strcmp(name, own[i]))
			return true;
	return false;
}

static bool has_prefix_number(const char *s, const char *prefix)
{
	uint64_t v;

	return !strncmp(s, prefix, strlen(prefix)) && !strnum_u64(s + strlen(prefix), 10, 1023, &v);
}

static int read_block(const struct sysroot *r, const char *dir, const char *name,
		      struct bf_block *b, struct diag *diag)
{
	char path[PATH_LEN];
	char **files, *text;
	size_t n, bad = 0;
	bool has_enable = false, has_list = false;
	int ret;

	if (sysroot_path(path, sizeof(path), "%s/%s", dir, name))
		return -ENAMETOOLONG;
	ret = sysroot_list(r, path, &files, &n);
	if (ret)
		return ret;
	b->name = strdup(name);
	for (size_t i = 0; i < n; i++) {
		if (has_prefix_number(files[i], "counter"))
			b->ncounters++;
		has_enable |= !strcmp(files[i], "enable");
		has_list |= !strcmp(files[i], "event_list");
	}
	if (b->ncounters)
		b->kind = has_enable ? (strstr(name, "l3cache") ? BF_BLOCK_L3CACHE : BF_BLOCK_CRSPACE) :
				       BF_BLOCK_COUNTER;
	else
		b->kind = BF_BLOCK_REGISTER;
	if (b->kind != BF_BLOCK_REGISTER && has_list) {
		ret = sysroot_path(path, sizeof(path), "%s/%s/event_list", dir, name);
		if (!ret)
			ret = sysroot_read(r, path, &text, NULL);
		if (ret) {
			diag_add(diag, "bfperf %s: cannot read event_list: %s", name, strerror(-ret));
		} else {
			if (bf_event_list_parse(text, &b->events, &b->nevents, &bad))
				diag_add(diag, "bfperf %s: event_list line %zu is not '0xN: NAME'", name,
					 bad);
			free(text);
		}
	} else if (b->kind == BF_BLOCK_REGISTER) {
		/* register blocks: the file names are the statistics */
		b->events = calloc(n ? n : 1, sizeof(*b->events));
		for (size_t i = 0; b->events && i < n; i++) {
			b->events[b->nevents].name = files[i];
			files[i] = NULL;
			b->nevents++;
		}
	}
	strv_free(files, n);
	return b->name ? 0 : -ENOMEM;
}

static int read_device(const struct sysroot *r, const char *hwmon, struct bf_device *d,
		       struct diag *diag)
{
	char dir[PATH_LEN], path[PATH_LEN];
	char **names;
	size_t n;
	int ret;

	ret = sysroot_path(dir, sizeof(dir), HWMON_DIR "/%s", hwmon);
	if (!ret)
		ret = sysroot_list(r, dir, &names, &n);
	if (ret)
		return ret;
	d->hwmon = strdup(hwmon);
	d->blocks = calloc(n ? n : 1, sizeof(*d->blocks));
	for (size_t i = 0; d->blocks && i < n; i++) {
		if (is_hwmon_own(names[i]))
			continue;
		if (sysroot_path(path, sizeof(path), "%s/%s", dir, names[i]) || !sysroot_is_dir(r, path))
			continue;
		ret = read_block(r, dir, names[i], &d->blocks[d->nblocks], diag);
		if (ret)
			diag_add(diag, "bfperf %s: block '%s' unreadable: %s", hwmon, names[i],
				 strerror(-ret));
		else
			d->nblocks++;
	}
	strv_free(names, n);
	return d->hwmon && d->blocks ? 0 : -ENOMEM;
}

int bf_scan(const struct sysroot *root, struct bf_list *out, struct diag *diag)
{
	char **names;
	size_t n;
	int ret = sysroot_list(root, HWMON_DIR, &names, &n);

	memset(out, 0, sizeof(*out));
	if (ret)
		return ret == -ENOENT ? 0 : ret;
	out->v = calloc(n ? n : 1, sizeof(*out->v));
	for (size_t i = 0; out->v && i < n; i++) {
		char path[PATH_LEN], *name;

		if (sysroot_path(path, sizeof(path), HWMON_DIR "/%s/name", names[i]) ||
		    sysroot_read_trim(root, path, &name))
			continue;
		if (!strcmp(name, "bfperf")) {
			ret = read_device(root, names[i], &out->v[out->n], diag);
			if (ret)
				diag_add(diag, "bfperf %s: %s", names[i], strerror(-ret));
			out->n++;
		}
		free(name);
	}
	strv_free(names, n);
	return out->v ? 0 : -ENOMEM;
}

void bf_list_free(struct bf_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		struct bf_device *d = &l->v[i];

		for (size_t k = 0; k < d->nblocks; k++) {
			bf_events_free(d->blocks[k].events, d->blocks[k].nevents);
			free(d->blocks[k].name);
		}
		free(d->blocks);
		free(d->hwmon);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

// SPDX-License-Identifier: GPL-2.0
/* One file of a lazy PMU's format/ or events/, read when a look-up first asks for it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/strjoin.h"
#include "pmu/family/family.h"
#include "pmu/pmu.h"

#define PATH_LEN 1024

int pmu_file_open_named(const struct sysroot *root, const char *name, struct sysroot *dir)
{
	char path[PATH_LEN];
	int ret = sysroot_join(path, sizeof(path), PMU_DEVICES_DIR, name);

	return ret ? ret : sysroot_sub(root, path, dir);
}

int pmu_file_open_dir(const struct pmu *p, struct sysroot *dir)
{
	return pmu_file_open_named(p->root, p->name, dir);
}

const struct sysroot *pmu_file_dir(const struct pmu *p)
{
	/* the directory lives in the PMU, as the lazy lists do */
	struct pmu *mp = (struct pmu *)p;
	int ret;

	if (p->dir || !p->root || p->dir_error)
		return p->dir;
	mp->dir = malloc(sizeof(*mp->dir));
	ret = mp->dir ? pmu_file_open_dir(p, mp->dir) : -ENOMEM;
	if (ret) {
		free(mp->dir);
		mp->dir = NULL;
		/* only an unchecked PMU's failure is kept: the scan opened the others once */
		if (p->unchecked)
			mp->dir_error = ret;
	}
	return p->dir;
}

bool pmu_present(const struct pmu *p)
{
	struct pmu *mp = (struct pmu *)p;

	if (!p->unchecked)
		return !p->dir_error;
	/* its family's own files, which the scan left with the directory (extra_at_use) */
	if (pmu_file_dir(p) && p->family->ops->identify.read_extra)
		p->family->ops->identify.read_extra(p->dir, p->root, mp, NULL);
	mp->unchecked = false;
	return !p->dir_error;
}

void pmu_file_skipped(struct diag *diag, const char *name, int ret)
{
	diag_add(diag, "PMU '%s' skipped: %s", name,
		 ret == -EXDEV ? "its link leads outside the sysfs root" :
		 ret == -ELOOP ? "symlink loop" : strerror(-ret));
}

void pmu_list_skipped(const struct pmu_list *l, struct diag *diag)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].dir_error)
			pmu_file_skipped(diag, l->v[i].name, l->v[i].dir_error);
}

void pmu_file_close_dir(struct pmu *p)
{
	if (!p->dir)
		return;
	sysroot_close(p->dir);
	free(p->dir);
	p->dir = NULL;
}

/* A lazy scan's file of p, read now through its directory (or its root): 0 or -errno */
static int read_later(const struct pmu *p, const char *dir, const char *file, char **out,
		      int (*reader)(const struct sysroot *, const char *, char **))
{
	const struct sysroot *d = pmu_file_dir(p);
	char path[PATH_LEN];
	int ret = d ? sysroot_join(path, sizeof(path), dir, file) :
		      sysroot_path(path, sizeof(path), PMU_DEVICES_DIR "/%s/%s/%s", p->name, dir, file);

	return ret ? ret : reader(d ? d : p->root, path, out);
}

bool pmu_file_format(const struct pmu *p, struct pmu_format *f)
{
	struct err_report err;
	char *text = NULL;

	f->unread = false;
	f->dropped = read_later(p, "format", f->name, &text, sysroot_read_trim) ||
		     format_parse(text, &f->word, &f->mask, &err);
	free(text);
	return !f->dropped;
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

/* perf's events/ side files: .scale, .unit, .per-pkg, .snapshot are not events */
bool pmu_file_side(const char *name)
{
	return has_suffix(name, ".scale") || has_suffix(name, ".unit") ||
	       has_suffix(name, ".per-pkg") || has_suffix(name, ".snapshot");
}

/* An event file's terms, or NULL and why not: what a driver writes is one line of text */
int pmu_file_event_text(const struct sysroot *r, const char *rel, char **out, const char **bad)
{
	size_t len = 0;
	char *b = NULL;
	int ret = sysroot_read(r, rel, &b, &len);

	*bad = NULL;
	if (ret)
		return ret;
	while (len && strchr("\n \t\r", b[len - 1]))
		b[--len] = '\0';
	if (!len)
		*bad = "empty";
	for (size_t i = 0; i < len && !*bad; i++)
		if ((unsigned char)b[i] < 0x20 || b[i] == 0x7f)
			*bad = "not text";
	if (*bad) {
		free(b);
		return 0;
	}
	*out = b;
	return 0;
}

static int read_text(const struct sysroot *r, const char *rel, char **out)
{
	const char *bad;
	int ret = pmu_file_event_text(r, rel, out, &bad);

	return ret ? ret : bad ? -EINVAL : 0;
}

bool pmu_file_event(const struct pmu *p, struct pmu_event *e)
{
	char side[PATH_LEN];

	e->unread = false;
	e->dropped = read_later(p, "events", e->name, &e->value, read_text) != 0;
	if (!e->dropped && (e->side & PMU_SIDE_SCALE) && strjoin_into(side, sizeof(side), e->name, ".scale") > 0)
		read_later(p, "events", side, &e->scale, sysroot_read_trim);
	if (!e->dropped && (e->side & PMU_SIDE_UNIT) && strjoin_into(side, sizeof(side), e->name, ".unit") > 0)
		read_later(p, "events", side, &e->unit, sysroot_read_trim);
	return !e->dropped;
}

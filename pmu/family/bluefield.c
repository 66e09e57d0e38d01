// SPDX-License-Identifier: GPL-2.0
/*
 * BlueField blocks (mlxbf-pmc): found read only, under class/hwmon/<hwmonN> whose name is
 * bfperf, one PMU per block; their events count through hwmon (pmu/family/hwmon.c).
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lib/strnum.h"
#include "pmu/family/hwmon.h"
#include "pmu/encode.h"
#include "pmu/family/bluefield.h"
#include "pmu/family/family.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define HWMON_DIR "class/hwmon"
#define PATH_LEN 1024
#define BF_DOC "mlxbf-pmc.c"

/* A block's kind, read from its files, in struct pmu's priv */
struct bf_block {
	enum bf_block_kind kind;
};
_Static_assert(sizeof(struct bf_block) <= PMU_PRIV_SIZE, "struct bf_block outgrew PMU_PRIV_SIZE");

enum bf_block_kind bf_block_kind(const struct pmu *p)
{
	return ((const struct bf_block *)p->priv)->kind;
}

static const char *bf_block_kind_name(const struct pmu *p)
{
	switch (bf_block_kind(p)) {
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

static void events_free(struct pmu_event *ev, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(ev[i].name);
		free(ev[i].value);
	}
	free(ev);
}

/* "0x%x: %s" per line, as the driver prints its table */
int bf_event_list_parse(const char *text, struct pmu_event **ev, size_t *n, size_t *bad_line)
{
	struct pmu_event *v = NULL;
	size_t cnt = 0, line = 0;
	const char *p = text;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		const char *colon = memchr(p, ':', len);
		struct pmu_event *nv;
		size_t name_len;
		uint64_t code;

		line++;
		if (len == 0) {
			p += nl ? 1 : 0;
			if (!nl)
				break;
			continue;
		}
		if (!colon || colon + 1 >= p + len || colon[1] != ' ' ||
		    strnum_u64n(p, (size_t)(colon - p), 16, UINT32_MAX, &code) ||
		    strncmp(p, "0x", 2) || colon + 2 >= p + len)
			goto bad;
		/* BF3's llt_miss table has names with a trailing space; pmuctl writes codes */
		name_len = (size_t)(p + len - colon - 2);
		while (name_len && colon[2 + name_len - 1] == ' ')
			name_len--;
		if (!name_len)
			goto bad;
		/* the driver's tables are plain names: a control character is no event of it */
		for (size_t k = 0; k < name_len; k++)
			if ((unsigned char)colon[2 + k] < 0x20 || colon[2 + k] == 0x7f)
				goto bad;
		nv = realloc(v, (cnt + 1) * sizeof(*nv));
		if (!nv)
			goto oom;
		v = nv;
		memset(&v[cnt], 0, sizeof(v[cnt]));
		v[cnt].name = strndup(colon + 2, name_len);
		if (!v[cnt].name || asprintf(&v[cnt].value, "0x%x", (unsigned)code) < 0) {
			cnt++;
			goto oom;
		}
		cnt++;
		p += len + (nl ? 1 : 0);
	}
	*ev = v;
	*n = cnt;
	return 0;
bad:
	events_free(v, cnt);
	if (bad_line)
		*bad_line = line;
	return -EINVAL;
oom:
	events_free(v, cnt);
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

/* A block's kind from its files: counters with an enable are l3cache or crspace */
static int read_block(const struct sysroot *r, const char *dir, const char *name, struct pmu *b,
		      struct diag *diag)
{
	char path[PATH_LEN];
	char **files, *text;
	size_t n, bad = 0;
	bool has_enable = false, has_list = false;
	enum bf_block_kind kind = BF_BLOCK_REGISTER;
	int ret;

	if (sysroot_join(path, sizeof(path), dir, name))
		return -ENAMETOOLONG;
	ret = sysroot_list(r, path, &files, &n);
	if (ret)
		return ret;
	for (size_t i = 0; i < n; i++) {
		if (has_prefix_number(files[i], "counter"))
			b->ncounters++;
		has_enable |= !strcmp(files[i], "enable");
		has_list |= !strcmp(files[i], "event_list");
	}
	if (b->ncounters)
		kind = has_enable ? (strstr(name, "l3cache") ? BF_BLOCK_L3CACHE : BF_BLOCK_CRSPACE) :
				    BF_BLOCK_COUNTER;
	((struct bf_block *)b->priv)->kind = kind;
	if (kind != BF_BLOCK_REGISTER && has_list) {
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
	} else if (kind == BF_BLOCK_REGISTER) {
		/* register blocks: the file names are the statistics */
		b->events = calloc(n ? n : 1, sizeof(*b->events));
		for (size_t i = 0; b->events && i < n; i++) {
			b->events[b->nevents].name = files[i];
			files[i] = NULL;
			b->nevents++;
		}
	}
	strv_free(files, n);
	return 0;
}

/* Room for one more PMU in out */
static struct pmu *add_pmu(struct pmu_list *out)
{
	struct pmu *v = realloc(out->v, (out->n + 1) * sizeof(*v));

	if (!v)
		return NULL;
	out->v = v;
	memset(&v[out->n], 0, sizeof(v[out->n]));
	return &v[out->n];
}

static int read_device(const struct sysroot *r, const char *hwmon, char *const *texts,
		       size_t ntexts, struct pmu_list *out, struct diag *diag)
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
	for (size_t i = 0; i < n && !ret; i++) {
		struct pmu *b;

		if (is_hwmon_own(names[i]))
			continue;
		if (sysroot_join(path, sizeof(path), dir, names[i]) || !sysroot_is_dir(r, path))
			continue;
		b = add_pmu(out);
		if (!b || asprintf(&b->name, BF_PMU_PREFIX "%s", names[i]) < 0 ||
		    !(b->hwmon = strdup(hwmon))) {
			ret = -ENOMEM;
			break;
		}
		if (texts && !pmu_named_in(b->name, texts, ntexts)) {
			free(b->name);
			free(b->hwmon);
			continue;
		}
		b->attrs.type = -1;
		pmu_family_decode(b);
		out->n++;
		ret = read_block(r, dir, names[i], b, diag);
		if (ret) {
			diag_add(diag, "bfperf %s: block '%s' unreadable: %s", hwmon, names[i],
				 strerror(-ret));
			ret = 0;
		}
	}
	strv_free(names, n);
	return ret;
}

/* Every 'bfperf' hwmon device's blocks; what cannot be read goes to diag: 0 or -ENOMEM */
static int bluefield_scan(const struct sysroot *root, char *const *texts, size_t ntexts,
			  struct pmu_list *out, struct diag *diag)
{
	char **names;
	size_t n;
	int ret = sysroot_list(root, HWMON_DIR, &names, &n);

	if (ret == -ENOMEM)
		return ret;
	if (ret) {
		/* no hwmon class at all is no BlueField, not a problem */
		if (ret != -ENOENT)
			diag_add(diag, "cannot read %s/" HWMON_DIR ": %s", root->path, strerror(-ret));
		return 0;
	}
	for (size_t i = 0; i < n && !ret; i++) {
		char path[PATH_LEN], *name;

		if (sysroot_path(path, sizeof(path), HWMON_DIR "/%s/name", names[i]) ||
		    sysroot_read_trim(root, path, &name))
			continue;
		if (!strcmp(name, "bfperf")) {
			ret = read_device(root, names[i], texts, ntexts, out, diag);
			if (ret && ret != -ENOMEM) {
				diag_add(diag, "bfperf %s: %s", names[i], strerror(-ret));
				ret = 0;
			}
		}
		free(name);
	}
	strv_free(names, n);
	return ret;
}

int bf_block_dir(const struct pmu *p, char *buf, size_t size)
{
	return sysroot_path(buf, size, HWMON_DIR "/%s/%s", p->hwmon, p->name + strlen(BF_PMU_PREFIX));
}

static bool decode(struct pmu *p)
{
	return !strncmp(p->name, BF_PMU_PREFIX, strlen(BF_PMU_PREFIX));
}

static void location(const struct pmu *p, char *buf, size_t size)
{
	if (p->hwmon)
		snprintf(buf, size, "%s, %s block", p->hwmon, bf_block_kind_name(p));
}

/* Some BlueField-3 names end in a space in the driver's table; the document's do not */
static const char *describe_event(const struct pmu_family *f, const char *event, char *buf, size_t size)
{
	size_t n = strlen(event);

	(void)f;

	while (n && event[n - 1] == ' ')
		n--;
	snprintf(buf, size, "%.*s", (int)n, event);
	return catalog_lookup(catalog_bluefield, buf);
}

/* Names match case-insensitively and ignore the trailing spaces some BlueField-3 names have */
static bool same_name(const char *want, size_t len, const char *have)
{
	size_t hl = strlen(have);

	while (hl && have[hl - 1] == ' ')
		hl--;
	return hl == len && !strncasecmp(want, have, len);
}

/*
 * bfperf/BLOCK/EVENT/: a name of the block's event_list or its code (a file of a register
 * block). mlxbf_pmc_event_store() (newest driver) answers a name or number not in the table
 * with -EINVAL, so neither is accepted here.
 */
static int resolve(const struct pmu *p, const struct ev_spec *spec, struct plan_event *e,
		   struct err_report *err)
{
	const struct ev_term *t = spec->nterms ? &spec->terms[0] : NULL;
	const char *block = p->name + strlen(BF_PMU_PREFIX);
	uint64_t code;
	size_t len;
	bool numeric;

	if (!t)
		return err_at(err, -EINVAL, spec->name_pos, spec->name_len,
				  "expected bfperf/BLOCK/EVENT/, e.g. bfperf/tile0/HNF_REQUESTS/");
	len = strlen(t->name);
	numeric = !strnum_u64(t->name, 0, UINT32_MAX, &code);
	for (size_t i = 0; i < p->nevents; i++) {
		const struct pmu_event *ev = &p->events[i];
		uint64_t have;

		if (!(numeric && ev->value && !strnum_u64(ev->value, 16, UINT32_MAX, &have) &&
		      have == code) &&
		    !same_name(t->name, len, ev->name))
			continue;
		e->alias = ev;
		e->config[0] = ev->value && !strnum_u64(ev->value, 16, UINT32_MAX, &have) ? have : i;
		return 0;
	}
	return err_at(err, -ENOENT, t->pos, t->len,
			  "block %s has no event '%s' (pmuctl list --events bluefield)", block, t->name);
}

/* bfperf/<block> that is no block: no BlueField at all, or another block name */
static bool missing(const struct pmu_family *f, const char *name, size_t pos, size_t len, const struct pmu_list *pmus,
		    struct err_report *err)
{
	const struct pmu *any = NULL;
	size_t pl = strlen(BF_PMU_PREFIX);

	(void)f;

	if (strncmp(name, BF_PMU_PREFIX, pl))
		return false;
	for (size_t i = 0; i < pmus->n && !any; i++)
		if (pmus->v[i].hwmon)
			any = &pmus->v[i];
	if (!any)
		err_at(err, -ENOENT, pos, pl - 1,
			   "no BlueField 'bfperf' hwmon device on this machine (class/hwmon/*/name)");
	else
		err_at(err, -ENOENT, pos + pl, len - pl,
			   "no block '%s' in %s (pmuctl list bluefield shows them)", name + pl, any->hwmon);
	return true;
}

/* hwmon has no groups: a {} is meaningless there, though nothing refuses it */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];

	(void)err;
	if (e->group >= 0 && e->leader)
		diag_add(warn, "'%s': BlueField counters are read one by one; {} has no effect on them",
			 e->event);
	return 0;
}

/* bluefield_tile takes tile0, tile1, ... but not tilenet0; bluefield_l3cache takes l3cachehalfN */
static bool metric_applies(const struct pmu *p, const char *mf)
{
	const char *pfx = "bluefield_", *block = p->name + strlen(BF_PMU_PREFIX);
	size_t n = strlen(pfx), k;

	if (strncmp(mf, pfx, n))
		return !strcmp(mf, "bluefield");
	k = strlen(mf + n);
	if (strncmp(block, mf + n, k))
		return false;
	for (const char *c = block + k; *c; c++)
		if (*c < '0' || *c > '9')
			return !strcmp(mf + n, "l3cache") && !strncmp(c, "half", 4);
	return true;
}

/* "bluefield", or "bluefield_" and a block's name without its number */
static bool metric_family(const struct pmu_family *f, const char *mf)
{
	const char *pfx = "bluefield_";
	size_t n = strlen(pfx);

	(void)f;

	if (strncmp(mf, pfx, n))
		return !strcmp(mf, "bluefield");
	if (!mf[n])
		return false;
	for (const char *c = mf + n; *c; c++)
		if (!(*c >= 'a' && *c <= 'z') && *c != '_')
			return false;
	return true;
}

static const struct pmu_source bluefield_source = {
	.prefix = "bfperf",
	.device = "hwmon 'bfperf'",
	.what = "BlueField blocks",
	.example = "bfperf/tile0/HNF_REQUESTS/",
	.scan = bluefield_scan,
	.kind = bf_block_kind_name,
};

const struct family_ops bluefield_ops = {
	.identify = {
		.decode = decode,
		.resolve = resolve,
		.missing = missing,
		.metric_family = metric_family,
		.source = &bluefield_source,
	},
	.locate = {
		.location = location,
	},
	.rules = {
		.driver = &hwmon_driver,
		.describe_event = describe_event,
		.check = check,
	},
	.metrics = {
		.metric_applies = metric_applies,
	},
};

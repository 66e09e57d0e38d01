// SPDX-License-Identifier: GPL-2.0
/* bfperf/BLOCK/EVENT/: the event syntax of BlueField blocks, checked against event_list. */
#include <errno.h>
#include <string.h>
#include <strings.h>
#include "pmu/drv_hwmon.h"
#include "lib/strnum.h"

bool bf_request_syntax(const char *text)
{
	return !strncmp(text, BF_EVENT_PREFIX, strlen(BF_EVENT_PREFIX));
}

/* Names match case-insensitively and ignore the trailing spaces some BlueField-3 names have */
static bool same_name(const char *want, size_t len, const char *have)
{
	size_t hl = strlen(have);

	while (hl && have[hl - 1] == ' ')
		hl--;
	return hl == len && !strncasecmp(want, have, len);
}

static const struct bf_event *find_event(const struct bf_block *b, const char *s, size_t len)
{
	uint64_t code;
	bool numeric = !strnum_u64n(s, len, 0, UINT32_MAX, &code);

	for (size_t i = 0; i < b->nevents; i++) {
		if (b->kind != BF_BLOCK_REGISTER && numeric && b->events[i].code == code)
			return &b->events[i];
		if (same_name(s, len, b->events[i].name))
			return &b->events[i];
	}
	return NULL;
}

int bf_request_parse(const struct bf_list *l, const char *text, struct bf_request *out,
		     struct pmu_err *err)
{
	size_t at = strlen(BF_EVENT_PREFIX), blen, elen;
	const char *blk = text + at, *slash = strchr(blk, '/'), *ev, *end;

	memset(out, 0, sizeof(*out));
	if (!slash || slash == blk)
		return pmu_err_at(err, -EINVAL, at, strlen(blk) ? strlen(blk) : 1,
				  "expected bfperf/BLOCK/EVENT/, e.g. bfperf/tile0/HNF_REQUESTS/");
	blen = (size_t)(slash - blk);
	ev = slash + 1;
	end = strchr(ev, '/');
	if (!end || end == ev || end[1]) {
		err->syntax = 1;
		return pmu_err_at(err, -EINVAL, (size_t)(ev - text), strlen(ev) ? strlen(ev) : 1,
				  "expected an event name or number and a closing '/'");
	}
	elen = (size_t)(end - ev);
	if (!l->n)
		return pmu_err_at(err, -ENOENT, 0, 6,
				  "no BlueField 'bfperf' hwmon device on this machine (class/hwmon/*/name)");
	out->dev = &l->v[0];
	for (size_t i = 0; i < out->dev->nblocks; i++)
		if (strlen(out->dev->blocks[i].name) == blen &&
		    !strncmp(out->dev->blocks[i].name, blk, blen))
			out->block = &out->dev->blocks[i];
	if (!out->block)
		return pmu_err_at(err, -ENOENT, at, blen,
				  "no block '%.*s' in %s (pmuctl list bluefield shows them)", (int)blen,
				  blk, out->dev->hwmon);
	out->event = find_event(out->block, ev, elen);
	if (!out->event)
		return pmu_err_at(err, -ENOENT, (size_t)(ev - text), elen,
				  "block %s has no event '%.*s' (pmuctl list --events bluefield)",
				  out->block->name, (int)elen, ev);
	return 0;
}

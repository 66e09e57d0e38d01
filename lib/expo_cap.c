// SPDX-License-Identifier: GPL-2.0
/*
 * serve --max-series: an exposition held to N samples by leaving out whole PCI functions'
 * series (those labelled pci_bus_id): the functions in the order they first appear, each kept
 * while it fits; the machine's own series are never left out. What was left out is said by
 * pmuctl_series_dropped, as node_exporter tells operators to watch scrape_samples_scraped.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/expo.h"
#include "lib/expo_cap.h"

/* One function's samples, in the order it first appears */
struct cap_fn {
	const char *id;		/* its pci_bus_id value, in the text */
	size_t len;
	size_t samples;
	bool kept;
};

struct cap_fns {
	struct cap_fn *v;
	size_t n;
	size_t last;		/* the one found last: each family lists the functions in one order */
};

/*
 * The pci_bus_id value of a sample line: its start and length, or NULL when it has none.
 * Label values are scanned with their escapes, so a quote inside one ends nothing.
 */
static const char *bus_id_of(const char *line, const char *end, size_t *len)
{
	const char *p = memchr(line, '{', (size_t)(end - line));

	while (p && p < end && *p != '}') {
		const char *name = ++p, *eq = memchr(p, '=', (size_t)(end - p)), *value;

		if (!eq || eq + 1 >= end || eq[1] != '"')
			return NULL;
		value = p = eq + 2;
		while (p < end && *p != '"')
			p += *p == '\\' ? 2 : 1;
		if (p >= end)
			return NULL;
		if (eq - name == 10 && !memcmp(name, "pci_bus_id", 10)) {
			*len = (size_t)(p - value);
			return value;
		}
		p++;	/* past the closing quote: a comma or the brace */
	}
	return NULL;
}

static bool is_sample(const char *line, const char *end)
{
	return line < end && *line != '#';
}

static bool fn_is(const struct cap_fn *fn, const char *id, size_t len)
{
	return fn->len == len && !memcmp(fn->id, id, len);
}

/*
 * A function by its pci_bus_id: the one after the last found first, as the next family lists
 * them in the same order (a search of every function for every sample was quadratic per scrape)
 */
static struct cap_fn *fn_find(struct cap_fns *fns, const char *id, size_t len)
{
	for (size_t k = 0; k < fns->n; k++) {
		size_t i = (fns->last + 1 + k) % fns->n;

		if (fn_is(&fns->v[i], id, len)) {
			fns->last = i;
			return &fns->v[i];
		}
	}
	return NULL;
}

/* Count the samples: the machine's own in *fixed, each function's in fns */
static int count_samples(const char *buf, size_t size, struct cap_fns *fns, size_t *fixed)
{
	const char *line = buf, *stop = buf + size;

	*fixed = 0;
	while (line < stop) {
		const char *end = memchr(line, '\n', (size_t)(stop - line)), *id;
		size_t len;
		struct cap_fn *fn;

		end = end ? end : stop;
		if (!is_sample(line, end)) {
			line = end + 1;
			continue;
		}
		id = bus_id_of(line, end, &len);
		fn = id ? fn_find(fns, id, len) : NULL;
		if (id && !fn) {
			struct cap_fn *v = realloc(fns->v, (fns->n + 1) * sizeof(*v));

			if (!v)
				return -ENOMEM;
			fns->v = v;
			fns->last = fns->n;
			fn = &v[fns->n++];
			*fn = (struct cap_fn){ .id = id, .len = len };
		}
		if (fn)
			fn->samples++;
		else
			(*fixed)++;
		line = end + 1;
	}
	return 0;
}

/* The dropped count's family and sample, where the exposition ends */
static void put_dropped(FILE *f, enum expo_format fmt, size_t dropped)
{
	expo_family(f, fmt, "pmuctl_series_dropped", EXPO_GAUGE,
		    "samples of PCI functions --max-series left out of this exposition (0: none)");
	fprintf(f, "pmuctl_series_dropped %zu\n", dropped);
}

int expo_cap(char **buf, size_t *size, enum expo_format fmt, size_t max, size_t *dropped)
{
	struct cap_fns fns = { 0 };
	size_t fixed, used, len, out_len = 0;
	const char *line = *buf, *stop = *buf + *size;
	char *out = NULL;
	FILE *f;

	*dropped = 0;
	if (count_samples(*buf, *size, &fns, &fixed)) {
		free(fns.v);
		return -ENOMEM;
	}
	/* the dropped count is a sample too; the machine's own are never left out */
	used = fixed + 1;
	for (size_t i = 0; i < fns.n; i++) {
		fns.v[i].kept = used + fns.v[i].samples <= max;
		used += fns.v[i].kept ? fns.v[i].samples : 0;
		*dropped += fns.v[i].kept ? 0 : fns.v[i].samples;
	}
	f = open_memstream(&out, &out_len);
	if (!f) {
		free(fns.v);
		return -ENOMEM;
	}
	while (line < stop) {
		const char *end = memchr(line, '\n', (size_t)(stop - line)), *id;
		const struct cap_fn *fn;

		end = end ? end : stop;
		/* OpenMetrics ends with # EOF: the count goes before it */
		if (fmt == EXPO_OPENMETRICS && end - line >= 5 && !memcmp(line, "# EOF", 5))
			put_dropped(f, fmt, *dropped);
		id = is_sample(line, end) ? bus_id_of(line, end, &len) : NULL;
		fn = id ? fn_find(&fns, id, len) : NULL;
		if (!fn || fn->kept) {
			fwrite(line, 1, (size_t)(end - line), f);
			fputc('\n', f);	/* a last line without its newline gets one */
		}
		line = end + 1;
	}
	if (fmt == EXPO_PROMETHEUS)
		put_dropped(f, fmt, *dropped);
	free(fns.v);
	if (fclose(f)) {
		free(out);
		return -ENOMEM;
	}
	free(*buf);
	*buf = out;
	*size = out_len;
	return 0;
}

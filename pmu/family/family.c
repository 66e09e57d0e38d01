// SPDX-License-Identifier: GPL-2.0
/* Finding a PMU's family by its name, and what every descriptor shares. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "lib/strnum.h"
#include <stddef.h>
#include "pmu/family/family.h"
#include "pmu/pmu.h"

const struct family_ops family_no_ops;

/* s[0..) against pattern pat: text, "*" any text, {field} a decimal number into p's field */
static bool name_match(const char *pat, const char *s, struct pmu *p)
{
	static const struct {
		const char *name;
		size_t off;
	} fields[] = {
		{ "{socket}", offsetof(struct pmu, socket) },	{ "{rc}", offsetof(struct pmu, rc) },
		{ "{die}", offsetof(struct pmu, die) },		{ "{channel}", offsetof(struct pmu, channel) },
		{ "{subchannel}", offsetof(struct pmu, subchannel) },
	};

	for (; *pat; pat++, s++) {
		if (*pat == '*') {
			for (const char *t = s;; t++) {
				if (name_match(pat + 1, t, p))
					return true;
				if (!*t)
					return false;
			}
		}
		for (size_t i = 0; *pat == '{' && i < sizeof(fields) / sizeof(*fields); i++) {
			size_t fl = strlen(fields[i].name), n = strspn(s, "0123456789");

			if (strncmp(pat, fields[i].name, fl))
				continue;
			if (!n || !family_decimal(s, n, (int *)((char *)p + fields[i].off)))
				return false;
			return name_match(pat + fl, s + n, p);
		}
		if (*pat != *s)
			return false;
	}
	return !*s;
}

static bool matches(const struct pmu_family *f, struct pmu *p)
{
	for (const char *const *n = f->match->names; *n; n++) {
		p->socket = p->rc = p->die = p->channel = p->subchannel = -1;
		memset(p->priv, 0, sizeof(p->priv));
		if (name_match(*n, p->name, p))
			return true;
	}
	return false;
}

void pmu_family_decode(struct pmu *p)
{
	const struct pmu_family *other = NULL;

	for (const struct pmu_family *const *f = pmu_families; *f; f++) {
		if (!(*f)->match) {
			other = *f;
			continue;
		}
		if (!matches(*f, p))
			continue;
		p->family = *f;
		if (!(*f)->ops->identify.decode || (*f)->ops->identify.decode(p))
			return;
	}
	p->socket = p->rc = p->die = p->channel = p->subchannel = -1;
	memset(p->priv, 0, sizeof(p->priv));
	p->family = other;
}

const struct pmu_family *pmu_family_named(const char *id)
{
	for (const struct pmu_family *const *f = pmu_families; *f; f++)
		if (!strcmp((*f)->id, id))
			return *f;
	return NULL;
}

static const char *word_of(const struct family_param *v, const char *key)
{
	for (; v && v->key; v++)
		if (!strcmp(v->key, key))
			return v->value;
	return NULL;
}

const char *family_param(const struct pmu_family *f, const char *key)
{
	return word_of(f->params, key);
}

const char *pmu_family_example(const char *key)
{
	for (const struct pmu_family *const *f = pmu_families; *f; f++)
		if (word_of((*f)->examples, key))
			return word_of((*f)->examples, key);
	return NULL;
}

size_t pmu_family_index(const struct pmu_family *f)
{
	size_t i = 0;

	while (pmu_families[i] && pmu_families[i] != f)
		i++;
	return i;
}

const char *catalog_lookup(const struct catalog_entry *t, const char *name)
{
	for (; t && t->name; t++)
		if (!strcasecmp(t->name, name))
			return t->text;
	return NULL;
}

bool family_decimal(const char *s, size_t len, int *out)
{
	uint64_t v;

	if (strnum_u64n(s, len, 10, 0xffff, &v))
		return false;
	*out = (int)v;
	return true;
}

/* What the name's fields said, in the pattern's order: "socket 0, rc 4" */
static void matched_location(const struct pmu *p, char *buf, size_t size)
{
	const char *pat = NULL;
	size_t used = 0;
	struct pmu probe;

	for (const char *const *n = p->family->match ? p->family->match->names : NULL; n && *n && !pat; n++)
		if (name_match(*n, p->name, &probe))
			pat = *n;
	for (const char *b = pat ? strchr(pat, '{') : NULL; b; b = strchr(b + 1, '{')) {
		size_t len = strcspn(b + 1, "}");
		int v = !strncmp(b + 1, "socket", len) ? p->socket :
			!strncmp(b + 1, "rc", len)	? p->rc :
			!strncmp(b + 1, "die", len)	? p->die :
			!strncmp(b + 1, "channel", len) ? p->channel : p->subchannel;

		used += (size_t)snprintf(buf + used, size > used ? size - used : 0, "%s%.*s %d",
					 used ? ", " : "", (int)len, b + 1, v);
	}
}

void pmu_location(const struct pmu *p, char *buf, size_t size)
{
	buf[0] = '\0';
	if (p->family->ops->locate.location)
		p->family->ops->locate.location(p, buf, size);
	else if (!p->family->ops->identify.decode)
		matched_location(p, buf, size);
}

int pmu_socket(const struct pmu *p)
{
	return p->family->ops->locate.socket_of ? p->family->ops->locate.socket_of(p) : p->socket;
}

const char *pmu_family_socket_word(const char *id)
{
	for (const struct pmu_family *const *f = pmu_families; id && *f; f++)
		if (!strcmp((*f)->id, id) && (*f)->socket_word)
			return (*f)->socket_word;
	return "socket";
}

int64_t pmu_clock_hz(const struct pmu *p)
{
	return p->family->ops->locate.clock_hz ? p->family->ops->locate.clock_hz(p) : -1;
}

void pmu_family_copy_private(struct pmu *to, const struct pmu *from)
{
	if (to->family == from->family)
		memcpy(to->priv, from->priv, sizeof(to->priv));
}

const char *pmu_event_doc(const struct pmu *p, const char *event, char *buf, size_t size)
{
	const char *t = catalog_lookup(p->family->event_docs, event);

	if (!t && p->family->ops->rules.describe_event)
		t = p->family->ops->rules.describe_event(p->family, event, buf, size);
	return t;
}

const char *pmu_format_doc(const struct pmu *p, const char *format)
{
	return catalog_lookup(p->family->format_docs, format);
}

const char *pmu_per_device_metrics(const struct pmu_list *pmus)
{
	static char joined[512];
	const char *first = NULL;
	size_t used = 0;

	joined[0] = '\0';
	for (size_t i = 0; pmu_families[i]; i++) {
		const struct pmu_family *f = pmu_families[i];
		bool here = false;

		if (!f->per_device_metrics)
			continue;
		first = first ? first : f->per_device_metrics;
		for (size_t k = 0; pmus && k < pmus->n && !here; k++)
			here = pmus->v[k].family == f;
		/* every family of the machine: a Hip09's NICs (HNS3) and its PCIe endpoints alike */
		if (here && used < sizeof(joined))
			used += (size_t)snprintf(joined + used, sizeof(joined) - used, "%s%s",
						 used ? "," : "", f->per_device_metrics);
	}
	return used && used < sizeof(joined) ? joined : first;
}

const char *pmu_across_meaning(const char *name)
{
	static const char *const meaning[][2] = {
		{ ACROSS_PCIE_RD, "PCIe read bandwidth: the data PCIe devices read, toward them" },
		{ ACROSS_PCIE_WR, "PCIe write bandwidth: the data PCIe devices write, from them" },
		{ ACROSS_MEM_RD, "memory read bandwidth of a socket (of a die where that is the unit)" },
		{ ACROSS_MEM_WR, "memory write bandwidth of a socket (of a die where that is the unit)" },
	};

	for (size_t i = 0; i < sizeof(meaning) / sizeof(meaning[0]); i++)
		if (!strcmp(meaning[i][0], name))
			return meaning[i][1];
	return NULL;
}

const char *pmu_serve_metrics(const struct pmu_list *pmus, bool per_device)
{
	static char joined[1024];
	size_t used = 0;

	joined[0] = '\0';
	for (size_t i = 0; pmu_families[i]; i++) {
		const struct pmu_family *f = pmu_families[i];
		const char *list = per_device && f->ops->locate.map_functions ? f->per_device_metrics : f->serve_metrics;
		bool here = false;

		for (size_t k = 0; pmus && k < pmus->n && !here; k++)
			here = pmus->v[k].family == f;
		if (here && list && used < sizeof(joined))
			used += (size_t)snprintf(joined + used, sizeof(joined) - used, "%s%s", used ? "," : "", list);
	}
	return used && used < sizeof(joined) ? joined : NULL;
}

size_t pmu_family_unmapped(const struct pmu_list *pmus, size_t k)
{
	for (; pmus && k < pmus->n; k++) {
		bool first = pmus->v[k].family->map_unknown != NULL;

		for (size_t j = 0; j < k && first; j++)
			first = pmus->v[j].family != pmus->v[k].family;
		if (first)
			return k;
	}
	return pmus ? pmus->n : 0;
}

const char *pmu_destination_metrics(const struct pmu_list *pmus)
{
	for (size_t i = 0; pmu_families[i]; i++)
		for (size_t k = 0; pmu_families[i]->destination_metrics && pmus && k < pmus->n; k++)
			if (pmus->v[k].family == pmu_families[i])
				return pmu_families[i]->destination_metrics;
	return NULL;
}

bool pmu_family_selects_functions(const struct pmu_family *f)
{
	return f && f->ops->locate.map_functions;
}

bool pmu_family_known(const struct pmu *p)
{
	return p->family->match != NULL;
}

void family_read_peer(const struct sysroot *dir, struct pmu *p)
{
	static const struct {
		const char *key;
		enum pmu_peer kind;
	} kinds[] = { { "nr_gpu=", PEER_GPU }, { "nr_cpu=", PEER_CPU }, { "nr_cxlmem=", PEER_CXLMEM } };

	if (sysroot_read_trim(dir, "peer", &p->peer))
		return;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		size_t kl = strlen(kinds[i].key);
		uint64_t n;

		if (strncmp(p->peer, kinds[i].key, kl))
			continue;
		p->peer_kind = kinds[i].kind;
		p->peer_count = strnum_u64(p->peer + kl, 10, 64, &n) ? 0 : (int)n;
	}
}

/* How many leading words titles a and b share ("NVIDIA Tegra410 PCIE", "NVIDIA Tegra410 UCF": 2) */
static size_t shared_words(const char *a, const char *b, size_t *len)
{
	size_t words = 0, i = 0;

	*len = 0;
	for (; a[i] && a[i] == b[i]; i++)
		if (a[i] == ' ') {
			words++;
			*len = i + 1;
		}
	return words;
}

size_t pmu_family_titles(char *buf, size_t size)
{
	const char *prev = NULL;
	size_t used = 0;

	/* "NVIDIA Tegra410 UCF, PCIE; NVIDIA Grace SCF; ...": a vendor's line once, then the rest */
	for (const struct pmu_family *const *f = pmu_families; *f; f++) {
		const char *t = (*f)->title;
		size_t skip = 0;
		int n;

		if (!(*f)->match)
			continue;
		if (prev && shared_words(prev, t, &skip) >= 2)
			n = snprintf(buf + used, size > used ? size - used : 0, ", %s", t + skip);
		else
			n = snprintf(buf + used, size > used ? size - used : 0, "%s%s", prev ? "; " : "", t);
		used += n > 0 ? (size_t)n : 0;
		prev = t;
	}
	return used;
}

int pmu_family_iostat_column(const char *metric)
{
	for (const struct pmu_family *const *f = pmu_families; *f; f++)
		for (int c = 0; (*f)->iostat && c < IOSTAT_COLUMNS; c++)
			if ((*f)->iostat[c] && !strcmp((*f)->iostat[c], metric))
				return c;
	return -1;
}

bool pmu_family_iostat_metrics(char *buf, size_t size)
{
	size_t len = 0;

	if (size)
		buf[0] = '\0';
	for (const struct pmu_family *const *f = pmu_families; *f; f++)
		for (int c = 0; (*f)->iostat && c < IOSTAT_COLUMNS; c++) {
			if (!(*f)->iostat[c])
				continue;
			len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s", len ? "," : "",
						(*f)->iostat[c]);
			if (len >= size)
				return false;
		}
	return len > 0;
}

bool pmu_family_has_iostat(const struct pmu_family *f)
{
	for (int c = 0; f && f->iostat && c < IOSTAT_COLUMNS; c++)
		if (f->iostat[c])
			return true;
	return false;
}


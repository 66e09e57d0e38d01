// SPDX-License-Identifier: GPL-2.0
/*
 * Reading arm-cmn.c's debugfs node map (arm_cmn_map_show, torvalds/linux 00df90934c9e): a
 * header of X columns, then from the top row down a crosspoint row (" XP #n "), its DTC and a
 * rule, and for each port its device type and the logical ids of devices 0 and 1, cells of 8
 * characters between '|'. Node ids follow arm_cmn_nid().
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/family/arm_cmn.h"
#include "pmu/family/arm_cmn_map.h"

/* CMN_MAX_DIMENSION, CMN_MAX_PORTS; devices 0 and 1 of each port */
#define MAP_DIM CMN_MAP_DIM
#define MAP_PORTS 6
#define MAP_MAX_NODES ((size_t)MAP_DIM * MAP_DIM * MAP_PORTS * 2)

/* One line of the map cut at '|': its prefix and up to MAP_DIM cells, each trimmed */
struct map_line {
	char prefix[16];
	char cell[MAP_DIM][16];
	unsigned ncells;
};

static void trim_copy(char *dst, size_t size, const char *s, size_t len)
{
	while (len && isspace((unsigned char)*s))
		s++, len--;
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (len >= size)
		len = size - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
}

/* false when the line has more cells, or longer ones, than the driver prints */
static bool cut_line(const char *s, size_t len, struct map_line *l)
{
	const char *bar = memchr(s, '|', len), *end = s + len;

	memset(l, 0, sizeof(*l));
	if (!bar || (size_t)(bar - s) >= sizeof(l->prefix))
		return false;
	memcpy(l->prefix, s, (size_t)(bar - s));
	for (s = bar + 1; s < end; s = bar + 1) {
		bar = memchr(s, '|', (size_t)(end - s));
		if (!bar)
			return strspn(s, " \t") == (size_t)(end - s);
		if (l->ncells == MAP_DIM || bar - s > 9)
			return false;
		trim_copy(l->cell[l->ncells++], sizeof(l->cell[0]), s, (size_t)(bar - s));
	}
	return true;
}

/* A decimal number filling s (after leading spaces), at most max */
static bool whole_number(const char *s, unsigned max, unsigned *out)
{
	char *end;
	unsigned long v;

	while (*s == ' ')
		s++;
	if (!isdigit((unsigned char)*s))
		return false;
	v = strtoul(s, &end, 10);
	while (*end == ' ')
		end++;
	if (*end || v > max)
		return false;
	*out = (unsigned)v;
	return true;
}

/* "     X    0        1 ...": the columns, numbered from 0 */
static bool read_header(const char *s, size_t len, unsigned *mesh_x)
{
	char buf[256], *tok, *save;
	unsigned n = 0, v;

	if (len < 6 || len >= sizeof(buf) || strncmp(s, "     X", 6))
		return false;
	memcpy(buf, s + 6, len - 6);
	buf[len - 6] = '\0';
	for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		if (!whole_number(tok, MAP_DIM - 1, &v) || v != n++)
			return false;
	*mesh_x = n;
	return n > 0;
}

static unsigned fls_unsigned(unsigned v)
{
	unsigned n = 0;

	while (v)
		v >>= 1, n++;
	return n;
}

/* arm_cmn_xyidbits(): at least 2 bits before e79634b53e39 */
static unsigned xy_bits(const struct cmn_map *m)
{
	return fls_unsigned((m->mesh_x - 1) | (m->mesh_y - 1) | (m->legacy ? 2 : 0));
}

/*
 * Whether the crosspoint at (x, y) gives ports 2 bits and devices 1 (arm_cmn_discover:
 * xp_ports > 0x3 since e79634b53e39; ports_used & 0xc, the whole mesh's, before)
 */
static bool wide(const struct cmn_map *m, unsigned x, unsigned y)
{
	if (m->legacy)
		return m->ports > 2;
	return x < m->mesh_x && y < m->mesh_y && m->xp_ports[y * m->mesh_x + x] > 0x3;
}

uint16_t cmn_map_nodeid(const struct cmn_map *m, unsigned x, unsigned y, unsigned port,
			unsigned dev)
{
	if (m->mesh_x * m->mesh_y == 1)
		return (uint16_t)(port << 2 | dev);
	return (uint16_t)(x << (3 + xy_bits(m)) | y << 3 |
			  (wide(m, x, y) ? port << 1 | dev : port << 2 | dev));
}

static void decode_nodeid(const struct cmn_map *m, unsigned id, unsigned *x, unsigned *y,
			  unsigned *port, unsigned *dev)
{
	unsigned bits = xy_bits(m);
	bool w;

	if (m->mesh_x * m->mesh_y == 1) {
		*x = *y = 0;
		*port = id >> 2 & 7;
		*dev = id & 3;
		return;
	}
	*x = id >> (3 + bits);
	*y = id >> 3 & ((1u << bits) - 1);
	w = wide(m, *x, *y);
	*port = w ? id >> 1 & 3 : id >> 2 & 1;
	*dev = w ? id & 1 : id & 3;
}

int cmn_map_shows(const struct cmn_map *m, unsigned nodeid)
{
	unsigned x, y, port, dev;

	decode_nodeid(m, nodeid, &x, &y, &port, &dev);
	if (x >= m->mesh_x || y >= m->mesh_y || port >= m->ports ||
	    cmn_map_nodeid(m, x, y, port, dev) != nodeid)
		return 0;
	return dev < 2 ? 1 : -1;
}

int cmn_map_is_xp(const struct cmn_map *m, unsigned nodeid)
{
	unsigned x, y, port, dev;

	decode_nodeid(m, nodeid, &x, &y, &port, &dev);
	return x < m->mesh_x && y < m->mesh_y && !port && !dev &&
	       cmn_map_nodeid(m, x, y, 0, 0) == nodeid;
}

const struct cmn_map_node *cmn_map_find(const struct cmn_map *m, unsigned nodeid)
{
	for (size_t i = 0; i < m->n; i++)
		if (m->v[i].nodeid == nodeid)
			return &m->v[i];
	return NULL;
}

/* The parse: each row's port types, then its devices' logical ids */
struct map_state {
	struct cmn_map *m;
	unsigned row_y, rows, port;
	bool in_row;
	char types[MAP_DIM][12];
};

static bool take_line(struct map_state *st, const char *s, size_t len)
{
	struct cmn_map *m = st->m;
	struct map_line l;
	unsigned v, dev;

	/* the rules between rows: "Y P D+----", "-----+----" */
	if (!memchr(s, '|', len))
		return !len || strspn(s, "YPD -+") == len;
	if (!cut_line(s, len, &l) || l.ncells != m->mesh_x)
		return false;
	if (!strncmp(l.cell[0], "XP #", 4)) {
		/* rows run from mesh_y - 1 down to 0: the first says how many */
		if (!whole_number(l.prefix, MAP_DIM - 1, &v) || (st->rows && v != st->row_y - 1))
			return false;
		st->row_y = v;
		st->rows++;
		st->in_row = true;
		st->port = 0;
		return true;
	}
	if (!st->in_row)
		return false;
	if (!strcmp(l.prefix, "     ")) {
		/* " DTC %d  " (" DTC ?? ": not known) under each crosspoint; then a rule */
		for (unsigned x = 0; x < m->mesh_x && !strncmp(l.cell[x], "DTC ", 4); x++)
			m->xp_dtc[st->row_y * m->mesh_x + x] =
				(int8_t)(whole_number(l.cell[x] + 4, 3, &v) ? (int)v : -1);
		return true;
	}
	/* "  %d  " a port, "    %d" a device */
	if (!strncmp(l.prefix, "  ", 2) && !strcmp(l.prefix + 3, "  ") &&
	    whole_number(l.prefix, MAP_PORTS - 1, &v) && v < MAP_PORTS) {
		st->port = v;
		if (v + 1 > m->ports)
			m->ports = v + 1;
		for (unsigned x = 0; x < m->mesh_x; x++) {
			snprintf(st->types[x], sizeof(st->types[x]), "%s", l.cell[x]);
			if (l.cell[x][0])
				m->xp_ports[st->row_y * m->mesh_x + x] |= (uint8_t)(1u << v);
		}
		return true;
	}
	if (strlen(l.prefix) != 5 || strncmp(l.prefix, "    ", 4) ||
	    (l.prefix[4] != '0' && l.prefix[4] != '1'))
		return false;
	dev = (unsigned)(l.prefix[4] - '0');
	for (unsigned x = 0; x < m->mesh_x; x++) {
		struct cmn_map_node *n;

		if (!l.cell[x][0])
			continue;
		if (l.cell[x][0] != '#' || !whole_number(l.cell[x] + 1, 0xffff, &v) ||
		    m->n == MAP_MAX_NODES)
			return false;
		/* a port with no device: the per-crosspoint driver shows another id's node there */
		if (!st->types[x][0]) {
			m->phantoms = true;
			continue;
		}
		n = &m->v[m->n++];
		n->logid = (uint16_t)v;
		n->x = (uint8_t)x;
		n->y = (uint8_t)st->row_y;
		n->port = (uint8_t)st->port;
		n->dev = (uint8_t)dev;
		snprintf(n->type, sizeof(n->type), "%s", st->types[x]);
	}
	return true;
}

/* list's order: by type, then logical id */
static int node_order(const void *a, const void *b)
{
	const struct cmn_map_node *x = a, *y = b;
	int c = strcmp(x->type, y->type);

	return c ? c : (int)x->logid - (int)y->logid;
}

struct cmn_map *cmn_map_parse(const char *text, size_t len, bool legacy)
{
	struct map_state st = { 0 };
	const char *s = text, *end = text + len, *nl;
	size_t kept = 0;
	bool ok;

	nl = memchr(s, '\n', len);
	if (!nl)
		return NULL;
	st.m = calloc(1, sizeof(*st.m) + MAP_MAX_NODES * sizeof(st.m->v[0]));
	if (!st.m)
		return NULL;
	ok = read_header(s, (size_t)(nl - s), &st.m->mesh_x);
	for (s = nl + 1; ok && s < end; s = nl + 1) {
		nl = memchr(s, '\n', (size_t)(end - s));
		if (!nl)
			nl = end;
		ok = take_line(&st, s, (size_t)(nl - s));
	}
	/* the last row is y 0; node ids need the size, so they come at the end */
	st.m->mesh_y = st.rows;
	st.m->legacy = legacy && !st.m->phantoms;
	if (!ok || !st.rows || st.row_y || !st.m->ports) {
		free(st.m);
		return NULL;
	}
	/* a port no node id can name (past 3 with the extended encoding) keeps no node */
	for (size_t i = 0; i < st.m->n; i++) {
		struct cmn_map_node n = st.m->v[i];

		n.nodeid = cmn_map_nodeid(st.m, n.x, n.y, n.port, n.dev);
		if (cmn_map_shows(st.m, n.nodeid) == 1)
			st.m->v[kept++] = n;
	}
	st.m->n = kept;
	qsort(st.m->v, st.m->n, sizeof(st.m->v[0]), node_order);
	return st.m;
}

/*
 * The port device types (arm_cmn_device_type) whose nodes are of an event's node type, as
 * arm_cmn_discover types them: an RN-D port's node is an RN-I to the PMU, an HN-D's HN-I is
 * one; types not here are not checked
 */
static const struct {
	unsigned type;
	const char *ports[4];
} cmn_port_types[] = {
	{ CMN_TYPE_HNI, { "HN-I", "HN-D", "HN-T", "HN-P" } },
	{ CMN_TYPE_HNF, { "HN-F" } },
	{ CMN_TYPE_SBSX, { "SBSX" } },
	{ CMN_TYPE_RNI, { "RN-I", "RN-D" } },
	{ CMN_TYPE_MTSX, { "MTSX" } },
	{ CMN_TYPE_CXRA, { "CXRA" } },
	{ CMN_TYPE_CXHA, { "CXHA" } },
	{ CMN_TYPE_HNS, { "HN-S" } },
};

bool cmn_map_port_fits(unsigned type, const char *port)
{
	for (size_t i = 0; i < sizeof(cmn_port_types) / sizeof(*cmn_port_types); i++) {
		if (cmn_port_types[i].type != type)
			continue;
		for (size_t k = 0; k < 4 && cmn_port_types[i].ports[k]; k++)
			if (!strcmp(cmn_port_types[i].ports[k], port))
				return true;
		return false;
	}
	return true;
}

bool cmn_map_type_known(unsigned type)
{
	for (size_t i = 0; i < sizeof(cmn_port_types) / sizeof(*cmn_port_types); i++)
		if (cmn_port_types[i].type == type)
			return true;
	return false;
}

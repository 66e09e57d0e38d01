// SPDX-License-Identifier: GPL-2.0
/*
 * Arm CMN mesh PMU, one per mesh (CMN-600, CMN-650, CMN-700, CI-700, CMN S3): arm_cmn_<N>, as
 * drivers/perf/arm-cmn.c registers it (read at torvalds/linux 00df90934c9e; HN-S nodes and CMN
 * S3 from v6.12's, after "perf/arm-cmn: Support CMN S3"). Its events count
 * on every node of their type unless bynodeid picks one; the driver hides the events of node
 * types the mesh lacks (arm_cmn_event_attr_is_visible), so events/ says which types there are.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/sysroot.h"
#include "pmu/encode.h"
#include "pmu/family/arm_cmn.h"
#include "pmu/family/arm_cmn_dtm.h"
#include "pmu/family/arm_cmn_map.h"
#include "pmu/family/family.h"
#include "pmu/kernel_gen.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define CMN_SOURCE "drivers/perf/arm-cmn.c (torvalds/linux 00df90934c9e)"
#define CMN_PERF "perf's arm/cmn/sys/metric.json (torvalds/linux 4f3ee7d1d5ce)"

/* What the identifier says, in struct pmu's priv */
struct cmn_pmu {
	int instance;
	int part, rev; /* -1: no identifier */
	bool map_garbled; /* the map was read, and is not arm_cmn_map_show's */
};
_Static_assert(sizeof(struct cmn_pmu) <= PMU_PRIV_SIZE, "struct cmn_pmu outgrew PMU_PRIV_SIZE");

static const struct cmn_pmu *cmn_of(const struct pmu *p)
{
	return (const struct cmn_pmu *)p->priv;
}

/* arm_cmn_probe(): "arm_cmn_%d" of a counter of probes */
static bool decode(struct pmu *p)
{
	struct cmn_pmu *c = (struct cmn_pmu *)p->priv;
	const char *n = p->name + strlen("arm_cmn_");

	c->part = c->rev = -1;
	return !strncmp(p->name, "arm_cmn_", 8) && family_decimal(n, strlen(n), &c->instance);
}

static const struct cmn_map *map_of(const struct pmu *p)
{
	return p->family_data;
}

/*
 * arm_cmn_debugfs_init(): debugfs's arm-cmn/map for the first mesh, map_<N> for arm_cmn_<N>
 * (the one counter names both); root only, and absent without debugfs: then no map
 */
static void read_map(const struct sysroot *machine, struct pmu *p, int instance, struct diag *diag)
{
	char path[64], *text;
	size_t len;

	if (instance)
		snprintf(path, sizeof(path), "kernel/debug/arm-cmn/map_%d", instance);
	else
		snprintf(path, sizeof(path), "kernel/debug/arm-cmn/map");
	if (sysroot_read(machine, path, &text, &len))
		return;
	/* e79634b53e39 came to 6.10.y: older releases decode ids the mesh's one way */
	p->family_data = cmn_map_parse(text, len, kernel_gen_before(6, 10));
	((struct cmn_pmu *)p->priv)->map_garbled = !p->family_data;
	if (!p->family_data)
		diag_add(diag, "%s: %s is not arm-cmn's node map (arm_cmn_map_show): nodeids are not checked", p->name, path);
	free(text);
}

/* arm_cmn_identifier_show(): "%03x%02x", part and revision (read after decode) */
static void read_extra(const struct sysroot *dir, const struct sysroot *machine, struct pmu *p,
		       struct diag *diag)
{
	struct cmn_pmu *c = (struct cmn_pmu *)p->priv;
	unsigned part, rev;
	int n = 0;

	(void)dir;
	if (p->identifier && strlen(p->identifier) == 5 &&
	    sscanf(p->identifier, "%3x%2x%n", &part, &rev, &n) == 2 && n == 5) {
		c->part = (int)part;
		c->rev = (int)rev;
	}
	if (machine)
		read_map(machine, p, c->instance, diag);
}

/* enum cmn_part and enum cmn_revision's names */
static const char *model_name(int part)
{
	switch (part) {
	case PART_CMN600:
		return "CMN-600";
	case PART_CMN650:
		return "CMN-650";
	case PART_CMN700:
		return "CMN-700";
	case PART_CI700:
		return "CI-700";
	case PART_CMN_S3:
		return "CMN S3";
	default:
		return NULL;
	}
}

static void revision_name(const struct cmn_pmu *c, char *buf, size_t size)
{
	/* CMN-600 starts at r1p0, and CMN-650's fifth revision is r1p2 */
	static const char *const cmn600[] = {
		"r1p0", "r1p1", "r1p2", "r1p3", "r2p0", "r3p0", "r3p1"
	};
	static const char *const cmn650[] = { "r0p0", "r1p0", "r1p1", "r2p0", "r1p2" };
	/* REV_CMN700_R3P0 brought HN-S nodes; CI-700 names r0p0 to r2p0 */
	static const char *const other[] = { "r0p0", "r1p0", "r2p0", "r3p0" };
	/* REV_CMNS3_R0P0, _R0P1, _R1P0: torvalds/linux b3fe1c83a56f ("Fix CMN S3 DTM offset") */
	static const char *const s3[] = { "r0p0", "r0p1", "r1p0" };

	if (c->part == PART_CMN600 && c->rev >= 0 && c->rev < 7)
		snprintf(buf, size, "%s", cmn600[c->rev]);
	else if (c->part == PART_CMN650 && c->rev >= 0 && c->rev < 5)
		snprintf(buf, size, "%s", cmn650[c->rev]);
	else if (c->part == PART_CMN_S3 && c->rev >= 0 && c->rev < 3)
		snprintf(buf, size, "%s", s3[c->rev]);
	else if (c->rev >= 0 && c->rev < (c->part == PART_CMN700 ? 4 : 3) && model_name(c->part))
		snprintf(buf, size, "%s", other[c->rev]);
	else
		snprintf(buf, size, "revision %d", c->rev);
}

static void location(const struct pmu *p, char *buf, size_t size)
{
	const struct cmn_pmu *c = cmn_of(p);
	char rev[32];

	if (!model_name(c->part)) {
		snprintf(buf, size, "mesh %d", c->instance);
		return;
	}
	revision_name(c, rev, sizeof(rev));
	snprintf(buf, size, "mesh %d, %s %s", c->instance, model_name(c->part), rev);
}

static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	const struct cmn_pmu *c = cmn_of(p);
	const char *model = model_name(c->part);

	const struct cmn_map *m = map_of(p);

	out[0] = (struct pmu_field){ .key = "mesh", .kind = FIELD_INT, .num = c->instance };
	out[1] = (struct pmu_field){
		.key = "model", .kind = FIELD_TEXT, .text = model, .null = !model
	};
	out[2] = (struct pmu_field){
		.key = "mesh_x", .kind = FIELD_INT, .num = m ? (long long)m->mesh_x : 0, .null = !m
	};
	out[3] = (struct pmu_field){
		.key = "mesh_y", .kind = FIELD_INT, .num = m ? (long long)m->mesh_y : 0, .null = !m
	};
	return 4;
}

static bool unread(const struct pmu *p, char *what, size_t wsize, char *fix, size_t fsize)
{
	const struct cmn_pmu *c = (const struct cmn_pmu *)p->priv;

	if (map_of(p))
		return false;
	/* read, so debugfs and root are not what is missing */
	if (c->map_garbled) {
		snprintf(what, wsize,
			 "the node map (debugfs kernel/debug/arm-cmn/map) was read and is not arm_cmn_map_show's format: nodeids are neither named (list -l) nor checked (stat)");
		snprintf(fix, fsize,
			 "pmuctl -v list says which file; a kernel newer than pmuctl's reading of the map, or a file that is not the driver's: the kernel still judges every nodeid at open");
		return true;
	}
	snprintf(what, wsize,
		 "no node map read (debugfs kernel/debug/arm-cmn/map): nodeids are neither named (list -l) nor checked (stat)");
	snprintf(fix, fsize,
		 "run as root, with debugfs mounted (mount -t debugfs none /sys/kernel/debug); the kernel still judges every nodeid at open");
	return true;
}

/* map: the nodes where PCIe can enter, by the debugfs map, so that one can be counted alone */
static bool map_hint(const struct pmu *p, char *buf, size_t size)
{
	const struct cmn_map *m = map_of(p);
	size_t used = 0, found = 0;

	for (size_t i = 0; m && i < m->n && used < size; i++) {
		const struct cmn_map_node *n = &m->v[i];

		if (strcmp(n->type, "RN-I") && strcmp(n->type, "RN-D"))
			continue;
		used += (size_t)snprintf(buf + used, size - used, "%s%s #%u at nodeid 0x%x",
					 found++ ? ", " : "its debugfs map has ", n->type, n->logid, n->nodeid);
	}
	if (found && used < size)
		snprintf(buf + used, size - used, ": rnid_*,bynodeid=1,nodeid=<id> counts one");
	return found;
}

static long parts(const struct pmu *p)
{
	return map_of(p) ? (long)map_of(p)->n : -1;
}

/* list -j's nodes: what list -l shows of each */
static size_t part_fields(const struct pmu *p, size_t i, struct pmu_field *out)
{
	const struct cmn_map_node *n = &map_of(p)->v[i];

	out[0] = (struct pmu_field){ .key = "type", .kind = FIELD_TEXT, .text = n->type };
	out[1] = (struct pmu_field){ .key = "logid", .kind = FIELD_INT, .num = n->logid };
	out[2] = (struct pmu_field){ .key = "nodeid", .kind = FIELD_HEX, .num = n->nodeid };
	out[3] = (struct pmu_field){ .key = "x", .kind = FIELD_INT, .num = n->x };
	out[4] = (struct pmu_field){ .key = "y", .kind = FIELD_INT, .num = n->y };
	out[5] = (struct pmu_field){ .key = "port", .kind = FIELD_INT, .num = n->port };
	out[6] = (struct pmu_field){ .key = "dev", .kind = FIELD_INT, .num = n->dev };
	return 7;
}

/* list -l: the mesh's size, then each node the map shows, with the nodeid that names it */
static bool detail_line(const struct pmu *p, size_t i, char *buf, size_t size)
{
	const struct cmn_map *m = map_of(p);
	const struct cmn_map_node *n;

	if (!m || i > m->n)
		return false;
	if (!i) {
		snprintf(buf, size, "mesh %ux%u, %zu nodes (debugfs arm-cmn/map): bynodeid=1,nodeid=<id> counts on one",
			 m->mesh_x, m->mesh_y, m->n);
		return true;
	}
	n = &m->v[i - 1];
	snprintf(buf, size, "node %-8s #%-3u nodeid 0x%-4x x %u, y %u, port %u, dev %u", n->type, n->logid,
		 n->nodeid, n->x, n->y, n->port, n->dev);
	return true;
}

/* The fields of arm-cmn.c's CMN_CONFIG_* */
static unsigned cmn_type(const struct plan_event *e)
{
	return (unsigned)(e->config[0] & 0xffff);
}

static unsigned cmn_eventid(const struct plan_event *e)
{
	return (unsigned)((e->config[0] >> 16) & 0x7ff);
}

static unsigned cmn_occupid(const struct plan_event *e)
{
	return (unsigned)((e->config[0] >> 27) & 0xf);
}

static bool cmn_bynodeid(const struct plan_event *e)
{
	return e->config[0] >> 31 & 1;
}

static unsigned cmn_nodeid(const struct plan_event *e)
{
	return (unsigned)(e->config[0] >> 32 & 0xffff);
}

/*
 * Whether a node of the event's type can be at its nodeid, as far as the debugfs map tells:
 * crosspoint events need a crosspoint there; others of the types it shows (HN-I and up) a node
 * of their type there (arm_cmn_event_init looks for type and id both). Without a map, for the
 * types it hides (DVM, CFG) and where it prints nothing (devices past 1), the kernel decides.
 */
static bool node_on_map(const struct plan_event *e, unsigned type)
{
	const struct cmn_map *m = map_of(e->pmu);
	const struct cmn_map_node *n;
	unsigned id = cmn_nodeid(e);

	if (!m || type < CMN_TYPE_HNI) /* DVM, CFG and DTC nodes: never on the map */
		return true;
	if (type == CMN_TYPE_XP || type == CMN_TYPE_WP)
		return cmn_map_is_xp(m, id);
	if (cmn_map_shows(m, id) < 0)
		return true;
	n = cmn_map_find(m, id);
	return n && cmn_map_port_fits(type, n->type);
}

/* What the map shows at an event's nodeid, for the message that refuses it */
static const char *map_there(const struct plan_event *e, unsigned type, char *buf, size_t size)
{
	const struct cmn_map_node *n = cmn_map_find(map_of(e->pmu), cmn_nodeid(e));

	if (type == CMN_TYPE_XP || type == CMN_TYPE_WP)
		return "no crosspoint";
	if (!n)
		return "none";
	snprintf(buf, size, "%s #%u", n->type, n->logid);
	return buf;
}

/* A watchpoint's slot in its DTM before 4a112585ebe8: direction plus group (arm_cmn_wp_idx) */
static unsigned wp_idx(const struct plan_event *e)
{
	return cmn_eventid(e) + (unsigned)(e->config[0] >> 56 & 1);
}

static bool is_cycles(const struct plan_event *e)
{
	return cmn_type(e) == CMN_TYPE_DTC;
}

/*
 * The DTMs an event takes counters on, as a class that another event shares all of: XP events
 * and watchpoints take every crosspoint's (a watchpoint the one of wp_dev_sel / 2 on a
 * multi-DTM mesh, which a CMN-600 never is); other events their node type's
 */
static unsigned dtm_class(const struct plan_event *e, int part)
{
	if (cmn_type(e) == CMN_TYPE_XP)
		return 0;
	if (cmn_type(e) == CMN_TYPE_WP)
		return part == PART_CMN600 ? 0 : (unsigned)(e->config[0] >> 49 & 3);
	return cmn_type(e) << 2;
}

/* Whether e and o count on the same nodes: every node of the type, or the one nodeid */
static bool same_nodes(const struct plan_event *e, const struct plan_event *o, int part)
{
	if (dtm_class(e, part) != dtm_class(o, part))
		return false;
	if (!cmn_bynodeid(e) && !cmn_bynodeid(o))
		return true;
	return cmn_bynodeid(e) && cmn_bynodeid(o) &&
	       (e->config[0] >> 32 & 0xffff) == (o->config[0] >> 32 & 0xffff);
}

static int filter_sel(const struct plan_event *e, int part)
{
	return arm_cmn_filter_sel(cmn_type(e), cmn_eventid(e), part);
}

/*
 * Whether the mesh has nodes of the type: an events/ file of it, as the driver shows none for
 * a type it lacks. CMN-600 before r1p2 hides CXRA and CXHA events whatever it has: unknown.
 */
static int type_present(const struct pmu *p, unsigned type)
{
	const struct cmn_pmu *c = cmn_of(p);
	char want[32];

	if (type == CMN_TYPE_DTC || type == CMN_TYPE_XP || type == CMN_TYPE_WP)
		return 1;
	snprintf(want, sizeof(want), "type=0x%x,", type);
	for (size_t i = 0, n = pmu_nevents(p); i < n; i++)
		if (pmu_event_value(p, i) && !strncmp(p->events[i].value, want, strlen(want)))
			return 1;
	if (c->part == PART_CMN600 && c->rev < REV_CMN600_R1P2 &&
	    (type == CMN_TYPE_CXRA || type == CMN_TYPE_CXHA))
		return -1;
	return 0;
}

/*
 * 4a112585ebe8 ("Decouple wp_config registers from filter group number", v6.11) gives a
 * watchpoint the first free of its direction's two slots, whatever its group, and its series'
 * f9a7a91f6406 widened wp_grp to config:56-57: the format says which driver runs
 */
static bool wp_decoupled(const struct pmu *p)
{
	const struct pmu_format *f = pmu_find_format(p, "wp_grp");

	return f ? (f->mask & (f->mask - 1)) != 0 : !kernel_gen_before(6, 11);
}

/*
 * The decoupled driver's arm_cmn_validate_group: a third watchpoint of one direction on a DTM
 * finds no slot; the second, in the pair's odd slot, must have !!wp_combine as the first has
 */
static int check_wp_slots(const struct plan *set, const struct plan_event *e, int part,
			  struct err_report *err)
{
	const struct plan_event *first = NULL;
	size_t n = 0;

	for (const struct plan_event *o = set->v; o < e; o++) {
		if (o->group != e->group || o->pmu != e->pmu || cmn_type(o) != CMN_TYPE_WP ||
		    cmn_eventid(o) != cmn_eventid(e) || !same_nodes(e, o, part))
			continue;
		first = first ? first : o;
		n++;
	}
	if (n >= 2)
		return rule_err(
			err, e, -EINVAL,
			"'%s' is the group's third watchpoint of its direction on the same crosspoints: a DTM has two (arm_cmn_val_find_free_wp_config); count it apart",
			e->event);
	if (n == 1 && !cmn_occupid(first) != !cmn_occupid(e))
		return rule_err(
			err, e, -EINVAL,
			"'%s' and '%s' share their direction's pair of watchpoints, one with wp_combine and one without (arm_cmn_validate_group); give both the same, or count them apart",
			first->event, e->event);
	return 0;
}

/*
 * arm_cmn_validate_group(): a group of more than 8 events but cycles (one DTC counter each);
 * events that meet on one crosspoint's DTM past its 4 counters (events of one node type
 * without bynodeid count on every node of it, so they always meet); two of one occupancy
 * filter with different occupid; two watchpoints on one slot, or its pair's combine differing
 */
static struct arm_cmn_dtm_event dtm_event(const struct plan_event *e)
{
	return (struct arm_cmn_dtm_event){ cmn_type(e), cmn_bynodeid(e), cmn_nodeid(e),
					   (unsigned)(e->config[0] >> 49 & 3) };
}

/* What the map says of e's group before it: each DTM's and each DTC domain's counters */
struct group_room {
	int dtm;		/* 1: a DTM e needs is full, at (x, y); 0 none; -1 the map cannot tell */
	unsigned x, y;
	/* a full DTC domain; CMN_MAX_DTCS none; -1 the map cannot tell, or a kernel before it */
	int dtc;
};

static struct group_room group_room(const struct plan *set, const struct plan_event *e, int part)
{
	const struct cmn_map *m = map_of(e->pmu);
	struct group_room r = { -1, 0, 0, -1 };
	struct arm_cmn_dtm_event *v, me = dtm_event(e);
	size_t n = 0;

	if (!m || !(v = calloc((size_t)(e - set->v) + 1, sizeof(*v))))
		return r;
	for (const struct plan_event *o = set->v; o < e; o++)
		if (o->group == e->group && o->pmu == e->pmu && !is_cycles(o))
			v[n++] = dtm_event(o);
	r.dtm = arm_cmn_dtm_full(m, part != PART_CMN600, v, n, &me, &r.x, &r.y);
	/* ab33c66fd8f1 (v6.8): a DTC domain's counters; before, the mesh's one set */
	if (!kernel_gen_before(6, 8))
		r.dtc = arm_cmn_dtc_full(m, v, n);
	free(v);
	return r;
}

static int check_group(struct plan *set, size_t i, struct err_report *err)
{
	const struct plan_event *e = &set->v[i];
	int part = cmn_of(e->pmu)->part, sel = filter_sel(e, part);
	size_t all = 0, same = 0;
	bool dtm = cmn_type(e) == CMN_TYPE_XP || cmn_type(e) == CMN_TYPE_WP;
	bool decoupled = wp_decoupled(e->pmu);
	struct group_room room;
	int ret;

	if (cmn_type(e) == CMN_TYPE_WP && decoupled && (ret = check_wp_slots(set, e, part, err)))
		return ret;
	room = group_room(set, e, part);
	if (room.dtm > 0)
		return rule_err(
			err, e, -EINVAL,
			"'%s' needs a counter on the DTM of crosspoint (%u, %u) of '%s', whose 4 its group's events before it hold (arm_cmn_validate_group); split the group",
			e->event, room.x, room.y, e->pmu->name);
	if (room.dtc >= 0 && room.dtc < CMN_MAX_DTCS)
		return rule_err(
			err, e, -EINVAL,
			"'%s' joins a group whose events before it hold all %d counters of DTC domain %d of '%s' (arm_cmn_validate_group); split the group",
			e->event, CMN_DTC_COUNTERS, room.dtc, e->pmu->name);
	/* the events of e's group on its PMU up to and including it, but cycles */
	for (const struct plan_event *o = set->v; o <= e; o++) {
		if (o->group != e->group || o->pmu != e->pmu || is_cycles(o))
			continue;
		all++;
		/* on the same nodes, two events take two counters of each of their DTMs */
		if (!same_nodes(e, o, part))
			continue;
		same++;
		if (o == e)
			continue;
		if (sel && filter_sel(o, part) == sel && cmn_occupid(o) != cmn_occupid(e))
			return rule_err(
				err, e, -EINVAL,
				"'%s' has occupid %u, '%s' in its group %u: a node has one filter of the kind for both (arm_cmn_validate_group); count them apart",
				e->event, cmn_occupid(e), o->event, cmn_occupid(o));
		if (cmn_type(e) == CMN_TYPE_WP && cmn_type(o) == CMN_TYPE_WP && !decoupled &&
		    (wp_idx(o) == wp_idx(e) ||
		     (wp_idx(o) == (wp_idx(e) ^ 1) && cmn_occupid(o) != cmn_occupid(e))))
			return rule_err(
				err, e, -EINVAL,
				"'%s' and '%s' in one group need one watchpoint of their direction and group, or differ in wp_combine (arm_cmn_validate_group); count them apart",
				e->event, o->event);
	}
	if (room.dtc < 0 && all > CMN_DTC_COUNTERS)
		return rule_err(
			err, e, -EINVAL,
			"the group has %zu events but cycles on '%s', past the DTC's %d counters (arm_cmn_validate_group); split the group",
			all, e->pmu->name, CMN_DTC_COUNTERS);
	/* without the map, events of one node type or crosspoint events meet on each DTM */
	if (room.dtm < 0 && same > CMN_DTM_COUNTERS)
		return rule_err(
			err, e, -EINVAL,
			"the group has %zu events on the same %s of '%s', past a crosspoint DTM's %d counters (arm_cmn_validate_group); split the group",
			same, dtm ? "crosspoints" : "nodes", e->pmu->name, CMN_DTM_COUNTERS);
	return 0;
}

/*
 * arm_cmn_event_init(): -EINVAL for a type with no node on the mesh (arm_cmn_node() finds
 * none: RN-D's 0xd too, which the driver counts as RN-I's 0xa) and for a watchpoint whose
 * eventid is no direction (0 up, 2 down); then the group's rules. An occupid on an event
 * without an occupancy filter the driver takes and ignores: warned.
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	unsigned type = cmn_type(e);
	int present = type_present(e->pmu, type);
	char there[32];

	if (!present)
		return rule_err(
			err, e, -EINVAL,
			"no node of type 0x%x on the mesh of '%s': its events/ lists none (arm_cmn_event_init: arm_cmn_node() finds none)",
			type, e->pmu->name);
	if (present < 0)
		diag_add(
			warn,
			"%s: a CMN-600 before r1p2 hides the events of type 0x%x whether it has the nodes or not: the kernel decides",
			e->event, type);
	if (cmn_bynodeid(e) && !node_on_map(e, type))
		return rule_err_term(
			err, e, "nodeid", -EINVAL,
			"no node of type 0x%x at nodeid 0x%x on the mesh of '%s': its debugfs map shows %s there (arm_cmn_event_init: \"invalid node\"); pmuctl list -l %s names its nodes",
			type, cmn_nodeid(e), e->pmu->name, map_there(e, type, there, sizeof(there)),
			e->pmu->name);
	if (type == CMN_TYPE_WP && cmn_eventid(e) != 0 && cmn_eventid(e) != 2)
		return rule_err(
			err, e, -EINVAL,
			"a watchpoint's eventid is its direction, 0 (watchpoint_up) or 2 (watchpoint_down), not 0x%x (arm_cmn_event_init)",
			cmn_eventid(e));
	if (type != CMN_TYPE_WP && type != CMN_TYPE_DTC && cmn_occupid(e) &&
	    !filter_sel(e, cmn_of(e->pmu)->part))
		diag_add(
			warn,
			"%s: occupid=%u on an event without an occupancy filter: the driver ignores it (arm_cmn_filter_sel)",
			e->event, cmn_occupid(e));
	return e->group >= 0 && !is_cycles(e) ? check_group(set, i, err) : 0;
}

#define RATE(n, num, den, d)                                                                       \
	{                                                                                          \
		n, num " / " den " * 100", "%", d, CMN_PERF, 0, false, NULL, false, false,         \
			DEST_NONE, NULL                                                            \
	}
#define FLITS(n, ev, d)                                                                            \
	{                                                                                          \
		n, ev " * 32 / 1e6 / duration_time", "MB/s", d, CMN_PERF, 0, false, NULL, true,    \
			false, DEST_NONE, NULL                                                     \
	}

const struct family_ops arm_cmn_ops = {
	.identify = {
		.decode = decode,
		.read_extra = read_extra,
	},
	.locate = {
		.location = location,
		.fields = fields,
		.detail_line = detail_line,
		.unread = unread,
		.parts = parts,
		.part_fields = part_fields,
		.map_hint = map_hint,
	},
	.rules = {
		.check = check,
		.own_counter = is_cycles,
	},
};

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One descriptor per PMU family: everything pmuctl knows about a kind of PMU beyond its
 * format/ and events/ files. Its data is one file, pmu/family/data/<id>.yaml, which the build
 * turns into the descriptor (tools/famgen.c, as perf's jevents.py does its JSON); what data
 * cannot say is its ops, in pmu/family/<id>.c. Generic code asks the descriptor; it never
 * tests which family a PMU is. Adding a family is one data file, and at most one C file.
 */
#ifndef PMUCTL_FAMILY_H
#define PMUCTL_FAMILY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/diag.h"
#include "lib/err.h"
#include "lib/sysroot.h"

struct pmu;
struct pmu_event;
struct plan_event;
struct plan;
struct ev_spec;
struct count_driver;
struct pcitopo;
struct pcifn;
struct pmu_list;
struct devmap_fn;
struct fn_filter;

/* What the documents say an event or a format field is */
struct catalog_entry {
	const char *name;
	const char *text;
};

/* A value list -j shows beside the common keys: a number (hex as a string) or a text */
enum pmu_field_kind { FIELD_INT, FIELD_HEX, FIELD_TEXT, FIELD_WORDS };

struct pmu_field {
	const char *key;
	enum pmu_field_kind kind;
	bool null;		/* not known (an unreadable file) */
	long long num;
	const char *text;
	char words[64];		/* FIELD_WORDS: space-separated, shown as an array */
};

#define PMU_FIELDS_MAX 8

/* A part of a device's traffic split by destination (struct metric's), or none */
enum metric_destination {
	DEST_NONE,
	DEST_LOCAL,
	DEST_REMOTE,	/* the remote socket's memory: traffic that crosses the socket link */
};

/*
 * A formula a family brings with it, added to the catalog under the family's id: its events'
 * names, duration_time in seconds; the rest as struct metric's (link_dir 1 toward a device, -1
 * from it; filter the terms every event of it needs)
 */
struct family_metric {
	const char *name, *expr, *unit, *description, *source;
	int link_dir;
	bool across;	/* a name several families share (pcie_rd_bw) */
	const char *filter;
	bool total_only, filter_kept;
	enum metric_destination destination;
	const char *family;	/* the metric family when it is not the descriptor's id (bluefield_tile) */
};

/* Room for a formula a family makes from its driver's tables (HNS3's event pairs) */
struct family_metric_text {
	char name[96], expr[256], description[256];
};

/*
 * The names that mean the same quantity in every family that has it, each family's formula
 * behind them, so that one dashboard or rule works on every machine: GB/s (bytes over the
 * elapsed nanoseconds)
 */
#define ACROSS_NS "(duration_time * 1e9)"
#define ACROSS_PCIE_RD "pcie_rd_bw"	/* data PCIe devices read: toward them (link_dir 1) */
#define ACROSS_PCIE_WR "pcie_wr_bw"	/* data PCIe devices write: from them (link_dir -1) */
#define ACROSS_MEM_RD "mem_rd_bw"	/* memory read bandwidth of a socket (or Yitian die) */
#define ACROSS_MEM_WR "mem_wr_bw"	/* memory write bandwidth of a socket (or Yitian die) */
/* What such a name means in every family, for a HELP line all of them share; NULL: not one */
const char *pmu_across_meaning(const char *name);

/*
 * A name perf's event JSON gives an event that sysfs names otherwise (Yitian's ddr_cycles), or,
 * of NULL, an event only the JSON has (a "sys" event: its terms in value, on the PMUs whose
 * identifier is compat, as perf matches its "Compat"). cpu: the CPU models whose JSON it is,
 * as perf picks an x86 JSON by CPUID (mapfile.csv), "FAMILY:MODEL-MODEL,..." in hex, matched
 * against the kernel's devices/system/cpu/modalias; NULL: every machine
 */
struct event_alias {
	const char *name, *of, *source;
	const char *value, *compat;
	const char *cpu;
};

/*
 * PMUs that are no perf PMUs but count alike (BlueField's hwmon blocks): where they are
 * found, how event strings name them (PREFIX/BLOCK/EVENT/, whose one term is an event's name,
 * spaces and all, or its code), and what list says of each block
 */
struct pmu_source {
	const char *prefix;	/* "bfperf": its PMUs are named bfperf/<block> */
	const char *device;	/* what holds the blocks, for list's title: "hwmon 'bfperf'" */
	const char *what;	/* what they are, in a sentence: "BlueField blocks" */
	const char *example;	/* an event string of it: "bfperf/tile0/HNF_REQUESTS/" */
	/*
	 * Append its blocks to out, only those a string of texts can name when texts is not
	 * NULL; what is unreadable goes to diag: 0, or -ENOMEM
	 */
	int (*scan)(const struct sysroot *root, char *const *texts, size_t ntexts,
		    struct pmu_list *out, struct diag *diag);
	/* The block's kind for list ("counter", "register"); a block with no counters reads
	 * registers, one file per event */
	const char *(*kind)(const struct pmu *p);
};

/*
 * What shows a family's hardware when its PMUs are missing (doctor): its platform devices,
 * and the kernel module and option that register its PMUs (its PCI functions: presence ops)
 */
struct family_hardware {
	/* Its platform devices' names start so ("NVDA2021:", ACPI's HID); each has its PMU below */
	const char *platform;
	const char *module;	/* "nvidia_cspmu" */
	const char *config;	/* "CONFIG_NVIDIA_CORESIGHT_PMU_ARCH_SYSTEM_PMU" */
	const char *since;	/* the kernel release its driver arrived in, and its commit */
};

/*
 * A driver behaviour that changed in a kernel release (doctor's table): from major.minor on
 * (0.0: a behaviour of every release the family has), what changed, the upstream commit or
 * the source that says so, and what pmuctl does about it on kernels before and after
 */
struct kernel_change {
	int major, minor;
	const char *what, *source, *pmuctl_does;
};

/* A word the family's data gives its code ("die": "sccl"), as a driver's platform data */
struct family_param {
	const char *key, *value;
};

/*
 * How its PMUs are known by name: globs with fields ("hisi_sccl{die}_hha{index}", "*" any
 * text, {socket} {rc} {die} {channel} {index} a decimal number the location shows)
 */
struct family_match {
	const char *const *names;
};

/* The most banks of counters a PMU has (the rules ops' counter_bank) */
#define COUNTER_BANKS 4

struct pmu_family;

/*
 * What data cannot say, as code, grouped by concern and chosen once per family (arm_cspmu's
 * impl ops). Every hook reaches its family's data: through p->family, e->pmu->family, or f.
 */
struct family_identify {
	/* Fill p's location from its name (p->family is set); false: not ours after all */
	bool (*decode)(struct pmu *p);
	/*
	 * Files it has beyond type, cpumask, format/ and events/ (peer, bdf_min, filtermode/), in
	 * dir; machine is the whole root, for what the PMU says of other devices (its bus's ports)
	 */
	void (*read_extra)(const struct sysroot *dir, const struct sysroot *machine, struct pmu *p,
			   struct diag *diag);
	/*
	 * Only rules and listings read what read_extra reads (a peer file), never the maps of
	 * functions: a count's scan leaves the PMU unopened, and pmu_present reads it
	 */
	bool extra_at_use;
	/* Where its PMUs come from when they are no perf PMUs; NULL: perf's sysfs */
	const struct pmu_source *source;
	/*
	 * For a family whose events are no perf format: resolve the one term of spec on p into e
	 * (the event, its code in config), or say why not in err
	 */
	int (*resolve)(const struct pmu *p, const struct ev_spec *spec, struct plan_event *e,
		       struct err_report *err);
	/* A PMU name of this family's syntax that names no PMU: say what is missing, in err */
	bool (*missing)(const struct pmu_family *f, const char *name, size_t pos, size_t len,
			const struct pmu_list *pmus, struct err_report *err);
	/* Whether mf names metrics of this family wherever it runs (bluefield_tile); NULL: the id */
	bool (*metric_family)(const struct pmu_family *f, const char *mf);
};

struct family_locate {
	/* "socket 0, rc 4"; empty when the name says nothing; NULL: the fields match filled */
	void (*location)(const struct pmu *p, char *buf, size_t size);
	/* The clock its time events count in (a metric's hw_clk_freq), Hz; NULL or -1: none known */
	int64_t (*clock_hz)(const struct pmu *p);
	/* What --per-socket sums by: the socket, or a die; -1 unknown */
	int (*socket_of)(const struct pmu *p);
	/* list -j keys of its own, in order; list -l: one more line of detail, or false */
	size_t (*fields)(const struct pmu *p, struct pmu_field *out);
	size_t (*event_fields)(const struct pmu_event *e, struct pmu_field *out);
	bool (*detail)(const struct pmu *p, char *buf, size_t size);
	/* list -l: lines of detail after that one, i from 0, until false (a mesh's nodes) */
	bool (*detail_line)(const struct pmu *p, size_t i, char *buf, size_t size);
	/* doctor: a file beyond sysfs the family reads and could not (a debugfs map): what goes
	 * without it in what, how to read it in fix; false: read, or nothing to read */
	bool (*unread)(const struct pmu *p, char *what, size_t wsize, char *fix, size_t fsize);
	/* list -j: under parts_key, an object a part of the PMU's device; -1 when unknown (null) */
	long (*parts)(const struct pmu *p);
	size_t (*part_fields)(const struct pmu *p, size_t i, struct pmu_field *out);
	/*
	 * Where functions are, from a capability of the family's own (an RC-map DVSEC on its root
	 * ports): sets maps[i].at's socket, rc, rp and by where it knows better than the tree and
	 * NUMA do; before any map_functions
	 */
	void (*locate)(const struct pmu_family *f, const struct pcitopo *t, struct devmap_fn *maps);
	/*
	 * That capability of fn as the family's document prints it (map --format=dvsec), and where
	 * it is in config space: true, or false when fn has none
	 */
	bool (*capability_line)(const struct pmu_family *f, const struct pcifn *fn, uint16_t *offset,
				char *buf, size_t size);
	/*
	 * The PMU of this family that sees each PCI function of t, and the filters that select
	 * the function in it: fills maps[i].requester or .target (pmus may be NULL)
	 */
	void (*map_functions)(const struct pmu_family *f, const struct pcitopo *t,
			      const struct pmu_list *pmus, struct devmap_fn *maps);
	/* map_functions filters by the functions' BARs: a count of it reads their resource files */
	bool bars;
	/*
	 * The root bus of p's unit on die (a PMU for every die, counting on one CPU each, whose
	 * files name each die's bus): false when the machine does not say
	 */
	bool (*root_bus)(const struct pmu *p, int die, uint32_t *domain, uint8_t *bus);
	/* What the machine does say beside its map_unknown text, or false */
	bool (*map_hint)(const struct pmu *p, char *buf, size_t size);
};

struct family_rules {
	/*
	 * The driver's rules for event i of the set, run before anything opens: 0, or the
	 * error the kernel would give, in err; what it accepts but the document calls
	 * meaningless goes to warn. Each rule names the document or driver function it is from.
	 */
	int (*check)(struct plan *set, size_t i, struct err_report *err, struct diag *warn);
	/* What the driver does across the whole plan, after every event's check: warnings, one pass */
	void (*check_plan)(const struct pmu_family *f, const struct plan *set, struct diag *warn);
	/* Events i and k of one PMU are read in one group (a latency's parts, a counter pair) */
	bool (*together)(const struct plan *set, size_t i, size_t k);
	/*
	 * The same as a key, so that a long plan is grouped by sorting, not pair by pair: events
	 * of one PMU with equal keys open together; false: event i opens alone
	 */
	bool (*together_key)(const struct plan *set, size_t i, uint64_t key[2]);
	/* What EINVAL from perf_event_open most likely means for an event with these configs */
	const char *(*einval_hint)(const struct pmu *p, const uint64_t *config);
	/* The 16-bit BDF an event filters on, for --dry-run; false when it filters none */
	bool (*bdf_filter)(const struct plan_event *e, uint16_t *bdf);
	/* The counters of p when its version decides them; NULL: the family's counters */
	size_t (*counters_of)(const struct pmu *p);
	/* An event on a counter of its own, which takes none of counters (a cycle counter) */
	bool (*own_counter)(const struct plan_event *e);
	/* The bank of counters event e takes, below COUNTER_BANKS, each its own; NULL: one bank */
	unsigned (*counter_bank)(const struct plan_event *e);
	/* Events of one group with equal keys share one counter (a pair); NULL: one each */
	uint64_t (*counter_key)(const struct plan_event *e);
	/* What is in the filter slots event i takes (filter_slots): false when it takes none */
	bool (*slot_value)(const struct plan *set, size_t i, uint64_t value[2]);
	/* Why p has no event named event (a link's peer); NULL: the generic reason */
	const char *(*absent_reason)(const struct pmu *p, const char *event);
	/* What an event its catalog does not list means, from its name; NULL: nothing */
	const char *(*describe_event)(const struct pmu_family *f, const char *name, char *buf,
				      size_t size);
	/* Who counts its events; NULL: perf_event_open */
	const struct count_driver *driver;
};

struct family_metrics {
	/* The i-th formula made from the driver's tables, all of m filled, its texts in buf:
	 * false past the last */
	bool (*made_metric)(const struct pmu_family *f, size_t i, struct family_metric *m,
			    struct family_metric_text *buf);
	/* Whether a metric written for family id mf counts on p; NULL: mf is the family id */
	bool (*metric_applies)(const struct pmu *p, const char *mf);
};

struct family_presence {
	/* A function that carries its PMU (a root port with its capability) or is it; NULL: none */
	bool (*pci_function)(const struct pmu_family *f, const struct pcifn *fn);
};

struct family_ops {
	struct family_identify identify;
	struct family_locate locate;
	struct family_rules rules;
	struct family_metrics metrics;
	struct family_presence presence;
};

/* A family whose data file names no ops: what its data says, and nothing more */
extern const struct family_ops family_no_ops;

/* A family: its data, generated from pmu/family/data/<id>.yaml, and its ops */
struct pmu_family {
	const char *id;		/* "t410_pcie": JSON, -M family names, list patterns */
	const char *title;	/* "NVIDIA Tegra410 PCIE" */
	const char *vendor;	/* "NVIDIA": the man page's and the README's grouping */
	const char *about;	/* a paragraph for the man page, or NULL */
	const struct family_match *match;	/* NULL: the generic family, every other PMU */
	const struct family_ops *ops;
	const struct family_param *params;	/* ended by a NULL key; NULL: none */
	/* What --help shows as examples, by key ("event", "metric"): the first family's that has it */
	const struct family_param *examples;
	bool uncore;		/* counts every privilege level: u/k/h modifiers are refused */
	/* One hardware event per group: pmuctl never groups its events */
	bool never_group;
	/* The most events one group may hold, as its driver refuses more (0: none known) */
	size_t group_max;
	/*
	 * The events one PMU counts at once, its driver's counters (0: the driver does not say:
	 * arm_cspmu reads PMCFGR.N from the hardware), and where the number is from
	 */
	size_t counters;
	const char *counters_from;
	/*
	 * How many own counters there are (rules' own_counter): its events beyond them take turns,
	 * and a group of more is refused (a CSPMU's one cycle counter); 0: one each
	 */
	size_t own_counters;
	const char *own_counters_from;
	/* A filter its live events share slots of (rules' slot_value), and where that is from */
	size_t filter_slots;
	const char *filter_slots_from;
	/* What --per-socket sums by, in words for its rows: "die"; NULL: "socket" */
	const char *socket_word;
	/* What map calls the unit locate's rc numbers ("RC", "core"); NULL: "RC" */
	const char *rc_word;
	/* list -j: the key of its parts (locate's parts); NULL: none */
	const char *parts_key;
	/* perf's names for sysfs events, accepted and listed beside them; NULL-terminated */
	const struct event_alias *aliases;
	/* Meaning of events and format fields, from the document */
	const struct catalog_entry *event_docs, *format_docs;
	/*
	 * An event its metrics need, which a version of its PMUs does not register: a PMU without
	 * it takes none of them; one recorded (no events/) takes them; NULL: every PMU takes them
	 */
	const char *metrics_need;
	/* --per-device without -M on a machine with its PMUs: what a function moves */
	const char *per_device_metrics;
	/*
	 * serve without -M: the metrics it documents as its defaults, system wide (the names every
	 * family shares first, so that one dashboard works on every machine); NULL: none
	 */
	const char *serve_metrics;
	/* --per-device --by-destination: the same split by where it goes (metric destination) */
	const char *destination_metrics;
	/* It can select the traffic below one root port by the port's bit (per-device "rp") */
	bool port_filter;
	/* How its map_functions PMU selects a function when that is no filter of it ("port": the
	 * PMU is the root port's own); NULL: by its filters, "bdf" or "rp" */
	const char *device_method;
	/*
	 * Why no PMU of its machine tells a function's PCI traffic (a filter no public source ties
	 * to lspci's functions, or no PCIe PMU at all): what map and doctor say instead of
	 * guessing; NULL: map_functions maps them
	 */
	const char *map_unknown;
	/*
	 * The filter every event of a system-wide metric needs on its PMUs (a port bitmap without
	 * which the driver counts one requester); NULL: none
	 */
	const struct fn_filter *metric_scope;
	/* The file a driver names its identifier by, when not "identifier"; NULL: that */
	const char *identifier_file;
	/*
	 * Its formulas, NULL-terminated by name. The catalog lists every family's doc_metrics
	 * first (the documents' formulas, and pmuctl's derived from them), then every family's
	 * made ones, then every family's metrics (pmuctl's own, and the names across families)
	 */
	const struct family_metric *doc_metrics;
	const struct family_metric *metrics;
	/*
	 * perf iostat's four columns of a root port, Inbound Read, Inbound Write, Outbound Read,
	 * Outbound Write (IOSTAT_*), as the names of its metrics in GB/s with a value per root port;
	 * a NULL entry, or none: it does not count that one
	 */
	const char *const *iostat;
	/* What shows its hardware without its PMUs; NULL: nothing does */
	const struct family_hardware *hardware;
	/* Driver behaviours that changed, by release; ended by an entry without what */
	const struct kernel_change *kernel_changes;
};

/* perf iostat's columns, in its order */
enum iostat_column { IOSTAT_IN_READ, IOSTAT_IN_WRITE, IOSTAT_OUT_READ, IOSTAT_OUT_WRITE, IOSTAT_COLUMNS };

/*
 * The families, in the order list shows them (their data's order), generated from
 * pmu/family/data/; the one without match takes every other PMU
 */
extern const struct pmu_family *const pmu_families[];

/* Find p's family from its name and fill its location fields */
void pmu_family_decode(struct pmu *p);
/* The family of that id, or NULL */
const struct pmu_family *pmu_family_named(const char *id);
/* A word of f's data file's params ("die"), or NULL */
const char *family_param(const struct pmu_family *f, const char *key);
/* The example of key of the first family that gives one ("event": a PMU's event string), or NULL */
const char *pmu_family_example(const char *key);
/* Its position in the table, for sorting */
size_t pmu_family_index(const struct pmu_family *f);
/* Every family's title but the generic one's, a vendor's words once: "NVIDIA Tegra410 UCF, PCIE; ..." */
size_t pmu_family_titles(char *buf, size_t size);

/* What generic code asks, with each hook's default when a family has none */
void pmu_location(const struct pmu *p, char *buf, size_t size);
int pmu_socket(const struct pmu *p);
/* hw_clk_freq of p in Hz, -1 when its family has no clock or its file was unreadable */
int64_t pmu_clock_hz(const struct pmu *p);
/* What the family read about from (its clock) goes to to, a PMU of the same name */
void pmu_family_copy_private(struct pmu *to, const struct pmu *from);
const char *pmu_event_doc(const struct pmu *p, const char *event, char *buf, size_t size);
const char *pmu_format_doc(const struct pmu *p, const char *format);
/* --per-device's default metrics: those of every family with PMUs in pmus (may be NULL), in
 * the table's order, or of the first family that has any */
const char *pmu_per_device_metrics(const struct pmu_list *pmus);
/*
 * serve without -M: every family of pmus' defaults, joined; with per_device, the families that
 * select functions give their per-device metrics instead. NULL when no family has any.
 */
const char *pmu_serve_metrics(const struct pmu_list *pmus, bool per_device);
/* --by-destination's metrics: those of the first family with PMUs in pmus that has them; NULL */
const char *pmu_destination_metrics(const struct pmu_list *pmus);
/* From k on, the first PMU of pmus (may be NULL) that is its family's first with a map_unknown
 * text; pmus->n (or 0) when there is none */
size_t pmu_family_unmapped(const struct pmu_list *pmus, size_t k);
/* Whether f's PMUs select one PCI function with a filter (map_functions) */
bool pmu_family_selects_functions(const struct pmu_family *f);
/* What a --per-socket value of metric family id is summed by, in words: "socket", or "die" */
const char *pmu_family_socket_word(const char *id);
/* Which iostat column a metric of that name is (IOSTAT_*), in any family; -1 none */
int pmu_family_iostat_column(const char *metric);
/* Every family's iostat metrics, comma-separated, in buf: false when none fits */
bool pmu_family_iostat_metrics(char *buf, size_t size);
/* Whether f counts some iostat column */
bool pmu_family_has_iostat(const struct pmu_family *f);
/* Whether a family knows p by its name (no: the generic family's) */
bool pmu_family_known(const struct pmu *p);

/* The families' own sources of PMUs, after perf's: 0, or -ENOMEM */
int pmu_sources_scan(const struct sysroot *root, char *const *texts, size_t ntexts,
		     struct pmu_list *out, struct diag *diag);
/* The source whose prefix is s[0..len) ("bfperf"), or NULL */
const struct pmu_source *pmu_source_named(const char *s, size_t len);
/* A source's block by its own name (tile0 of bfperf/tile0); a perf PMU's whole name */
const char *pmu_block_name(const struct pmu *p);

/* Shared by descriptors */
const char *catalog_lookup(const struct catalog_entry *t, const char *name);
/* A decimal number of at most 0xffff in s[0..len) */
bool family_decimal(const char *s, size_t len, int *out);
/* The peer file of NVIDIA link PMUs: "nr_gpu=2" and the like */
void family_read_peer(const struct sysroot *dir, struct pmu *p);

#endif

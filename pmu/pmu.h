/* SPDX-License-Identifier: GPL-2.0 */
/* perf PMUs found under <root>/bus/event_source/devices, with their family and location. */
#ifndef PMUCTL_PMU_H
#define PMUCTL_PMU_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/cpulist.h"
#include "lib/diag.h"
#include "pmu/family/family.h"
#include "pmu/format.h"
#include "lib/sysroot.h"

#define PMU_DEVICES_DIR "bus/event_source/devices"
/* The room struct pmu keeps for its family's own data; each family asserts its struct fits */
#define PMU_PRIV_SIZE 32

enum pmu_peer {
	PEER_NONE,
	PEER_GPU,
	PEER_CPU,
	PEER_CXLMEM,
};

struct pmu_event {
	char *name;
	char *value;		/* the events/ file, trimmed: "event=0x0", "config=0x1020f";
				 * a source's block: the code from its event list, "0x45" (NULL for registers) */
	char *scale;		/* events/<name>.scale, or NULL */
	char *unit;		/* events/<name>.unit, or NULL */
	unsigned filter_modes;	/* from filtermode/<name>, a bit per mode; 0 = unknown */
	const char *alias_of;	/* a name perf's JSON gives a sysfs event: that event; NULL */
	const char *json_only;	/* an event only perf's JSON has: that JSON; NULL */
	/* a lazy scan's: its files not read yet (pmu_find_event reads them), which side files
	 * the listing holds (PMU_SIDE_*), and whether reading found no event there */
	bool unread, dropped;
	unsigned char side;
};

#define PMU_SIDE_SCALE 1
#define PMU_SIDE_UNIT 2

/* What opening a counter needs of a PMU: a lazy scan reads it at the first pmu_attrs() */
struct pmu_attrs {
	int type;		/* -1 when the type file is missing or garbage */
	struct cpulist cpumask;
	bool has_cpumask;
	bool cpumask_garbled;	/* the file is there but no CPU list: not the driver's */
	struct cpulist associated;
	bool has_associated;
};

struct pmu {
	char *name;
	struct pmu_attrs attrs;	/* read them through pmu_attrs() */
	bool attrs_unread;	/* a lazy scan's: pmu_attrs() reads them */
	char *identifier;
	const char *identifier_file;	/* "identifier", or the file its family's data names */
	char *peer;
	enum pmu_peer peer_kind;
	int peer_count;
	struct pmu_format *formats;
	size_t nformats;
	struct pmu_event *events;
	size_t nevents;

	const struct pmu_family *family;	/* decoded from the name; never NULL */
	/* where it sits, as its name says; -1 when the name does not say */
	int socket, rc, die, channel, subchannel;
	/* a block of a hwmon device (a source's PREFIX/<block>): the device, "hwmon0"; NULL for perf PMUs */
	char *hwmon;
	int ncounters;		/* a hwmon block's eventN/counterN pairs */
	/* a lazy scan's root, which outlives the PMU: where its unread events and formats are;
	 * unlisted: not even their directories read yet (pmu_nevents, pmu_nformats read them) */
	const struct sysroot *root;
	bool unlisted;
	/* a lazy PMU's own directory, open from its first look-up to pmu_list_close_dirs: a
	 * look-up reads a few files, and from the root each walks the PMU's link again */
	struct sysroot *dir;
	/* listed by its name alone (a count's scan): its directory is first opened, and a link
	 * loop or a link out of the root found, by pmu_present; dir_error: why it did not open */
	bool unchecked;
	int dir_error;
	/* an unlisted PMU's formats and events read by their names alone (pmu_find_*) */
	struct pmu_probe *probes;
	/* one malloc'd block its family read beyond priv (a debugfs node map), freed with
	 * the PMU and never copied; NULL: none */
	void *family_data;
	/* what only its family reads (its descriptor casts it to its own struct), zeroed before decode */
	_Alignas(8) unsigned char priv[PMU_PRIV_SIZE];
};

struct pmu_index;

struct pmu_list {
	struct pmu *v;
	size_t n;
	/* pmu_find's names in order, built at its first call and again when v or n changed */
	struct pmu_index *index;
};

/* Collect every PMU; per-PMU problems go to diag, only a missing root is an error. */
int pmu_scan(const struct sysroot *root, struct pmu_list *out, struct diag *diag);
/*
 * The same, reading only the PMUs that event strings could name (a PMU token before '/' that
 * matches as a glob or a prefix); a string with a bare event name needs every PMU.
 */
int pmu_scan_for(const struct sysroot *root, char *const *texts, size_t ntexts,
		 struct pmu_list *out, struct diag *diag);
bool pmu_named_in(const char *name, char *const *texts, size_t ntexts);

/* What a reader needs: skipping what it will not show saves a file open per item */
struct pmu_scan_opts {
	char *const *texts;	/* only PMUs these event strings can name (NULL: all) */
	size_t ntexts;
	bool skip_formats;	/* format/ */
	bool skip_details;	/* associated_cpus, identifier, and the family's own files */
	bool skip_associated;	/* associated_cpus alone (list -j shows them with -l, as the text) */
	/*
	 * events/ and format/ listed, each file read when first looked up (pmu_find_event,
	 * pmu_find_format): a count reads the few it encodes, not every PMU's every file
	 */
	bool lazy;
	/* with lazy: PMUs listed without opening their directories, which pmu_present opens when
	 * a count first uses one (its family reads no files at the scan): a count uses a few */
	bool unchecked;
};
int pmu_scan_opts(const struct sysroot *root, const struct pmu_scan_opts *o, struct pmu_list *out,
		  struct diag *diag);
void pmu_list_free(struct pmu_list *l);
/* p's type and CPUs, read now when a lazy scan left them (errors leave type -1, no CPUs) */
const struct pmu_attrs *pmu_attrs(const struct pmu *p);
/* Close the directories lazy look-ups opened (a later look-up opens its PMU's again) */
void pmu_list_close_dirs(struct pmu_list *l);
/*
 * A PMU known by its name only, as recorded perf output names it: its family and location
 * decoded, no sysfs files read
 */
struct pmu *pmu_list_add_named(struct pmu_list *l, const char *name);
/* By family (the table's order), then socket, RC, die and name: the order list shows */
void pmu_list_sort(struct pmu_list *l);

const struct pmu *pmu_find(const struct pmu_list *l, const char *name);
/* A lazy scan's file of p read now: an event's (false: not one after all), a format's */
bool pmu_file_event(const struct pmu *p, struct pmu_event *e);
bool pmu_file_format(const struct pmu *p, struct pmu_format *f);
/* A lazy PMU's directory, opened at the first call (NULL: not openable; read from the root) */
const struct sysroot *pmu_file_dir(const struct pmu *p);
/* Whether p's directory opens: an unchecked PMU's is opened now, and one that does not is absent */
bool pmu_present(const struct pmu *p);
/* "PMU 'name' skipped: why": its directory did not open with ret (at the scan, or pmu_present) */
void pmu_file_skipped(struct diag *diag, const char *name, int ret);
/* "PMU 'x' skipped: ..." for each PMU pmu_present found absent */
void pmu_list_skipped(const struct pmu_list *l, struct diag *diag);
/* A lazy PMU's directory opened into dir, for the caller to close: 0 or -errno */
int pmu_file_open_dir(const struct pmu *p, struct sysroot *dir);
/* The directory of the PMU named so under root, for the caller to close: 0 or -errno */
int pmu_file_open_named(const struct sysroot *root, const char *name, struct sysroot *dir);
void pmu_file_close_dir(struct pmu *p);
/* An event file's text (*bad says why a file that was read is none: "empty", "not text") */
int pmu_file_event_text(const struct sysroot *r, const char *rel, char **out, const char **bad);
/* Event i of p with its value read (NULL when it is no event), for code that walks them all */
const char *pmu_event_value(const struct pmu *p, size_t i);
/* How many events (formats) p lists, its directory read first when a lazy scan left it */
size_t pmu_nevents(const struct pmu *p);
size_t pmu_nformats(const struct pmu *p);
void pmu_scan_list(const struct pmu *p);
/* whether an events/ file is perf's side file (.scale, .unit, ...), no event */
bool pmu_file_side(const char *name);
/*
 * An unlisted PMU's format (an absent one is NULL, as a listing would find) or event (NULL:
 * ask the listing, which matches case and aliases), read by name alone; pmu_find_* ask these
 */
const struct pmu_format *pmu_probe_format(const struct pmu *p, const char *name);
const struct pmu_event *pmu_probe_event(const struct pmu *p, const char *name);
void pmu_probe_free(struct pmu *p);
const struct pmu_format *pmu_find_format(const struct pmu *p, const char *name);
/* Event aliases match case-insensitively, as in perf. */
const struct pmu_event *pmu_find_event(const struct pmu *p, const char *name);
/* The value of format field name in config words config; 0 when p has no such field */
uint64_t pmu_config_field(const struct pmu *p, const uint64_t *config, const char *name);

/* Whether a metric written for family metric_family counts on p (pmu/pmu_metric.c) */
bool pmu_metric_applies(const struct pmu *p, const char *metric_family);
/* Whether a metric file may name metric_family: a family's, or one of pmus (may be NULL) */
bool pmu_metric_family_known(const char *metric_family, const struct pmu_list *pmus);

/* Online CPUs of the machine, from <root>/devices/system/cpu/online. */
int pmu_online_cpus(const struct sysroot *root, struct cpulist *out);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* What pmuctl list's text and JSON renderings share. */
#ifndef PMUCTL_CMD_LIST_H
#define PMUCTL_CMD_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include "pmu/pmu.h"

struct list_args {
	char **pattern;
	int npattern;
	bool events, formats, long_form, metrics, all;
	bool rules;		/* --format=prometheus-rules */
	const char *metrics_file;
};

/* No pattern, or a pattern that names the PMU (glob or substring) or its family */
bool list_matches(const struct list_args *a, const char *name, const char *family);
/* A source's block the patterns select */
bool list_block_matches(const struct list_args *a, const struct pmu *b);
/* The first block of its hwmon device: where that device's listing starts */
bool list_first_of_device(const struct pmu_list *pmus, size_t i);
/* {"pmus": [...], and each source's blocks}, each PMU written and freed before the next is built */
int list_render_json(const struct list_args *a, const struct pmu_list *pmus);

#endif

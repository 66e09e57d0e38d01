/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The escaping both exposition formats share (Prometheus text 0.0.4, OpenMetrics 1.0): a
 * value from outside (a PMU name from sysfs, a metrics file's text) never ends a line or a
 * label early, so /metrics carries no line the operator did not configure.
 */
#ifndef PMUCTL_EXPO_H
#define PMUCTL_EXPO_H

#include <stdbool.h>
#include <stdio.h>

enum expo_format {
	EXPO_PROMETHEUS,	/* text/plain; version=0.0.4 */
	EXPO_OPENMETRICS,	/* application/openmetrics-text; version=1.0.0 */
};

enum expo_type { EXPO_GAUGE, EXPO_COUNTER, EXPO_INFO };

/*
 * A family's # HELP and # TYPE lines, the one place they are written: the dialect is decided
 * here. A counter family is name_total in the text format and name in OpenMetrics; an info
 * family is name_info and a gauge in the text format, name and info in OpenMetrics. Its
 * samples are expo_sample's in both. help is escaped.
 */
void expo_family(FILE *f, enum expo_format fmt, const char *name, enum expo_type type, const char *help);
/* The name a sample of family name carries: name, name_total (counter), name_info (info) */
void expo_sample(FILE *f, const char *name, enum expo_type type);
/* The end of an exposition: # EOF in OpenMetrics; nothing in the text format */
void expo_end(FILE *f, enum expo_format fmt);

/*
 * The one naming rule of both formats' metric names: what s says, in the characters
 * Prometheus's conventions use, [a-z0-9_]: upper case lowered, anything else '_'
 */
char expo_name_char(char c);
void expo_put_name(FILE *f, const char *s);
/* A label value between its double quotes: backslash, double quote and newline escaped */
void expo_put_label_value(FILE *f, const char *value);
/* A HELP text: backslash and newline escaped */
void expo_put_help(FILE *f, const char *text);
/*
 * One label, name="value", after a comma unless *first; a label without a value is left out
 * (NULL, or a negative number), as the conventions say: no empty labels
 */
void expo_put_label(FILE *f, const char *name, const char *value, bool *first);
void expo_put_label_int(FILE *f, const char *name, int value, bool *first);
/*
 * A BDF ("0005:01:00.0", or "01:00.0" in domain 0) as dcgm-exporter's pci_bus_id writes it,
 * "00000005:01:00.0", so that PromQL joins the two on it; the text as it is when it is no BDF
 */
const char *expo_pci_bus_id(const char *bdf, char *buf, size_t size);

#endif

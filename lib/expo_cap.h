/* SPDX-License-Identifier: GPL-2.0 */
/* serve --max-series: an exposition held to a number of samples, whole functions left out */
#ifndef PMUCTL_EXPO_CAP_H
#define PMUCTL_EXPO_CAP_H

#include <stddef.h>
#include "lib/expo.h"

/*
 * Leave out of the exposition *buf (*size bytes, malloc'd) the series of the PCI functions
 * (samples labelled pci_bus_id) past those that fit in max samples with the others, each
 * function whole, and add pmuctl_series_dropped: how many samples were left out (*dropped).
 * 0 with *buf replaced, or -ENOMEM with it as it was.
 */
int expo_cap(char **buf, size_t *size, enum expo_format fmt, size_t max, size_t *dropped);

#endif

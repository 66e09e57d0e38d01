/* SPDX-License-Identifier: GPL-2.0 */
/* Names in strverscmp's order (pmu_2 before pmu_10), as sysfs listings are shown. */
#ifndef PMUCTL_VERCMP_H
#define PMUCTL_VERCMP_H

/* strverscmp(a, b)'s sign, from the digit run where a and b part: their shared head costs a byte a step */
int vercmp(const char *a, const char *b);

#endif

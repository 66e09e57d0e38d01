// SPDX-License-Identifier: GPL-2.0
/*
 * strverscmp's order for names that share long heads ("nvidia_pcie_pmu_0_rc_" 408 times):
 * glibc's walks each shared byte through its state table; a sort makes thousands of calls.
 */
#include <string.h>
#include "lib/vercmp.h"

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

int vercmp(const char *a, const char *b)
{
	size_t i = 0;

	while (a[i] && a[i] == b[i])
		i++;
	/* after a non-digit strverscmp's state is its start (any state goes there on one), so it
	 * may start at the digit run that holds the first difference */
	while (i && is_digit(a[i - 1]))
		i--;
	return strverscmp(a + i, b + i);
}

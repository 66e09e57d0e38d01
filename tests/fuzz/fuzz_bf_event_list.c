// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: a BlueField block's event_list, as the mlxbf-pmc driver prints it ("0xN: NAME"). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/family/bluefield.h"
#include "pmu/pmu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pmu_event *ev = NULL;
	size_t n = 0, bad = 0;
	char *s = malloc(size + 1);

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!bf_event_list_parse(s, &ev, &n, &bad)) {
		for (size_t i = 0; i < n; i++) {
			/* every event parsed has a name, of plain text, and a code */
			if (!ev[i].name || !*ev[i].name || !ev[i].value)
				abort();
			for (const char *c = ev[i].name; *c; c++)
				if ((unsigned char)*c < 0x20 || *c == 0x7f)
					abort();
			free(ev[i].name);
			free(ev[i].value);
		}
		free(ev);
	} else if (!bad) {
		abort();	/* a refusal names its line */
	}
	free(s);
	return 0;
}

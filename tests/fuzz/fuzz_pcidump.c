// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: lspci -xxxx dumps through libpci's dump method and pmuctl's topology and mapping. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include "topology/pcitopo.h"
#include "pmu/devmap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = memfd_create("dump", 0);
	char path[64];
	struct pcitopo t;
	struct err_report err;
	struct devmap_fn *maps;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	struct pcitopo_source src = { .dump = path };
	if (!pcitopo_read(&src, &t, &err)) {
		if (!devmap_build(&t, NULL, NULL, &maps)) {
			for (size_t i = 0; i < t.n; i++)
				if (maps[i].at.root_port >= (ssize_t)t.n)
					abort();
			free(maps);
		}
		pcitopo_free(&t);
	}
	close(fd);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * xu-papi-advance: an LD_PRELOAD library for PAPI's tools (e2e/papi) that
 * moves xeon_uncore_sim's manual clock at a known point of the measured
 * run.  papi_command_line starts its event set, runs its own workload and
 * stops it: PAPI_stop() reads the counters, then disables them.  This
 * library wraps PAPI_stop(): before the real one runs it writes
 * $XU_ADVANCE_CYCLES to $XU_ADVANCE_FILE (default
 * /sys/kernel/debug/xeon_uncore_sim/advance), once per process, so that
 * with the model's clock stopped ("echo manual > clock") every counter of
 * the set counts exactly those cycles, all of them while enabled (between
 * PAPI_start() and the read in PAPI_stop()).  It changes nothing else:
 * PAPI opens, enables, reads and disables the events itself.
 *
 * Prints "xu-papi-advance: advanced N cycles before PAPI_stop" on stderr;
 * exits the process with status 99 if the write fails (a run that did not
 * advance the clock must not pass for one that counted nothing).
 *
 * Build: gcc -shared -fPIC -O2 -Wall -Wextra -o xu-papi-advance.so \
 *          xu-papi-advance.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_FILE "/sys/kernel/debug/xeon_uncore_sim/advance"

static int advanced;

static void advance(void)
{
	const char *cycles = getenv("XU_ADVANCE_CYCLES");
	const char *file = getenv("XU_ADVANCE_FILE");
	size_t len;
	int fd;

	if (advanced || !cycles || !*cycles)
		return;
	advanced = 1;
	if (!file || !*file)
		file = DEFAULT_FILE;
	len = strlen(cycles);
	fd = open(file, O_WRONLY);
	if (fd < 0 || write(fd, cycles, len) != (ssize_t)len) {
		fprintf(stderr, "xu-papi-advance: %s: %s\n", file, strerror(errno));
		_exit(99);
	}
	close(fd);
	fprintf(stderr, "xu-papi-advance: advanced %s cycles before PAPI_stop\n", cycles);
}

int PAPI_stop(int event_set, long long *values)
{
	static int (*real)(int, long long *);

	if (!real) {
		real = (int (*)(int, long long *))dlsym(RTLD_NEXT, "PAPI_stop");
		if (!real) {
			fprintf(stderr, "xu-papi-advance: no PAPI_stop: %s\n", dlerror());
			_exit(99);
		}
	}
	advance();
	return real(event_set, values);
}

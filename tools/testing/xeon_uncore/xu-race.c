// SPDX-License-Identifier: GPL-2.0
/*
 * xu-race: one perf event driven through a script of steps, each from a
 * thread on a chosen CPU, so that an e2e test can put the driver's code
 * paths exactly where the model's triggers wait for them.
 *
 *   xu-race PMU config=X [config1=X] [cpu=N] [period=P] [refresh=N] STEP...
 *
 * The event is opened on CPU cpu (default 0) for every CPU of its package
 * (perf_event_open's cpu, pid -1).  refresh=N: a sampling event opened
 * disabled and armed with PERF_EVENT_IOC_REFRESH N (its event limit), its
 * samples counted in a ring buffer, its signals (POLL_IN, POLL_HUP)
 * counted.  Steps, in order:
 *
 *   touch:PATH    create PATH (tells the test where the script is)
 *   wait:PATH     until PATH exists
 *   read:CPU      read the event once from a thread on CPU; prints
 *                 "read <count>"
 *   readwhen:CPU:PATH  the same, once PATH exists, while the steps go on
 *                 (printed at the end)
 *   spin:CPU      a thread on CPU reads the event without pause ...
 *   unspin        ... until here; prints "spun <reads>"
 *   disable       PERF_EVENT_IOC_DISABLE
 *   enable        PERF_EVENT_IOC_ENABLE
 *   sleep:MS      sleep MS milliseconds
 *   report        prints "samples <n> signals <n> hup <n>"
 *
 * Prints "OK" once the event is open; exits 1 at the first step that
 * fails, saying which.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "xu-tool.h"

#define RB_PAGES 8

static int fd = -1;
static struct perf_event_mmap_page *rb;
static unsigned long long rb_tail;
static int samples;
static int spinning;
static unsigned long long spun;

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

static unsigned long long read_count(void)
{
	unsigned long long v = 0;

	if (read(fd, &v, sizeof(v)) != sizeof(v))
		return ~0ULL;
	return v;
}

struct job {
	int cpu;
	int spin;
	const char *when;
	unsigned long long value;
};

#define MAX_LATER 4
static pthread_t later[MAX_LATER];
static struct job later_job[MAX_LATER];
static int nlater;

static void *reader(void *arg)
{
	struct job *j = arg;

	if (pin(j->cpu))
		return (void *)1;
	while (j->when && access(j->when, F_OK))
		nap_ms(1);
	if (!j->spin) {
		j->value = read_count();
		return NULL;
	}
	while (__atomic_load_n(&spinning, __ATOMIC_ACQUIRE)) {
		read_count();
		__atomic_fetch_add(&spun, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

static void rb_count(void)
{
	if (rb)
		samples += rb_samples(rb, &rb_tail);
}

static int arm_refresh(int refresh)
{
	rb = xu_async_ring(fd, RB_PAGES);
	if (!rb)
		return 1;
	if (ioctl(fd, PERF_EVENT_IOC_REFRESH, refresh)) {
		perror("xu-race: PERF_EVENT_IOC_REFRESH");
		return 1;
	}
	return 0;
}

static int step(const char *s)
{
	static pthread_t spinner;
	static struct job spin_job;
	const char *arg = strchr(s, ':');
	struct job j = { 0 };
	pthread_t t;

	arg = arg ? arg + 1 : "";
	if (!strncmp(s, "touch:", 6)) {
		int f = open(arg, O_CREAT | O_WRONLY, 0644);

		return f < 0 ? 1 : close(f);
	}
	if (!strncmp(s, "wait:", 5)) {
		struct stat st;
		int waited;

		for (waited = 0; stat(arg, &st); waited += 10) {
			if (waited > 600000)
				return 1;
			nap_ms(10);
		}
		return 0;
	}
	if (!strncmp(s, "read:", 5)) {
		j.cpu = atoi(arg);
		if (pthread_create(&t, NULL, reader, &j) || pthread_join(t, NULL))
			return 1;
		printf("read %llu\n", j.value);
		return j.value == ~0ULL;
	}
	if (!strncmp(s, "readwhen:", 9)) {
		struct job *lj = &later_job[nlater];
		const char *path = strchr(arg, ':');

		if (nlater == MAX_LATER || !path)
			return 1;
		lj->cpu = atoi(arg);
		lj->when = path + 1;
		return pthread_create(&later[nlater++], NULL, reader, lj) != 0;
	}
	if (!strncmp(s, "spin:", 5)) {
		spin_job.cpu = atoi(arg);
		spin_job.spin = 1;
		__atomic_store_n(&spinning, 1, __ATOMIC_RELEASE);
		return pthread_create(&spinner, NULL, reader, &spin_job) != 0;
	}
	if (!strcmp(s, "unspin")) {
		__atomic_store_n(&spinning, 0, __ATOMIC_RELEASE);
		if (pthread_join(spinner, NULL))
			return 1;
		printf("spun %llu\n", __atomic_load_n(&spun, __ATOMIC_RELAXED));
		return 0;
	}
	if (!strcmp(s, "disable"))
		return ioctl(fd, PERF_EVENT_IOC_DISABLE, 0) != 0;
	if (!strcmp(s, "enable"))
		return ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) != 0;
	if (!strncmp(s, "sleep:", 6)) {
		nap_ms(atoi(arg));
		return 0;
	}
	if (!strcmp(s, "report")) {
		rb_count();
		printf("samples %d signals %d hup %d\n", samples,
		       __atomic_load_n(&signals, __ATOMIC_RELAXED),
		       __atomic_load_n(&hups, __ATOMIC_RELAXED));
		return 0;
	}
	fprintf(stderr, "xu-race: unknown STEP %s\n", s);
	return 1;
}

int main(int argc, char **argv)
{
	struct perf_event_attr attr = { .size = sizeof(attr) };
	int i, cpu = 0, refresh = 0;

	xu_prog = "xu-race";
	if (argc < 3) {
		fprintf(stderr, "usage: xu-race PMU key=value... STEP...\n");
		return 2;
	}
	attr.type = pmu_type(argv[1]);
	for (i = 2; i < argc && strchr(argv[i], '=') && !strchr(argv[i], ':'); i++) {
		char *k = argv[i], *v = strchr(k, '=') + 1;
		unsigned long long val = strtoull(v, NULL, 0);

		if (!strncmp(k, "config=", 7)) {
			attr.config = val;
		} else if (!strncmp(k, "config1=", 8)) {
			attr.config1 = val;
		} else if (!strncmp(k, "cpu=", 4)) {
			cpu = (int)val;
		} else if (!strncmp(k, "period=", 7)) {
			attr.sample_period = val;
		} else if (!strncmp(k, "refresh=", 8)) {
			refresh = (int)val;
		} else {
			fprintf(stderr, "xu-race: unknown key %s\n", k);
			return 2;
		}
	}
	if (refresh) {
		attr.disabled = 1;
		attr.wakeup_events = 1;
		attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_PERIOD;
	}
	fd = syscall(SYS_perf_event_open, &attr, -1, cpu, -1, 0);
	if (fd < 0) {
		printf("open: %s\n", strerror(errno));
		return 1;
	}
	if (refresh && arm_refresh(refresh))
		return 1;
	printf("OK\n");
	fflush(stdout);
	for (; i < argc; i++) {
		if (step(argv[i])) {
			printf("step %s failed\n", argv[i]);
			return 1;
		}
		fflush(stdout);
	}
	for (i = 0; i < nlater; i++) {
		if (pthread_join(later[i], NULL))
			return 1;
		printf("read %llu\n", later_job[i].value);
	}
	return 0;
}

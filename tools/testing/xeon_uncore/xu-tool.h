/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the small perf tools of the harness (xu-open, xu-race, xu-bpf)
 * share: a PMU's type from sysfs, a nap, and an event's ring buffer with
 * its overflow signals (SIGRTMIN + 1, counted; POLL_HUP counted apart).
 * Each tool sets xu_prog to its name for the messages.
 */
#ifndef XU_TOOL_H
#define XU_TOOL_H

#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static const char *xu_prog = "xu-tool";

/* counted by the handler, read with __atomic loads in the main flow */
static int signals, hups;

static void on_signal(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	__atomic_fetch_add(&signals, 1, __ATOMIC_RELAXED);
	if (si->si_code == POLL_HUP)
		__atomic_fetch_add(&hups, 1, __ATOMIC_RELAXED);
}

static inline void nap_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* the type of PMU pmu ("sw": the software events); exits 2 if none */
static inline int pmu_type(const char *pmu)
{
	char path[256];
	FILE *f;
	int type = -1;

	if (!strcmp(pmu, "sw"))
		return PERF_TYPE_SOFTWARE;
	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu);
	f = fopen(path, "r");
	if (!f || fscanf(f, "%d", &type) != 1) {
		fprintf(stderr, "%s: no PMU %s\n", xu_prog, pmu);
		exit(2);
	}
	fclose(f);
	return type;
}

/* Maps pages data pages of fd's ring buffer.  NULL, said on stderr, on error. */
static inline struct perf_event_mmap_page *xu_ring(int fd, int pages)
{
	size_t len = (pages + 1) * sysconf(_SC_PAGESIZE);
	struct perf_event_mmap_page *pg;

	pg = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pg == MAP_FAILED) {
		fprintf(stderr, "%s: mmap: %m\n", xu_prog);
		return NULL;
	}
	return pg;
}

/*
 * xu_ring(), and fd's overflows signal this process (on_signal() counts
 * them).  NULL, said on stderr, on error.
 */
static inline struct perf_event_mmap_page *xu_async_ring(int fd, int pages)
{
	struct perf_event_mmap_page *pg = xu_ring(fd, pages);
	struct sigaction sa = { 0 };

	if (!pg)
		return NULL;
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigaction(SIGRTMIN + 1, &sa, NULL);
	if (fcntl(fd, F_SETOWN, getpid()) || fcntl(fd, F_SETSIG, SIGRTMIN + 1) ||
	    fcntl(fd, F_SETFL, O_ASYNC)) {
		fprintf(stderr, "%s: fcntl: %m\n", xu_prog);
		return NULL;
	}
	return pg;
}

/*
 * The next record in the ring at *tail, before @head; NULL: none.  *tail
 * moves past it (rb_done() hands the space back).  Records are 8-byte
 * aligned: a header never straddles the ring's end, and rb_u64() reads a
 * word of the record, wrapped.
 */
static inline struct perf_event_header *rb_next(struct perf_event_mmap_page *pg,
						unsigned long long head,
						unsigned long long *tail)
{
	struct perf_event_header *h;

	if (*tail >= head)
		return NULL;
	h = (void *)((char *)pg + pg->data_offset + *tail % pg->data_size);
	if (!h->size)
		return NULL;
	*tail += h->size;
	return h;
}

/* Word @i after the header of the record rb_next() returned, ending at @tail */
static inline unsigned long long rb_u64(struct perf_event_mmap_page *pg,
					const struct perf_event_header *h,
					unsigned long long tail, int i)
{
	unsigned long long at = tail - h->size + 8 * (i + 1), v;

	memcpy(&v, (char *)pg + pg->data_offset + at % pg->data_size, sizeof(v));
	return v;
}

static inline void rb_done(struct perf_event_mmap_page *pg, unsigned long long tail)
{
	__atomic_store_n(&pg->data_tail, tail, __ATOMIC_RELEASE);
}

/* PERF_RECORD_SAMPLEs in the ring buffer since *tail; consumes them */
static inline int rb_samples(struct perf_event_mmap_page *pg,
			     unsigned long long *tail)
{
	unsigned long long head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	struct perf_event_header *h;
	int n = 0;

	while ((h = rb_next(pg, head, tail)))
		n += h->type == PERF_RECORD_SAMPLE;
	rb_done(pg, *tail);
	return n;
}

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * xu-bpf: attach a BPF_PROG_TYPE_PERF_EVENT program to one sampling
 * uncore event and check what the program saw against the ring buffer.
 * Raw bpf() calls and a hand-assembled program, no libbpf.
 *
 *   xu-bpf probe
 *       exit 0 if this kernel has bpf() and perf-event programs, else
 *       print why and exit 2
 *   xu-bpf PMU config=X [config1=Y] period=N [cpu=C] [keep=0|1] [ms=T]
 *       open PMU's event on CPU C (default 0) with that period, attach a
 *       program that adds 1 to an array map per invocation and returns
 *       KEEP (0: drop the sample, 1: keep it), enable it for T ms
 *       (default 2000), disable it, and print
 *           runs <program invocations> samples <PERF_RECORD_SAMPLEs> lost <n>
 *       The caller compares runs with the samples the driver delivered.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "xu-tool.h"

#define RB_PAGES 64
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static int map_create(void)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = 1;
	return sys_bpf(BPF_MAP_CREATE, &a);
}

static int map_read(int fd, __u64 *val)
{
	union bpf_attr a;
	__u32 key = 0;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (uintptr_t)&key;
	a.value = (uintptr_t)val;
	return sys_bpf(BPF_MAP_LOOKUP_ELEM, &a);
}

#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })

/*
 * u32 key = 0; u64 *v = map_lookup(map, &key); if (v) atomic *v += 1;
 * return keep;
 */
static int prog_load(int map_fd, int keep, char *log, size_t log_size)
{
	struct bpf_insn insns[] = {
		INSN(BPF_ST | BPF_MEM | BPF_W, BPF_REG_10, 0, -4, 0),
		INSN(BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_2, BPF_REG_10, 0, 0),
		INSN(BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_2, 0, 0, -4),
		INSN(BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD, 0, map_fd),
		INSN(0, 0, 0, 0, 0),
		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_lookup_elem),
		INSN(BPF_JMP | BPF_JEQ | BPF_K, BPF_REG_0, 0, 2, 0),
		INSN(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_1, 0, 0, 1),
		INSN(BPF_STX | BPF_DW | BPF_ATOMIC, BPF_REG_0, BPF_REG_1, 0, BPF_ADD),
		INSN(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_0, 0, 0, keep),
		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
	};
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_PERF_EVENT;
	a.insns = (uintptr_t)insns;
	a.insn_cnt = ARRAY_SIZE(insns);
	a.license = (uintptr_t)"GPL";
	a.log_buf = (uintptr_t)log;
	a.log_size = log_size;
	a.log_level = 1;
	return sys_bpf(BPF_PROG_LOAD, &a);
}

static int probe(void)
{
	static char log[65536];
	int map, prog;

	map = map_create();
	if (map < 0) {
		printf("no bpf(): %s\n", strerror(errno));
		return 2;
	}
	prog = prog_load(map, 1, log, sizeof(log));
	if (prog < 0) {
		printf("no perf-event programs: %s\n%s", strerror(errno), log);
		return 2;
	}
	return 0;
}

static unsigned long long num(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 0);

	if (*s == '\0' || *end != '\0') {
		fprintf(stderr, "xu-bpf: bad number '%s'\n", s);
		exit(1);
	}
	return v;
}

int main(int argc, char **argv)
{
	static char log[65536];
	unsigned long long tail = 0, head, samples = 0, lost = 0;
	struct perf_event_mmap_page *pg;
	struct perf_event_attr attr;
	int i, cpu = 0, keep = 1, ms = 2000, map, prog, fd;
	struct timespec ts;
	__u64 runs = 0;
	long psz = sysconf(_SC_PAGESIZE);
	char *data;

	xu_prog = "xu-bpf";
	if (argc == 2 && !strcmp(argv[1], "probe"))
		return probe();
	if (argc < 3) {
		fprintf(stderr, "usage: xu-bpf probe | xu-bpf PMU config=X period=N %s\n",
			"[cpu=C] [keep=0|1] [ms=T]");
		return 1;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = pmu_type(argv[1]);
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD;
	attr.disabled = 1;
	attr.wakeup_events = 1;
	for (i = 2; i < argc; i++) {
		char *v = strchr(argv[i], '=');

		if (!v) {
			fprintf(stderr, "xu-bpf: expected key=value: %s\n", argv[i]);
			return 1;
		}
		*v++ = '\0';
		if (!strcmp(argv[i], "config")) {
			attr.config = num(v);
		} else if (!strcmp(argv[i], "config1")) {
			attr.config1 = num(v);
		} else if (!strcmp(argv[i], "period")) {
			attr.sample_period = num(v);
		} else if (!strcmp(argv[i], "cpu")) {
			cpu = num(v);
		} else if (!strcmp(argv[i], "keep")) {
			keep = num(v);
		} else if (!strcmp(argv[i], "ms")) {
			ms = num(v);
		} else {
			fprintf(stderr, "xu-bpf: unknown key %s\n", argv[i]);
			return 1;
		}
	}

	map = map_create();
	if (map < 0) {
		perror("xu-bpf: BPF_MAP_CREATE");
		return 1;
	}
	prog = prog_load(map, keep, log, sizeof(log));
	if (prog < 0) {
		fprintf(stderr, "xu-bpf: BPF_PROG_LOAD: %s\n%s", strerror(errno), log);
		return 1;
	}
	fd = syscall(__NR_perf_event_open, &attr, -1, cpu, -1, 0);
	if (fd < 0) {
		perror("xu-bpf: perf_event_open");
		return 1;
	}
	pg = mmap(NULL, (RB_PAGES + 1) * psz, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pg == MAP_FAILED) {
		perror("xu-bpf: mmap");
		return 1;
	}
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog)) {
		perror("xu-bpf: PERF_EVENT_IOC_SET_BPF");
		return 1;
	}
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		perror("xu-bpf: PERF_EVENT_IOC_ENABLE");
		return 1;
	}
	ts.tv_sec = ms / 1000;
	ts.tv_nsec = (ms % 1000) * 1000000L;
	nanosleep(&ts, NULL);
	if (ioctl(fd, PERF_EVENT_IOC_DISABLE, 0)) {
		perror("xu-bpf: PERF_EVENT_IOC_DISABLE");
		return 1;
	}

	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	data = (char *)pg + pg->data_offset;
	while (tail < head) {
		struct perf_event_header *h = (void *)(data + (tail % pg->data_size));

		if (h->type == PERF_RECORD_SAMPLE)
			samples++;
		else if (h->type == PERF_RECORD_LOST)
			lost += ((__u64 *)(h + 1))[1];
		tail += h->size;
	}
	if (map_read(map, &runs)) {
		perror("xu-bpf: BPF_MAP_LOOKUP_ELEM");
		return 1;
	}
	printf("runs %llu samples %llu lost %llu\n",
	       (unsigned long long)runs, samples, lost);
	return 0;
}

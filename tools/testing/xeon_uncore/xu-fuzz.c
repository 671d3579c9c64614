// SPDX-License-Identifier: GPL-2.0
/*
 * xu-fuzz: a seeded, replayable fuzzer of the xeon_uncore perf PMUs.
 *
 *   xu-fuzz [--seed S] [--iters N] [--log FILE|-] [--hotplug]
 *           [--rmmod-every K] [--reload-cmd CMD] [--module NAME]
 *           [--timeout SEC] [--max-open N] [--prefix uncore_]
 *
 * It finds the PMUs /sys/bus/event_source/devices/<prefix>* (type, format/
 * fields, events/ aliases, cpumask) and, for N iterations, does one random
 * operation each: perf_event_open of a random attribute against those PMUs
 * only (config inside the format masks mostly, outside sometimes; every
 * read_format and sample_type bit; periods 1..16 and huge; flags), also as
 * groups with the same PMU, another uncore PMU or software events; ioctls
 * (ENABLE, DISABLE, RESET, REFRESH, PERIOD, SET_OUTPUT, ID, PAUSE_OUTPUT,
 * with and without PERF_IOC_FLAG_GROUP); read() with right and wrong sizes;
 * mmap of a ring buffer and reading it; fork (the child does a few
 * operations and exits); close.  At most --max-open events are open; all
 * are closed at the end.
 *
 * Iteration i draws from a generator seeded with (S, i) only, so the same
 * --seed and --iters give the same operations and attributes, whatever the
 * kernel answered; only the targets that depend on answers (which slots are
 * open, the CPUs in a cpumask) can differ when timing does.
 *
 * --hotplug forks a second process that, until the end, offlines and
 * onlines random CPUs, the collecting CPUs (from cpumask) and whole sockets
 * (every CPU of a package without CPU 0), and every K steps tries to unload
 * --module; if that works it runs --reload-cmd (with /bin/sh).  It also
 * reports an iteration that takes longer than --timeout.  While it unloads
 * (--rmmod-every), no group mixes a software event with an uncore one: the
 * software event lives in the uncore PMU's context and may outlive the
 * uncore events there, and the driver's unload waits for it (freeing the
 * context under it would be a use-after-free in the kernel; the admin
 * guide's "Module unload"), which would stall the unloading process on the
 * fuzzer's own events.  Such opens are drawn as always, then skipped.
 *
 * Every operation is logged on one line.  Lines starting with "FAIL:" are
 * harness-level failures: impossible return values, read sizes that do not
 * match read_format, an ID that changes, a counting event going backwards
 * or jumping by more than any counter can count, one never enabled that
 * counted, a refused attribute (bits outside the format, frequency mode,
 * exclude_*, a task event) that was accepted, a malformed ring buffer.
 * The last line is the summary.  Exit status: 0, or 1 on FAIL lines, 2 on a
 * hang, 64 on usage errors.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PMU_DIR		"/sys/bus/event_source/devices"
#define CPU_DIR		"/sys/devices/system/cpu"
#define MAX_PMUS	64
#define MAX_FIELDS	24
#define MAX_RANGES	4
#define MAX_ALIASES	64
#define MAX_SLOTS	128
#define MAX_CPUS	256
#define READ_BUF	8192
/* no counter of the model or the hardware counts this many per ns */
#define MAX_PER_NS	4096ULL
/* record types above this are perf tool's, never the kernel's */
#define RECORD_TYPE_END	64

struct field {
	char name[32];
	int word;			/* config, config1, config2 */
	int nr;
	int lo[MAX_RANGES], hi[MAX_RANGES];
};

struct pmu {
	char name[64];
	int type;
	uint64_t mask[3];
	int nfields;
	struct field f[MAX_FIELDS];
	int naliases;
	uint64_t alias[MAX_ALIASES][3];
};

struct slot {
	int fd;				/* -1: free */
	int pmu;			/* index in pmus[], -1 software/other */
	int type;
	int cpu;			/* as passed to perf_event_open */
	unsigned int gid;		/* group: the leader's open number */
	uint64_t id;
	uint64_t read_format, sample_type;
	int counting;			/* no period, no freq: monotonic */
	int reset;			/* RESET may have reached it */
	int enabled;			/* may have been enabled */
	long cpu_seq;			/* sh->cpu_seq when opened */
	int mixed;			/* another event may write its buffer */
	int backward;
	uint64_t last_val, last_ena, last_run;
	int have_last;
	struct timespec last_ts;
	void *rb;
	size_t rb_len;
	int rb_rw;
};

/* shared with the hotplug process */
struct shared {
	volatile int stop;
	volatile long progress;
	volatile int hang;
	volatile long cpu_seq;		/* odd while a CPU goes offline */
	long hotplug, hotplug_fail, rmmod_tries, rmmod_ok, reload_fail;
};

static struct pmu pmus[MAX_PMUS];
static int npmus;
static struct slot slots[MAX_SLOTS];
static struct shared *sh;
static FILE *logf;
static const char *who = "";
static long iter;
static unsigned int open_seq;
static int is_child;
static long page_size;
/*
 * flock()ed shared around software event opens, exclusive around rmmod:
 * on 6.1 perf_pmu_unregister() holds pmus_lock in synchronize_srcu()
 * while perf_swevent_init(), inside the SRCU read section of
 * perf_init_event(), waits for pmus_lock: a perf core deadlock.
 */
static char lockpath[64];
static int lockfd = -1;

static struct {
	long opens, ok, einval, enoent, ebusy, enodev, eopnotsupp, other, mixed;
	long ioctls, reads, mmaps, forks, closes, samples, fails;
} st;

/* options */
static uint64_t seed = 1;
static long iters = 1000;
static int hotplug;
static int rmmod_every = 20;
static const char *reload_cmd;
static const char *module = "xeon_uncore";
static int timeout_s = 60;
static int max_open = 48;
static const char *prefix = "uncore_";

/* ---- log -------------------------------------------------------------- */

static void logline(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	n = snprintf(buf, sizeof(buf), "%s%ld ", who, iter);
	va_start(ap, fmt);
	vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
	va_end(ap);
	fprintf(logf, "%s\n", buf);
}

static void failf(const char *fmt, ...)
{
	char buf[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	st.fails++;
	fprintf(logf, "FAIL: seed=%" PRIu64 " iter=%ld %s%s\n", seed, iter, who, buf);
	if (logf != stdout)
		fprintf(stderr, "xu-fuzz: FAIL: seed=%" PRIu64 " iter=%ld %s%s\n",
			seed, iter, who, buf);
}

static const char *ename(int e)
{
	static char buf[16];

	switch (e) {
	case 0: return "0";
	case EINVAL: return "EINVAL";
	case ENOENT: return "ENOENT";
	case ENODEV: return "ENODEV";
	case EBUSY: return "EBUSY";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case ENOSPC: return "ENOSPC";
	case E2BIG: return "E2BIG";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case EFAULT: return "EFAULT";
	case EBADF: return "EBADF";
	case ENOTTY: return "ENOTTY";
	case ESRCH: return "ESRCH";
	case EMFILE: return "EMFILE";
	case ENOMEM: return "ENOMEM";
	case EAGAIN: return "EAGAIN";
	case EINTR: return "EINTR";
	case ENXIO: return "ENXIO";
	case EEXIST: return "EEXIST";
	default:
		snprintf(buf, sizeof(buf), "errno%d", e);
		return buf;
	}
}

/* ---- random numbers: splitmix64, reseeded per iteration --------------- */

static uint64_t rng;

static uint64_t rnd(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void rng_seed(uint64_t a, uint64_t b, uint64_t c)
{
	rng = a * 0xd1342543de82ef95ULL + b * 0x2545f4914f6cdd1dULL + c;
	rnd();
}

static unsigned int below(unsigned int n)
{
	uint64_t r = rnd();

	return n ? r % n : 0;
}

static int chance(unsigned int pct)
{
	return below(100) < pct;
}

/* ---- sysfs ------------------------------------------------------------ */

static int read_str(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = 0;
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	return 0;
}

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

/* "0-3,8" -> list; returns the count */
static int parse_cpulist(const char *s, int *cpus, int max)
{
	int n = 0;

	while (*s && n < max) {
		char *end;
		long a = strtol(s, &end, 10), b;

		if (end == s)
			break;
		b = a;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		for (; a <= b && n < max; a++)
			cpus[n++] = a;
		s = *end == ',' ? end + 1 : end;
	}
	return n;
}

static int pmu_cpus(const struct pmu *p, int *cpus)
{
	char path[256], buf[1024];

	snprintf(path, sizeof(path), PMU_DIR "/%s/cpumask", p->name);
	if (read_str(path, buf, sizeof(buf)))
		return 0;
	return parse_cpulist(buf, cpus, MAX_CPUS);
}

static int online_cpus(int *cpus)
{
	char buf[1024];

	if (read_str(CPU_DIR "/online", buf, sizeof(buf)))
		return 0;
	return parse_cpulist(buf, cpus, MAX_CPUS);
}

/* the PMU's type now (it changes if the module is reloaded) */
static int pmu_type(const struct pmu *p)
{
	char path[256], buf[32];

	snprintf(path, sizeof(path), PMU_DIR "/%s/type", p->name);
	if (read_str(path, buf, sizeof(buf)))
		return -1;
	return atoi(buf);
}

static int parse_field(struct field *f, const char *name, const char *s)
{
	const char *colon = strchr(s, ':');

	snprintf(f->name, sizeof(f->name), "%.31s", name);
	if (!colon)
		return -1;
	if (!strncmp(s, "config:", 7))
		f->word = 0;
	else if (!strncmp(s, "config1:", 8))
		f->word = 1;
	else if (!strncmp(s, "config2:", 8))
		f->word = 2;
	else
		return -1;
	s = colon + 1;
	f->nr = 0;
	while (*s && f->nr < MAX_RANGES) {
		char *end;
		int lo = strtol(s, &end, 10), hi = lo;

		if (end == s)
			return -1;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		if (lo < 0 || hi > 63 || hi < lo)
			return -1;
		f->lo[f->nr] = lo;
		f->hi[f->nr++] = hi;
		s = *end == ',' ? end + 1 : end;
	}
	return f->nr ? 0 : -1;
}

static int field_width(const struct field *f)
{
	int i, w = 0;

	for (i = 0; i < f->nr; i++)
		w += f->hi[i] - f->lo[i] + 1;
	return w;
}

/* put v into the field's bits of cfg[] (low bits of v to the first range) */
static void field_set(const struct field *f, uint64_t *cfg, uint64_t v)
{
	int i, b;

	for (i = 0; i < f->nr; i++)
		for (b = f->lo[i]; b <= f->hi[i]; b++, v >>= 1)
			if (v & 1)
				cfg[f->word] |= 1ULL << b;
}

static const struct field *find_field(const struct pmu *p, const char *name)
{
	int i;

	for (i = 0; i < p->nfields; i++)
		if (!strcmp(p->f[i].name, name))
			return &p->f[i];
	return NULL;
}

/* "event=0x14,umask=0x7" -> config words; -1 if a term is unknown */
static int parse_alias(const struct pmu *p, char *s, uint64_t *cfg)
{
	char *save, *term;

	cfg[0] = cfg[1] = cfg[2] = 0;
	for (term = strtok_r(s, ",", &save); term; term = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(term, '=');
		const struct field *f;
		uint64_t v = 1;

		if (eq) {
			*eq = 0;
			v = strtoull(eq + 1, NULL, 0);
		}
		f = find_field(p, term);
		if (!f)
			return -1;
		field_set(f, cfg, v);
	}
	return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static void load_pmu(struct pmu *p)
{
	struct dirent **de;
	char path[512], buf[512];
	int n, i;

	p->type = pmu_type(p);
	snprintf(path, sizeof(path), PMU_DIR "/%s/format", p->name);
	n = scandir(path, &de, NULL, by_name);
	for (i = 0; i < n; i++) {
		struct field *f = &p->f[p->nfields];

		snprintf(path, sizeof(path), PMU_DIR "/%s/format/%s", p->name,
			 de[i]->d_name);
		if (de[i]->d_name[0] != '.' && p->nfields < MAX_FIELDS &&
		    !read_str(path, buf, sizeof(buf)) &&
		    !parse_field(f, de[i]->d_name, buf)) {
			field_set(f, p->mask, ~0ULL);
			p->nfields++;
		}
		free(de[i]);
	}
	if (n > 0)
		free(de);

	snprintf(path, sizeof(path), PMU_DIR "/%s/events", p->name);
	n = scandir(path, &de, NULL, by_name);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), PMU_DIR "/%s/events/%s", p->name,
			 de[i]->d_name);
		if (!strchr(de[i]->d_name, '.') && p->naliases < MAX_ALIASES &&
		    !read_str(path, buf, sizeof(buf)) &&
		    !parse_alias(p, buf, p->alias[p->naliases]))
			p->naliases++;
		free(de[i]);
	}
	if (n > 0)
		free(de);
}

static int discover(void)
{
	struct dirent **de;
	int n, i;

	n = scandir(PMU_DIR, &de, NULL, by_name);
	for (i = 0; i < n; i++) {
		if (!strncmp(de[i]->d_name, prefix, strlen(prefix)) &&
		    npmus < MAX_PMUS) {
			struct pmu *p = &pmus[npmus++];

			snprintf(p->name, sizeof(p->name), "%.63s", de[i]->d_name);
			load_pmu(p);
		}
		free(de[i]);
	}
	if (n > 0)
		free(de);
	return npmus;
}

/* ---- slots ------------------------------------------------------------ */

static int nopen(void)
{
	int i, n = 0;

	for (i = 0; i < MAX_SLOTS; i++)
		n += slots[i].fd >= 0;
	return n;
}

/* an open slot chosen by r (the same draw whatever is open), or -1 */
static int pick_open(uint64_t r)
{
	int i, s = r % MAX_SLOTS;

	for (i = 0; i < MAX_SLOTS; i++, s = (s + 1) % MAX_SLOTS)
		if (slots[s].fd >= 0)
			return s;
	return -1;
}

static int free_slot(void)
{
	int i;

	for (i = 0; i < MAX_SLOTS; i++)
		if (slots[i].fd < 0)
			return i;
	return -1;
}

static void slot_unmap(struct slot *s)
{
	if (s->rb) {
		munmap(s->rb, s->rb_len);
		s->rb = NULL;
	}
}

static void slot_close(int i)
{
	struct slot *s = &slots[i];

	slot_unmap(s);
	close(s->fd);
	s->fd = -1;
}

/* every slot in the group of slot i (with PERF_IOC_FLAG_GROUP) */
static void mark_group(int i, int reset, int enable)
{
	int j;

	for (j = 0; j < MAX_SLOTS; j++) {
		if (slots[j].fd < 0 || (j != i && slots[j].gid != slots[i].gid))
			continue;
		slots[j].reset |= reset;
		slots[j].enabled |= enable;
	}
}

static int slot_of_id(uint64_t id)
{
	int j;

	for (j = 0; j < MAX_SLOTS; j++)
		if (slots[j].fd >= 0 && slots[j].id == id)
			return j;
	return -1;
}

static void map_slot(int s, uint64_t r, unsigned int k);
static void walk_ring(int i);

/* ---- perf_event_open -------------------------------------------------- */

static int sys_perf_event_open(void *attr, int pid, int cpu, int group,
			       unsigned long flags)
{
	return syscall(SYS_perf_event_open, attr, pid, cpu, group, flags);
}

/* the attribute's flag bitfield word, for the log */
static uint64_t attr_bits(const struct perf_event_attr *a)
{
	uint64_t w;

	memcpy(&w, (const char *)a + offsetof(struct perf_event_attr, read_format) +
	       sizeof(a->read_format), sizeof(w));
	return w;
}

static int choose_cpu(const struct pmu *p)
{
	uint64_t r = rnd();
	unsigned int how = below(100);
	int cpus[MAX_CPUS], n = 0;

	if (how < 75 && p)
		n = pmu_cpus(p, cpus);
	if (n)
		return cpus[r % n];
	if (how < 90)
		n = online_cpus(cpus);
	if (n)
		return cpus[r % n];
	if (how < 95)
		return -1;
	return (r & 1) ? MAX_CPUS + 7 : sysconf(_SC_NPROCESSORS_CONF) + (int)(r % 3);
}

static uint64_t random_period(void)
{
	unsigned int k = below(100);
	uint64_t r = rnd();

	if (k < 50)
		return 0;
	if (k < 75)
		return 1 + r % 16;
	if (k < 90)
		return 1ULL << (10 + r % 21);
	if (k < 95)
		return r >> (r & 63);
	return (r & 1) ? ~0ULL : 1ULL << 63;
}

/* a random mostly-sparse set of the bits in mask */
static uint64_t some_bits(uint64_t mask, unsigned int pct)
{
	uint64_t v = 0;
	int b;

	for (b = 0; b < 64; b++)
		if (chance(pct) && (mask >> b & 1))
			v |= 1ULL << b;
	return v;
}

struct open_req {
	union {
		struct perf_event_attr a;
		char raw[256];
	} u;
	int pmu;		/* -1: software / hardware */
	int outside;		/* config bit outside the format */
	int pid, cpu;
	unsigned long flags;
};

/*
 * The attribute: the draws depend only on earlier draws and the PMUs, never
 * on the kernel's answers.
 */
static void gen_attr(struct open_req *q, int kind, int pmu_idx, int cpu_like)
{
	struct perf_event_attr *a = &q->u.a;
	const struct pmu *p = pmu_idx >= 0 ? &pmus[pmu_idx] : NULL;
	uint64_t cfg[3] = { 0, 0, 0 }, r;
	unsigned int sz, i, k, k2;
	int cpu;

	memset(q, 0, sizeof(*q));
	q->pmu = pmu_idx;
	if (kind == 0 && p) {
		a->type = pmu_type(p);
		if (a->type == (uint32_t)-1)
			a->type = p->type;
		r = rnd();
		k = below(100);
		if (k < 40 && p->naliases) {
			memcpy(cfg, p->alias[r % p->naliases], sizeof(cfg));
		} else {
			/* k < 75: event and umask, another field now and then */
			for (i = 0; i < (unsigned int)p->nfields; i++) {
				const struct field *f = &p->f[i];
				uint64_t v = rnd();
				int w = field_width(f), simple = k < 75;

				k2 = below(10);
				if (k2 < 3)
					v = 0;
				else if (k2 < 5)
					v = w < 64 ? (1ULL << w) - 1 : ~0ULL;
				else if (k2 == 5)
					simple = 0;
				if (simple && strcmp(f->name, "event") &&
				    strcmp(f->name, "umask"))
					v = 0;
				else if (simple && !strcmp(f->name, "event"))
					v &= 0x3f;
				field_set(f, cfg, v);
			}
		}
		r = rnd();
		if (chance(8)) {
			int w = r % 3, b = (r >> 8) % 64;

			if (!(p->mask[w] >> b & 1)) {
				cfg[w] |= 1ULL << b;
				q->outside = 1;
			}
		}
		a->config = cfg[0];
		a->config1 = cfg[1];
		a->config2 = cfg[2];
	} else if (kind == 1) {
		a->type = PERF_TYPE_SOFTWARE;
		a->config = below(11);
	} else {
		a->type = PERF_TYPE_HARDWARE;
		a->config = below(10);
	}

	/* size */
	sz = below(100);
	a->size = sz < 90 ? sizeof(*a) : sz < 94 ? PERF_ATTR_SIZE_VER0 :
		  sz < 97 ? PERF_ATTR_SIZE_VER5 : sizeof(*a) + 8;
	if (chance(30) && a->size > sizeof(*a))
		q->u.raw[sizeof(*a) + 3] = 1;	/* E2BIG */

	/* sampling */
	a->sample_period = random_period();
	if (kind == 1 && a->sample_period && a->sample_period < 1000000)
		a->sample_period = 1000000;	/* software: ns, keep it calm */
	if (kind == 2)
		a->sample_period = 0;
	if (chance(5)) {
		a->freq = 1;
		a->sample_freq = 1 + below(100000);
	}
	r = rnd();
	if (chance(60))
		a->sample_type = some_bits(PERF_SAMPLE_MAX - 1, 12);
	if (chance(3))
		a->sample_type |= (uint64_t)PERF_SAMPLE_MAX << (r % 8);
	a->read_format = some_bits((PERF_FORMAT_LOST << 1) - 1, 40);
	if (chance(3))
		a->read_format |= (uint64_t)PERF_FORMAT_LOST << (1 + r % 8);
	if (a->sample_type & PERF_SAMPLE_BRANCH_STACK)
		a->branch_sample_type = some_bits(0x3ffff, 20);
	r = rnd();
	if (a->sample_type & PERF_SAMPLE_REGS_USER)
		a->sample_regs_user = r & 0xffffff;
	if (a->sample_type & PERF_SAMPLE_REGS_INTR)
		a->sample_regs_intr = (r >> 24) & 0xffffff;
	if (a->sample_type & PERF_SAMPLE_STACK_USER)
		a->sample_stack_user = (r >> 48) & 0xfff8;

	/* flags */
	a->disabled = chance(50);
	a->inherit = chance(10);
	a->pinned = chance(10);
	a->exclusive = chance(5);
	a->exclude_user = chance(2);
	a->exclude_kernel = chance(2);
	a->exclude_hv = chance(2);
	a->exclude_idle = chance(2);
	a->exclude_host = chance(2);
	a->exclude_guest = chance(2);
	a->mmap = chance(5);
	a->comm = chance(5);
	a->task = chance(5);
	a->inherit_stat = chance(3);
	a->enable_on_exec = chance(3);
	a->watermark = chance(15);
	r = rnd();
	if (a->watermark)
		a->wakeup_watermark = r % (4 * 4096);
	else
		a->wakeup_events = r % 5;
	k = below(3);
	a->precise_ip = chance(4) ? 1 + k : 0;
	a->sample_id_all = chance(15);
	a->use_clockid = chance(5);
	r = rnd();
	if (a->use_clockid) {
		static const int clocks[] = { CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW,
					      CLOCK_REALTIME, CLOCK_BOOTTIME, 99 };
		a->clockid = clocks[r % 5];
	}
	a->write_backward = chance(5);
	a->context_switch = chance(3);
	a->namespaces = chance(1);
	a->ksymbol = chance(1);
	a->bpf_event = chance(1);
	a->aux_output = chance(1);
	a->cgroup = chance(1);
	a->text_poke = chance(1);
	a->build_id = chance(1);
	a->inherit_thread = chance(1);
	a->remove_on_exec = chance(1);
	a->sigtrap = chance(1);
	a->mmap_data = chance(1);
	a->mmap2 = chance(1);
	k = below(26);
	if (chance(1))
		a->__reserved_1 = 1ULL << k;
	if (chance(2))
		a->aux_watermark = 4096;
	if (chance(2))
		a->aux_sample_size = 64;
	r = rnd();
	if (chance(1))
		a->__reserved_2 = 1;

	/* where */
	cpu = choose_cpu(p);
	q->cpu = cpu_like != -2 && chance(80) ? cpu_like : cpu;
	switch (below(100) / 10) {
	case 0:
		q->pid = (r & 1) ? getpid() : 1;
		if (r & 2)
			q->cpu = -1;
		break;
	default:
		q->pid = -1;
	}
	q->flags = chance(50) ? PERF_FLAG_FD_CLOEXEC : 0;
	if (chance(3))
		q->flags |= PERF_FLAG_FD_NO_GROUP;
	if (chance(2))
		q->flags |= PERF_FLAG_FD_OUTPUT;
	if (chance(1))
		q->flags |= 1UL << 5;
}

/* an attribute our PMUs refuse that was accepted */
static void check_refusals(const struct open_req *q)
{
	const struct perf_event_attr *a = &q->u.a;

	if (q->pmu < 0)
		return;
	if (q->outside)
		failf("accepted config bits outside %s's format", pmus[q->pmu].name);
	if (a->freq)
		failf("accepted frequency mode on %s", pmus[q->pmu].name);
	if (a->exclude_user || a->exclude_kernel || a->exclude_hv ||
	    a->exclude_idle || a->exclude_host || a->exclude_guest)
		failf("accepted exclude_* on %s", pmus[q->pmu].name);
	if (q->pid != -1 || q->cpu < 0)
		failf("accepted a task event on %s", pmus[q->pmu].name);
}

static void count_errno(int e)
{
	if (e == EINVAL)
		st.einval++;
	else if (e == ENOENT)
		st.enoent++;
	else if (e == EBUSY)
		st.ebusy++;
	else if (e == ENODEV)
		st.enodev++;
	else if (e == EOPNOTSUPP)
		st.eopnotsupp++;
	else
		st.other++;
}

static void do_open(int member)
{
	struct open_req q;
	uint64_t r = rnd();
	unsigned int kind = below(100), other = below(100), map = below(100);
	uint64_t rmap = rnd();
	int leader = member ? pick_open(r) : -1;
	int pmu_idx, gfd = -1, fd, s, e, type_before;
	long seq_before;
	const char *what;

	if (!member) {
		pmu_idx = kind < 85 ? (int)(r % npmus) : -1;
		gen_attr(&q, pmu_idx >= 0 ? 0 : kind < 97 ? 1 : 2, pmu_idx, -2);
		what = "open";
	} else {
		int lp = leader >= 0 ? slots[leader].pmu : -1;

		if (other < 50 && lp >= 0)
			pmu_idx = lp;
		else if (other < 75)
			pmu_idx = (r >> 32) % npmus;
		else
			pmu_idx = -1;
		gen_attr(&q, pmu_idx >= 0 ? 0 : 1, pmu_idx,
			 leader >= 0 ? slots[leader].cpu : -2);
		if (leader >= 0)
			gfd = slots[leader].fd;
		what = "member";
		/* software and uncore in one group: not while rmmod is fuzzed */
		if (rmmod_every && hotplug && leader >= 0 &&
		    (lp < 0) != (pmu_idx < 0)) {
			st.mixed++;
			logline("member skipped: software and uncore in one group while the module unloads");
			return;
		}
	}
	s = free_slot();
	if (s < 0 || nopen() >= max_open) {
		logline("%s skipped: %d events open", what, nopen());
		return;
	}

	type_before = pmu_idx >= 0 ? (int)q.u.a.type : -1;
	seq_before = sh->cpu_seq;
	st.opens++;
	if (q.u.a.type == PERF_TYPE_SOFTWARE && lockfd >= 0)
		flock(lockfd, LOCK_SH);
	fd = sys_perf_event_open(&q.u.a, q.pid, q.cpu, gfd, q.flags);
	e = fd < 0 ? errno : 0;
	if (q.u.a.type == PERF_TYPE_SOFTWARE && lockfd >= 0)
		flock(lockfd, LOCK_UN);
	logline("%s slot=%d pmu=%s type=%u size=%u config=%#llx config1=%#llx config2=%#llx period=%llu%s st=%#llx rf=%#llx bits=%#llx pid=%d cpu=%d group=%d(fd %d) flags=%#lx -> %s%d",
		what, s, pmu_idx >= 0 ? pmus[pmu_idx].name : "-", q.u.a.type,
		q.u.a.size, (unsigned long long)q.u.a.config,
		(unsigned long long)q.u.a.config1,
		(unsigned long long)q.u.a.config2,
		(unsigned long long)q.u.a.sample_period, q.u.a.freq ? "(freq)" : "",
		(unsigned long long)q.u.a.sample_type,
		(unsigned long long)q.u.a.read_format,
		(unsigned long long)attr_bits(&q.u.a), q.pid, q.cpu, leader, gfd,
		q.flags, fd < 0 ? ename(e) : "fd ", fd < 0 ? 0 : fd);
	if (fd < 0) {
		count_errno(e);
		if (e == 0)
			failf("perf_event_open returned %d with errno 0", fd);
		return;
	}
	st.ok++;
	/* the module reloaded, type numbers reshuffled: nothing to judge */
	if (pmu_idx < 0 || pmu_type(&pmus[pmu_idx]) == type_before)
		check_refusals(&q);

	memset(&slots[s], 0, sizeof(slots[s]));
	slots[s].fd = fd;
	slots[s].pmu = pmu_idx;
	slots[s].type = q.u.a.type;
	slots[s].cpu = q.cpu;
	slots[s].gid = leader >= 0 && !(q.flags & PERF_FLAG_FD_NO_GROUP) ?
		       slots[leader].gid : ++open_seq;
	slots[s].read_format = q.u.a.read_format;
	slots[s].sample_type = q.u.a.sample_type;
	slots[s].counting = !q.u.a.sample_period && !q.u.a.freq;
	slots[s].enabled = !q.u.a.disabled;
	slots[s].cpu_seq = seq_before;
	slots[s].backward = q.u.a.write_backward;
	if (leader >= 0 && (q.flags & PERF_FLAG_FD_OUTPUT))
		slots[leader].mixed = 1;
	if (ioctl(fd, PERF_EVENT_IOC_ID, &slots[s].id) || !slots[s].id)
		failf("PERF_EVENT_IOC_ID on a new event: %s id %llu",
		      ename(errno), (unsigned long long)slots[s].id);
	/* most sampling events get a ring buffer right away */
	if (!slots[s].counting && map < 60)
		map_slot(s, rmap, map);
}

/* ---- ioctl ------------------------------------------------------------ */

static void do_ioctl(void)
{
	static const char * const names[] = {
		"ENABLE", "DISABLE", "RESET", "REFRESH", "PERIOD",
		"SET_OUTPUT", "ID", "PAUSE_OUTPUT", "bogus"
	};
	uint64_t r = rnd(), val = random_period(), id = 0;
	unsigned int op = below(is_child ? 2 : 9), grp = chance(30), c = below(3);
	int s = pick_open(r), o = pick_open(r >> 20), fd, ret, e;
	long arg = 0;
	unsigned long cmd;

	if (is_child && c == 0)
		op = 6;		/* the child: ENABLE, DISABLE, ID */
	if (s < 0) {
		logline("ioctl %s: nothing open", names[op]);
		return;
	}
	fd = slots[s].fd;
	switch (op) {
	case 0:
		cmd = PERF_EVENT_IOC_ENABLE;
		break;
	case 1:
		cmd = PERF_EVENT_IOC_DISABLE;
		break;
	case 2:
		cmd = PERF_EVENT_IOC_RESET;
		break;
	case 3:
		cmd = PERF_EVENT_IOC_REFRESH;
		arg = (r >> 40) % 4;
		break;
	case 4:
		cmd = PERF_EVENT_IOC_PERIOD;
		arg = (r >> 40) % 20 ? (long)&val : 0;
		break;
	case 5:
		cmd = PERF_EVENT_IOC_SET_OUTPUT;
		arg = (r >> 40) % 5 == 0 ? -1 : (r >> 40) % 5 == 1 ? 0 :
		      o >= 0 ? slots[o].fd : -1;
		grp = 0;
		break;
	case 6:
		cmd = PERF_EVENT_IOC_ID;
		arg = (long)&id;
		grp = 0;
		break;
	case 7:
		cmd = PERF_EVENT_IOC_PAUSE_OUTPUT;
		arg = (r >> 40) & 1;
		grp = 0;
		break;
	default:
		cmd = _IO('$', 42 + (r >> 40) % 8);	/* not an ioctl of perf */
		grp = 0;
		break;
	}
	if (grp)
		arg |= PERF_IOC_FLAG_GROUP;
	/* before the call: a RESET that fails may still have reached some */
	if (op == 2)
		grp ? mark_group(s, 1, 0) : (void)(slots[s].reset = 1);
	if (op == 0 || op == 3)
		grp ? mark_group(s, 0, 1) : (void)(slots[s].enabled = 1);

	st.ioctls++;
	ret = ioctl(fd, cmd, arg);
	e = ret ? errno : 0;
	logline("ioctl slot=%d %s%s arg=%#lx%s -> %d %s", s, names[op],
		grp ? "|GROUP" : "", arg, op == 4 && arg ? " period" : "",
		ret, ename(e));
	if (op == 4 && arg)
		logline("  period=%llu", (unsigned long long)val);
	if (ret && ret != -1)
		failf("ioctl returned %d", ret);
	if (op == 6 && !ret && id != slots[s].id)
		failf("PERF_EVENT_IOC_ID of slot %d: %llu, was %llu", s,
		      (unsigned long long)id, (unsigned long long)slots[s].id);
	if (op == 5 && !ret && arg >= 0 && o >= 0)
		slots[o].mixed = 1;
}

/* ---- read ------------------------------------------------------------- */

static void check_value(int j, uint64_t val, uint64_t ena, uint64_t run,
			int times, const struct timespec *now)
{
	struct slot *s = &slots[j];

	/*
	 * perf_pmu_migrate_context() makes disabled events INACTIVE: after a
	 * collector went offline a disabled event may count.
	 */
	if (s->cpu_seq != sh->cpu_seq || s->cpu_seq & 1)
		s->enabled = 1;
	if (!s->enabled && (val || (times && ena)))
		failf("slot %d never enabled but counted %llu, enabled %llu ns",
		      j, (unsigned long long)val, (unsigned long long)ena);
	if (times && run > ena)
		failf("slot %d: time_running %llu > time_enabled %llu", j,
		      (unsigned long long)run, (unsigned long long)ena);
	if (s->have_last && times && (ena < s->last_ena || run < s->last_run))
		failf("slot %d: times went backwards: enabled %llu -> %llu, running %llu -> %llu",
		      j, (unsigned long long)s->last_ena, (unsigned long long)ena,
		      (unsigned long long)s->last_run, (unsigned long long)run);
	if (s->counting && !s->reset && s->pmu >= 0 && s->have_last) {
		uint64_t ns = (now->tv_sec - s->last_ts.tv_sec) * 1000000000ULL +
			      now->tv_nsec - s->last_ts.tv_nsec;

		if (val < s->last_val)
			failf("slot %d (%s): count went backwards: %llu -> %llu",
			      j, pmus[s->pmu].name,
			      (unsigned long long)s->last_val,
			      (unsigned long long)val);
		else if (val - s->last_val > (ns + 1000000000ULL) * MAX_PER_NS)
			failf("slot %d (%s): count jumped by %llu in %llu ns",
			      j, pmus[s->pmu].name,
			      (unsigned long long)(val - s->last_val),
			      (unsigned long long)ns);
	}
	s->last_val = val;
	s->last_ts = *now;
	if (times) {
		s->last_ena = ena;
		s->last_run = run;
	}
	s->have_last = 1;
}

static void do_read(void)
{
	uint64_t r = rnd(), buf[READ_BUF / 8];
	unsigned int how = below(100);
	int s = pick_open(r), ena, run, id, lost, grp, per, j;
	size_t len, want;
	struct timespec now;
	ssize_t n;
	uint64_t rf, *v;

	if (s < 0) {
		logline("read: nothing open");
		return;
	}
	if (slots[s].rb)
		walk_ring(s);
	rf = slots[s].read_format;
	ena = !!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED);
	run = !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING);
	id = !!(rf & PERF_FORMAT_ID);
	lost = !!(rf & PERF_FORMAT_LOST);
	grp = !!(rf & PERF_FORMAT_GROUP);
	per = 1 + id + lost;
	want = 8 * (ena + run + per);
	len = how < 70 ? sizeof(buf) : how < 85 ? want : 1 + (r >> 32) % 7;
	if (grp && how >= 70 && how < 85)
		len = sizeof(buf);

	memset(buf, 0xa5, sizeof(buf));
	st.reads++;
	n = read(slots[s].fd, buf, len);
	clock_gettime(CLOCK_MONOTONIC, &now);
	logline("read slot=%d len=%zu rf=%#llx -> %zd %s", s, len,
		(unsigned long long)rf, n, n < 0 ? ename(errno) : "");
	if (n < 0) {
		if (errno != ENOSPC || len >= 8)
			failf("read of %zu bytes: %s", len, ename(errno));
		return;
	}
	if (n == 0)		/* an event in error state reads as EOF */
		return;
	if (len < 8) {
		failf("read of %zu bytes returned %zd", len, n);
		return;
	}
	if (!grp) {
		if ((size_t)n != want) {
			failf("read returned %zd bytes, read_format %#llx wants %zu",
			      n, (unsigned long long)rf, want);
			return;
		}
		v = buf;
		if (id && v[1 + ena + run] != slots[s].id)
			failf("read: id %llu, the event's is %llu",
			      (unsigned long long)v[1 + ena + run],
			      (unsigned long long)slots[s].id);
		check_value(s, v[0], ena ? v[1] : 0, run ? v[1 + ena] : 0,
			    ena && run, &now);
		return;
	}
	/* group: nr, [enabled], [running], nr * { value, [id], [lost] } */
	if (buf[0] < 1 || buf[0] > MAX_SLOTS + 1 ||
	    (size_t)n != 8 * (1 + ena + run + buf[0] * per)) {
		failf("group read returned %zd bytes for nr=%llu, read_format %#llx",
		      n, (unsigned long long)buf[0], (unsigned long long)rf);
		return;
	}
	logline("  group nr=%llu", (unsigned long long)buf[0]);
	if (!id)
		return;
	v = buf + 1 + ena + run;
	for (j = 0; j < (int)buf[0]; j++, v += per) {
		int k = slot_of_id(v[1]);

		/* the leader's times are not the members' */
		if (k >= 0)
			check_value(k, v[0], 0, 0, 0, &now);
	}
}

/* ---- mmap ------------------------------------------------------------- */

static int fixed_sample_size(uint64_t t, size_t *size)
{
	static const uint64_t fixed = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP |
		PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR |
		PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU |
		PERF_SAMPLE_PERIOD | PERF_SAMPLE_WEIGHT | PERF_SAMPLE_DATA_SRC |
		PERF_SAMPLE_TRANSACTION | PERF_SAMPLE_PHYS_ADDR |
		PERF_SAMPLE_CGROUP | PERF_SAMPLE_DATA_PAGE_SIZE |
		PERF_SAMPLE_CODE_PAGE_SIZE | PERF_SAMPLE_WEIGHT_STRUCT;

	if (t & ~fixed)
		return 0;
	if ((t & PERF_SAMPLE_WEIGHT) && (t & PERF_SAMPLE_WEIGHT_STRUCT))
		return 0;
	*size = sizeof(struct perf_event_header) + 8 * __builtin_popcountll(t);
	return 1;
}

static void walk_ring(int i)
{
	struct slot *s = &slots[i];
	struct perf_event_mmap_page *pg = s->rb;
	uint64_t head, tail, dsize = pg->data_size;
	char *data = (char *)pg + pg->data_offset;
	size_t want = 0;
	int records = 0, samples = 0, check;

	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	tail = pg->data_tail;
	check = fixed_sample_size(s->sample_type, &want) && !s->mixed;
	logline("  ring slot=%d head=%llu tail=%llu size=%llu", i,
		(unsigned long long)head, (unsigned long long)tail,
		(unsigned long long)dsize);
	if (!s->rb_rw || s->backward || !dsize)
		return;
	if (head - tail > dsize) {
		failf("ring of slot %d: head %llu tail %llu beyond its %llu bytes",
		      i, (unsigned long long)head, (unsigned long long)tail,
		      (unsigned long long)dsize);
		return;
	}
	while (tail < head && records < 4096) {
		struct perf_event_header h;

		memcpy(&h, data + (tail % dsize), sizeof(h));
		if (h.size < sizeof(h) || h.size % 8 || h.size > head - tail ||
		    !h.type || h.type >= RECORD_TYPE_END) {
			failf("ring of slot %d: record type %u size %u at %llu (head %llu)",
			      i, h.type, h.size, (unsigned long long)tail,
			      (unsigned long long)head);
			return;
		}
		if (h.type == PERF_RECORD_SAMPLE) {
			samples++;
			if (check && h.size != want)
				failf("ring of slot %d: sample of %u bytes, sample_type %#llx makes %zu",
				      i, h.size, (unsigned long long)s->sample_type, want);
		}
		records++;
		tail += h.size;
	}
	__atomic_store_n(&pg->data_tail, tail, __ATOMIC_RELEASE);
	st.samples += samples;
	logline("  ring slot=%d records=%d samples=%d", i, records, samples);
}

/* a ring buffer of 1 + 2^n pages mostly, other sizes sometimes */
static void map_slot(int s, uint64_t r, unsigned int k)
{
	static const int bad[] = { 1, 4, 6, 0 };
	int pages;
	void *p;

	pages = k < 90 ? 1 + (1 << ((r >> 32) % 4)) : bad[(r >> 32) % 4];
	slots[s].rb_rw = k < 80 || k >= 90;
	slots[s].rb_len = pages * page_size;
	st.mmaps++;
	p = mmap(NULL, slots[s].rb_len, PROT_READ | (slots[s].rb_rw ? PROT_WRITE : 0),
		 MAP_SHARED, slots[s].fd, 0);
	logline("mmap slot=%d pages=%d %s -> %s", s, pages,
		slots[s].rb_rw ? "rw" : "ro", p == MAP_FAILED ? ename(errno) : "ok");
	if (p != MAP_FAILED)
		slots[s].rb = p;
	if (p != MAP_FAILED && pages >= 2 && (pages - 1) & (pages - 2))
		failf("mmap of %d pages (not 1 + 2^n) succeeded", pages);
}

static void do_mmap(void)
{
	uint64_t r = rnd();
	unsigned int k = below(100), unmap = below(100);
	int s = pick_open(r);

	if (s < 0) {
		logline("mmap: nothing open");
		return;
	}
	if (!slots[s].rb) {
		map_slot(s, r, k);
		return;
	}
	walk_ring(s);
	if (unmap < 30) {
		logline("munmap slot=%d", s);
		slot_unmap(&slots[s]);
	}
}

static void do_close(void)
{
	int s = pick_open(rnd());

	if (s < 0) {
		logline("close: nothing open");
		return;
	}
	st.closes++;
	logline("close slot=%d fd=%d", s, slots[s].fd);
	slot_close(s);
}

/* ---- one operation ---------------------------------------------------- */

static void do_fork(void);

static void one_op(void)
{
	unsigned int k = below(100);

	if (is_child) {		/* no RESET, PERIOD or close of shared events */
		if (k < 30)
			do_read();
		else if (k < 55)
			do_ioctl();
		else if (k < 85)
			do_open(k & 1);
		else
			do_mmap();
		return;
	}
	if (k < 22)
		do_open(0);
	else if (k < 32)
		do_open(1);
	else if (k < 54)
		do_ioctl();
	else if (k < 74)
		do_read();
	else if (k < 81)
		do_mmap();
	else if (k < 92)
		do_close();
	else if (k < 94)
		do_fork();
	else {
		unsigned int us = below(5000);

		logline("sleep %uus", us);
		usleep(us);
	}
}

static void do_fork(void)
{
	unsigned int nops = 1 + below(4);
	uint64_t cseed = rnd();
	int status, i;
	pid_t pid;

	/* the child may enable anything */
	for (i = 0; i < MAX_SLOTS; i++)
		slots[i].enabled = 1;
	st.forks++;
	logline("fork ops=%u", nops);
	fflush(logf);
	pid = fork();
	if (pid < 0) {
		logline("fork: %s", ename(errno));
		return;
	}
	if (!pid) {
		is_child = 1;
		who = "child ";
		memset(&st, 0, sizeof(st));
		/* perf's ring buffers are VM_DONTCOPY: not in the child */
		for (i = 0; i < MAX_SLOTS; i++)
			slots[i].rb = NULL;
		for (i = 0; i < (int)nops; i++) {
			rng_seed(seed ^ cseed, iter, i + 1);
			one_op();
		}
		fflush(logf);
		_exit(st.fails ? 3 : 0);
	}
	if (waitpid(pid, &status, 0) != pid)
		failf("waitpid: %s", ename(errno));
	else if (!WIFEXITED(status) || WEXITSTATUS(status))
		failf("child failed: status %#x", status);
}

/* ---- hotplug process -------------------------------------------------- */

static int ncpus_all;
static int pkg[MAX_CPUS];

static int set_online(int cpu, int on)
{
	char path[128];
	int ret;

	snprintf(path, sizeof(path), CPU_DIR "/cpu%d/online", cpu);
	if (!on)
		sh->cpu_seq++;
	ret = write_str(path, on ? "1" : "0");
	if (!on)
		sh->cpu_seq++;
	logline("cpu%d %s -> %s", cpu, on ? "online" : "offline",
		ret ? ename(-ret) : "ok");
	if (ret)
		sh->hotplug_fail++;
	return ret;
}

static void all_online(void)
{
	int c;

	for (c = 1; c < ncpus_all; c++)
		set_online(c, 1);
}

static void nap_us(unsigned int us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000L };

	nanosleep(&ts, NULL);
}

static void try_rmmod(void)
{
	int ret, rc;

	sh->rmmod_tries++;
	if (lockfd >= 0)
		flock(lockfd, LOCK_EX);
	ret = syscall(SYS_delete_module, module, O_NONBLOCK);
	if (lockfd >= 0)
		flock(lockfd, LOCK_UN);
	logline("rmmod %s -> %s", module, ret ? ename(errno) : "ok");
	if (ret)
		return;
	sh->rmmod_ok++;
	if (!reload_cmd)
		return;
	fflush(logf);
	rc = system(reload_cmd);
	logline("reload -> %d", rc);
	if (rc)
		sh->reload_fail++;
}

static void dump_stack_of(pid_t pid)
{
	char path[64], buf[4096];

	snprintf(path, sizeof(path), "/proc/%d/stack", pid);
	if (!read_str(path, buf, sizeof(buf)))
		fprintf(logf, "# kernel stack of %d:\n%s\n", pid, buf);
}

/* the main process made no progress for twice --timeout: say where it is */
static void watchdog(long *last, struct timespec *since)
{
	struct timespec now;
	long p = sh->progress;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (p != *last) {
		*last = p;
		*since = now;
	} else if (now.tv_sec - since->tv_sec > 2 * timeout_s && !sh->hang) {
		sh->hang = 1;
		fprintf(logf, "FAIL: seed=%" PRIu64 " iteration %ld hangs (no progress for %d s)\n",
			seed, p, 2 * timeout_s);
		fprintf(stderr, "xu-fuzz: FAIL: seed=%" PRIu64 " iteration %ld hangs (no progress for %d s)\n",
			seed, p, 2 * timeout_s);
		dump_stack_of(getppid());
	}
}

static void hotplug_loop(pid_t parent)
{
	struct timespec since;
	long step = 0, last = -1;
	char path[128], buf[32];
	int c;

	who = "hp ";
	clock_gettime(CLOCK_MONOTONIC, &since);
	while (!sh->stop && getppid() == parent) {
		unsigned int k;
		int cpus[MAX_CPUS], n, p, victim = -1;

		rng_seed(seed, 0x4850, ++step);
		iter = step;
		k = below(100);
		watchdog(&last, &since);
		if (rmmod_every && step % rmmod_every == 0) {
			try_rmmod();
		} else if (k < 40) {
			victim = 1 + below(ncpus_all > 1 ? ncpus_all - 1 : 1);
		} else if (k < 75 && npmus) {
			const struct pmu *pm = &pmus[below(npmus)];
			uint64_t r = rnd();

			n = pmu_cpus(pm, cpus);
			if (n)
				victim = cpus[r % n];
			if (victim == 0)
				victim = n > 1 ? cpus[1] : -1;
		} else {
			/* a whole package without CPU 0 */
			p = 1 + below(pkg[ncpus_all - 1] > 0 ? pkg[ncpus_all - 1] : 1);
			logline("socket %d offline", p);
			for (c = 1; c < ncpus_all; c++)
				if (pkg[c] == p)
					set_online(c, 0);
			nap_us(below(200000));
			for (c = 1; c < ncpus_all; c++)
				if (pkg[c] == p)
					set_online(c, 1);
			sh->hotplug++;
		}
		if (victim > 0 && victim < ncpus_all) {
			set_online(victim, 0);
			nap_us(below(100000));
			set_online(victim, 1);
			sh->hotplug++;
		}
		nap_us(below(50000));
	}
	all_online();
	/* the driver must be loaded when we are done */
	snprintf(path, sizeof(path), "/sys/module/%s/refcnt", module);
	if (read_str(path, buf, sizeof(buf)) && reload_cmd) {
		logline("module not loaded at the end: reload");
		if (system(reload_cmd))
			sh->reload_fail++;
	}
	fflush(logf);
	_exit(0);
}

static pid_t start_hotplug(void)
{
	char path[128], buf[32];
	pid_t pid, parent = getpid();
	int c;

	ncpus_all = sysconf(_SC_NPROCESSORS_CONF);
	if (ncpus_all > MAX_CPUS)
		ncpus_all = MAX_CPUS;
	for (c = 0; c < ncpus_all; c++) {
		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/topology/physical_package_id", c);
		pkg[c] = read_str(path, buf, sizeof(buf)) ? 0 : atoi(buf);
	}
	snprintf(lockpath, sizeof(lockpath), "/tmp/xu-fuzz-%d.lock", parent);
	fflush(logf);
	pid = fork();
	if (!pid) {
		/* an open file description of its own, so the locks conflict */
		lockfd = open(lockpath, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
		hotplug_loop(parent);
	}
	lockfd = open(lockpath, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	return pid;
}

/* ---- main ------------------------------------------------------------- */

static void on_alarm(int sig)
{
	char msg[160];
	int n;

	(void)sig;
	n = snprintf(msg, sizeof(msg),
		     "FAIL: seed=%" PRIu64 " iteration %ld did not finish in %d s\n",
		     seed, iter, timeout_s);
	if (write(2, msg, n) < 0 || (logf != stdout && write(fileno(logf), msg, n) < 0))
		_exit(2);
	_exit(2);
}

static void usage(void)
{
	fprintf(stderr, "usage: xu-fuzz [--seed S] [--iters N] [--log FILE|-] [--hotplug]\n"
		"               [--rmmod-every K] [--reload-cmd CMD] [--module NAME]\n"
		"               [--timeout SEC] [--max-open N] [--prefix P]\n");
	exit(64);
}

int main(int argc, char **argv)
{
	const char *logpath = "-";
	pid_t hp = -1;
	int i, status;

	for (i = 1; i < argc; i++) {
		const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(o, "--hotplug")) {
			hotplug = 1;
			continue;
		}
		if (!v)
			usage();
		i++;
		if (!strcmp(o, "--seed"))
			seed = strtoull(v, NULL, 0);
		else if (!strcmp(o, "--iters"))
			iters = atol(v);
		else if (!strcmp(o, "--log"))
			logpath = v;
		else if (!strcmp(o, "--rmmod-every"))
			rmmod_every = atoi(v);
		else if (!strcmp(o, "--reload-cmd"))
			reload_cmd = v;
		else if (!strcmp(o, "--module"))
			module = v;
		else if (!strcmp(o, "--timeout"))
			timeout_s = atoi(v);
		else if (!strcmp(o, "--max-open"))
			max_open = atoi(v);
		else if (!strcmp(o, "--prefix"))
			prefix = v;
		else
			usage();
	}
	if (max_open < 1 || max_open > MAX_SLOTS || timeout_s < 1)
		usage();
	logf = strcmp(logpath, "-") ? fopen(logpath, "a") : stdout;
	if (!logf) {
		perror(logpath);
		return 64;
	}
	setvbuf(logf, NULL, _IOLBF, 0);
	page_size = sysconf(_SC_PAGESIZE);
	for (i = 0; i < MAX_SLOTS; i++)
		slots[i].fd = -1;
	if (!discover()) {
		fprintf(stderr, "xu-fuzz: no PMU " PMU_DIR "/%s*\n", prefix);
		return 64;
	}
	fprintf(logf, "# xu-fuzz --seed %" PRIu64 " --iters %ld%s: %d PMUs\n", seed,
		iters, hotplug ? " --hotplug" : "", npmus);
	for (i = 0; i < npmus; i++)
		fprintf(logf, "# pmu %s type=%d fields=%d aliases=%d mask=%#llx,%#llx,%#llx\n",
			pmus[i].name, pmus[i].type, pmus[i].nfields, pmus[i].naliases,
			(unsigned long long)pmus[i].mask[0],
			(unsigned long long)pmus[i].mask[1],
			(unsigned long long)pmus[i].mask[2]);

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		perror("mmap");
		return 64;
	}
	memset(sh, 0, sizeof(*sh));
	if (hotplug)
		hp = start_hotplug();
	signal(SIGALRM, on_alarm);
	signal(SIGPIPE, SIG_IGN);

	for (iter = 0; iter < iters && !sh->hang; iter++) {
		alarm(timeout_s);
		rng_seed(seed, iter, 0);
		one_op();
		sh->progress = iter;
	}
	iter = iters;
	alarm(timeout_s);
	for (i = 0; i < MAX_SLOTS; i++)
		if (slots[i].fd >= 0)
			slot_close(i);
	logline("closed all");
	alarm(0);
	if (hp > 0) {
		sh->stop = 1;
		if (waitpid(hp, &status, 0) != hp || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			failf("hotplug process failed");
		if (sh->reload_fail)
			failf("the reload command failed %ld times", sh->reload_fail);
	}
	if (sh->hang)
		st.fails++;
	if (lockfd >= 0)
		unlink(lockpath);

	printf("xu-fuzz: seed=%" PRIu64 " iters=%ld opens=%ld ok=%ld einval=%ld enoent=%ld ebusy=%ld enodev=%ld eopnotsupp=%ld other=%ld ioctls=%ld reads=%ld mmaps=%ld samples=%ld forks=%ld closes=%ld hotplug=%ld hotplug_fail=%ld rmmod_tries=%ld rmmod_ok=%ld mixed_skipped=%ld fails=%ld\n",
	       seed, iters, st.opens, st.ok, st.einval, st.enoent, st.ebusy,
	       st.enodev, st.eopnotsupp, st.other, st.ioctls, st.reads, st.mmaps,
	       st.samples, st.forks, st.closes, sh->hotplug, sh->hotplug_fail,
	       sh->rmmod_tries, sh->rmmod_ok, st.mixed, st.fails);
	if (logf != stdout)
		fclose(logf);
	return sh->hang ? 2 : st.fails ? 1 : 0;
}

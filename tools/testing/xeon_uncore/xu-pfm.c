// SPDX-License-Identifier: GPL-2.0
/*
 * xu-pfm: libpfm4's uncore event table of the Xeon E5-2600 (snbep_unc_*)
 * and E5-2600 v2 (ivbep_unc_*) through libpfm4's perf_event encoder, as
 * PAPI and PCP use it, and optionally against the kernel.
 *
 *   xu-pfm [--open] [--complete] [--log LOG --history FILE] [STRING...]
 *
 * Without STRINGs: every PMU whose name starts with snbep_unc_ or
 * ivbep_unc_ that libpfm4 reports present, every event of it, the event
 * alone when it has no unit masks, else each unit mask alone
 * ("pmu::EVENT:UMASK").  --complete adds, for each of those that libpfm4
 * refuses for a missing unit mask or attribute, the string with every
 * other unit mask of its event, nf=1 or ff=32 (the attributes libpfm4
 * requires of the NID unit masks and of the PCU bands), or both, added:
 * each that libpfm4 takes is a string of its own ("completions"; a
 * "# xu-pfm: no completion of ..." line when none is).  Each string goes
 * to pfm_get_os_event_encoding() (PFM_OS_PERF_EVENT_EXT); one line per
 * string, either
 *
 *   STRING PMU type=T config=0x.. config1=0x.. config2=0x.. fstr=FSTR [attr=...]
 *
 * with PMU the sysfs name of the attr's type (the PMU libpfm4 chose), FSTR
 * the string as libpfm4 completed it (its defaults), attr= naming any
 * other attr field libpfm4 set; or
 *
 *   STRING libpfm4: WHY
 *
 * libpfm4's pfm_strerror() when libpfm4 itself refuses the string ("no
 * perf PMU" added when it encodes it without the OS layer but finds no
 * perf PMU of its name in /sys/bus/event_source/devices).
 *
 * --open: one session per encoded string: open the encoding as it is
 * (disabled, with time_enabled/time_running) on every CPU of the PMU's
 * cpumask (up to the first refusal), enable them all, disable, read and
 * close them.  Appends to the line "open=ok cpus=LIST", "open=idle
 * cpus=LIST" (some CPU never had its event on a counter), "open=refused
 * cpu=N errno=E (TEXT)" or "open=error ...", then one "\tdmesg: TEXT"
 * line per kernel message naming the PMU that the session caused
 * (/dev/kmsg: the driver's reason for a refusal, its notes).  A refusal
 * without such a message is retried once after 6 s: the driver's
 * messages are ratelimited (10 in 5 s).
 *
 * --log LOG --history FILE: after each session, append "session N
 * STRING" and then LOG's content to FILE and write "clear" to LOG: the
 * register log of xeon_uncore_sim, cut at the sessions.
 *
 * Last line: "# xu-pfm: S strings (C completions), E encoded, R refused
 * by libpfm4[, O opened, K refused by the kernel, I idle]".  Exit 0 unless
 * the tool itself failed (libpfm4's initialisation, a file).
 *
 * Build: gcc -O2 -Wall -Wextra -Werror xu-pfm.c -lpfm
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <perfmon/pfmlib_perf_event.h>

#define PMUS		"/sys/bus/event_source/devices"
#define MAX_CPUS	64
#define MAX_TYPES	256
#define STR_LEN		512
#define MAX_UMASKS	256
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const char * const prefixes[] = { "snbep_unc_", "ivbep_unc_", NULL };

/* attr type -> sysfs PMU name */
static struct {
	unsigned int type;
	char name[256];
} types[MAX_TYPES];
static int ntypes;

static bool do_open, do_complete;
static const char *log_path;
static FILE *hist;
static int kmsg = -1;

static struct {
	int strings, encoded, pfm_refused, opened, refused, idle, sessions;
	int completions;
} stats;

static int read_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static void load_types(void)
{
	char path[512], buf[64];
	struct dirent *d;
	DIR *dir = opendir(PMUS);

	if (!dir)
		return;
	while ((d = readdir(dir)) && ntypes < MAX_TYPES) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), PMUS "/%s/type", d->d_name);
		if (read_file(path, buf, sizeof(buf)))
			continue;
		types[ntypes].type = strtoul(buf, NULL, 0);
		snprintf(types[ntypes].name, sizeof(types[ntypes].name), "%s", d->d_name);
		ntypes++;
	}
	closedir(dir);
}

static const char *type_name(unsigned int type)
{
	int i;

	for (i = 0; i < ntypes; i++)
		if (types[i].type == type)
			return types[i].name;
	return NULL;
}

/* "0,2" or "0-3,8": the CPUs, at most @max */
static int parse_cpus(const char *s, int *cpus, int max)
{
	int n = 0, a, b;
	char *end;

	while (*s && n < max) {
		a = strtol(s, &end, 10);
		if (end == s)
			break;
		b = a;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		while (a <= b && n < max)
			cpus[n++] = a++;
		s = *end == ',' ? end + 1 : end;
	}
	return n;
}

static long xu_perf_open(struct perf_event_attr *attr, int cpu)
{
	return syscall(__NR_perf_event_open, attr, -1, cpu, -1, 0);
}

/*
 * The kernel's messages since the last call that name @pmu ("PMU: ..."),
 * each printed as a "\tdmesg: " line; returns how many.
 */
static int kmsg_drain(const char *pmu)
{
	char rec[2048], tag[80];
	int n = 0;
	ssize_t len;

	if (kmsg < 0)
		return 0;
	snprintf(tag, sizeof(tag), "%s: ", pmu);
	for (;;) {
		char *text;

		len = read(kmsg, rec, sizeof(rec) - 1);
		if (len < 0 && errno == EPIPE)
			continue;	/* overwritten records: go on with the next */
		if (len <= 0)
			break;
		rec[len] = '\0';
		text = strchr(rec, ';');
		if (!text)
			continue;
		text++;
		text[strcspn(text, "\n")] = '\0';
		if (!strstr(text, tag))
			continue;
		printf("\tdmesg: %s\n", text);
		n++;
	}
	return n;
}

/* LOG's content to the history, after a header; then clear LOG. */
static int move_log(const char *str)
{
	char buf[65536];
	size_t n;
	FILE *f;

	fprintf(hist, "session %d %s\n", stats.sessions, str);
	f = fopen(log_path, "r");
	if (!f)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, hist);
	fclose(f);
	f = fopen(log_path, "w");
	if (!f)
		return -1;
	fputs("clear\n", f);
	return fclose(f) ? -1 : 0;
}

/* Open the encoding on each CPU of @pmu's cpumask: one session. */
static void open_session(const char *str, const char *pmu,
			 const struct perf_event_attr *enc)
{
	struct perf_event_attr attr = *enc;
	int cpus[MAX_CPUS], fds[MAX_CPUS], ncpus, i, err = 0, ioerr = 0, bad = -1;
	char path[512], buf[512], list[512] = "";
	const char *what = NULL;
	bool idle = false;
	uint64_t val[3];

	attr.size = sizeof(attr);
	attr.disabled = 1;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	snprintf(path, sizeof(path), PMUS "/%s/cpumask", pmu);
	ncpus = read_file(path, buf, sizeof(buf)) ? 0 : parse_cpus(buf, cpus, MAX_CPUS);
	if (!ncpus) {
		printf(" open=error no cpumask for %s\n", pmu);
		return;
	}
	stats.sessions++;
	/* the first refusal is the session's: its reason is the one in dmesg */
	for (i = 0; i < ncpus; i++) {
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%d",
			 i ? "," : "", cpus[i]);
		fds[i] = err ? -1 : xu_perf_open(&attr, cpus[i]);
		if (fds[i] < 0 && !err) {
			err = errno;
			bad = cpus[i];
		}
	}
	for (i = 0; i < ncpus && !err; i++)
		if (ioctl(fds[i], PERF_EVENT_IOC_ENABLE, 0))
			what = "enable", ioerr = errno;
	for (i = 0; i < ncpus && !err; i++)
		if (ioctl(fds[i], PERF_EVENT_IOC_DISABLE, 0))
			what = "disable", ioerr = errno;
	for (i = 0; i < ncpus && !err; i++) {
		if (read(fds[i], val, sizeof(val)) != sizeof(val))
			what = "read", ioerr = errno;
		else if (!val[2])
			idle = true;
	}
	for (i = 0; i < ncpus; i++)
		if (fds[i] >= 0)
			close(fds[i]);

	if (err) {
		stats.refused++;
		printf(" open=refused cpu=%d errno=%d (%s)\n", bad, err, strerror(err));
		if (!kmsg_drain(pmu) && kmsg >= 0) {
			/* ratelimited: ask again once the burst has passed */
			sleep(6);
			fds[0] = xu_perf_open(&attr, bad);
			if (fds[0] >= 0) {
				printf("\tretry: accepted after 6 s\n");
				close(fds[0]);
			}
			kmsg_drain(pmu);
		}
	} else if (what) {
		printf(" open=error %s: %s cpus=%s\n", what, strerror(ioerr), list);
		kmsg_drain(pmu);
	} else {
		stats.opened++;
		stats.idle += idle;
		printf(" open=%s cpus=%s\n", idle ? "idle" : "ok", list);
		kmsg_drain(pmu);
	}
	fflush(stdout);
	if (hist && move_log(str))
		fprintf(stderr, "xu-pfm: %s: %s\n", log_path, strerror(errno));
}

/* attr fields other than type and config* that libpfm4 set, if any */
static void print_attr_extra(const struct perf_event_attr *a)
{
	const char *sep = " attr=";

#define XU_ATTR_FLAG(f)							\
	do {								\
		if (a->f) {						\
			printf("%s%s=%llu", sep, #f, (unsigned long long)a->f); \
			sep = ",";					\
		}							\
	} while (0)
	XU_ATTR_FLAG(exclude_user);
	XU_ATTR_FLAG(exclude_kernel);
	XU_ATTR_FLAG(exclude_hv);
	XU_ATTR_FLAG(exclude_idle);
	XU_ATTR_FLAG(exclude_host);
	XU_ATTR_FLAG(exclude_guest);
	XU_ATTR_FLAG(freq);
	XU_ATTR_FLAG(sample_period);
	XU_ATTR_FLAG(sample_type);
	XU_ATTR_FLAG(precise_ip);
	XU_ATTR_FLAG(pinned);
	XU_ATTR_FLAG(exclusive);
	XU_ATTR_FLAG(inherit);
	XU_ATTR_FLAG(read_format);
#undef XU_ATTR_FLAG
}

/* libpfm4's perf_event encoding of @str into @attr (*fstr: free it) */
static int pfm_encode(const char *str, struct perf_event_attr *attr, char **fstr)
{
	pfm_perf_encode_arg_t arg;

	memset(attr, 0, sizeof(*attr));
	memset(&arg, 0, sizeof(arg));
	arg.attr = attr;
	arg.fstr = fstr;
	arg.size = sizeof(arg);
	*fstr = NULL;
	return pfm_get_os_event_encoding(str, PFM_PLM0 | PFM_PLM3,
					 PFM_OS_PERF_EVENT_EXT, &arg);
}

/* One string: its line, its session.  Returns libpfm4's answer. */
static int do_string(const char *str)
{
	struct perf_event_attr attr;
	pfm_pmu_encode_arg_t raw;
	uint64_t codes[8];
	const char *pmu;
	char *fstr;
	int ret;

	stats.strings++;
	ret = pfm_encode(str, &attr, &fstr);
	if (ret != PFM_SUCCESS) {
		stats.pfm_refused++;
		printf("%s libpfm4: %s", str, pfm_strerror(ret));
		/* the same string without the OS layer */
		memset(&raw, 0, sizeof(raw));
		raw.codes = codes;
		raw.count = 8;
		raw.size = sizeof(raw);
		if (ret == PFM_ERR_NOTSUPP &&
		    pfm_get_os_event_encoding(str, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE,
					      &raw) == PFM_SUCCESS)
			printf(" (no perf PMU: without the OS layer it encodes 0x%" PRIx64 ")",
			       codes[0]);
		printf("\n");
		free(fstr);
		return ret;
	}
	stats.encoded++;
	pmu = type_name(attr.type);
	printf("%s %s type=%u config=%#llx config1=%#llx config2=%#llx fstr=%s",
	       str, pmu ? pmu : "?", attr.type, (unsigned long long)attr.config,
	       (unsigned long long)attr.config1, (unsigned long long)attr.config2,
	       fstr ? fstr : "?");
	print_attr_extra(&attr);
	free(fstr);
	if (do_open && pmu)
		open_session(str, pmu, &attr);
	else
		printf("%s\n", do_open ? " open=error no sysfs PMU of its type" : "");
	return ret;
}

/*
 * --complete: a string libpfm4 refuses for a missing unit mask or
 * attribute (a unit mask alone, or an event without unit masks), with
 * every other unit mask of its event added, one of the attributes that
 * libpfm4 requires of some events or both: nf=1 (the node filter of the
 * NID unit masks), ff=32 (the PCU band's frequency, 3.2 GHz).  Each
 * completion that libpfm4 does not refuse for a missing or conflicting
 * unit mask or attribute is done as a string of its own; a pair of unit
 * masks that libpfm4 both refuses alone is tried once.
 */
static const char * const completing_attrs[] = { "", ":nf=1", ":ff=32" };

#define REFUSED_ALONE(ret)	((ret) == PFM_ERR_UMASK || (ret) == PFM_ERR_ATTR)

/* @s completes a refused string if libpfm4 takes it: then done as one */
static int try_completion(const char *s)
{
	struct perf_event_attr attr;
	char *fstr;
	int ret = pfm_encode(s, &attr, &fstr);

	free(fstr);
	if (REFUSED_ALONE(ret) || ret == PFM_ERR_FEATCOMB)
		return 0;
	stats.completions++;
	do_string(s);
	return 1;
}

/*
 * @base: "pmu::EVENT"; @umasks: its @n unit masks, @alone: libpfm4's
 * answer to each alone, or to the event alone if it has none.
 */
static void complete(const char *base, const char * const *umasks,
		     const int *alone, int n)
{
	char s[2 * STR_LEN];
	int u, v, k, found;
	unsigned int a;

	if (!n) {
		found = 0;
		for (a = 1; REFUSED_ALONE(alone[0]) && a < ARRAY_SIZE(completing_attrs); a++)
			if (snprintf(s, sizeof(s), "%s%s", base,
				     completing_attrs[a]) < (int)sizeof(s))
				found += try_completion(s);
		if (REFUSED_ALONE(alone[0]) && !found)
			printf("# xu-pfm: no completion of %s that libpfm4 encodes\n", base);
		return;
	}
	for (u = 0; u < n; u++) {
		if (!REFUSED_ALONE(alone[u]))
			continue;
		found = 0;
		for (v = -1; v < n; v++) {
			if (v == u || (v >= 0 && v < u && REFUSED_ALONE(alone[v])))
				continue;
			for (k = v < 0; k < (int)ARRAY_SIZE(completing_attrs); k++)
				if (snprintf(s, sizeof(s), "%s:%s%s%s%s", base, umasks[u],
					     v < 0 ? "" : ":", v < 0 ? "" : umasks[v],
					     completing_attrs[k]) < (int)sizeof(s))
					found += try_completion(s);
		}
		if (!found)
			printf("# xu-pfm: no completion of %s:%s that libpfm4 encodes\n",
			       base, umasks[u]);
	}
}

static bool wanted(const char *name)
{
	const char * const *p;

	for (p = prefixes; *p; p++)
		if (!strncmp(name, *p, strlen(*p)))
			return true;
	return false;
}

/* every event of every present snbep/ivbep uncore PMU, by unit mask */
static void walk_table(void)
{
	const char *umasks[MAX_UMASKS];
	int alone[MAX_UMASKS];
	pfm_event_attr_info_t ainfo;
	pfm_event_info_t einfo;
	pfm_pmu_info_t pinfo;
	char str[STR_LEN];
	int p, i, a, n, u;

	pfm_for_all_pmus(p) {
		memset(&pinfo, 0, sizeof(pinfo));
		pinfo.size = sizeof(pinfo);
		if (pfm_get_pmu_info(p, &pinfo) != PFM_SUCCESS ||
		    !pinfo.is_present || !wanted(pinfo.name))
			continue;
		for (i = pinfo.first_event; i != -1; i = pfm_get_event_next(i)) {
			memset(&einfo, 0, sizeof(einfo));
			einfo.size = sizeof(einfo);
			if (pfm_get_event_info(i, PFM_OS_PERF_EVENT_EXT, &einfo) != PFM_SUCCESS)
				continue;
			n = 0;
			for (a = 0; a < einfo.nattrs && n < MAX_UMASKS; a++) {
				memset(&ainfo, 0, sizeof(ainfo));
				ainfo.size = sizeof(ainfo);
				if (pfm_get_event_attr_info(i, a, PFM_OS_PERF_EVENT_EXT,
							    &ainfo) == PFM_SUCCESS &&
				    ainfo.type == PFM_ATTR_UMASK)
					umasks[n++] = ainfo.name;
			}
			for (u = 0; u < n; u++) {
				snprintf(str, sizeof(str), "%s::%s:%s", pinfo.name,
					 einfo.name, umasks[u]);
				alone[u] = do_string(str);
			}
			snprintf(str, sizeof(str), "%s::%s", pinfo.name, einfo.name);
			if (!n)
				alone[0] = do_string(str);
			if (do_complete)
				complete(str, umasks, alone, n);
		}
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: xu-pfm [--open] [--complete] [--log LOG --history FILE] [STRING...]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "open", no_argument, NULL, 'o' },
		{ "complete", no_argument, NULL, 'c' },
		{ "log", required_argument, NULL, 'l' },
		{ "history", required_argument, NULL, 'H' },
		{ }
	};
	const char *hist_path = NULL;
	int c, ret, v;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			do_open = true;
			break;
		case 'c':
			do_complete = true;
			break;
		case 'l':
			log_path = optarg;
			break;
		case 'H':
			hist_path = optarg;
			break;
		default:
			usage();
		}
	}
	if (!log_path != !hist_path)
		usage();

	ret = pfm_initialize();
	if (ret != PFM_SUCCESS) {
		fprintf(stderr, "xu-pfm: pfm_initialize: %s\n", pfm_strerror(ret));
		return 1;
	}
	v = pfm_get_version();
	printf("# xu-pfm: libpfm4 (API %d.%d)\n", PFM_MAJ_VERSION(v), PFM_MIN_VERSION(v));
	load_types();
	if (hist_path) {
		hist = fopen(hist_path, "a");
		if (!hist) {
			fprintf(stderr, "xu-pfm: %s: %s\n", hist_path, strerror(errno));
			return 1;
		}
	}
	if (do_open) {
		kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
		if (kmsg < 0 || lseek(kmsg, 0, SEEK_END) < 0)
			printf("# xu-pfm: /dev/kmsg: %s: no kernel messages\n", strerror(errno));
	}
	setvbuf(stdout, NULL, _IOLBF, 0);

	if (optind < argc)
		for (; optind < argc; optind++)
			do_string(argv[optind]);
	else
		walk_table();

	printf("# xu-pfm: %d strings (%d completions), %d encoded, %d refused by libpfm4",
	       stats.strings, stats.completions, stats.encoded, stats.pfm_refused);
	if (do_open)
		printf(", %d opened, %d refused by the kernel, %d idle",
		       stats.opened, stats.refused, stats.idle);
	printf("\n");
	pfm_terminate();
	if (hist && fclose(hist)) {
		fprintf(stderr, "xu-pfm: %s: %s\n", hist_path, strerror(errno));
		return 1;
	}
	return 0;
}

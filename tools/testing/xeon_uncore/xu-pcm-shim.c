// SPDX-License-Identifier: GPL-2.0
/*
 * xu-pcm-shim: an LD_PRELOAD library that records what a perf client (Intel
 * PCM) asks of perf_event_open(2) and what it reads back, for e2e/pcm.
 *
 * Built with gcc -O2 -Wall -Wextra -Werror -shared -fPIC -ldl (e2e/pcm
 * builds it unless XU_PCM_SHIM names a build), used as
 *
 *   XU_PCM_LOG=FILE [XU_PCM_NOTIFY=FIFO XU_PCM_GATE=FIFO] \
 *       LD_PRELOAD=./xu-pcm-shim.so pcm-memory ...
 *
 * One line per event appended to XU_PCM_LOG (one write(2) per line, so the
 * lines of the client's threads never mix):
 *
 *   open fd=FD pmu=NAME type=T config=0x.. config1=0x.. config2=0x..
 *        cpu=C pid=P group=G flags=F read_format=R disabled=D errno=E
 *   read fd=FD ret=N v=V0[,V1...]      every read(2) of an fd opened above,
 *                                      the u64 words it returned, decimal
 *   sleep n=K ns=NS                    the K-th nanosleep(2) of the main
 *                                      thread after the first such read
 *   closed fd=FD
 *
 * each ending with t=SECONDS (CLOCK_MONOTONIC).  With the two FIFOs, the
 * K-th sleep writes "K" to XU_PCM_NOTIFY, then waits for a line from
 * XU_PCM_GATE before it sleeps: the test moves the model's clock while the
 * client is held between two rounds of reads (PCM reads in the main
 * thread and the threads it waits for, and sleeps in the main thread
 * between rounds), then lets it go on.  Other threads' sleeps are neither
 * logged nor held.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_FD 65536

static unsigned char perf_fd[MAX_FD];
static int log_fd = -2;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int reads_seen;
static int sleeps;

static long (*real_syscall)(long, ...);
static ssize_t (*real_read)(int, void *, size_t);
static int (*real_close)(int);
static int (*real_nanosleep)(const struct timespec *, struct timespec *);

static void resolve(void)
{
	if (real_read)
		return;
	real_syscall = dlsym(RTLD_NEXT, "syscall");
	real_close = dlsym(RTLD_NEXT, "close");
	real_nanosleep = dlsym(RTLD_NEXT, "nanosleep");
	real_read = dlsym(RTLD_NEXT, "read");
}

static void log_line(const char *fmt, ...)
{
	char buf[1024];
	int n, saved = errno;
	va_list ap;

	resolve();
	if (log_fd == -2) {
		const char *path = getenv("XU_PCM_LOG");

		log_fd = path ? open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644) : -1;
	}
	if (log_fd >= 0) {
		struct timespec ts;
		int m;

		va_start(ap, fmt);
		n = vsnprintf(buf, sizeof(buf) - 40, fmt, ap);
		va_end(ap);
		if (n > (int)sizeof(buf) - 41)
			n = sizeof(buf) - 41;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		m = snprintf(buf + n, 40, " t=%lld.%06ld",
			     (long long)ts.tv_sec, ts.tv_nsec / 1000);
		if (m > 0 && m < 40)
			n += m;
		buf[n++] = '\n';
		if (write(log_fd, buf, n) != n)
			log_fd = -1;
	}
	errno = saved;
}

/* the PMU whose sysfs type is TYPE, or "?" */
static void pmu_name(unsigned int type, char *out, size_t len)
{
	const char *dir = "/sys/bus/event_source/devices";
	struct dirent *d;
	char path[600], val[32];
	DIR *dp = opendir(dir);

	snprintf(out, len, "?");
	if (!dp)
		return;
	while ((d = readdir(dp))) {
		ssize_t n;
		int fd;

		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/type", dir, d->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		n = real_read(fd, val, sizeof(val) - 1);
		real_close(fd);
		if (n <= 0)
			continue;
		val[n] = 0;
		if (strtoul(val, NULL, 10) == type) {
			snprintf(out, len, "%s", d->d_name);
			break;
		}
	}
	closedir(dp);
}

long syscall(long nr, ...)
{
	struct perf_event_attr *attr;
	long a[6], ret;
	char pmu[256];
	va_list ap;
	int i, err;

	resolve();
	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	ret = real_syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	if (nr != SYS_perf_event_open)
		return ret;
	err = ret < 0 ? errno : 0;
	attr = (struct perf_event_attr *)a[0];
	pmu_name(attr->type, pmu, sizeof(pmu));
	log_line("open fd=%ld pmu=%s type=%u config=0x%llx config1=0x%llx config2=0x%llx cpu=%d pid=%d group=%d flags=0x%lx read_format=0x%llx disabled=%u errno=%d",
		 ret, pmu, attr->type, (unsigned long long)attr->config,
		 (unsigned long long)attr->config1,
		 (unsigned long long)attr->config2, (int)a[2], (int)a[1],
		 (int)a[3], (unsigned long)a[4],
		 (unsigned long long)attr->read_format, attr->disabled, err);
	if (ret >= 0 && ret < MAX_FD)
		perf_fd[ret] = 1;
	if (err)
		errno = err;
	return ret;
}

static void log_read(int fd, const void *buf, ssize_t ret)
{
	char line[900];
	const uint64_t *v = buf;
	size_t len = 0;
	ssize_t i;

	if (fd < 0 || fd >= MAX_FD || !perf_fd[fd])
		return;
	for (i = 0; ret > 0 && i < ret / 8 && len < sizeof(line) - 32; i++)
		len += snprintf(line + len, sizeof(line) - len, "%s%llu",
				i ? "," : "", (unsigned long long)v[i]);
	line[len] = 0;
	pthread_mutex_lock(&lock);
	reads_seen = 1;
	pthread_mutex_unlock(&lock);
	log_line("read fd=%d ret=%zd v=%s", fd, ret, line);
}

ssize_t read(int fd, void *buf, size_t count)
{
	ssize_t ret;

	resolve();
	ret = real_read(fd, buf, count);
	log_read(fd, buf, ret);
	return ret;
}

ssize_t __read_chk(int fd, void *buf, size_t count, size_t buflen)
{
	if (count > buflen)
		abort();
	return read(fd, buf, count);
}

int close(int fd)
{
	resolve();
	if (fd >= 0 && fd < MAX_FD && perf_fd[fd]) {
		perf_fd[fd] = 0;
		log_line("closed fd=%d", fd);
	}
	return real_close(fd);
}

/* a FIFO named by the environment variable VAR, opened once, or -1 */
static int fifo(const char *var, int *fd)
{
	const char *path = getenv(var);

	if (*fd == -2)
		*fd = path ? open(path, O_RDWR | O_CLOEXEC) : -1;
	return *fd;
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	static int notify_fd = -2, gate_fd = -2;
	char buf[32];
	int k = 0, n;

	resolve();
	if (gettid() != getpid())
		return real_nanosleep(req, rem);
	pthread_mutex_lock(&lock);
	if (reads_seen)
		k = ++sleeps;
	pthread_mutex_unlock(&lock);
	if (k) {
		log_line("sleep n=%d ns=%lld", k,
			 (long long)req->tv_sec * 1000000000LL + req->tv_nsec);
		if (fifo("XU_PCM_NOTIFY", &notify_fd) >= 0 &&
		    fifo("XU_PCM_GATE", &gate_fd) >= 0) {
			n = snprintf(buf, sizeof(buf), "%d\n", k);
			if (write(notify_fd, buf, n) == n)
				while (real_read(gate_fd, buf, sizeof(buf)) < 0 &&
				       errno == EINTR)
					;
		}
	}
	return real_nanosleep(req, rem);
}

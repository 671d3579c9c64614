# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Shared helpers for the xeon-uncore QEMU harness.  Source it, do not run it:
#   . "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
#
# Defines:
#   XU_DIR    this folder (tools/testing/xeon_uncore)
#   XU_REPO   the repository root (three levels above XU_DIR's files)
#   XU_CACHE  ${XU_CACHE:-$HOME/.cache/xeon-uncore}; every build product lives here
#   XU_PROG   name of the running script, used as log prefix
# and the functions xu_log, xu_warn, xu_die, xu_need_pkgs, xu_lock, xu_hash,
# xu_linux_source, xu_perf, xu_platforms.

# shellcheck disable=SC2034 # used by the scripts that source this file
XU_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
# shellcheck disable=SC2034
XU_REPO=$(cd "$XU_DIR/../../.." && pwd -P)
XU_CACHE=${XU_CACHE:-$HOME/.cache/xeon-uncore}
XU_PROG=${XU_PROG:-$(basename "$0")}
XU_VERBOSE=${XU_VERBOSE:-0}
export XU_CACHE

# Logging goes to stderr so that the "print the result on the last stdout
# line" convention of the helper scripts stays intact.
xu_log() { printf '%s: %s\n' "$XU_PROG" "$*" >&2; }
xu_warn() { printf '%s: warning: %s\n' "$XU_PROG" "$*" >&2; }
xu_die() {
	printf '%s: error: %s\n' "$XU_PROG" "$*" >&2
	exit 1
}
# xu_usage: print the calling script's header comment (its usage text).
xu_usage() {
	awk 'NR > 3 && !/^#/ { exit } NR > 3 { sub(/^# ?/, ""); print }' "$0"
}
xu_debug() { [ "$XU_VERBOSE" = 0 ] || printf '%s: debug: %s\n' "$XU_PROG" "$*" >&2; }

# xu_platforms: the parts of the one list (drivers/perf/xeon_uncore/
# platforms.h), a line each: "name family model qemu-cpu" (decimal)
xu_platforms() {
	sed -n 's/^XU_PLATFORM(\([a-z0-9_]*\),[[:space:]]*\(0x[0-9a-f]*\),[[:space:]]*\(0x[0-9a-f]*\),[[:space:]]*"\([^"]*\)")$/\1 \2 \3 \4/p' \
		"$XU_REPO/drivers/perf/xeon_uncore/platforms.h" |
		while read -r name fam model cpu; do
			echo "$name $((fam)) $((model)) $cpu"
		done
}

# Run a command as root (directly, or through sudo when we are not root).
xu_root() {
	if [ "$(id -u)" = 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1; then
		sudo "$@"
	else
		xu_die "need root for: $*"
	fi
}

# True if the Debian package is installed (status "ii").
xu_pkg_installed() {
	local st
	st=$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null) || return 1
	[ "${st:0:2}" = ii ]
}

# xu_need_pkgs PKG...: apt-get install the packages that are not installed
# yet, quietly.  `apt-get update` runs only if the first attempt fails (no or
# stale package lists).  Safe to call concurrently (waits for the dpkg lock).
xu_need_pkgs() {
	local p missing=() log
	for p in "$@"; do
		xu_pkg_installed "$p" || missing+=("$p")
	done
	[ ${#missing[@]} -gt 0 ] || return 0
	xu_log "installing: ${missing[*]}"
	log=$(mktemp /tmp/xu-apt.XXXXXX)
	local apt=(env DEBIAN_FRONTEND=noninteractive apt-get -q -y
		-o DPkg::Lock::Timeout=600 --no-install-recommends)
	if ! xu_root "${apt[@]}" install "${missing[@]}" >"$log" 2>&1; then
		xu_log "install failed, running apt-get update and retrying"
		if ! xu_root "${apt[@]}" update >>"$log" 2>&1 ||
			! xu_root "${apt[@]}" install "${missing[@]}" >>"$log" 2>&1; then
			tail -n 20 "$log" >&2
			rm -f "$log"
			xu_die "could not install: ${missing[*]}"
		fi
	fi
	rm -f "$log"
}

# xu_lock FILE: take an exclusive flock on FILE for the rest of the calling
# (sub)shell, so that concurrent runs do not build the same cache entry twice.
# Uses file descriptor 9.
xu_lock() {
	mkdir -p "$(dirname "$1")"
	exec 9>"$1"
	if ! flock -n 9; then
		xu_log "waiting for lock $1"
		flock 9
	fi
}

# xu_tsan_calls OBJECT: how many KCSAN calls (__tsan_*) OBJECT makes, by
# nm; fails if nm does (callers: n=$(xu_tsan_calls F) || xu_die ...)
xu_tsan_calls() {
	local syms
	syms=$(nm "$1") || return
	grep -c ' U __tsan_' <<<"$syms" || true
}

# xu_hash: short (12 hex) sha256 of stdin.
xu_hash() {
	sha256sum | cut -c1-12
}

# Debian's linux-source package: its name and version.
XU_SRC_PKG=${XU_SRC_PKG:-linux-source-6.1}

# The kernels the harness boots, one per line:
#   NAME KIND TCG PERF WHAT [FRAGMENT...]
#   stock: WHAT is the Debian image package or metapackage (kernel-stock)
#   debug: WHAT is the Debian linux-source package; the FRAGMENTs (files in
#          XU_DIR, later lines overriding earlier ones) are applied to
#          allnoconfig (kernel-debug)
#   TCG: how QEMU runs the guest's vCPUs by default (vm-run's --tcg-thread):
#          single for Debian's kernels: their jump label patching QEMU 7.2
#          mistranslated on 6.12 with a thread per vCPU (vm-run's usage),
#          and on one thread a vCPU spinning on a lock (PAUSE) gives its
#          turn away at once, where with a thread each the guest's 4 vCPU
#          threads share 2 cores with the other lane (the v2's stock boot:
#          522 s on one thread, 848 s with four); multi for the debug
#          kernels: their parts took longer on one thread in a full run
#          (3 Dec: KASAN's 608 s against 406-520, the KCSAN v2's 712 s
#          against 283-482), though either boots alone as fast on one
#   PERF: the perf the guest's scripts run under run-tests (XU_PERF):
#          "-" the system's (Debian's linux-perf, 6.1), or one built from
#          a Debian linux-source package's tools/perf (xu_perf), for the
#          debug kernels: 6.1's perf reads every PMU's event aliases from
#          sysfs at each start (the 7500's 854 files), 6.12's only those
#          of the PMUs it is given.
#          Measured (4 Dec, one event on a C-box, 6.1's perf against
#          6.12's): perf stat 8.0 s against 0.9 s on the debug kernel,
#          13.7 s against 1.2 s on KCSAN; perf record (of nothing) 8.7
#          against 2.0 s on the debug kernel, and of a 1 s session 17.8
#          against 8.2 s on KCSAN.  6.1's perf stays every stock boot's,
#          every suite of them.
# vm-run, build-modules, kernel-debug and run-tests take NAME as --kernel.
XU_KERNELS='
stock          stock single -                 linux-image-amd64
debug          debug multi  linux-source-6.12 linux-source-6.1  debug.config
stock-6.12     stock single -                 linux-image-6.12-amd64
rt-6.12        stock single -                 linux-image-6.12-rt-amd64
kcsan-rt-6.12  debug multi  linux-source-6.12 linux-source-6.12 debug.config kcsan-rt-6.12.config
'

# fixture_sim_args PLATFORM: the model's parameters for the part's boots
# (its e2e fixture's SIM_ARGS; e2e/fixture/README)
fixture_sim_args() {
	[ -r "$XU_DIR/e2e/fixture/$1" ] || xu_die "no e2e fixture for platform '$1'"
	# shellcheck source=/dev/null
	(. "$XU_DIR/e2e/fixture/$1"; echo "$SIM_ARGS")
}

# xu_kernel NAME: look NAME up in XU_KERNELS and set XU_K_NAME, XU_K_KIND
# (stock|debug), XU_K_TCG (single|multi), XU_K_PERF (- or a source
# package), XU_K_WHAT (package) and XU_K_FRAGS (array of paths).
xu_kernel() {
	local line f
	line=$(awk -v n="$1" '$1 == n' <<<"$XU_KERNELS")
	[ -n "$line" ] ||
		xu_die "unknown kernel '$1' (one of: $(awk 'NF { printf "%s ", $1 }' <<<"$XU_KERNELS"))"
	# shellcheck disable=SC2034 # used by the callers
	read -r XU_K_NAME XU_K_KIND XU_K_TCG XU_K_PERF XU_K_WHAT line <<<"$line"
	XU_K_FRAGS=()
	for f in $line; do
		XU_K_FRAGS+=("$XU_DIR/$f")
	done
}

# xu_kernel_names all|stock|debug: the names of the table's kernels (of
# that kind).
xu_kernel_names() {
	awk -v k="$1" 'NF && (k == "all" || $2 == k) { print $1 }' <<<"$XU_KERNELS"
}

# xu_linux_source: print the path of the unpacked Debian kernel source tree
# ($XU_CACHE/linux-source-6.1), unpacking /usr/src/$XU_SRC_PKG.tar.xz (and
# installing the package) when it is missing or from another package version.
# A stamp file next to the tree records the package version it came from.
# Prints nothing and fails when the tree cannot be had (said on stderr).
xu_linux_source() {
	local src="$XU_CACHE/$XU_SRC_PKG" stamp="$XU_CACHE/$XU_SRC_PKG.version"
	local ver tarball="/usr/src/$XU_SRC_PKG.tar.xz"
	xu_need_pkgs "$XU_SRC_PKG" xz-utils
	ver=$(dpkg-query -W -f='${Version}' "$XU_SRC_PKG")
	if [ -f "$src/Makefile" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$ver" ]; then
		echo "$src"
		return
	fi
	(
		xu_lock "$XU_CACHE/$XU_SRC_PKG.lock"
		if [ -f "$src/Makefile" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$ver" ]; then
			exit 0
		fi
		# A tree unpacked by hand before the stamp existed: accept it when
		# its Makefile version matches the package's upstream version.
		if [ -f "$src/Makefile" ] && [ ! -e "$stamp" ]; then
			local mk
			mk=$(awk '/^VERSION =/{v=$3} /^PATCHLEVEL =/{p=$3} /^SUBLEVEL =/{s=$3}
				END{print v"."p"."s}' "$src/Makefile")
			if [ "$mk" = "${ver%%-*}" ]; then
				echo "$ver" >"$stamp"
				exit 0
			fi
		fi
		[ -f "$tarball" ] || xu_die "$tarball not found"
		xu_log "unpacking $tarball ($ver) into $src"
		local tmp
		tmp=$(mktemp -d "$XU_CACHE/.src.XXXXXX")
		# (what a failed unpack leaves goes with it)
		trap 'rm -rf "$tmp"' EXIT
		tar -C "$tmp" -xf "$tarball" || xu_die "cannot unpack $tarball"
		[ -f "$tmp/$XU_SRC_PKG/Makefile" ] || xu_die "unexpected layout in $tarball"
		rm -rf "$src" "$stamp"
		mv "$tmp/$XU_SRC_PKG" "$src" || xu_die "cannot move the tree into $src"
		rmdir "$tmp"
		echo "$ver" >"$stamp"
	) >&2 || return
	echo "$src"
}

# The perf of a linux-source package (XU_KERNELS' PERF): its features
# named, not those the machine's libraries happen to enable (a flag of
# another version's tree stays, for the tree that has it): libelf for user
# symbols; no scripting, tracepoint formats, DWARF, unwinding, debuginfod
# or BPF, which no suite of the debug kernels' asks of it; not its own
# tests' shellcheck, which ties the build to the host's shellcheck.
# prefix /usr: it reads /etc/perfconfig as Debian's does (guest-init's).
# XU_PERF_RECIPE: raise it when xu_perf builds differently (the cache key).
XU_PERF_MAKE=(prefix=/usr NO_LIBPYTHON=1 NO_LIBPERL=1 NO_LIBTRACEEVENT=1
	NO_DWARF=1 NO_LIBDW=1 NO_LIBDW_DWARF_UNWIND=1 NO_LIBUNWIND=1
	NO_LIBDEBUGINFOD=1 NO_SLANG=1 NO_GTK2=1 NO_LIBBABELTRACE=1 NO_LIBNUMA=1
	NO_LIBCAP=1 NO_LIBZSTD=1 NO_LZMA=1 NO_ZLIB=1 NO_LIBCRYPTO=1 NO_AIO=1
	NO_SDT=1 NO_LIBBPF=1 BUILD_BPF_SKEL=0 NO_JVMTI=1 NO_DEMANGLE=1
	NO_LIBLLVM=1 NO_CAPSTONE=1 NO_LIBPFM4=1 NO_SHELLCHECK=1)
XU_PERF_RECIPE=1

# xu_perf [--no-build] linux-source-X.Y: print the directory of a perf
# built from the package's tools/perf (built once, under a lock, into
# $XU_CACHE/perf: the binary alone, its log beside it).  --no-build: the
# directory's name only, of the package installed (nothing installed or
# unpacked), failing if it is not.  Fails with a warning, never exits.
xu_perf() {
	local pkg src ver dir build=1
	[ "$1" != --no-build ] || { build=; shift; }
	pkg=$1
	[[ $pkg == linux-source-* ]] ||
		{ xu_warn "xu_perf: '$pkg' is not a linux-source package"; return 1; }
	if [ -n "$build" ]; then
		src=$(XU_SRC_PKG=$pkg xu_linux_source) || return
	fi
	xu_pkg_installed "$pkg" || { xu_warn "xu_perf: $pkg is not installed"; return 1; }
	ver=$(dpkg-query -W -f='${Version}' "$pkg")
	dir=$XU_CACHE/perf/$pkg-${ver//:/_}-$(printf '%s\n' "recipe=$XU_PERF_RECIPE" \
		"${XU_PERF_MAKE[@]}" | xu_hash)
	if [ -n "$build" ] && [ ! -x "$dir/perf" ]; then
		(
			xu_lock "$dir.lock"
			[ ! -x "$dir/perf" ] || exit 0
			xu_need_pkgs build-essential flex bison libelf-dev python3
			xu_log "building $pkg's perf into $dir"
			rm -rf "$dir" "$dir.build"
			mkdir -p "$dir.build"
			if ! make -C "$src/tools/perf" O="$dir.build" -j"$(nproc)" \
				"${XU_PERF_MAKE[@]}" >"$dir.log" 2>&1; then
				tail -n 20 "$dir.log"
				xu_die "$pkg's perf did not build: $dir.log"
			fi
			if ! mkdir "$dir" || ! mv "$dir.build/perf" "$dir/perf"; then
				xu_die "$pkg's perf: cannot move it into $dir"
			fi
			rm -rf "$dir.build"
		) >&2 || return
		[ -x "$dir/perf" ] || { xu_warn "$pkg's perf: no $dir/perf after its build"; return 1; }
	fi
	echo "$dir"
}

# Strings (fixed, case-sensitive) that mark a kernel splat in dmesg or on the
# serial console.  One per line.
XU_SPLAT_PATTERNS='BUG:
WARNING:
KASAN
UBSAN
possible circular locking
possible recursive locking
inconsistent lock state
suspicious RCU usage
Call Trace
NMI received for unknown reason
Kernel panic
general protection fault
scheduling while atomic
sleeping function called from invalid context
sysfs: cannot create duplicate
kernel BUG at
Oops:
Unable to handle kernel
detected stall
blocked for more than'

# xu_scan_splats [--allow ERE] FILE...: print the splats found in the kernel
# logs FILE... on stdout: each line that contains one of XU_SPLAT_PATTERNS
# (at the start of a word),
# with the lines after it up to the next "---[ end trace/Kernel panic" marker
# (at most 40 lines), 400 lines in all at most.  A block with a line that
# matches the extended regex ERE is ignored (for tests that provoke a splat on
# purpose).  Carriage returns are dropped, missing files skipped.  Returns 0
# if a splat was found, 1 if none.
# A KCSAN report ("BUG: KCSAN: data-race in A / B", up to the "=====" line
# that closes it) is a splat only when it is ours: when one of the two
# racing accesses is in our code, i.e. its first line, which names the
# function of each access ("xu_event_fold [xeon_uncore]"), names one of our
# modules (xeon_uncore*, xu_*) or a function named like theirs (xu_*,
# sim_*).  Any other, a race between two accesses of the core kernel, is
# only noted on stderr, each first line once, with the first frame of ours
# in its stacks if it has one (such races are reached from our code: the
# fast timekeeper's latch read from the model's NMI thread, PREEMPT_RT's
# rtlock_slowlock_locked under any spinlock_t of ours):
#   # KCSAN (not ours): BUG: KCSAN: data-race in A / B [(via F [module])]
xu_scan_splats() {
	local allow=
	if [ "${1:-}" = --allow ]; then
		allow=$2
		shift 2
	fi
	local f files=()
	for f in "$@"; do
		[ ! -f "$f" ] || files+=("$f")
	done
	[ ${#files[@]} -gt 0 ] || return 1
	cat -- "${files[@]}" | tr -d '\r' | awk -v allow="$allow" -v pats="$XU_SPLAT_PATTERNS" '
		# A pattern counts only at the start of a word ("ODEBUG:" is no "BUG:").
		function hit(line,   i, rest, at, off) {
			for (i = 1; i <= np; i++) {
				rest = line
				off = 0
				while ((at = index(rest, P[i])) > 0) {
					if (off + at == 1 || substr(line, off + at - 1, 1) !~ /[A-Za-z0-9_]/)
						return 1
					off += at
					rest = substr(rest, at + 1)
				}
			}
			return 0
		}
		function flush(   i, ok) {
			ok = 1
			if (allow != "")
				for (i = 1; i <= blen; i++)
					if (B[i] ~ allow) { ok = 0; break }
			if (ok) {
				found = 1
				for (i = 1; i <= blen && total < 400; i++) { print B[i]; total++ }
			}
			blen = 0
			inblk = 0
		}
		# A KCSAN report: ours if its first line (the function of each
		# racing access) names our code; else a note, each title once.
		function kflush(   i, t, via) {
			t = B[1]
			sub(/^.*BUG: KCSAN: /, "BUG: KCSAN: ", t)
			if (t ~ OURMOD || t ~ /[ \/](xu|sim)_[A-Za-z0-9_.]*([ +]|$)/) {
				flush()
				return
			}
			via = ""
			for (i = 2; i <= blen && via == ""; i++)
				if (B[i] ~ OURMOD) {
					via = B[i]
					sub(/^(\[[^]]*\])? */, "", via)
					via = " (via " via ")"
				}
			if (!(t in NOTED)) {
				NOTED[t] = 1
				print "# KCSAN (not ours): " t via > "/dev/stderr"
			}
			blen = 0
			inblk = 0
		}
		BEGIN {
			np = split(pats, P, "\n"); found = 0; total = 0; blen = 0; inblk = 0
			KC = "(^|[^A-Za-z0-9_])BUG: KCSAN: "
			OURMOD = " \\[(xeon_uncore|xu_)[A-Za-z0-9_]*\\]"
		}
		{
			if (inblk == 2) {
				# the closing "=====" line, or the next report
				if ($0 ~ KC) {
					kflush()
				} else {
					B[++blen] = $0
					if (index($0, "====================") || blen >= 300)
						kflush()
					next
				}
			}
			if (inblk) {
				B[++blen] = $0
				if ($0 ~ /---\[ end (trace|Kernel panic)/ || blen >= 40)
					flush()
				next
			}
			if ($0 ~ KC) { inblk = 2; blen = 0; B[++blen] = $0 }
			else if (hit($0)) { inblk = 1; blen = 0; B[++blen] = $0 }
		}
		END { if (inblk == 2) kflush(); else if (inblk) flush(); exit(found ? 0 : 1) }'
}

# ---- run-tests' queue of parts (its lanes take from one file)

# part_boots PART: the kernels PART boots, one a line (run_part and the
# module builds before the lanes read it; static boots none)
part_boots() {
	local k
	case $1 in
	fuzz) python3 "$XU_DIR/matrix.py" fuzz | cut -d $'\x1f' -f 1 | awk '!seen[$0]++' ;;
	compat | package) echo stock ;;
	e2e-*) k=${1#*-}; echo "${k%%/*}" ;;
	esac
}

# debug_part PART: PART boots a debug kernel (KASAN or KCSAN)
debug_part() {
	local k
	for k in $(part_boots "$1"); do
		[ "$(xu_kernel "$k" 2>/dev/null; echo "${XU_K_KIND:-}")" != debug ] || return 0
	done
	return 1
}

# next_part: the queue's first part no lane has taken, but one on a debug
# kernel while another lane runs one (empty: none left for this lane), taken
# under the queue's lock; this lane's previous part is done.  The debug
# slot names its lane's PID: a lane that died frees it.
next_part() {
	local line n=0 lane pid
	{
		flock 9
		read -r lane pid 2>/dev/null <"$XU_QUEUE.debug" || lane=
		if [ -n "$lane" ] && { [ "$lane" = "$XU_LANE" ] || ! kill -0 "$pid" 2>/dev/null; }; then
			rm -f "$XU_QUEUE.debug"
		fi
		while IFS= read -r line; do
			n=$((n + 1))
			[ ! -e "$XU_QUEUE.taken.$n" ] || continue
			if debug_part "$line"; then
				[ ! -e "$XU_QUEUE.debug" ] || continue
				echo "$XU_LANE $$" >"$XU_QUEUE.debug"
			fi
			: >"$XU_QUEUE.taken.$n"
			echo "$line"
			break
		done <"$XU_QUEUE"
	} 9>"$XU_QUEUE.lock"
}

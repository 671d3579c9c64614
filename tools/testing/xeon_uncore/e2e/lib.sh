# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Guest-side helpers for the end-to-end tests: TAP output, the model's
# debugfs files, perf CSV parsing.  Sourced by the e2e scripts, which run
# inside the VM (vm-run) as root with the model and the driver loaded.

SIM=/sys/kernel/debug/xeon_uncore_sim
STATS=/sys/kernel/debug/xeon_uncore/stats
# shellcheck disable=SC2034 # used by the scripts that source this file
PMUS=/sys/bus/event_source/devices
XU_TMP=$(mktemp -d /tmp/xu-e2e.XXXXXX)
_n=0
_failed=0
_why=

# fail MESSAGE: record why the current test failed (the test continues)
fail() {
	_why="${_why:+$_why; }$*"
}

# check DESCRIPTION COMMAND...: fail unless the command succeeds
check() {
	local what=$1
	shift
	"$@" || fail "$what"
}

sim_info() {	# sim_info KEY: a value of the model's info file
	awk -v k="$1" '$1 == k { print $2 }' "$SIM/info"
}

# stat_of SOCKET FIELD: a field of the driver's debugfs stats for SOCKET
stat_of() {
	awk -v s="$1" -v f="$2" '$2 == s { for (i = 3; i < NF; i += 2) if ($i == f) print $(i + 1) }' "$STATS"
}

# expect_eq WHAT GOT WANT
expect_eq() {
	[ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"
}

# run_test NAME FUNCTION: one TAP line.  A test also fails on any model
# violation since the previous test (the first one: since the modules loaded).
# XU_TEST=GLOB: only the tests whose name matches run (the others SKIP).
# skip_test NAME REASON: a test not run here, said so (TAP SKIP)
skip_test() {
	_n=$((_n + 1))
	echo "ok $_n - $1 # SKIP $2"
}

run_test() {
	local name=$1 fn=$2 v t0=$SECONDS
	# shellcheck disable=SC2053 # XU_TEST is a glob
	if [ -n "${XU_TEST:-}" ] && [[ $name != $XU_TEST ]]; then
		skip_test "$name" "not in XU_TEST"
		return
	fi
	_why=
	_n=$((_n + 1))
	"$fn" >"$XU_TMP/$_n.log" 2>&1 || fail "test body exited with $?"
	# no other program writes the uncore here: the driver must find none
	# (but in e2e/foreign, which writes behind it)
	v=$(foreign_found)
	[ -n "${XU_FOREIGN_EXPECTED:-}" ] || [ "$v" -le "$_foreign" ] ||
		fail "the driver found $((v - _foreign)) controls rewritten behind it, and nothing did"
	_foreign=$v
	if [ -e "$SIM/violations" ]; then
		v=$(sim_violations)
		[ "$v" = 0 ] || fail "$v model violations: $(tail -n +2 "$SIM/violations" | head -3 | tr '\n' '|')"
		echo clear >"$SIM/violations"
	fi
	if [ -z "$_why" ]; then
		echo "ok $_n - $name"
		# what a passing test still wants seen
		sed -n 's/^NOTE:/# NOTE:/p' "$XU_TMP/$_n.log"
	else
		_failed=$((_failed + 1))
		echo "not ok $_n - $name # $_why"
		sed 's/^/#   /' "$XU_TMP/$_n.log" | tail -20
	fi
	echo "# time: $((SECONDS - t0)) s"
}

# foreign_found: controls the driver found rewritten (stats), all sockets
foreign_found() {
	[ -e "$STATS" ] || { echo 0; return; }
	awk '{ for (i = 3; i < NF; i += 2) if ($i == "foreign") n += $(i + 1) } END { print n + 0 }' "$STATS"
}
_foreign=$(foreign_found)

finish() {
	echo "1..$_n"
	rm -rf "$XU_TMP"
	[ "$_failed" = 0 ]
}

sim_violations() {
	awk '$1 == "count" { print $2 }' "$SIM/violations"
}

# model box name of a PMU: uncore_cbox_3 -> cbox3, uncore_ubox -> ubox
sim_box() {
	local b=${1#uncore_}
	echo "${b//_/}"
}

# truth SOCKET|all BOX: increments the model counted on every counter of
# BOX (summed in shell arithmetic: awk's integers are not 64-bit everywhere)
truth() {
	local s b t sum=0
	while read -r s b _ t; do
		if [ "$b" = "$2" ] && { [ "$1" = all ] || [ "$s" = "$1" ]; }; then
			sum=$((sum + t))
		fi
	done <"$SIM/truth"
	echo "$sum"
}

# truth_ctr SOCKET|all BOX COUNTER: the truth of one counter of BOX
truth_ctr() {
	local s b n t sum=0
	while read -r s b n t; do
		if [ "$b" = "$2" ] && [ "$n" = "$3" ] && { [ "$1" = all ] || [ "$s" = "$1" ]; }; then
			sum=$((sum + t))
		fi
	done <"$SIM/truth"
	echo "$sum"
}

# counts_equal_truth CSV CHECKS: every "EVENT BOX [COUNTER...]" line of
# CHECKS counted, on each socket, the truth of BOX (counts.py; the truth is
# read once, after perf stat)
counts_equal_truth() {
	cat "$SIM/truth" >"$XU_TMP/truth"
	python3 ./counts.py "$1" "$XU_TMP/truth" "$2" >"$XU_TMP/counts" ||
		fail "$(grep MISMATCH "$XU_TMP/counts" | head -3 | tr '\n' '|')"
	cat "$XU_TMP/counts"
}

# params MODULE: its parameters as insmod arguments (as it was loaded)
params() {
	local f
	for f in /sys/module/"$1"/parameters/*; do
		printf '%s=%s\n' "${f##*/}" "$(cat "$f")"
	done
}

# perf_stat FILE PERF-STAT-ARGS...: CSV output in FILE
perf_stat() {
	local out=$1
	shift
	perf stat -x, -o "$out" "$@"
}

# perf's CSV does not quote event names, which contain commas
# (uncore_cbox_0/event=0x14,umask=0x7/), so fields are found around the name.
# csv_field FILE EVENT SOCKET|"" value|pct: the count, or the percentage of
# time the event was on a counter, on the first matching line.
csv_field() {
	awk -v e="$2" -v s="${3:-}" -v want="$4" '
		{
			i = index($0, "," e ",")
			if (!i) next
			n = split(substr($0, 1, i - 1), pre, ",")
			split(substr($0, i + length(e) + 2), post, ",")
			if (s != "" && (n != 4 || pre[1] != "S" s)) next
			if (s == "" && n != 2) next
			print (want == "value") ? pre[n - 1] : post[2]
			exit
		}' "$1"
}

# csv_value FILE EVENT [SOCKET]
csv_value() {
	csv_field "$1" "$2" "${3:-}" value
}

# csv_pct FILE EVENT
csv_pct() {
	csv_field "$1" "$2" "" pct
}

# stop_perf: end the background perf ($PERF) by ending its workload: perf
# stat waits for its workload whatever signal it gets
stop_perf() {
	pkill -INT -P "$PERF"
	wait "$PERF"
}

# perf_stat_bg FILE PERF-STAT-ARGS...: perf_stat in the background, its
# events open when it returns, until stop_perf: a session that ends when
# the test's steps are done, however long they took (CPU hotplug on a
# debug kernel takes seconds)
perf_stat_bg() {
	local out=$1
	shift
	perf stat -x, -o "$out" "$@" -- sleep 600 &
	PERF=$!
	wait_open
}

# wait_open: until perf has the driver's events open (module refcount > 0)
wait_open() {

	for _ in $(seq 300); do
		[ "$(cat /sys/module/xeon_uncore/refcnt)" -gt 0 ] && return 0
		sleep 0.1
	done
	fail "perf never opened its events"
	return 1
}

log_writes() {
	grep -c ' W ' "$SIM/log" || true
}

# script_once DATA FIELDS OUT: perf script -F cpu,FIELDS lines of DATA in
# OUT, each record once.  perf record 6.1 to 6.12 writes a record twice
# when the kernel publishes it between perf_mmap__push()'s two reads of
# data_head (see torture.py repeats): the same line to the nanosecond.
# Says how many, if any.
script_once() {
	local n
	perf script -i "$1" -F "cpu,time,$2" --ns 2>/dev/null >"$3.all"
	sort -u "$3.all" | sed -E 's/^( *\[[0-9]+\]) +[0-9.]+:/\1/' >"$3"
	n=$(($(wc -l <"$3.all") - $(wc -l <"$3")))
	[ "$n" = 0 ] || echo "NOTE: perf record wrote $n records twice (a race in its perf_mmap__push); counted once"
}

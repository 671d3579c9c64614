# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Guest-side helpers for the end-to-end tests: TAP output, the model's
# debugfs files, perf CSV parsing.  Sourced by the e2e scripts, which run
# inside the VM (vm-run) as root with the model and the driver loaded.

# Programs started in a loop are what a test's time goes on in the
# guests of the KCSAN and KASAN kernels: under TCG each start (fork, exec,
# the loader over 9p) takes 1-3 s there.  The helpers a test calls while
# it waits or polls (slurp and what reads the model's files with it,
# wait_open, stop_workload, advance loops) start none: files are read by
# bash itself, and sleep is bash's loadable builtin (Debian's
# bash-builtins, which setup installs; else the program).  The builtin
# takes a number of seconds (fractions and s/m/h/d suffixes), not
# "infinity" nor several arguments.
enable -f /usr/lib/bash/sleep sleep 2>/dev/null || :

SIM=/sys/kernel/debug/xeon_uncore_sim
STATS=/sys/kernel/debug/xeon_uncore/stats
# shellcheck disable=SC2034 # used by the scripts that source this file
PMUS=/sys/bus/event_source/devices
XU_TMP=$(mktemp -d "${TMPDIR:-/tmp}/xu-e2e.XXXXXX")
_n=0
_failed=0
_why=

# fail MESSAGE: record why the current test failed (the test continues;
# no MESSAGE: "failed", never a pass)
fail() {
	_why="${_why:+$_why; }${*:-failed}"
}

# check DESCRIPTION COMMAND...: fail unless the command succeeds
check() {
	local what=$1
	shift
	"$@" || fail "$what"
}

# slurp FILE: FILE's lines in the array SLURPED, read in one pass.  (A
# loop of `read` on a debugfs file costs the square of its size: bash
# seeks back after each line, and a seq_file regenerates itself up to the
# offset at every seek.)  A missing file: none, said on stderr.
slurp() {
	SLURPED=()
	if [ -e "$1" ]; then
		mapfile -t SLURPED <"$1"
	else
		echo "slurp: no $1" >&2
		return 1
	fi
}

# field_of FILE KEY: the second field of FILE's lines whose first is KEY
field_of() {
	local k v
	slurp "$1"
	for k in "${SLURPED[@]}"; do
		read -r k v _ <<<"$k"
		[ "$k" != "$2" ] || echo "$v"
	done
}

sim_info() {	# sim_info KEY: a value of the model's info file
	field_of "$SIM/info" "$1"
}

# The part's fixture (fixture/README): the model's platform, or before
# the model is loaded the guest's (vm-run's --platform); PLAT its name,
# PMI 1 if its counters interrupt.  No part, no fixture: a script that
# needs one fails on its first use of it (set -u).
PLAT=$(sim_info platform 2>/dev/null) || PLAT=
PLAT=${PLAT:-${XU_PLATFORM:-}}
if [ -n "$PLAT" ]; then
	# (shellcheck: the 7500's, for the names of what a fixture sets)
	# shellcheck source=tools/testing/xeon_uncore/e2e/fixture/nhmex
	. "${BASH_SOURCE[0]%/*}/fixture/$PLAT"
fi

has() {	# has WORD: the fixture's HAS holds WORD
	[[ " ${HAS:-} " == *" $1 "* ]]
}
# shellcheck disable=SC2034 # used by the scripts that source this file
if has pmi; then PMI=1; else PMI=0; fi

# stat_of SOCKET FIELD: a field of the driver's debugfs stats for SOCKET
# (lines "socket S name value name value ...")
stat_of() {
	local line f i
	slurp "$STATS"
	for line in "${SLURPED[@]}"; do
		read -ra f <<<"$line"
		[ "${f[1]:-}" = "$1" ] || continue
		for ((i = 2; i + 1 < ${#f[@]}; i += 2)); do
			[ "${f[i]}" != "$2" ] || echo "${f[i + 1]}"
		done
	done
}

# expect_eq WHAT GOT WANT
expect_eq() {
	[ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"
}

# run_test NAME FUNCTION [ID]: one KTAP result, "ok N ID" or "not ok N
# ID # why", after "# ID: NAME" and the test's diagnostics.  ID, the
# test's name (an identifier, unique in the script): FUNCTION without its
# "t_" or "test_".  A test also fails on any model violation since the
# previous test (the first one: since the modules loaded).
# XU_TEST=GLOB: only the tests whose ID matches run (the others SKIP).
# skip_test ID REASON: a test not run here, said so (KTAP's SKIP)
skip_test() {
	ktap_begin
	_n=$((_n + 1))
	echo "ok $_n $1 # SKIP $2"
}

# note TEXT: a diagnostic line ("# TEXT") before the current test's result
note() {
	echo "# $*" >>"$XU_TMP/notes"
}

# ktap_begin: a script's output is a KTAP document (e2e/run nests each in
# its own), its version line printed before its first test (what sources
# this file and runs none, demo-guest, prints none)
_ktap=
ktap_begin() {
	[ -n "$_ktap" ] || echo "KTAP version 1"
	_ktap=1
}

# guest_cost: the guest's busy CPU time (USER_HZ ticks, every vCPU) and
# the processes forked since boot, from /proc/stat, in _busy and _forks
# (no process of its own)
guest_cost() {
	local k a b c d e _
	# cpu: user nice system idle iowait irq softirq ...
	while read -r k a b c _ _ d e _; do
		case $k in
		cpu) _busy=$((a + b + c + d + e)) ;;
		processes) _forks=$a ;;
		esac
	done </proc/stat
}

_ids=" "
run_test() {
	local name=$1 fn=$2 id=${3:-} bad='' v t0=$SECONDS b0 f0
	if [ -z "$id" ]; then
		id=${fn#t_}
		id=${id#test_}
	fi
	[[ $id =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || bad="test ID '$id' is not an identifier"
	[[ $_ids != *" $id "* ]] || bad="test ID '$id' twice in the script"
	_ids+="$id "
	# shellcheck disable=SC2053 # XU_TEST is a glob
	if [ -z "$bad" ] && [ -n "${XU_TEST:-}" ] && [[ $id != $XU_TEST ]]; then
		skip_test "$id" "not in XU_TEST"
		return
	fi
	# the boot's own selection (run-tests' boot()), which XU_TEST narrows
	# shellcheck disable=SC2053 # XU_BOOT_TEST is a glob
	if [ -z "$bad" ] && [ -n "${XU_BOOT_TEST:-}" ] && [[ $id != $XU_BOOT_TEST ]]; then
		skip_test "$id" "not in this boot's tests"
		return
	fi
	ktap_begin
	echo "# $id: $name"
	guest_cost
	b0=$_busy f0=$_forks
	_why=$bad
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
	# its notes, passed or failed
	if [ -s "$XU_TMP/notes" ]; then
		cat "$XU_TMP/notes"
		: >"$XU_TMP/notes"
	fi
	if [ -z "$_why" ]; then
		# what a passing test still wants seen
		slurp "$XU_TMP/$_n.log"
		for v in "${SLURPED[@]}"; do
			[[ $v != NOTE:* ]] || echo "# $v"
		done
	else
		sed 's/^/#   /' "$XU_TMP/$_n.log" | tail -20
	fi
	# the vCPUs' busy time: what the test costs the host (TCG); the
	# processes: the test's and the checks' above
	guest_cost
	v=$((_busy - b0))
	printf '# time: %d s, guest CPU %d.%d s, %d processes\n' "$((SECONDS - t0))" \
		"$((v / 100))" "$((v % 100 / 10))" "$((_forks - f0))"
	if [ -z "$_why" ]; then
		echo "ok $_n $id"
	else
		_failed=$((_failed + 1))
		# (one line: a reason's newlines would read as results)
		echo "not ok $_n $id # ${_why//$'\n'/ | }"
	fi
}

# foreign_found: controls the driver found rewritten (stats), all sockets
foreign_found() {
	local line f i n=0
	# (none while the driver is not loaded)
	[ -e "$STATS" ] || { echo 0; return; }
	slurp "$STATS"
	for line in "${SLURPED[@]}"; do
		read -ra f <<<"$line"
		for ((i = 2; i + 1 < ${#f[@]}; i += 2)); do
			[ "${f[i]}" != foreign ] || n=$((n + f[i + 1]))
		done
	done
	echo "$n"
}
_foreign=$(foreign_found)

# finish: the script's end: no plan (KTAP's is first, and a script's
# tests depend on the part: e2e/run checks that it got here instead);
# the exit status 1 if a test failed
finish() {
	ktap_begin
	echo "# ${0##*/}: $_n tests, $_failed failed"
	[ -z "${XU_E2E_DONE:-}" ] || : >"$XU_E2E_DONE"
	rm -rf "$XU_TMP"
	[ "$_failed" = 0 ]
}

sim_violations() {
	field_of "$SIM/violations" count
}

# model box name of a PMU: uncore_cbox_3 -> cbox3, uncore_ubox -> ubox
sim_box() {
	local b=${1#uncore_}
	echo "${b//_/}"
}

# sim_sum FILE SOCKET|all BOX [COUNTER]: the sum over the counters of BOX
# (or its one COUNTER) of the model's per-counter FILE (truth, overflows:
# lines "socket box counter value"), in shell arithmetic (awk's integers
# are not 64-bit everywhere).  Only BOX's lines are split into fields:
# the file has a line per counter of every box (about 200 on the Xeon
# 7500), and the tests call this for each box they check.
sim_sum() {
	local line s b n v sum=0
	slurp "$SIM/$1"
	for line in "${SLURPED[@]}"; do
		[[ $line == *" $3 "* ]] || continue
		read -r s b n v _ <<<"$line"
		if [ "$b" = "$3" ] && { [ -z "${4:-}" ] || [ "$n" = "$4" ]; } &&
		   { [ "$2" = all ] || [ "$s" = "$2" ]; }; then
			sum=$((sum + v))
		fi
	done
	echo "$sum"
}

# truth SOCKET|all BOX: increments the model counted on every counter of BOX
truth() {
	sim_sum truth "$1" "$2"
}

# advance_until WHAT CMD...: the manual clock 10 cycles at a time, up to
# 100 times, until CMD succeeds (perf enables its events after opening
# them); fails with WHAT if it never does
advance_until() {
	local what=$1 i
	shift
	for ((i = 0; i < 100; i++)); do
		"$@" && return 0
		echo 10 >"$SIM/advance"
		sleep 0.1
	done
	"$@" && return 0
	fail "$what"
	return 1
}

# counting_on_both BOX: model box BOX has counted on both sockets
counting_on_both() {
	[ "$(truth 0 "$1")" -gt 0 ] && [ "$(truth 1 "$1")" -gt 0 ]
}

# until_both_count BOX: advance_until model box BOX counts on both sockets
until_both_count() {
	advance_until "the event never counted on both sockets" counting_on_both "$1"
}

# truth_ctr SOCKET|all BOX COUNTER: the truth of one counter of BOX
truth_ctr() {
	sim_sum truth "$1" "$2" "$3"
}

# sim_overflows SOCKET|all BOX [COUNTER]: the overflows the model raised
# on BOX's counters (or its one COUNTER)
sim_overflows() {
	sim_sum overflows "$@"
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

# jitter_acted: with the model's nmi_jitter_us on, its NMI thread waited
# before sending due PMIs at least once since the model was loaded
jitter_acted() {
	local us n
	read -r us 2>/dev/null </sys/module/xeon_uncore_sim/parameters/nmi_jitter_us || us=0
	[ "$us" != 0 ] || return 0
	n=$(sim_info nmi_jittered)
	echo "NOTE: PMIs sent up to $us us late: the model's NMI thread waited ${n:-0} times"
	[ "${n:-0}" -gt 0 ] || fail "nmi_jitter_us=$us: the model's NMI thread never waited"
}

# params MODULE: its parameters as insmod arguments (as it was loaded),
# each file read by bash, not cat
params() {
	local f
	for f in /sys/module/"$1"/parameters/*; do
		printf '%s=%s\n' "${f##*/}" "$(<"$f")"
	done
}

# perf record as e2e/hardening and e2e/torture start it: -B, no build
# IDs.  They read samples; the build-ID pass reads every sample back at
# perf's end (4-5 s a session on the KCSAN kernel, 4 Dec).  An array, not
# a function, so that "${PERF_RECORD[@]}" ... & leaves perf's own PID in
# $! (stop_workload signals its children).  e2e/sampling runs perf record
# as users do.
# shellcheck disable=SC2034 # used by the scripts that source this file
PERF_RECORD=(perf record -q -B)

# perf_stat FILE PERF-STAT-ARGS...: CSV output in FILE
perf_stat() {
	local out=$1
	shift
	perf stat -x, -o "$out" "$@"
}

# perf's CSV does not quote event names, which contain commas
# (uncore_cbox_0/event=0x14,umask=0x7/), so fields are found around the name.
# csv_field FILE EVENT SOCKET|"" value|pct: the count, or the percentage of
# time the event was on a counter, on the first matching line.  Read by
# bash (no program started: tests call it in loops over every box).
csv_field() {
	local line pre post pct fld
	slurp "$1" || return
	for line in "${SLURPED[@]}"; do
		[[ $line == *",$2,"* ]] || continue
		# the fields before the name (a count: "VALUE,UNIT"; per
		# socket: "S0,CPUS,VALUE,UNIT") and after it ("TIME,PCT,...")
		pre=${line%%",$2,"*} post=${line#*",$2,"}
		IFS=, read -ra fld <<<"$pre,"
		if [ -n "${3:-}" ]; then
			{ [ ${#fld[@]} = 4 ] && [ "${fld[0]}" = "S$3" ]; } || continue
		else
			[ ${#fld[@]} = 2 ] || continue
		fi
		IFS=, read -r _ pct _ <<<"$post"
		if [ "$4" = value ]; then echo "${fld[-2]}"; else echo "$pct"; fi
		return 0
	done
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
	stop_workload "$PERF"
	wait "$PERF"
}

# stop_workload PID: SIGINT to the children of PID (perf's workload), as
# pkill -P would, found in /proc/*/stat by bash (the debug kernels have no
# /proc/PID/task/TID/children)
stop_workload() {
	local st line ppid kids=()
	for st in /proc/[0-9]*/stat; do
		line=
		read -r line 2>/dev/null <"$st"
		# the fields after the command name, which may hold blanks
		read -r _ ppid _ <<<"${line##*) }"
		[ "${ppid:-}" != "$1" ] || kids+=("${st//[!0-9]/}")
	done
	[ ${#kids[@]} = 0 ] || kill -INT "${kids[@]}" 2>/dev/null
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
	wait_open "$PERF"
}

# wait_open [PID]: until perf (PID, if given) has the driver's events open
# (module refcount > 0); fails at once if PID has ended, else after 150 s
# (Debian's perf, 6.1, took 13-17 s to start on the KCSAN kernel)
wait_open() {
	local n end=$((SECONDS + 150))
	while [ "$SECONDS" -lt "$end" ]; do
		n=0
		read -r n 2>/dev/null </sys/module/xeon_uncore/refcnt || n=0
		[ "$n" -gt 0 ] && return 0
		if [ -n "${1:-}" ] && ! kill -0 "$1" 2>/dev/null; then
			fail "perf (pid $1) ended before it opened its events"
			return 1
		fi
		sleep 0.1
	done
	fail "perf never opened its events"
	return 1
}

# count_every_box [BOX-TYPE=MAX]...: the fixture's COUNT on every box of
# each type the model has (its regs view), "PMU/EVENT/ MODEL-BOX": a line
# of COUNT on PMU uncore_T_N, model box BN, is repeated for each model box
# BM as uncore_T_M (the first line of a PMU type and box type holds; BN
# always), at most MAX boxes of BOX-TYPE B (the C-boxes: one a core).  A
# box the driver has no PMU for fails the perf stat that counts it.  Fails
# (status 1, why on stderr) on a COUNT line whose PMU has an index its
# model box does not end with, and without the model's regs view.
count_every_box() {
	local line p ev box n b m arg all
	local -A cebx_max=() cebx_seen=()
	for arg in "$@"; do
		cebx_max[${arg%=*}]=${arg#*=}
	done
	all=$(awk '{ sub(/\..*/, "", $3); print $3 }' "$SIM/regs" | sort -u)
	[ -n "$all" ] || { echo "count_every_box: no regs view" >&2; return 1; }
	for line in "${COUNT[@]}"; do
		p=${line%%/*} ev=${line#*/} box=${line##* }
		ev=${ev%/*}
		n=${p##*_}
		if [[ $n != [0-9]* ]]; then
			echo "$line"
			continue
		fi
		if ! [[ $box =~ ^(.*[^0-9])([0-9]+)$ ]] || [ "${BASH_REMATCH[2]}" != "$n" ]; then
			echo "count_every_box: COUNT's $p counts box $box, not one numbered $n" >&2
			return 1
		fi
		b=${BASH_REMATCH[1]}
		[ -z "${cebx_seen[${p%_*}:$b]:-}" ] || continue
		cebx_seen[${p%_*}:$b]=1
		for m in $({ echo "$n"; sed -n "s/^$b\([0-9][0-9]*\)\$/\1/p" <<<"$all"; } | sort -nu); do
			[ "$m" -lt "${cebx_max[$b]:-1000}" ] || [ "$m" = "$n" ] || continue
			echo "${p%_*}_$m/$ev/ $b$m"
		done
	done
}

# model_functions: the PCI functions of the model's boxes, "dev.fn" as
# the bus numbers them (two hex digits), but the U-box's (ubox_node: the
# node IDs that name a bus, which no PMU driver binds)
model_functions() {
	awk '$1 == "pci" && $3 !~ /^ubox_node\./ {
		split($2, a, ":"); printf "%02x.%s\n", a[1], a[2] }' "$SIM/regs" | sort -u
}

# reg_known NAME-ERE: a register of the model (its regs view) has a name
# that matches NAME-ERE, the whole name; else "no-such-register" on stdout
# and why on stderr
reg_known() {
	XU_RE="^($1)\$" awk '$3 ~ ENVIRON["XU_RE"] { f = 1; exit } END { exit !f }' "$SIM/regs" &&
		return 0
	echo "no register of the model is named like $1" >&2
	echo no-such-register
	return 1
}

# reg_addr NAME: the address of the register named NAME (the model's regs
# view): 0xADDR of an MSR, DEV:FN:0xOFF of a PCI register (decimal dev and
# fn, as the log writes them); reg_at NAME: as the model's knobs take it,
# "msr 0xADDR" or "pci DEV.FN 0xOFF" (dev in hex)
reg_addr() {
	awk -v n="$1" '$3 == n { print $2; f = 1 } END { exit !f }' "$SIM/regs"
}
reg_at() {
	awk -v n="$1" '$3 == n { f = 1; if ($1 == "msr") print "msr", $2
		else { split($2, a, ":"); printf "pci %02x.%s %s\n", a[1], a[2], a[3] } }
		END { exit !f }' "$SIM/regs"
}

# written NAME-ERE: "name value" of each write the model's log shows to a
# register whose name matches NAME-ERE (reg_values), oldest first
written() {
	reg_known "$1" || return 1
	XU_RE="^($1)\$" awk '$3 == "W" && $NF ~ ENVIRON["XU_RE"] { print $NF, $6 }' "$SIM/log"
}

# was_written NAME VALUE: the model's log shows VALUE (a number) written to
# the register named NAME (the whole name: box.ROW or box.ROW[n])
was_written() {
	local v
	while read -r v; do
		[ $((v)) = $(($2)) ] && return 0
	done < <(awk -v n="$1" '$3 == "W" && $NF == n { print $6 }' "$SIM/log")
	return 1
}

# count_event PMU: the fixture's COUNT event (between the slashes) on a
# general counter (not event=0xff, raw or by a name that says it) of PMU,
# or else of another PMU of its box type; nothing when COUNT has none
count_event() {
	local line p e a own='' other=''
	for line in "${COUNT[@]}"; do
		p=${line%%/*} e=${line#*/} e=${e%%/*} a=$e
		[[ $e == *=* ]] || read -r a 2>/dev/null <"$PMUS/$p/events/$e"
		[[ ,$a, == *,event=0xff,* ]] && continue
		[ "$p" = "$1" ] && [ -z "$own" ] && own=$e
		[ "${p%_[0-9]*}" = "${1%_[0-9]*}" ] && [ -z "$other" ] && other=$e
	done
	echo "${own:-$other}"
}

# reg_values R|W NAME-ERE [SOCKET]: the values the model's log shows read
# from (R) or written to (W) the registers whose names (e2e/simregs.py:
# box.ROW, box.ROW[n]) match the extended regular expression NAME-ERE, the
# whole name; only socket SOCKET's, for PCI registers.  One a line, oldest
# first, as the log writes them (0x and two digits a byte).  When no
# register of the model has such a name: "no-such-register" (so that a
# check of what was not written cannot pass on a name that is wrong) and
# a line on stderr.  (The expression goes through the environment: awk -v
# would take its backslashes for escapes.)
reg_values() {
	reg_known "$2" || return 1
	XU_RE="^($2)\$" awk -v d="$1" -v s="${3:-}" '$3 == d && $NF ~ ENVIRON["XU_RE"] &&
		(s == "" || $4 != "pci" || index($5, s ":") == 1) { print $6 }' "$SIM/log"
}

# log_writes: the register writes in the model's log, counted by bash (the
# tests call it after each attempt, on a log they cleared)
log_writes() {
	local line n=0
	slurp "$SIM/log"
	for line in "${SLURPED[@]}"; do
		[[ $line != *" W "* ]] || n=$((n + 1))
	done
	echo "$n"
}

# perf_read script|report DATA ARGS...: perf script (report) -i DATA ARGS
# on stdout.  A record perf cannot read fails the test: perf stops there
# and drops the rest, as it did at each PCI-box sample whose header
# under-stated its size (6.3+).  Not in a pipeline or $(...): fail must
# run in the test's shell.
perf_read() {
	local what=$1 err rc=0
	shift
	{ err=$(perf "$what" -i "$@" 2>&1 >&3 3>&-) || rc=$?; } 3>&1
	if [ "$rc" != 0 ] || [[ $err == *"Can't parse sample"* ]]; then
		fail "perf $what cannot read $1 (exit $rc): $(grep -m1 "Can't parse" <<<"$err" ||
			tail -2 <<<"$err" | tr '\n' ' ')"
		return 1
	fi
}

perf_script() {	# perf_script DATA ARGS...: perf_read script
	perf_read script "$@"
}

# script_once DATA FIELDS OUT: perf script -F cpu,FIELDS lines of DATA in
# OUT, each record once.  perf record 6.1 to 6.12 writes a record twice
# when the kernel publishes it between perf_mmap__push()'s two reads of
# data_head (see torture.py repeats): the same line to the nanosecond.
# Says how many, if any.
script_once() {
	local n
	: >"$3"
	perf_script "$1" -F "cpu,time,$2" --ns >"$3.all" || return
	sort -u "$3.all" | sed -E 's/^( *\[[0-9]+\]) +[0-9.]+:/\1/' >"$3"
	n=$(($(wc -l <"$3.all") - $(wc -l <"$3")))
	[ "$n" = 0 ] || echo "NOTE: perf record wrote $n records twice (a race in its perf_mmap__push); counted once"
}

# callchain_frames DATA PMU OUT: "pci|msr KERNEL USER OTHER KMARK IP" in
# OUT, one line for each record of DATA (one written twice is counted
# once, as in script_once): its frames in kernel context, in user
# context and in neither (before any marker, or under another: none
# expected), KMARK 1 when it has a kernel context at all, IP 1 when its
# first kernel frame is the sample's address (or it has none); pci for
# PMU's events.  A frame's context is the callchain's marker before it
# (perf script -D prints them), never its address: a user stack unwound
# by frame pointers it does not keep gives whatever it holds,
# 0xfffffffefffffffe once, or a word equal to a marker, so the user
# context, which the kernel puts last, holds to the chain's end.
callchain_frames() {
	perf_script "$1" -D -F cpu,time,event --ns >"$3.dump" || return
	awk -v pmu="$2" '
		function reset() { ctx = ""; k = 0; u = 0; o = 0; km = 0; first = "" }
		BEGIN { reset() }
		# "... PERF_RECORD_SAMPLE(IP, 0x1): PID/TID: 0xIP period: ..."
		/PERF_RECORD_SAMPLE[(]/ {
			ip = ""
			for (i = 2; i <= NF; i++)
				if ($i == "period:")
					ip = substr($(i - 1), 3)
			while (length(ip) < 16)
				ip = "0" ip
		}
		/^[.][.][.] FP chain: nr:/ { reset(); next }
		/^[.][.][.][.][.] +[0-9]+: [0-9a-f]+/ {
			# markers are -4095 (PERF_CONTEXT_MAX) to -1
			if (ctx != "fffffffffffffe00" && $3 >= "fffffffffffff001") {
				ctx = $3
				if (ctx == "ffffffffffffff80") km = 1
				next
			}
			if (ctx == "ffffffffffffff80" && !k++) first = $3
			else if (ctx == "fffffffffffffe00") u++
			else if (ctx != "ffffffffffffff80") o++
			next
		}
		/^ *[[][0-9]+[]] +[0-9.]+: .*: *$/ {
			if (!seen[$0]++)
				print (index($0, pmu) ? "pci" : "msr"), k, u, o, km,
				      (first == "" || first == ip) ? 1 : 0
			reset()
		}' "$3.dump" >"$3"
}

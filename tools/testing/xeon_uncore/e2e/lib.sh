# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Guest-side helpers for the end-to-end tests: TAP output, the model's
# debugfs files, perf CSV parsing.  Sourced by the e2e scripts, which run
# inside the VM (vm-run) as root with the model and the driver loaded.

SIM=/sys/kernel/debug/xeon_uncore_sim
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

# expect_eq WHAT GOT WANT
expect_eq() {
	[ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"
}

# run_test NAME FUNCTION: one TAP line.  A test also fails on any model
# violation since the previous test (the first one: since the modules loaded).
run_test() {
	local name=$1 fn=$2 v
	_why=
	_n=$((_n + 1))
	"$fn" >"$XU_TMP/$_n.log" 2>&1 || fail "test body exited with $?"
	if [ -e "$SIM/violations" ]; then
		v=$(sim_violations)
		[ "$v" = 0 ] || fail "$v model violations: $(tail -n +2 "$SIM/violations" | head -3 | tr '\n' '|')"
		echo clear >"$SIM/violations"
	fi
	if [ -z "$_why" ]; then
		echo "ok $_n - $name"
	else
		_failed=$((_failed + 1))
		echo "not ok $_n - $name # $_why"
		sed 's/^/#   /' "$XU_TMP/$_n.log" | tail -20
	fi
}

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

# truth SOCKET|all BOX: increments the model counted on every counter of BOX
truth() {
	awk -v s="$1" -v b="$2" '($1 == s || s == "all") && $2 == b { t += $4 }
		END { printf "%d\n", t }' "$SIM/truth"
}

# perf_stat FILE PERF-STAT-ARGS...: CSV output in FILE
perf_stat() {
	local out=$1
	shift
	perf stat -x, -o "$out" "$@"
}

# csv_value FILE EVENT [SOCKET]: the count perf printed for EVENT
# (first match; --per-socket lines start with S<n>,<cpus>,)
csv_value() {
	awk -F, -v e="$2" -v s="${3:-}" '
		s != "" && $1 == "S" s && $5 == e { print $3; exit }
		s == "" && $1 !~ /^S[0-9]/ && $3 == e { print $1; exit }' "$1"
}

# csv_pct FILE EVENT: percentage of time the event was on a counter
csv_pct() {
	awk -F, -v e="$2" '$3 == e { print $5; exit }' "$1"
}

log_writes() {
	grep -c ' W ' "$SIM/log" || true
}

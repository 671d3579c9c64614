#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# conftest.sh: what the kernel being built against declares, for compat.h.
# Each conftest reads the kernel's headers and prints one compiler flag
# (-DXU_...) or nothing.  A declaration is compared whole, after comments
# and whitespace are normalised, with the declarations of its struct: never
# as a substring, which a later layout may also contain (6.15's
# "struct perf_cpu_pmu_context * __percpu *cpu_pmu_context;" contains
# 6.2's "__percpu *cpu_pmu_context;").
#
#   conftest.sh INCLUDE-DIR...     every conftest; a header is taken from
#                                  the first INCLUDE-DIR holding it, as the
#                                  compiler's -I order does
#   conftest.sh --one NAME FILE... conftest NAME on FILEs (the self-test)
#   conftest.sh --list             the conftests' names
#   conftest.sh --decls FILE       FILE's declarations as compared
#
# A layout of perf's internals that no conftest knows selects nothing: the
# feature that needs it is left out and says so in dmesg (compat.h).  An
# API whose old declaration is gone selects the newest API.  Never fails.

# The declarations of C headers, one per line: "SCOPE<TAB>STATEMENT".
# SCOPE is the innermost named struct or union ("struct pmu"), "-" at the
# top level, "#" for a #define.  Tokens are separated by one space; a
# statement ends with its ";", "{" or "}".  Statements in function bodies
# are left out, #if branches are all kept.
# shellcheck disable=SC2016 # awk's own $ fields
DECLS_AWK='
function norm(s) {
	gsub(/[*(),;\[\]{}]/, " & ", s)
	gsub(/[ \t\n\\]+/, " ", s)
	sub(/^ /, "", s)
	sub(/ $/, "", s)
	return s
}
function uncomment(s,   i, j, rest) {
	while ((i = index(s, "/*")) > 0) {
		rest = substr(s, i + 2)
		j = index(rest, "*/")
		if (!j)
			return substr(s, 1, i - 1)
		s = substr(s, 1, i - 1) " " substr(rest, j + 2)
	}
	gsub(/\/\/[^\n]*/, " ", s)
	return s
}
function define(s) {
	s = norm(uncomment(s))
	sub(/^# */, "#", s)
	if (s ~ /^#define /)
		print "#\t" s
}
cont {
	mac = mac "\n" $0
	if ($0 !~ /\\$/) {
		define(mac)
		cont = 0
	}
	next
}
/^[ \t]*#/ {
	if ($0 ~ /\\$/) {
		cont = 1
		mac = $0
	} else {
		define($0)
	}
	next
}
{ text = text "\n" $0 }
END {
	s = uncomment(text)
	depth = 0
	scope[0] = "-"
	stmt = ""
	n = length(s)
	for (k = 1; k <= n; k++) {
		c = substr(s, k, 1)
		if (c != ";" && c != "{" && c != "}") {
			stmt = stmt c
			continue
		}
		t = norm(stmt)
		stmt = ""
		if (c == ";") {
			if (t != "" && scope[depth] != "!")
				print scope[depth] "\t" t " ;"
		} else if (c == "{") {
			if (scope[depth] != "!")
				print scope[depth] "\t" t " {"
			if (scope[depth] == "!")
				sc = "!"
			else if (t ~ /^(struct|union) [A-Za-z_][A-Za-z0-9_]*$/)
				sc = t
			else if (t ~ /^(struct|union)$/ || t ~ /^enum/ || t ~ /= *$/)
				sc = scope[depth]
			else
				sc = "!"
			scope[++depth] = sc
		} else if (depth > 0) {
			depth--
			if (t != "" && scope[depth] != "!" && scope[depth + 1] != "!")
				print scope[depth + 1] "\t" t " }"
		}
	}
}'

TAB=$(printf '\t')
DECLS=

decls() {
	awk "$DECLS_AWK" "$@"
}

# has SCOPE STATEMENT: the headers read declare STATEMENT (in the
# normalised form decls prints) in SCOPE
has() {
	printf '%s\n' "$DECLS" | grep -qxF -- "$1$TAB$2"
}

# fn NAME: a top-level function NAME is declared or defined (an inline
# function or a function-like macro)
fn() {
	printf '%s\n' "$DECLS" |
		grep -qE -- "^(-$TAB([^(]* )?\\**$1 \\(.*[;{]\$|#$TAB#define $1 \\()"
}

# The conftests: each prints a flag for compat.h, or nothing (headers() says
# which header files each reads).
c_pmu_ctx() {	# a PMU's per-CPU context, for the unload (core.c)
	if has 'struct pmu' 'struct perf_cpu_context __percpu * pmu_cpu_context ;' &&
	   has 'struct perf_cpu_context' 'struct perf_event_context ctx ;' &&
	   has 'struct perf_event_context' 'refcount_t refcount ;'; then
		echo -DXU_PMU_CTX=1	# <= 6.1: one context per PMU and CPU
	elif has 'struct pmu' 'struct perf_cpu_pmu_context __percpu * cpu_pmu_context ;' &&
	     has 'struct perf_cpu_pmu_context' 'struct perf_event_pmu_context epc ;' &&
	     has 'struct perf_event_pmu_context' 'struct perf_event_context * ctx ;' &&
	     has 'struct perf_event_pmu_context' 'atomic_t refcount ;'; then
		echo -DXU_PMU_CTX=2	# 6.2 - 6.14: per CPU, freed with the PMU
	elif has 'struct pmu' 'struct perf_cpu_pmu_context * __percpu * cpu_pmu_context ;'; then
		echo -DXU_PMU_CTX=3	# 6.15: refcounted, outlives the PMU
	fi
}

c_pending_disable() {	# perf_event_disable_inatomic()'s fields (irq.c)
	has 'struct perf_event' 'unsigned int pending_disable ;' || return 0
	if has 'struct perf_event' 'struct irq_work pending_disable_irq ;'; then
		echo -DXU_PENDING_DISABLE=2	# 6.9: its own irq_work
	elif has 'struct perf_event' 'struct irq_work pending_irq ;'; then
		echo -DXU_PENDING_DISABLE=1	# 6.1: a flag on pending_irq
	fi
}

c_bpf_overflow() {	# how a BPF program sees an event's samples (irq.c)
	if has 'struct perf_event' 'perf_overflow_handler_t orig_overflow_handler ;'; then
		echo -DXU_BPF_OVERFLOW=1	# <= 6.9: it replaces the handler
	elif has 'struct perf_event' 'struct bpf_prog * prog ;' &&
	     has - 'struct bpf_perf_event_data_kern {' &&
	     has 'struct bpf_perf_event_data_kern' 'bpf_user_pt_regs_t * regs ;' &&
	     has 'struct bpf_perf_event_data_kern' 'struct perf_sample_data * data ;' &&
	     has 'struct bpf_perf_event_data_kern' 'struct perf_event * event ;'; then
		echo -DXU_BPF_OVERFLOW=2	# 6.10: the overflow path runs it
	fi
}

# A driver may give a sample its callchain (compat.h).  Released kernels
# with dyn_size size only the callchain perf takes itself (6.3); the merge
# window that added the field still sized every one (bisects only).
c_sample_flags() {
	if has 'struct perf_sample_data' 'u64 sample_flags ;' &&
	   has 'struct perf_sample_data' 'struct perf_callchain_entry * callchain ;'; then
		if has 'struct perf_sample_data' 'u64 dyn_size ;'; then
			echo -DXU_HAVE_SAMPLE_FLAGS=2	# 6.3: the driver adds it to dyn_size
		else
			echo -DXU_HAVE_SAMPLE_FLAGS=1	# 6.1: perf sizes it
		fi
	fi
}

c_hrtimer_setup() {	# 6.13 added hrtimer_setup(), 6.15 removed hrtimer_init()
	if has - 'extern void hrtimer_setup ( struct hrtimer * timer , enum hrtimer_restart ( * function ) ( struct hrtimer * ) , clockid_t clock_id , enum hrtimer_mode mode ) ;' ||
	   ! has - 'extern void hrtimer_init ( struct hrtimer * timer , clockid_t which_clock , enum hrtimer_mode mode ) ;'; then
		echo -DXU_HAVE_HRTIMER_SETUP
	fi
}

c_msrq() {	# 6.16 renamed rdmsrl_safe()/wrmsrl_safe() to *msrq_safe()
	if fn rdmsrq_safe || ! fn rdmsrl_safe; then
		echo -DXU_HAVE_MSRQ
	fi
}

c_import_ns() {	# 6.13: namespaces are string literals
	if ! has '#' '#define MODULE_IMPORT_NS ( ns ) MODULE_INFO ( import_ns , __stringify ( ns ) )'; then
		echo -DXU_IMPORT_NS_STRING
	fi
}

c_kunit_gen() {	# 6.18: a KUnit parameter generator takes the test
	if ! has 'struct kunit_case' 'const void * ( * generate_params ) ( const void * prev , char * desc ) ;'; then
		echo -DXU_KUNIT_GEN_TEST
	fi
}

c_kunit_speed() {	# 6.6: KUnit cases have attributes, a speed among them
	if has 'struct kunit_case' 'struct kunit_attributes attr ;' &&
	   has 'struct kunit_attributes' 'enum kunit_speed speed ;'; then
		echo -DXU_KUNIT_SPEED
	fi
}

c_apic_call() {	# 6.6: the APIC's IPIs through static calls modules may use
	if fn __apic_send_IPI_mask; then
		echo -DXU_HAVE_APIC_SEND_IPI_MASK
	fi
}

CONFTESTS='pmu_ctx pending_disable bpf_overflow sample_flags hrtimer_setup msrq import_ns
	   kunit_gen kunit_speed apic_call'

# headers NAME: the files conftest NAME reads, under an include directory
headers() {
	case $1 in
	pmu_ctx | pending_disable | bpf_overflow | sample_flags) echo linux/perf_event.h ;;
	hrtimer_setup) echo linux/hrtimer.h ;;
	msrq) echo asm/msr.h ;;
	import_ns) echo linux/module.h ;;
	kunit_gen | kunit_speed) echo kunit/test.h ;;
	apic_call) echo asm/apic.h ;;
	esac
}

# conftest NAME FILE...: run conftest NAME on the declarations of FILEs
conftest() {
	name=$1
	shift
	DECLS=
	[ $# = 0 ] || DECLS=$(decls "$@")
	case $name in
	pmu_ctx) c_pmu_ctx ;;
	pending_disable) c_pending_disable ;;
	bpf_overflow) c_bpf_overflow ;;
	sample_flags) c_sample_flags ;;
	hrtimer_setup) c_hrtimer_setup ;;
	msrq) c_msrq ;;
	import_ns) c_import_ns ;;
	kunit_gen) c_kunit_gen ;;
	kunit_speed) c_kunit_speed ;;
	apic_call) c_apic_call ;;
	esac
}

# find HEADER DIR...: the first DIR/HEADER that exists
find_header() {
	h=$1
	shift
	for d in "$@"; do
		[ -f "$d/$h" ] && { echo "$d/$h"; return; }
	done
}

case ${1:-} in
--list)
	echo "$CONFTESTS"
	;;
--decls)
	shift
	decls "$@"
	;;
--one)
	shift
	conftest "$@"
	;;
*)
	out=
	for name in $CONFTESTS; do
		f=$(find_header "$(headers "$name")" "$@")
		# shellcheck disable=SC2086 # none or one path
		out="$out $(conftest "$name" $f)"
	done
	# one line of flags, blanks collapsed
	# shellcheck disable=SC2086
	echo $out
	;;
esac
exit 0

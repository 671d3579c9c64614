/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Register model of Intel Xeon uncore PMUs: definitions shared by the
 * generic machinery (sim_core.c), the per-platform tables (sim_<plat>.c)
 * and the KUnit suite.
 *
 * A platform is a list of box types.  A box type is written like the
 * register tables of its programming guide: one row per register, or per
 * run of identical registers, giving place, width, software access, reset
 * value, reserved and ignored bits and, where a register does more than
 * hold a value, a behaviour hook.  Its counters are named by the two rows
 * holding their control and count registers (the same row when one
 * register is both: the count is then its low ctr_width bits), plus a hook
 * that decodes the control bits.  What a counter counts per cycle comes
 * from its (event, umask) by default, or from the type's own pattern hook.
 * Everything else (address decode, access checks, the log, time and event
 * counting) is generic.
 */
#ifndef _XEON_UNCORE_SIM_H
#define _XEON_UNCORE_SIM_H

#include <linux/atomic.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "../compat.h"

#define SIM_MAX_TYPES	16	/* box types per platform */
#define SIM_MAX_REGS	32	/* table rows per box type */
#define SIM_PAT_MAX	64	/* longest per-cycle increment pattern */
#define SIM_MAX_RATES	64	/* pattern overrides held at once */
#define SIM_VIOL_KEEP	256	/* violations kept for debugfs */

enum sim_access {
	SIM_RW,
	SIM_RO,		/* software read-only: writing is a violation */
	SIM_WO,		/* software write-only: reading is a violation */
	/*
	 * Not implemented on this part (the MSR raises #GP): every access
	 * fails with -EIO and counts as a fault, not as a violation, since
	 * probing with a fault-safe access is legitimate.
	 */
	SIM_ABSENT,
};

enum sim_space {
	SIM_MSR,
	/*
	 * PCI configuration space of the socket's uncore functions: an
	 * address is SIM_PCI_ADDR(device, function, offset).  Software
	 * accesses 1, 2 or 4 bytes within one dword; a register wider than
	 * 32 bits is two dwords, the low one at the lower offset, each
	 * accessed on its own.  The access rules (RO, WO, reserved, ignored)
	 * apply to the dword touched.
	 */
	SIM_PCI,
};

#define SIM_PCI_ADDR(dev, fn, off)	((dev) << 15 | (fn) << 12 | (off))
#define SIM_PCI_DEVFN(addr)		((addr) >> 12)
#define SIM_PCI_OFF(addr)		((addr) & 0xfff)

struct sim;
struct sim_socket;
struct sim_box;
struct sim_pattern;

/*
 * One row of a register table.  Registers n = 0..count-1 of the row live at
 * box base + offset + n * stride (or + offs[n], where the guide spaces them
 * unevenly).  A write first loses the bits above
 * @width (the register is wider than what is implemented; not a violation)
 * and the @ig bits; @rsv bits written as 1 are reported and dropped.  The
 * hooks see only the remaining bits; without hooks the row is plain storage.
 * A write hook returns NULL, or why the write is a violation (recorded
 * unless the access already is one, e.g. for reserved bits); the write
 * takes whatever effect the hook gives it either way.
 */
struct sim_reg {
	const char *name;
	u32 offset;
	u8 count;
	u8 stride;
	const u16 *offs;	/* registers at irregular places: n at offset + offs[n] */
	/*
	 * Boxes whose registers of this row do not keep one offset from the
	 * box's base (the Xeon 7500's R-box ports): box i's register 0 at
	 * the address @at[i], @offset unused (MSR space only).
	 */
	const u32 *at;
	u8 width;
	u8 access;		/* enum sim_access */
	u64 reset;
	u64 rsv;
	u64 ig;
	u64 (*read)(struct sim_socket *s, struct sim_box *b, unsigned int n);
	const char *(*write)(struct sim_socket *s, struct sim_box *b,
			     unsigned int n, u64 val);
	/*
	 * A register at an address the assumptions header guesses: while
	 * *@absent_if is set (a module parameter), the part is modelled
	 * without it, and every access faults as one to an SIM_ABSENT row.
	 */
	const bool *absent_if;
};

/*
 * An event a box type implements and the guide's "Max Inc/Cyc" for it;
 * @parts: the parts (box type .part bits) that have it, 0 for all;
 * @ctrs: the counters the guide lets count it (bit n: counter n), 0 for
 * all.  Elsewhere it counts nothing, and enabling it is a violation.
 * @subevents: the umask selects what it counts, so with umask 0 it counts
 * nothing (the platform's decode applies it).
 */
struct sim_event {
	u16 code;
	u8 max_inc;
	u8 parts;
	u8 ctrs;
	bool subevents;
	const char *name;
};

/* What a counter's control registers ask for, decoded by the platform. */
struct sim_ctr_cfg {
	bool programmed;	/* its own enable bit is set */
	bool counting;		/* every enable level set, nothing frozen */
	bool pmi;		/* an overflow requests a PMI */
	bool invert;
	bool edge;
	bool saturate;		/* the count sticks at its maximum */
	u8 umask;
	u8 thresh;
	u16 event;
	u64 ctl;		/* raw control, for the type's pattern hook */
	/*
	 * The filter or match bits the event uses, 0 if none: part of what
	 * selects the default pattern, so each value counts its own,
	 * deterministic way.
	 */
	u64 filter;
};

struct sim_box_type {
	const char *name;	/* "ubox", "cbox": boxtype in debugfs */
	u8 space;		/* enum sim_space */
	unsigned int nboxes;
	const u32 *base;	/* base address of each box */
	/*
	 * SIM_PCI: the device ID of each box's function, or NULL when the
	 * type lives in functions another type owns.
	 */
	const u16 *devid;
	const struct sim_reg *regs;
	unsigned int nregs;
	unsigned int nctrs;
	unsigned int ctr_width;
	unsigned int ctl_reg;	/* row of counter n's control register */
	unsigned int ctr_reg;	/* row of counter n's count register */
	const struct sim_event *events;
	unsigned int nevents;
	u8 part;		/* which of the events' @parts this type is */
	void (*decode)(struct sim_socket *s, struct sim_box *b, unsigned int n,
		       struct sim_ctr_cfg *cfg);
	/*
	 * Counter n passed 2^ctr_width - 1 (wrapped), or reached it with
	 * cfg.saturate set: set its status bits.
	 */
	void (*overflow)(struct sim_socket *s, struct sim_box *b,
			 unsigned int n);
	/*
	 * Optional: counter n's per-cycle increments for @cfg (cfg->ctl),
	 * instead of the pattern of (cfg->event, cfg->umask); false: it
	 * counts nothing.  Rate overrides do not apply to such types.
	 */
	bool (*pattern)(struct sim_socket *s, struct sim_box *b,
			unsigned int n, const struct sim_ctr_cfg *cfg,
			struct sim_pattern *pat);
	u8 max_inc;		/* with @pattern: the most a cycle adds */
	const void *priv;	/* the platform's data for its hooks */
};

struct sim_platform {
	const char *name;
	const struct sim_box_type *const *types;
	unsigned int ntypes;
	/* the part as it is with gl_ctl=0 (no global control), if it differs */
	const struct sim_platform *no_gl_ctl;
	/*
	 * A counter whose cfg.pmi is set overflowed: update status, apply the
	 * freeze, return the mask of cores the PMI goes to (0: none).
	 */
	u32 (*pmi)(struct sim_socket *s);
	/*
	 * Optional: the mask of cores a PMI would go to now, without side
	 * effects (where the PMI deliverer must not run).
	 */
	u32 (*pmi_sel)(struct sim_socket *s);
	/* Optional: whether the socket's global control stops every counter now. */
	bool (*frozen)(struct sim_socket *s);
};

/* A periodic per-cycle increment pattern: cycle c adds p[c % len]. */
struct sim_pattern {
	u8 len;
	u8 p[SIM_PAT_MAX];
};

/*
 * A counter config's effective per-cycle increments (pattern after
 * threshold/invert/edge) as prefix sums, so that the count over cycles
 * [a, b) is G(b) - G(a) with G(c) = (c / len) * sum + prefix[c % len].
 */
struct sim_cum {
	u32 len;		/* 0: counts nothing */
	u64 sum;
	u32 prefix[SIM_PAT_MAX + 1];
};

struct sim_counter {
	u64 truth;		/* every increment counted; never wraps */
	u64 overflows;		/* wraps (saturating: reaching the maximum) */
	struct sim_ctr_cfg cfg;	/* as decoded at the last update */
	struct sim_ctr_cfg key;	/* what @cum was built for */
	u32 gen;		/* sim->gen when @cum was built */
	bool built;
	struct sim_cum cum;
};

struct sim_box {
	const struct sim_box_type *type;
	unsigned int tidx;	/* index of @type in the platform */
	unsigned int idx;	/* box number within its type */
	/* row r of the type's table: its regs[r].count registers */
	u64 *reg[SIM_MAX_REGS];
	u64 state;		/* platform state no register shows */
	struct sim_counter *ctr;	/* [type->nctrs] */
};

struct sim_socket {
	struct sim *sim;
	unsigned int id;
	u64 cycle;		/* counters are accounted up to here */
	u32 pmi_pending;	/* cores a PMI was raised for, not yet sent */
	u64 pmi_count;
	struct sim_box *box;	/* all boxes, platform type order */
	u64 *regs;		/* what the boxes' reg[] rows point into */
	struct sim_counter *ctrs;	/* and their ctr */
};

struct sim_log {
	u64 seq;
	u64 val;
	u32 addr;
	u16 cpu;
	u8 write;
	u8 space;
	u8 size;		/* bytes accessed: 8 for MSRs; 1, 2, 4 for PCI */
	u8 socket;		/* SIM_PCI: the socket whose function it is */
};

struct sim_viol {
	struct sim_log acc;
	const char *why;
	u64 bits;		/* offending bits, when the reason has any */
	bool fault;		/* an absent register: a fault, not a violation */
};

struct sim_rate {
	u8 tidx;
	s16 box;		/* -1: every box of the type */
	u16 event;
	u8 umask;
	struct sim_pattern pat;
};

struct sim_addr {
	u32 addr;
	u8 space;
	u8 reg;
	u8 n;
	u8 hi;			/* SIM_PCI: the upper dword of a 64-bit register */
	u16 box;
};

struct sim {
	const struct sim_platform *plat;
	unsigned int nsockets;
	unsigned int nboxes;	/* per socket */
	unsigned int first[SIM_MAX_TYPES];	/* first box of each type */
	struct sim_socket *sock;
	struct sim_addr *map;	/* sorted by (space, addr) */
	unsigned int nmap;

	/*
	 * One lock for all of the state below and the sockets: a test-and-set
	 * lock holding its owner's CPU number + 1, 0 when free (sim_lock()).
	 */
	atomic_t lock;

	/* cycles = (now - t0) * hz / 1e9 + warp, now frozen when manual */
	u64 hz;
	u64 t0;
	u64 frozen;
	u64 warp;
	/*
	 * Cycles every register access adds (debugfs "advance step N"): a
	 * bus that slow lets a counter move between the halves of one read.
	 */
	u64 step;
	bool manual;

	struct sim_rate rate[SIM_MAX_RATES];
	unsigned int nrates;
	bool worst;		/* every counter at its most per cycle */
	u32 gen;		/* bumped whenever patterns change */

	u64 seq;		/* last access number handed out */
	struct sim_log *log;
	unsigned int log_size;
	u64 log_first;		/* oldest retained seq */
	u64 log_dropped;
	struct sim_viol viol[SIM_VIOL_KEEP];
	u64 nviol;
	u64 nfaults;		/* accesses to absent registers */

	/* Told of every PMI raised, under the lock (maybe in NMI context). */
	void (*pmi_hook)(struct sim_socket *s, u32 cores);
	/* Called after every register write, without the lock. */
	void (*kick)(struct sim *sim);
	atomic_t nmi_busy;	/* NMI accesses refused: their CPU held the lock */
	u64 nmi_accesses;	/* register accesses made in NMI context */

	/*
	 * An injected fault (debugfs "faults"): the next @fault_left reads
	 * of register @fault_addr (a dword address for PCI) in @fault_space
	 * fail, as a #GP on RDMSR or a function that stopped answering.
	 */
	u8 fault_space;
	u32 fault_addr;
	u32 fault_left;
	u64 fault_hits;
};

static inline struct sim_box *sim_box(struct sim_socket *s, unsigned int tidx,
				      unsigned int idx)
{
	return &s->box[s->sim->first[tidx] + idx];
}

struct sim *sim_create(const struct sim_platform *plat, unsigned int sockets,
		       unsigned int uclk_mhz, unsigned int log_entries);
void sim_destroy(struct sim *sim);
int sim_access(struct sim *sim, unsigned int socket, unsigned int cpu,
	       bool write, u32 addr, u64 *val);
int sim_pci_access(struct sim *sim, unsigned int socket, unsigned int cpu,
		   bool write, u32 addr, unsigned int size, u32 *val);
u64 sim_accesses_on(unsigned int cpu);
void sim_set_manual(struct sim *sim, bool manual);
void sim_advance(struct sim *sim, u64 cycles);
u64 sim_truth(struct sim *sim, unsigned int socket, unsigned int tidx,
	      unsigned int box, unsigned int ctr);
u32 sim_reg_addr(const struct sim_box_type *t, const struct sim_reg *r,
		 unsigned int bi, unsigned int n);

/* Room for any name sim_addr_name() gives ("rport7.R_MSR_PORT_XBR_SET1_MATCH_MASK[1]") */
#define SIM_NAME_LEN	64
void sim_box_name(const struct sim_box *b, char *buf, size_t len);
void sim_addr_name(const struct sim *sim, const struct sim_addr *a,
		   char *buf, size_t len);
const struct sim_addr *sim_log_reg(struct sim *sim, const struct sim_log *e);

/* A write of another program (sim_poke()): PCI @addr is SIM_PCI_ADDR() */
struct sim_poke {
	u8 space;
	unsigned int socket;
	u32 addr;
	u64 val;
};

int sim_poke(struct sim *sim, const struct sim_poke *p, unsigned int n);
int sim_latch(struct sim *sim, unsigned int socket, u32 addr, u64 bits);
int sim_rate_set(struct sim *sim, const char *type, int box, u16 event,
		 u8 umask, const struct sim_pattern *pat);
void sim_rates_reset(struct sim *sim);
void sim_set_worst(struct sim *sim, bool on);
void sim_pattern_default(struct sim_pattern *pat, const char *type,
			 unsigned int box, u16 event, u8 umask, u64 filter,
			 u8 max_inc);
void sim_cum_build(struct sim_cum *cum, const struct sim_pattern *pat,
		   const struct sim_ctr_cfg *cfg);
u64 sim_cum_at(const struct sim_cum *cum, u64 cycle);
const struct sim_event *sim_event_find(const struct sim_box_type *t,
				       u16 code);

/* the parts of the rows of ../platforms.h, by the name they load as */
struct sim_platform_row {
	const char *name;
	const struct sim_platform *plat;
};

extern const struct sim_platform_row * const sim_platform_rows;	/* { } ends it */
extern const struct sim_platform sim_nhmex_platform;
extern const struct sim_platform sim_wsmex_platform;
extern const struct sim_platform sim_tulsa_platform;
extern const struct sim_platform sim_tulsa_nogl_platform;
extern const struct sim_platform sim_dunnington_platform;
extern const struct sim_platform sim_snbep_platform;
extern const struct sim_platform sim_ivbep_platform;

/*
 * Xeon 7100/7400 (sim_l3.c): what a GBSQ, GSNPQ or FSB box sees in one
 * cycle, exposed so that KUnit can count it on its own.  Field values are
 * bit numbers within the control field concerned, or its encodings.
 */
struct sim_l3_cycle {
	bool txn;	/* GBSQ, GSNPQ: a transaction this cycle */
	u8 agent;	/* Agent_Select bit (0 = control bit 32) */
	u8 flow;	/* GBSQ Data_Flow bit: 0 demand, 1 prefetch */
	u8 type;	/* Type_Match bit, 0..5 */
	u8 snoop;	/* Snoop_Match bit: 0 clean, 1 HIT, 2 HITM */
	u8 state;	/* L3_State / L2_State bit, 0..6 */
	u8 core;	/* 1 this core/module, 2 other, 3 both/several */
	u8 fill;	/* GBSQ: 0 no fill, 1 fill, no eviction, 2 with one */
	bool xsnp;	/* GBSQ: a cross-snoop transaction */
	bool block;	/* GSNPQ: a blocked snoop */
	u32 fsb;	/* FSB: bit i set when attribute bit 32 + i occurred */
};

void sim_l3_at(const struct sim_platform *plat, const struct sim_box_type *t,
	       unsigned int box, u64 cycle, struct sim_l3_cycle *x);

/* Engine internals shared with the module half (sim_module.c). */
extern const char *const sim_space_name[];
u64 sim_mix(u64 x);
void sim_lock(struct sim *sim, unsigned long *flags) __acquires(&sim->lock);
void sim_unlock(struct sim *sim, unsigned long flags) __releases(&sim->lock);
void sim_update(struct sim_socket *s, u64 to);
void sim_update_all(struct sim *sim);
u64 sim_now(struct sim *sim);
u64 sim_cycles_at_ns(struct sim *sim, u64 ns);
u64 sim_cycle_ns(struct sim *sim, u64 cycle);
u64 sim_next_pmi(struct sim_socket *s);
bool sim_cpu_nmi_spinning(unsigned int cpu);
const struct sim_rate *sim_rate_find(struct sim *sim, unsigned int tidx,
				     int box, u16 event, u8 umask);

/* PMIs as NMIs (sim_nmi.c), for the module half. */
int sim_nmi_start(struct sim *sim);
void sim_nmi_stop(void);
void sim_nmi_kick(void);
void sim_nmi_hold(bool hold);
void sim_nmi_deliver_now(void);
void sim_trigger(bool after, bool write, u64 val, u8 space,
		 unsigned int socket, u32 addr, unsigned int cpu);
void sim_nmi_read_hook(u32 msr);
int sim_nmi_read_cmd(char *cmd);
void sim_nmi_read_show(struct seq_file *m);
bool sim_nmi_held(void);
int sim_nmi_unrelated_send(unsigned int cpu);
struct seq_file;
void sim_nmi_show(struct seq_file *m);

/* The simulated PCI host buses (sim_pci.c), for the module half. */
int sim_pci_create(struct sim *sim);
void sim_pci_destroy(void);

#endif /* _XEON_UNCORE_SIM_H */

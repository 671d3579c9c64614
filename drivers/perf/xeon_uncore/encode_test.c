// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the xeon_uncore core's encoders: an event's config into
 * its control value, filters, match/mask and counter bindings, and the
 * fields accepted but not programmed.
 */
#include "xeon_uncore_test.h"

/* ---- Encoders: filters, match/mask, counter bindings ------------------ */

struct xu_encode_case {
	const char *what;
	const char *box;
	u64 config[XU_CONFIG_WORDS];
	bool ok;
	unsigned long counters;
	u64 filter, filter_mask;	/* shared register 0 */
	u64 shared1, shared1_mask;	/* 1: QPI's, the S- and B-box's mask */
	u64 ignored1, ignored2;		/* accepted, not programmed */
	u64 ignored0;
	const char *unsure;		/* a field programmed, meaning unconfirmed */
	const struct xu_platform *plat;	/* NULL: the E5-2600 */
	u64 ctl;			/* 0: config[0] (0 for a fixed counter) */
};

#define V2	.plat = &xu_ivbep_platform
#define NHM	.plat = &xu_nhmex_platform

#define I_STATE		(0x3fULL << 17)
#define I_OPC1		GENMASK_ULL(31, 20)	/* opc, c6, nc, isoc in FILTER1 */

#define T_STATE		(0x1fULL << 18)
#define T_OPC		(0x1ffULL << 23)
#define T_NID		(0xffULL << 10)

/* Filter fields: tid 4:0, nid 17:10, state 22:18, opc 31:23 (guide table 2-19). */
static const struct xu_encode_case xu_encode_cases[] = {
	{ "llc_lookup data_read, state any", "cbox", { 0x0334 }, true, 0x3,
	  0x1fULL << 18, 0x1fULL << 18 },
	{ "llc_lookup state M", "cbox", { 0x0334, 0x10ULL << 18 }, true, 0x3,
	  0x10ULL << 18, 0x1fULL << 18 },
	{ "llc_lookup nid", "cbox", { 0x4334, 0x1ULL << 18 | 0x2ULL << 10 }, true, 0x3,
	  0x1ULL << 18 | 0x2ULL << 10, 0x1fULL << 18 | 0xffULL << 10 },
	{ "tor_inserts opcode", "cbox", { 0x0135, 0x180ULL << 23 }, true, 0x3,
	  0x180ULL << 23, 0x1ffULL << 23 },
	{ "tor_occupancy opcode on counter 0", "cbox", { 0x0136, 0x182ULL << 23 }, true,
	  0x1, 0x182ULL << 23, 0x1ffULL << 23 },
	{ "tor_inserts nid only", "cbox", { 0x4835, 0x4ULL << 10 }, true, 0x3,
	  0x4ULL << 10, 0xffULL << 10 },
	{ "llc_victims nid", "cbox", { 0x4137, 0x1ULL << 10 }, true, 0x3,
	  0x1ULL << 10, 0xffULL << 10 },
	/* an LLC_LOOKUP: the state too, all states as none is given */
	{ "tid with tid_en", "cbox", { 0x80000 | 0x0134, 0x3 }, true, 0x3,
	  T_STATE | 0x3, T_STATE | 0x1f },
	{ "tid with tid_en on a ring event", "cbox", { 0x80000 | 0x011b, 0x3 }, true,
	  0xc, 0x3, 0x1f },
	/* a filter field the event's hardware does not read: ignored */
	{ "tid without tid_en", "cbox", { 0x0134, 0x3 }, true, 0x3,
	  T_STATE, T_STATE, .ignored1 = 0x3 },
	{ "state on tor_inserts", "cbox", { 0x0135, 0x1ULL << 18 }, true, 0x3,
	  0, T_OPC, .ignored1 = 0x1ULL << 18 },
	{ "opc on llc_lookup", "cbox", { 0x0334, 0x1ULL << 23 }, true, 0x3,
	  T_STATE, T_STATE, .ignored1 = 0x1ULL << 23 },
	{ "nid without the nid umask bit", "cbox", { 0x0334, 0x1ULL << 10 }, true, 0x3,
	  T_STATE, T_STATE, .ignored1 = 0x1ULL << 10 },
	{ "opc on tor_inserts.all", "cbox", { 0x0835, 0x180ULL << 23 }, true, 0x3,
	  0, 0, .ignored1 = 0x180ULL << 23 },
	{ "every filter field on a ring event", "cbox", { 0x011b, 0xfffffc1f }, true,
	  0xc, 0, 0, .ignored1 = 0xfffffc1f },
	/* every LLC_LOOKUP sub-event reads the state (guide 2.3.6) */
	{ "llc_lookup any (ivytown list: 0x11)", "cbox", { 0x1134, 0x7c0000 }, true, 0x3,
	  0x7c0000, T_STATE },
	{ "llc_lookup nid, any state", "cbox", { 0x5134, 0x1ULL << 10 }, true, 0x3,
	  T_STATE | 0x1ULL << 10, T_STATE | T_NID },
	{ "ring event on counters 2-3", "cbox", { 0x011b }, true, 0xc, 0, 0 },
	{ "counter0_occupancy not on 0", "cbox", { 0x1f }, true, 0xe, 0, 0 },
	{ "rxr_occupancy on 0", "cbox", { 0x0111 }, true, 0x1, 0, 0 },
	{ "unconstrained", "cbox", { 0x0000 }, true, 0xf, 0, 0 },
	{ "band0", "pcu", { 0x0b, 0x20 }, true, 0xf, 0x20, 0xff },
	{ "band3", "pcu", { 0x0e, 0x1eULL << 24 }, true, 0xf, 0x1eULL << 24, 0xffULL << 24 },
	{ "band1 value on band0 event", "pcu", { 0x0b, 0x20ULL << 8 }, true, 0xf,
	  0, 0xff, .ignored1 = 0x20ULL << 8 },
	{ "band on 0x10b (total_transition_cycles)", "pcu", { 0x20000b, 0x20 }, true,
	  0xf, 0, 0, .ignored1 = 0x20 },
	{ "0x10b without a band", "pcu", { 0x20000b }, true, 0xf, 0, 0 },
	{ "occupancy c6", "pcu", { 0x80 | 0x3ULL << 14 }, true, 0xf, 0, 0 },
	{ "occ_sel off occupancy", "pcu", { 0x03 | 0x1ULL << 14 }, false },
	{ "occ_edge is bit 31", "pcu", { 0x80 | 0x1ULL << 14 | BIT_ULL(31) }, true, 0xf, 0, 0 },
	{ "pcu umask", "pcu", { 0x0103 }, false },
	/*
	 * occupancy (bit 7, not 21): occ_edge/occ_invert act, the generic
	 * edge and inv are ignored (no thresh supplied); 0x180 is none
	 */
	{ "occupancy: edge ignored", "pcu", { 0x80 | 0x1ULL << 14 | BIT_ULL(18) }, true, 0xf,
	  0, 0, .ignored0 = BIT_ULL(18), .ctl = 0x80 | 0x1ULL << 14 },
	{ "occupancy: inv ignored, thresh kept", "pcu",
	  { 0xff | 0x2ULL << 14 | BIT_ULL(23) | 0x3ULL << 24 }, true, 0xf, 0, 0,
	  .ignored0 = BIT_ULL(23), .ctl = 0xff | 0x2ULL << 14 | 0x3ULL << 24 },
	{ "0x180 is no occupancy event: occ_sel", "pcu", { 0x200080 | 0x1ULL << 14 }, false },
	{ "0x180 is no occupancy event: edge, thresh=1", "pcu", { 0x200080 | BIT_ULL(18) },
	  true, 0xf, 0, 0, .ctl = 0x200080 | BIT_ULL(18) | 0x1ULL << 24 },
	{ "occupancy: edge ignored", "pcu", { 0x80 | 0x3ULL << 14 | BIT_ULL(18) }, true, 0xf,
	  0, 0, .ignored0 = BIT_ULL(18), .ctl = 0x80 | 0x3ULL << 14, V2 },
	{ "0x180 is no occupancy event: occ_sel", "pcu", { 0x200080 | 0x1ULL << 14 }, false, V2 },
	{ "ubox thresh bit 29", "ubox", { 0x20000000 | 0x01 }, false },
	{ "ubox uclk fixed", "ubox", { 0xff }, true, 0x4, 0, 0 },
	{ "ubox phold_cycles (ExtSel)", "ubox", { 0x200045 | 0x100 }, true, 0x3, 0, 0 },
	{ "txr_starved on 0-1 (jaketown)", "cbox", { 0x0303 }, true, 0x3, 0, 0 },
	{ "rxr_int_starved on 0-1 (jaketown)", "cbox", { 0x0114 }, true, 0x3, 0, 0 },
	/* PCI boxes; QPI match/mask: dnid 17:13, mc 12:9, opc 8:5 ... */
	{ "ha requests", "ha", { 0x0301 }, true, 0xf, 0, 0 },
	{ "ha has no ExtSel", "ha", { 0x200001 }, false },
	{ "ha has no tid_en", "ha", { 0x80001 }, false },
	{ "imc cas_count", "imc", { 0x0304 }, true, 0xf, 0, 0 },
	{ "imc dclk fixed", "imc", { 0xff }, true, 0x10, 0, 0 },
	{ "imc has no ExtSel", "imc", { 0x200004 }, false },
	{ "cto_count match/mask", "qpi", { 0x200038, 0xeULL << 9, 0xfULL << 9 }, true,
	  0xf, 0xeULL << 9, U64_MAX, 0xfULL << 9, U64_MAX },
	{ "cto_count rds in MATCH1", "qpi", { 0x200038, 0x1ULL << 48, 0xfULL << 48 },
	  true, 0xf, 0x1ULL << 48, U64_MAX, 0xfULL << 48, U64_MAX },
	{ "cto_count, match all", "qpi", { 0x200038 }, true, 0xf, 0, U64_MAX, 0, U64_MAX },
	{ "reserved match0 bit", "qpi", { 0x200038, 0x1 }, false },
	{ "reserved mask1 bit", "qpi", { 0x200038, 0, 0x1ULL << 36 }, false },
	{ "match on another event", "qpi", { 0x14, 0x20 }, true, 0xf, 0, 0, 0, 0,
	  0x20 },
	{ "0x38 without ExtSel takes no match", "qpi", { 0x38, 0x20, 0x1e00 }, true,
	  0xf, 0, 0, 0, 0, 0x20, 0x1e00 },
	{ "reserved match bit on another event", "qpi", { 0x14, 0x1 }, false },
	{ "reserved mask bit on another event", "qpi", { 0x14, 0, 0x1ULL << 36 }, false },
	{ "drs_data (ExtSel)", "qpi", { 0x200802 }, true, 0xf, 0, 0 },
	{ "r2pcie ak bounces on 0", "r2pcie", { 0x12 }, true, 0x1, 0, 0 },
	{ "r2pcie ring", "r2pcie", { 0x0107 }, true, 0xf, 0, 0 },
	{ "r3qpi occupancy on 0", "r3qpi", { 0x0113 }, true, 0x1, 0, 0 },
	{ "r3qpi three counters", "r3qpi", { 0x0101 }, true, 0x7, 0, 0 },
	/*
	 * What real clients send, as captured from them against the model
	 * (pfm_get_os_event_encoding(PFM_OS_PERF_EVENT) of Debian's libpfm4
	 * 4.13.0-1, which PAPI and PCP use).
	 */
	{ "libpfm4 UNC_C_LLC_LOOKUP:ANY", "cbox", { 0x1f34, 0x7c0000 }, true, 0x3,
	  0x7c0000, T_STATE },
	{ "libpfm4 UNC_C_LLC_LOOKUP:ANY:STATE_M", "cbox", { 0x1f34, 0x200000 }, true,
	  0x3, 0x200000, T_STATE },
	{ "libpfm4 UNC_C_LLC_LOOKUP:NID:nf=1", "cbox", { 0x4334, 0x7c0400 }, true, 0x3,
	  0x7c0400, T_STATE | T_NID },
	{ "libpfm4 UNC_C_TOR_OCCUPANCY:OPC_RFO", "cbox", { 0x0836, 0xc0000000 }, true,
	  0x1, 0, 0, .ignored1 = 0xc0000000 },
	{ "libpfm4 UNC_C_TOR_OCCUPANCY:OPC_PCIWILF", "cbox", { 0x0836, 0xca000000 },
	  true, 0x1, 0, 0, .ignored1 = 0xca000000 },
	{ "libpfm4 UNC_C_TOR_OCCUPANCY:NID_OPCODE:OPC_RFO:nf=1", "cbox",
	  { 0x4136, 0xc0000400 }, true, 0x1, 0xc0000400, T_OPC | T_NID },
	{ "libpfm4 UNC_P_FREQ_BAND0_CYCLES:ff=32", "pcu", { 0x0b, 0x20 }, true, 0xf,
	  0x20, 0xff },
	/*
	 * PCM (Debian's pcm 202302) with PCM_USE_UNCORE_PERF=1, from its
	 * source: every counter is EN | event with the box's whole filter.
	 * pcm-power PCU profile 0 (default): clockticks and FREQ_BAND0..2,
	 * bands 12/20/40; pcm-pcie: TOR_INSERTS.OPCODE or MISS_OPCODE on
	 * counter 0, idle counters, opcode PCIeRdCur 0x19e or PCIeNSRd 0x1e4.
	 */
	{ "pcm-power clockticks", "pcu", { 0x400000, 0x28140c }, true, 0xf, 0, 0,
	  .ignored1 = 0x28140c },
	{ "pcm-power band0", "pcu", { 0x40000b, 0x28140c }, true, 0xf, 0x0c, 0xff,
	  .ignored1 = 0x281400 },
	{ "pcm-power band1", "pcu", { 0x40000c, 0x28140c }, true, 0xf, 0x1400, 0xff00,
	  .ignored1 = 0x28000c },
	{ "pcm-power band2", "pcu", { 0x40000d, 0x28140c }, true, 0xf, 0x280000,
	  0xff0000, .ignored1 = 0x140c },
	{ "pcm-pcie tor_inserts.opcode", "cbox", { 0x400135, 0xcf000000 }, true, 0x3,
	  0xcf000000, T_OPC },
	{ "pcm-pcie tor_inserts.miss_opcode", "cbox", { 0x400335, 0xf2000000 }, true,
	  0x3, 0xf2000000, T_OPC },
	{ "pcm-pcie idle counter", "cbox", { 0x400000, 0xcf000000 }, true, 0xf, 0, 0,
	  .ignored1 = 0xcf000000 },

	/*
	 * E5-2600 v2: FILTER0 is config1 31:0 (tid 4:0, link 8:5, state
	 * 22:17), FILTER1 63:32 (nid 47:32, opc 60:52, c6, nc, isoc 61-63),
	 * each register's value in its own bits.
	 */
	{ "llc_lookup, state any", "cbox", { 0x0334 }, true, 0x3,
	  I_STATE, I_STATE, V2 },
	{ "llc_lookup nid: both registers", "cbox", { 0x4134, 0x2ULL << 17 | 0x5ULL << 32 },
	  true, 0x3, 0x2ULL << 17, I_STATE, 0x5, 0xffff, V2 },
	{ "tor_inserts opcode with nc", "cbox", { 0x0135, 0x182ULL << 52 | BIT_ULL(62) },
	  true, 0x3, 0, 0, 0x182 << 20 | BIT(30), I_OPC1, V2 },
	{ "tor_inserts opcode and nid", "cbox", { 0x4135, 0x181ULL << 52 | 0x3ULL << 32 },
	  true, 0x3, 0, 0, 0x181 << 20 | 0x3, I_OPC1 | 0xffff, V2 },
	{ "rxr_ipq_retry qpi_credits: link", "cbox", { 0x1031, 0x5ULL << 5 }, true, 0x3,
	  0x5ULL << 5, 0xfULL << 5, V2 },
	{ "link on another event: ignored", "cbox", { 0x0131, 0x5ULL << 5 }, true, 0x3,
	  0, 0, .ignored1 = 0x5ULL << 5, V2 },
	{ "invert is reserved", "cbox", { 0x800000 | 0x0034 }, false, V2 },
	{ "invert is reserved (PCI box)", "r3qpi", { 0x800000 | 0x0010 }, false, V2 },
	{ "r3qpi ring event on counter 2 only", "r3qpi", { 0x0107 }, true, 0x4, V2 },
	/* the v2's constraints go on in the E5-2600's table */
	{ "r3qpi occupancy on counter 0 (E5-2600's row)", "r3qpi", { 0x0113 }, true, 0x1,
	  V2 },
	{ "cbox qlru on counters 0-1", "cbox", { 0x013c }, true, 0x3, V2 },
	{ "cbox rxr_occupancy on counter 0 (E5-2600's row)", "cbox", { 0x0111 }, true, 0x1,
	  V2 },
	{ "r2pcie txr_nack_ccw on counters 0-1", "r2pcie", { 0x0128 }, true, 0x3, V2 },
	{ "r2pcie rxr_ak_bounces on counter 0 (E5-2600's row)", "r2pcie", { 0x0112 }, true,
	  0x1, V2 },
	{ "r2pcie 0x28 unconstrained on the E5-2600", "r2pcie", { 0x0128 }, true, 0xf },
	{ "pcu event extension (upstream refuses it)", "pcu", { 0x200000 | 0x17 }, true,
	  0xf, V2 },
	{ "qpi cto_count with a match", "qpi", { 0x200038, 0x1ULL << 5, 0xfULL << 5 }, true,
	  0xf, 0x1ULL << 5, U64_MAX, 0xfULL << 5, U64_MAX, V2 },
	/* Xeon 7500: S-box match/mask, B-box counter lists, W-box fixed */
	{ "to_r_prog_ev with match/mask", "sbox", { 0x00, 0x123, 0xfff }, true, 0xf,
	  0x123, U64_MAX, 0xfff, U64_MAX, NHM },
	{ "match on another event: ignored", "sbox", { 0x07, 0x5 }, true, 0xf,
	  .ignored1 = 0x5, NHM },
	{ "enable bit accepted, not kept", "sbox", { 0x400007 }, true, 0xf, NHM,
	  .ctl = 0x7 },
	{ "msg_addr_in_match on counter 0", "bbox", { 0x02, 0x5, 0x7 }, true, 0x1,
	  0x5, U64_MAX, 0x7, U64_MAX, NHM, .ctl = 0x2 },
	{ "addr_in_match on counter 2", "bbox", { 0x88, 0x2, 0x3 }, true, 0x4,
	  0x2, U64_MAX, 0x3, U64_MAX, NHM, .ctl = 0x8 },
	{ "conflicts: counter 3, match ignored", "bbox", { 0xee, 0x1, 0x1 }, true, 0x8,
	  .ignored1 = 0x1, .ignored2 = 0x1, NHM, .ctl = 0x2e },
	{ "imt_ne_cycles: counter 2, no match", "bbox", { 0x8e, 0x1 }, true, 0x4,
	  .ignored1 = 0x1, NHM, .ctl = 0xe },
	{ "enable bit (0) accepted, not kept", "bbox", { 0x03 }, true, 0x1,
	  0, U64_MAX, 0, U64_MAX, NHM, .ctl = 0x2 },
	{ "bit 8 not implemented", "bbox", { 0x102 }, false, NHM },
	{ "clockticks: the fixed counter", "wbox", { 0xff }, true, BIT(4), NHM },
	{ "a core mask", "wbox", { 0x0304 }, true, 0xf, NHM },
	{ "bit 50 reserved", "wbox", { BIT_ULL(50) | 0x4 }, false, NHM },
	{ "port 0 IPERF_CFG0: flits_sent", "rbox", { 0x0, 0x80000000 }, true, 0xff,
	  0x80000000, 0xffffffff, NHM },
	{ "port 0 IPERF_CFG1", "rbox", { 0x2, 0x5 }, true, 0xff, 0, 0, 0x5, 0xffffffff,
	  NHM },
	{ "IPERF with xbr fields: ignored", "rbox", { 0x2 | 7ULL << 32, BIT_ULL(32) | 5, 3 },
	  true, 0xff, 0, 0, 0x5, 0xffffffff, .ignored0 = 7ULL << 32,
	  .ignored1 = BIT_ULL(32), .ignored2 = 3, NHM, .ctl = 0x2 },
	{ "port 3 XBAR set 2", "rbox", { 0x2e | (BIT_ULL(21) | 9) << 32, 0x1c00, 0x1fe0 },
	  true, 0xff, NHM, .ctl = 0x2e },
	/* XBAR MM_CFG: mm_trig_en 21 "to enable", 31:22 ig (Table 2-50) */
	{ "XBAR set without mm_trig_en: counts nothing", "rbox",
	  { 0x2e | 9ULL << 32, 0x1c00, 0x1fe0 }, false, NHM },
	{ "XBAR MM_CFG ig bits: accepted, not programmed", "rbox",
	  { 0x8 | (BIT_ULL(31) | BIT_ULL(22) | BIT_ULL(21)) << 32, 0x1c00, 0x1fe0 },
	  true, 0xff, .ignored0 = (BIT_ULL(31) | BIT_ULL(22)) << 32, NHM, .ctl = 0x8 },
	/* MATCH/MASK 63:52, 47:36, 30:18 reserved (Tables 2-51, 2-52) */
	{ "XBAR MATCH bit 52 reserved", "rbox",
	  { 0x8 | BIT_ULL(21) << 32, BIT_ULL(52) | 0x1c00, 0x1fe0 }, false, NHM },
	{ "XBAR MATCH bit 36 reserved", "rbox",
	  { 0x8 | BIT_ULL(21) << 32, BIT_ULL(36), 0x1fe0 }, false, NHM },
	{ "XBAR MASK bit 18 reserved", "rbox",
	  { 0xa | BIT_ULL(21) << 32, 0x1c00, BIT_ULL(18) | 0x1fe0 }, false, NHM },
	{ "XBAR MASK bit 30 reserved", "rbox",
	  { 0xa | BIT_ULL(21) << 32, 0x1c00, BIT_ULL(30) }, false, NHM },
	{ "XBAR RDS (51:48) and RNID (35:31)", "rbox",
	  { 0xa | BIT_ULL(21) << 32, 0x8ULL << 48 | 0x1fULL << 31 | 0x1c00,
	    0xfULL << 48 | 0x1fe0 }, true, 0xff, NHM, .ctl = 0xa },
	/* IPERF_CFG: EOT message classes, new-packet VN select */
	{ "IPERF EOT inserts of DRS (MC 0xe)", "rbox", { 0x0, 0x3c0000 }, true, 0xff,
	  0x3c0000, 0xffffffff, NHM },
	{ "IPERF EOT rolling count of NCB (MC 0xc)", "rbox", { 0x0, 0x180000 }, true,
	  0xff, 0x180000, 0xffffffff, NHM },
	{ "IPERF EOT MC 0xf encodes no class", "rbox", { 0x0, 0x1e0000 }, false, NHM },
	{ "IPERF EOT inserts, MC 0xf", "rbox", { 0x0, 0x3e0000 }, false, NHM },
	{ "IPERF1: EOT MC 5 encodes no class", "rbox", { 0x2, 0x2a0000 }, false, NHM },
	{ "IPERF new packets on VNA", "rbox", { 0x0, 0xbf }, true, 0xff, 0xbf,
	  0xffffffff, NHM },
	{ "IPERF 23:22 read zero: ignored, not programmed", "rbox",
	  { 0x0, 0xbf | GENMASK_ULL(23, 22) }, true, 0xff, 0xbf, 0xffffffff,
	  .ignored1 = GENMASK_ULL(23, 22), NHM },
	/* 0b11: every VN, the shared assumption, programmed and noted */
	{ "IPERF new packets, VN select 0b11 (upstream's date_response)", "rbox",
	  { 0x0, 0xc4 }, true, 0xff, 0xc4, 0xffffffff, .unsure = "iperf_cfg", NHM },
	{ "IPERF1 new packets of every class, VN select 0b11", "rbox",
	  { 0x2, 0xff }, true, 0xff, 0, 0, 0xff, 0xffffffff, .unsure = "iperf_cfg", NHM },
	{ "IPERF VN select 0b11 with no class: selects nothing", "rbox",
	  { 0x0, 0xc0 | BIT_ULL(31) }, true, 0xff, 0xc0 | BIT_ULL(31), 0xffffffff, NHM },
	{ "QLX high byte, the low one ignored", "rbox", { 0x6, 0x0507 }, true, 0xff,
	  .ignored1 = 0x07, NHM },
	{ "event above 0x17", "rbox", { 0x30 }, false, NHM },
	{ "pmi_en (bit 6) kernel-owned", "rbox", { 0x40 }, false, NHM },
	{ "dsp_fill: DSP", "mbox", { 0x0, 0x5 }, true, 0x3f, 0x5, 0xffffffff, NHM },
	/* ISS: 9:0 implemented, 31:10 "ig" (guide, the ISS field table) */
	{ "iss_ev: ISS, PLD half ignored", "mbox", { 0x1200, 0x3 | 1ULL << 32 }, true, 0x3f,
	  0, 0, 0x3, 0x3ff, .ignored1 = 1ULL << 32, NHM },
	{ "iss_ev: ISS bits 31:10 ignored", "mbox", { 0x1200, 0xfffffc03 }, true, 0x3f,
	  0, 0, 0x3, 0x3ff, .ignored1 = 0xfffffc00, NHM },
	{ "cycles_sched_mode: ISS bit 31 ignored", "mbox", { 0x80080, BIT_ULL(31) | 0x5 },
	  true, 0x3f, 0, 0, 0x5, 0x3ff, .ignored1 = BIT_ULL(31), NHM },
	{ "dram_cmd: ISS, PLD, address match", "mbox",
	  { 0x1400, 0x7 | 0x1f00ULL << 32, BIT_ULL(63) | 0x5ULL << 34 | 0x123 }, true, 0x3f,
	  0, 0, 0x7, 0x3ff, NHM },
	{ "dram_cmd: ISS bits 31:10 ignored, PLD all 32", "mbox",
	  { 0x1400, 0xffffffffULL << 32 | 0xffffffff }, true, 0x3f,
	  0, 0, 0x3ff, 0x3ff, .ignored1 = 0xfffffc00, NHM },
	{ "pld_retry_ev: match off, config2 ignored", "mbox", { 0x1600, 0, 0x123 }, true,
	  0x3f, .ignored2 = 0x123, NHM },
	{ "fvc_ev2 in its own slot", "mbox", { 0x1e00, 5ULL << 17 | 0x20 }, true, 0x3f, NHM },
	{ "fvc_ev0: another slot's selector ignored", "mbox", { 0x1a00, 5ULL << 14 }, true,
	  0x3f, .ignored1 = 5ULL << 14, NHM },
	{ "address match on a non-PLD event ignored", "mbox", { 0x200, 0, BIT_ULL(63) | 1 },
	  true, 0x3f, .ignored2 = BIT_ULL(63) | 1, NHM },
	{ "set_flag_sel 6: MAP", "mbox", { 0x300080, 0x9 }, true, 0x3f, NHM },
	/* FVC selector 6, B-box responses: response 6 reserved (Table 2-82) */
	{ "fvc_ev0: B-box response 6 reserved", "mbox", { 0x1a00, 6ULL << 11 | 6ULL << 8 },
	  false, NHM },
	{ "fvc_ev1: B-box response 6 reserved", "mbox", { 0x1c00, 6ULL << 14 | 6ULL << 8 },
	  false, NHM },
	{ "fvc_ev0: B-box response 5", "mbox", { 0x1a00, 6ULL << 11 | 5ULL << 8 }, true,
	  0x3f, NHM },
	{ "fvc_ev0: response 6 with B-box commands (5)", "mbox",
	  { 0x1a00, 5ULL << 11 | 6ULL << 8 }, true, 0x3f, NHM },
	{ "E7 fvc_ev0: B-box response 6 reserved", "mbox",
	  { 0x1a00, 6ULL << 12 | 6ULL << 9 }, false, .plat = &xu_wsmex_platform },
	{ "E7 fvc_ev0: B-box response 3", "mbox", { 0x1a00, 6ULL << 12 | 3ULL << 9 }, true,
	  0x3f, .plat = &xu_wsmex_platform },
	{ "bit 8 not implemented", "mbox", { 0x100 }, false, NHM },
	{ "config2 bit 62 not implemented", "mbox", { 0x1600, 0, BIT_ULL(62) }, false, NHM },
};

#undef V2
#undef NHM

/*
 * XBAR MM_CFG 31:22 "Read zero, writes ignored" (config:54-63): left out
 * of the value programmed, which keeps mm_trig_en and the low bits.
 * Port 1's set 2 (event 0xb) is shared register 9 + 3 + 3.
 */
static void xu_test_rbox_xbr_ig(struct kunit *test)
{
	const struct xu_box_type * const *t = xu_nhmex_platform.types;
	u64 config[XU_CONFIG_WORDS] = {
		0xb << 1 | (GENMASK_ULL(31, 22) | BIT_ULL(21) | 0x5) << 32, 0x1c00, 0x1fe0,
	};
	struct xu_enc enc;
	struct xu_pmu xp;
	u64 mask;

	for (; *t && strcmp((*t)->name, "rbox"); t++)
		;
	KUNIT_ASSERT_NOT_NULL(test, *t);
	xu_setup_pmu(test, &xp, *t);
	KUNIT_ASSERT_NULL(test, xu_encode(&xp, config, &enc));
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 9 + 6, &mask), BIT_ULL(21) | 0x5);
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 9 + 7, &mask), 0x1c00ULL);
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 9 + 8, &mask), 0x1fe0ULL);
	KUNIT_EXPECT_EQ(test, enc.ignored[0], GENMASK_ULL(63, 54));
}

static const struct xu_platform *xu_case_plat(const struct xu_encode_case *c)
{
	return c->plat ?: &xu_snbep_platform;
}

static void xu_encode_desc(const struct xu_encode_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s %s: %s", xu_case_plat(c)->name,
		 c->box, c->what);
}

KUNIT_ARRAY_PARAM(xu_encode, xu_encode_cases, xu_encode_desc);

static void xu_test_encode(struct kunit *test)
{
	const struct xu_encode_case *c = test->param_value;
	const struct xu_box_type * const *t;
	struct xu_shared_state *st;
	u64 mask0, mask1, mask;
	unsigned int s, f;
	struct xu_enc enc;
	const char *why;
	struct xu_pmu xp;

	t = xu_case_plat(c)->types;
	for (; *t && strcmp((*t)->name, c->box); t++)
		;
	KUNIT_ASSERT_NOT_NULL(test, *t);
	xu_setup_pmu(test, &xp, *t);
	why = xu_encode(&xp, c->config, &enc);
	KUNIT_ASSERT_EQ_MSG(test, !why, c->ok, "%s", why ?: "accepted");
	if (!c->ok)
		return;
	/* the control is the config, but for a fixed counter's: enable only */
	KUNIT_EXPECT_EQ(test, enc.ctl, c->ctl ?:
			(c->counters == BIT((*t)->num_counters) ? 0 : c->config[0]));
	KUNIT_EXPECT_EQ(test, enc.counters, c->counters);
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 0, &mask0), c->filter);
	KUNIT_EXPECT_EQ(test, mask0, c->filter_mask);
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 1, &mask1), c->shared1);
	KUNIT_EXPECT_EQ(test, mask1, c->shared1_mask);
	KUNIT_EXPECT_EQ(test, enc.ignored[0], c->ignored0);
	KUNIT_EXPECT_EQ(test, enc.ignored[1], c->ignored1);
	KUNIT_EXPECT_EQ(test, enc.ignored[2], c->ignored2);
	KUNIT_EXPECT_STREQ(test, enc.unsure ? enc.unsure->attr.attr.name : "none",
			   c->unsure ?: "none");

	/* what is ignored takes no field of a shared register, and no value */
	st = xu_shared_alloc(*t);
	KUNIT_ASSERT_NOT_NULL(test, st);
	xu_shared_take(*t, st, &enc);
	for (s = 0; s < (*t)->nshared; s++) {
		const u64 *fields = (*t)->shared[s].fields;

		xu_test_use(&enc, s, &mask);
		KUNIT_EXPECT_EQ(test, st->reg[s].val & ~mask, 0ULL);
		for (f = 0; f < XU_MAX_FIELDS && fields[f]; f++)
			KUNIT_EXPECT_EQ_MSG(test, st->reg[s].ref[f],
					    !!(mask & fields[f]),
					    "%s field %u", (*t)->shared[s].name, f);
	}
	kfree(st);
}

/*
 * A field ignored for an event is noted once (its noted bit), whichever
 * event or PMU of the type hits it again; a field the event uses is not.
 */
static void xu_test_ignored_noted_once(struct kunit *test)
{
	/* PCM's pcm-power: its whole band filter on FREQ_BAND0_CYCLES */
	const u64 config[XU_CONFIG_WORDS] = { 0x40000b, 0x28140c };
	const struct xu_box_type * const *t;
	struct xu_field * const *f;
	unsigned int round;
	struct xu_enc enc;
	struct xu_pmu xp;
	u64 mask;

	for (t = xu_snbep_platform.types; *t && strcmp((*t)->name, "pcu"); t++)
		;
	KUNIT_ASSERT_NOT_NULL(test, *t);
	xu_setup_pmu(test, &xp, *t);
	for (f = (*t)->fields; *f; f++)
		clear_bit(0, &(*f)->noted);
	for (round = 0; round < 3; round++) {
		KUNIT_ASSERT_NULL(test, xu_encode(&xp, config, &enc));
		for (f = (*t)->fields; *f; f++) {
			bool ignored = (*f)->word == 1 &&
				       ((*f)->mask & config[1] & ~0xffULL);

			KUNIT_EXPECT_EQ_MSG(test, test_bit(0, &(*f)->noted), ignored,
					    "%s, round %u", (*f)->attr.attr.name, round);
		}
	}
	KUNIT_EXPECT_EQ(test, xu_test_use(&enc, 0, &mask), 0x0cULL);
	KUNIT_EXPECT_EQ(test, enc.ignored[1], 0x281400ULL);
}

/*
 * The 7500's R-box PMU in @xp, each field's note @bit cleared (the notes
 * are per field, for every PMU of the type).
 */
static const struct xu_box_type *xu_test_rbox_notes(struct kunit *test,
						    struct xu_pmu *xp,
						    unsigned int bit)
{
	const struct xu_box_type *t = xu_test_type(0x2e, "rbox");
	struct xu_field * const *f;

	KUNIT_ASSERT_NOT_NULL(test, t);
	xu_setup_pmu(test, xp, t);
	for (f = t->fields; *f; f++)
		clear_bit(bit, &(*f)->noted);
	return t;
}

/*
 * Bits an encoder says a slice holds (the 7500 R-box's IPERF_CFG 23:22,
 * read zero) are noted on that slice, not on the field it is part of.
 */
static void xu_test_ignored_in_slice(struct kunit *test)
{
	static const u64 cfg[XU_CONFIG_WORDS] = { 0x0, 0xbf | GENMASK_ULL(23, 22) };
	const struct xu_box_type *t;
	struct xu_field * const *f;
	struct xu_enc enc;
	struct xu_pmu xp;

	t = xu_test_rbox_notes(test, &xp, 0);
	KUNIT_ASSERT_NULL(test, xu_encode(&xp, cfg, &enc));
	for (f = t->fields; *f; f++)
		KUNIT_EXPECT_EQ_MSG(test, test_bit(0, &(*f)->noted),
				    !strcmp((*f)->attr.attr.name, "iperf_cfg"),
				    "%s", (*f)->attr.attr.name);
}

/*
 * A value whose meaning no guide states (the 7500 R-box's VN select 0b11)
 * is noted once, on its field; a defined value is not noted.
 */
static void xu_test_unsure_noted_once(struct kunit *test)
{
	static const u64 vna[XU_CONFIG_WORDS] = { 0x0, 0x84 };
	static const u64 any[XU_CONFIG_WORDS] = { 0x0, 0xc4 };
	const struct xu_box_type *t;
	struct xu_field * const *f;
	struct xu_enc enc;
	struct xu_pmu xp;
	unsigned int round;

	t = xu_test_rbox_notes(test, &xp, 2);
	KUNIT_ASSERT_NULL(test, xu_encode(&xp, vna, &enc));
	for (f = t->fields; *f; f++)
		KUNIT_EXPECT_FALSE_MSG(test, test_bit(2, &(*f)->noted), "%s",
				       (*f)->attr.attr.name);
	for (round = 0; round < 2; round++) {
		KUNIT_ASSERT_NULL(test, xu_encode(&xp, any, &enc));
		for (f = t->fields; *f; f++)
			KUNIT_EXPECT_EQ_MSG(test, test_bit(2, &(*f)->noted),
					    !strcmp((*f)->attr.attr.name, "iperf_cfg"),
					    "%s, round %u", (*f)->attr.attr.name, round);
	}
}

static struct kunit_case xu_encode_test_cases[] = {
	KUNIT_CASE(xu_test_rbox_xbr_ig),
	KUNIT_CASE_PARAM(xu_test_encode, xu_encode_gen_params),
	KUNIT_CASE(xu_test_ignored_noted_once),
	KUNIT_CASE(xu_test_unsure_noted_once),
	KUNIT_CASE(xu_test_ignored_in_slice),
	{ }
};

static struct kunit_suite xu_encode_test_suite = {
	.name = "xeon_uncore_encode",
	.test_cases = xu_encode_test_cases,
};

kunit_test_suites(&xu_encode_test_suite);

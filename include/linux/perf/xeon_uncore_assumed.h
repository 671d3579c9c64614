/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What no guide we have states, but the xeon_uncore driver and its model
 * (xeon_uncore_sim) must both decide: the one home of each such guess.
 *
 * Every fact a guide states is written twice on purpose, once in the
 * driver and once in the model, each from the guide's words, so that the
 * model can catch the driver.  A guess cannot be checked that way: a test
 * of it would only compare a copy with its original.  So each guess is
 * written once, here, tagged "assumed:", with why it was taken and what
 * on real hardware would confirm or correct it, and both sides include
 * it.  Documentation/admin-guide/perf/xeon-uncore.rst lists them under
 * "To confirm on hardware"; correcting one is a change to this file.
 *
 * Guides: the Xeon 7500 uncore programming guide (323535), the E5-2600
 * (327043) and E5-2600 v2 (329468) uncore performance monitoring guides,
 * as excerpted in the project's seeds.
 */
#ifndef _LINUX_PERF_XEON_UNCORE_ASSUMED_H
#define _LINUX_PERF_XEON_UNCORE_ASSUMED_H

#include <linux/bits.h>

/* ==== Xeon 7500 and E7 ================================================= */

/*
 * assumed: U_MSR_PMON_GLOBAL_STATUS bit 0 is ov_u and bit 1 ov_w.  The
 * guide names both in bits 1:0 without saying which is which.  Confirm:
 * overflow a W-box counter with pmi_en and read 0xc01.
 */
#define XU_ASSUMED_NHMEX_U_ST_OV_U	BIT_ULL(0)
#define XU_ASSUMED_NHMEX_U_ST_OV_W	BIT_ULL(1)

/*
 * assumed: pmi_core_sel is U_MSR_PMON_GLOBAL_CTL bits 8:1.  Linux uses
 * 4:1; the guide's examples are 8-bit core masks ("11000100" = cores 2,
 * 6 and 7), which only 8:1 holds.  Confirm: write 0x1fe and read it back.
 */
#define XU_ASSUMED_NHMEX_PMI_CORE_SEL	GENMASK_ULL(8, 1)

/*
 * assumed: frz_all is U_MSR_PMON_GLOBAL_CTL bit 31 (from Linux: our copy
 * of the guide lacks the field table), and nothing counts while it is set.
 * Confirm: set it with a counter running and read the counter twice.
 */
#define XU_ASSUMED_NHMEX_FRZ_ALL	BIT_ULL(31)

/*
 * assumed: S_MSR_PMON_SUMMARY's "left C Boxes" (ov_c_l, bit 2, which the
 * guide states) are C-boxes 0 and 1 of S-box 0's side (4 and 5 of S-box
 * 1's), its right ones (ov_c_r, bit 0: the row is cut from our copy) 2
 * and 3 (6 and 7).  The guide says left and right without numbering
 * them.  Confirm: overflow C-box 0 with pmi_en and read 0xc43.
 */
#define XU_ASSUMED_NHMEX_S_SUM_OV_C_R	BIT_ULL(0)
#define XU_ASSUMED_NHMEX_CBOX_RIGHT(c)	(((c) & 2) != 0)

/*
 * assumed: the Westmere-EX's C-boxes 8 and 9 (no guide for that part)
 * report in U_MSR_PMON_GLOBAL_STATUS as sides 0 (ov_s0) and 1 (ov_s1)
 * respectively, with no S-box SUMMARY bit.  The driver reads both whenever either is
 * set, so it also works if they report elsewhere under ov_s0/ov_s1.
 * Confirm: overflow C-box 8 with pmi_en and read 0xc01, 0xc43, 0xcc3.
 */
#define XU_ASSUMED_WSMEX_CBOX_SIDE(c)	((c) - 8)

/*
 * assumed: the response field of M_MSR_PMU_ZDP_CTL_FVC (the encodings of
 * the guide's Table 2-82, which an FVC slot whose selector is 6, the
 * B-box responses, counts) is bits 10:8 on the 7500 and 11:9 on the E7:
 * the three bits above the B-box command, whose place Linux's
 * bbox_cmds_write (0x20) shows.  Our copy gives no position.  Response
 * 6 is reserved there and "nothing will be counted" in the event table:
 * the driver refuses it for a slot on the B-box responses, the model
 * flags it.  Confirm: an FVC slot with selector 6 and response 6 counts 0.
 */
#define XU_ASSUMED_NHMEX_FVC_RESP	GENMASK_ULL(10, 8)
#define XU_ASSUMED_WSMEX_FVC_RESP	GENMASK_ULL(11, 9)

/*
 * assumed: the Xeon 7500 R-box's IPERF_CFG selects an EOT event (Table
 * 2-48: MC_ROLL_ALLOC 21, "used with" MC 20:17) when any of bits 21:17
 * is set, and its MC field encodes the message classes as the guide's
 * Packet Matching Reference does for the match registers (HOM0 0, HOM1 1,
 * NDR 2, SNP 3, NCS 4, NCB 0xc, DRS 0xe).  The EOT events' own unit-mask
 * table (Table 2-57) is not in our copy.  With 21:17 all 0 (the reset
 * value) no EOT event is selected, else every IPERF event would carry
 * HOM0's rolling count: so HOM0's rolling count cannot be selected.  An
 * MC that encodes no class is refused by the driver and a violation in
 * the model.  Confirm: IPERF_CFG 0x240000 (NDR inserts) and 0x3c0000 (DRS
 * inserts) count what the port's NDR and DRS traffic suggests, and
 * IPERF_CFG 0 counts nothing on a port carrying HOM requests.
 */
#define XU_ASSUMED_NHMEX_R_EOT_SEL	GENMASK_ULL(21, 17)
#define XU_ASSUMED_NHMEX_R_EOT_MCS	(BIT(0x0) | BIT(0x1) | BIT(0x2) | BIT(0x3) | \
					 BIT(0x4) | BIT(0xc) | BIT(0xe))

/*
 * assumed: the 7500 R-box's IPERF_CFG new-packet VN select (7:6) 0b11
 * selects the packets of every VN.  Table 2-59 as our copy has it lists
 * 00 VN0, 01 VN1, 10 VNA and stops there (the field is marked uncertain
 * in the project's reference); likwid's event file calls 0b11 "ANY", and
 * upstream's qpi0_date_response/qpi1_date_response (IPERF_CFG 0xc4, DRS)
 * use it.  The driver programs it as asked and says once that its
 * meaning is unconfirmed; the model counts it (as a stream of its own:
 * the model does not add up the three VNs).  Confirm: on a port
 * carrying DRS, IPERF_CFG 0xc4 counts the sum of 0x04, 0x44 and 0x84.
 */
#define XU_ASSUMED_NHMEX_R_VN_ANY	3

/*
 * assumed: a read of the 7500 R-box's R_MSR_PMON_GLOBAL_OVF_CTL (RW1C_WO:
 * software reads it and writes 1 to clear) returns the overflow bits a
 * write of 1 would clear, the status's: its field table is not in our
 * copy.  Only the model reads it (the driver writes it, reads the
 * status).  Confirm: overflow R-box counter 5 and read 0xe02.
 */
#define XU_ASSUMED_NHMEX_R_OVF_CTL_READ	GENMASK_ULL(7, 0)

/*
 * assumed: the 7500 R-box's right half (counters 8-15: GLOBAL_CTL,
 * STATUS, OVF_CTL at 0xe20-0xe22, the counter pairs at 0xe30-0xe3f) has
 * the left half's field layouts, a bit per counter of the half in 7:0:
 * our copy tables the left half's fields only (its register list gives
 * the right half's addresses).  Both sides use the left's layouts for
 * both (no define: one table serves both halves).  Confirm: overflow
 * counter 13 (the right half's 5) and read 0xe21.
 */

/*
 * assumed: pmi_core_sel (both families) is a mask of the package's
 * cores in which bit i is the i-th core of the package in ascending core
 * ID order (topology_core_id()), counting every present core.  The guides
 * call it a core mask without numbering the cores.  Confirm: select one
 * core, overflow a counter with a PMI, see which CPU's NMI count moves.
 * (A rule, not a value: the driver's xu_core_rank() and the model's
 * sim_nmi.c each follow it and cite this entry.)
 */

/* ==== Xeon E5-2600 and E5-2600 v2 ====================================== */

/*
 * assumed: the note our copy of the E5-2600 guide prints under the R3QPI
 * counter control (".invert/.edge_det is in series following .thresh,
 * Due to this, the .thresh field must be set to a non-0 value") holds for
 * every box's edge_det and invert, on both parts, except the PCU's
 * occupancy events, on which occ_invert and occ_edge_det act instead.
 * The driver programs thresh=1 when edge or inv comes without one, the
 * model counts nothing for such a control.  (A rule, not a value.)
 * Confirm: edge_det with thresh 0 on a C-box event that toggles.
 */

/*
 * assumed: an E5-2600 R3QPI counter adds at most 255 a cycle, as the v2's
 * does: its guide (2.10.2) says "the R3QPI counters can increment by a
 * maximum of 8b per cycle" ("b" as in its "three 44b wide counters": an
 * 8-bit increment), and on both parts the 8-bit thresh is compared with
 * the per-cycle increment.  Our copy of the E5-2600 guide states no
 * maximum for the R3QPI; the driver took 32 (queue depths) before.  The
 * driver's poll interval for the R3QPI events it has no rate for
 * (occupancies, credit counts) follows it.  Confirm: the E5-2600 guide's
 * R3QPI overview (2.10.2 of 327043).
 */
#define XU_ASSUMED_SNBEP_R3QPI_MAX_INC	255

/* ==== Xeon E5-2600 v2 ================================================== */

/*
 * assumed: where U_MSR_PMON_GLOBAL_STATUS (0xc01) keeps each box type's
 * overflow summary.  The guide names ov_u, ov_u_fixed and ov_rq (also
 * ov_r3{0,1}) but gives no bit positions; these are ours.  Confirm:
 * overflow one counter of each box type with ov_en and read 0xc01.  Only
 * this table would change.  The guide's "ov_rq" may be one bit for every
 * R3QPI link: the driver reads every link on either R3QPI bit, and the
 * model can report them all in the first (its v2_one_rq_bit parameter).
 */
#define XU_ASSUMED_IVBEP_OV_U		BIT_ULL(0)
#define XU_ASSUMED_IVBEP_OV_U_FIXED	BIT_ULL(1)
#define XU_ASSUMED_IVBEP_OV_C		BIT_ULL(2)
#define XU_ASSUMED_IVBEP_OV_P		BIT_ULL(3)
#define XU_ASSUMED_IVBEP_OV_H		BIT_ULL(4)
#define XU_ASSUMED_IVBEP_OV_M		BIT_ULL(5)
#define XU_ASSUMED_IVBEP_OV_I		BIT_ULL(6)
#define XU_ASSUMED_IVBEP_OV_Q		BIT_ULL(7)
#define XU_ASSUMED_IVBEP_OV_R2		BIT_ULL(8)
#define XU_ASSUMED_IVBEP_OV_R3_0	BIT_ULL(9)	/* R3QPI links 0, 1 */
#define XU_ASSUMED_IVBEP_OV_R3_1	BIT_ULL(10)	/* R3QPI link 2 */
#define XU_ASSUMED_IVBEP_OV_ALL		GENMASK_ULL(10, 0)

/*
 * assumed: the box status registers (W1C, a bit per counter) of the MSR
 * boxes: the U-box's at 0xc15 and the PCU's at 0xc35 (likwid's addresses,
 * not the guide's), each C-box's at 0xd15 + 0x20 * n (no source at all:
 * the C-box register table in our copy does not list one).  The driver
 * reads each safely at the load and uses it only if it answers with no
 * bit but its counters', bits that a write of them clears (else: "the
 * assumed status MSR ... not used" in the kernel log, and the box's PMIs
 * read its counters); at a PMI whose summary bit no status under it
 * explains it reads the counters too, and says so once ("reads 0 on an
 * overflow the global summary shows": this address or the summary bit is
 * wrong).  Confirm: overflow a counter of the box with ov_en and read the
 * address; and neither kernel log line after a sampling session.  The
 * model can lack them (v2_status_gp) or hold another register there
 * (v2_status_other; v2_status_rw, read-write, for the C-boxes of
 * v2_status_rw_cboxes only).
 */
#define XU_ASSUMED_IVBEP_U_BOX_STATUS	0xc15
#define XU_ASSUMED_IVBEP_PCU_BOX_STATUS	0xc35
#define XU_ASSUMED_IVBEP_C0_BOX_STATUS	0xd15

/*
 * assumed: in the U-box status the UCLK fixed counter is bit 2 (the
 * guide's field is ov 1:0, for the two general counters); in an iMC
 * channel's, general counter n is bit 1 + n.  The guide puts the fixed
 * DCLK counter at bit 0 but labels bits 4:1 CTR4..CTR1, one off.
 * Confirm: overflow each counter with ov_en and read the status.
 */
#define XU_ASSUMED_IVBEP_UCLK_STATUS_BIT	2
#define XU_ASSUMED_IVBEP_IMC_CTR0_STATUS_BIT	1

#endif /* _LINUX_PERF_XEON_UNCORE_ASSUMED_H */

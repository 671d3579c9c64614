# SPDX-License-Identifier: GPL-2.0
#
# make            build xeon_uncore.ko (and the model) for the running kernel
# make install    install the modules and run depmod
# make demo       a simulated 2-socket Xeon 7500 in QEMU running perf stat
# make check      every test: KUnit, end to end on the stock and debug kernels
# make bench      benchmarks: they print figures and assert nothing
# make deb       xeon-uncore-dkms_<version>_all.deb (DKMS) from this checkout
# make soak       the fuzzer for SOAK_HOURS (default 2) across platforms and
#                 kernels; stops at the first failure with its seed
#
KDIR ?= /lib/modules/$(shell uname -r)/build
TESTS := tools/testing/xeon_uncore

all: modules

modules:
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

install: modules
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules_install
	depmod -a $(notdir $(patsubst %/build,%,$(realpath $(KDIR))))

clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) clean

demo:
	$(TESTS)/demo

check:
	$(TESTS)/run-tests

bench:
	$(TESTS)/bench/costs
	$(TESTS)/bench/sampling

soak:
	$(TESTS)/soak

deb:
	scripts/make-deb

.PHONY: all modules install clean demo check bench soak deb

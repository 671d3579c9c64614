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

# The kernel's release for depmod: <release> of /lib/modules/<release>/build,
# else what the build directory says (Debian's .kernelvariables overrides
# its include/config/kernel.release, which on 6.1 says 6.1.<sublevel>).
KRELEASE = $(or $(patsubst /lib/modules/%/build,%,$(filter /lib/modules/%/build,$(KDIR))),$\
	$(lastword $(shell sed -n 's/^override KERNELRELEASE = //p' $(KDIR)/.kernelvariables 2>/dev/null)),$\
	$(shell cat $(KDIR)/include/config/kernel.release))

install: modules
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules_install
	depmod -a $(KRELEASE)

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

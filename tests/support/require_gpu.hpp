// How a GPU test steps aside where no usable GPU is present: it skips (GTEST_SKIP), so the same
// test programs build and pass on machines without CUDA. Use at the top of a test body or in a
// fixture's SetUp (GTEST_SKIP returns from the function it is in).
#pragma once

#include <gtest/gtest.h>

#include "frontier/device.hpp"

/// Skips the current test unless at least `count` CUDA GPUs are usable.
#define FRONTIER_REQUIRE_GPUS(count)                                                  \
  do {                                                                                \
    if (::frontier::cuda_device_count() < (count)) {                                  \
      GTEST_SKIP() << "needs " << (count) << " usable CUDA GPU(s), this machine has " \
                   << ::frontier::cuda_device_count();                                \
    }                                                                                 \
  } while (false)

/// Skips the current test unless a CUDA GPU is usable.
#define FRONTIER_REQUIRE_GPU() FRONTIER_REQUIRE_GPUS(1)

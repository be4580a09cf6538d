// Block hash of the binary CSR checksum (see block_hash.hpp).
//
// Source: the per-block function follows the structure of Yann Collet's XXH64 (four independent
// 64-bit lanes, accumulate-rotate-multiply rounds, lane merge, avalanche) but is frontier's own
// variant and is not XXH64-compatible: the tail is packed into one zero-padded word and the
// final avalanche is SplitMix64's finalizer (frontier/random.hpp). Four lanes keep four
// multiply chains in flight, so one core hashes at several GB/s.
//
// Invariants: the result depends only on (bytes, seed) for hash_block and on (bytes, seed,
// kHashBlockBytes) for hash_section — never on alignment, thread count or schedule.
#include "block_hash.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <vector>

#include "frontier/random.hpp"

namespace frontier::detail {
namespace {

constexpr std::uint64_t kPrime1 = 0x9E3779B185EBCA87ULL;
constexpr std::uint64_t kPrime2 = 0xC2B2AE3D27D4EB4FULL;
constexpr std::uint64_t kPrime3 = 0x165667B19E3779F9ULL;
constexpr std::uint64_t kPrime4 = 0x85EBCA77C2B2AE63ULL;
constexpr std::uint64_t kPrime5 = 0x27D4EB2F165667C5ULL;
constexpr std::size_t kWordBytes = sizeof(std::uint64_t);
constexpr std::size_t kStripeBytes = 4 * kWordBytes;

static_assert(std::endian::native == std::endian::little,
              "the binary CSR checksum reads words little-endian");

inline std::uint64_t load_word(const unsigned char* at) noexcept {
  std::uint64_t word;
  std::memcpy(&word, at, kWordBytes);
  return word;
}

inline std::uint64_t round(std::uint64_t accumulator, std::uint64_t word) noexcept {
  accumulator += word * kPrime2;
  accumulator = std::rotl(accumulator, 31);
  return accumulator * kPrime1;
}

inline std::uint64_t merge_lane(std::uint64_t hash, std::uint64_t lane) noexcept {
  hash ^= round(0, lane);
  return hash * kPrime1 + kPrime4;
}

}  // namespace

std::uint64_t hash_block(const void* data, std::size_t bytes, std::uint64_t seed) noexcept {
  const auto* at = static_cast<const unsigned char*>(data);
  const unsigned char* const end = at + bytes;
  std::uint64_t hash;
  if (bytes >= kStripeBytes) {
    std::uint64_t lane1 = seed + kPrime1 + kPrime2;
    std::uint64_t lane2 = seed + kPrime2;
    std::uint64_t lane3 = seed;
    std::uint64_t lane4 = seed - kPrime1;
    for (; end - at >= static_cast<std::ptrdiff_t>(kStripeBytes); at += kStripeBytes) {
      lane1 = round(lane1, load_word(at));
      lane2 = round(lane2, load_word(at + kWordBytes));
      lane3 = round(lane3, load_word(at + 2 * kWordBytes));
      lane4 = round(lane4, load_word(at + 3 * kWordBytes));
    }
    hash = std::rotl(lane1, 1) + std::rotl(lane2, 7) + std::rotl(lane3, 12) + std::rotl(lane4, 18);
    hash = merge_lane(hash, lane1);
    hash = merge_lane(hash, lane2);
    hash = merge_lane(hash, lane3);
    hash = merge_lane(hash, lane4);
  } else {
    hash = seed + kPrime5;
  }
  hash += static_cast<std::uint64_t>(bytes);
  for (; end - at >= static_cast<std::ptrdiff_t>(kWordBytes); at += kWordBytes) {
    hash ^= round(0, load_word(at));
    hash = std::rotl(hash, 27) * kPrime1 + kPrime4;
  }
  if (at < end) {
    std::uint64_t tail = 0;
    std::memcpy(&tail, at, static_cast<std::size_t>(end - at));
    hash ^= tail * kPrime5;
    hash = std::rotl(hash, 11) * kPrime1 + kPrime3;
  }
  return mix64(hash);
}

std::uint64_t hash_section(const void* data, std::size_t bytes, std::uint64_t seed, void* copy_to,
                           const BlockVisitor& visit) {
  const auto* source = static_cast<const unsigned char*>(data);
  auto* destination = static_cast<unsigned char*>(copy_to);
  const std::int64_t blocks =
      static_cast<std::int64_t>((bytes + kHashBlockBytes - 1) / kHashBlockBytes);
  std::vector<std::uint64_t> block_hashes(static_cast<std::size_t>(blocks));
#pragma omp parallel for schedule(static)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::size_t begin = static_cast<std::size_t>(b) * kHashBlockBytes;
    const std::size_t count = std::min(kHashBlockBytes, bytes - begin);
    const unsigned char* hashed = source + begin;
    if (destination != nullptr) {
      std::memcpy(destination + begin, hashed, count);
      hashed = destination + begin;
    }
    block_hashes[b] = hash_block(hashed, count, seed);
    if (visit) visit(begin, count);
  }
  std::uint64_t hash = seed ^ kPrime3;
  for (const std::uint64_t block_hash : block_hashes) hash = mix64(hash ^ block_hash) + kPrime5;
  return mix64(hash ^ static_cast<std::uint64_t>(bytes));
}

}  // namespace frontier::detail

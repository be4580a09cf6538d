/// @file block_hash.hpp
/// @brief The fast 64-bit checksum of the binary CSR format, computed in parallel: a byte range
/// is cut into fixed 256 KiB blocks, each block is hashed on its own (any thread, any order) and
/// the block hashes are folded in block order. The block size is part of the format, so the
/// checksum is the same for every thread count. Internal to frontier_io.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

namespace frontier::detail {

/// Bytes per independently hashed block (part of the .fcsr format version 1).
inline constexpr std::size_t kHashBlockBytes = std::size_t{1} << 18;

/// Hash of one byte range of any length and alignment.
std::uint64_t hash_block(const void* data, std::size_t bytes, std::uint64_t seed) noexcept;

/// Called once per block of a section with the block's first byte (relative to the section) and
/// its length, after the block was copied and hashed, while it is still in cache. Blocks are
/// visited on any thread in any order.
using BlockVisitor = std::function<void(std::size_t first_byte, std::size_t bytes)>;

/// Hash of a whole section: its blocks hashed in parallel (OpenMP), folded in order, then the
/// length mixed in. When `copy_to` is non-null the section is first copied there, block by
/// block, and the copy is what gets hashed (one pass over the source, the hash checks what was
/// kept); `visit`, when set, then sees each block.
std::uint64_t hash_section(const void* data, std::size_t bytes, std::uint64_t seed,
                           void* copy_to = nullptr, const BlockVisitor& visit = {});

}  // namespace frontier::detail

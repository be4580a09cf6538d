// An independent gzip encoder for the reader tests: gzip_stored() builds a gzip stream by hand
// (RFC 1952 wrapper around RFC 1951 *stored* blocks, with a bit-by-bit CRC-32), so the tests
// exercise the reader's inflater on bytes that do not come from the code under test or from
// zlib's deflater.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

namespace frontier::test {

/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), bit by bit.
inline std::uint32_t crc32_of(std::string_view bytes) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char byte : bytes) {
    crc ^= byte;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

/// A gzip member holding `bytes` in stored (uncompressed) deflate blocks.
inline std::string gzip_stored(std::string_view bytes) {
  constexpr std::size_t kMaxStored = 65535;
  std::string out = {'\x1f', '\x8b', '\x08', '\0', '\0', '\0', '\0', '\0', '\0', '\x03'};
  std::size_t pos = 0;
  do {
    const std::size_t len = std::min(kMaxStored, bytes.size() - pos);
    const bool final_block = pos + len == bytes.size();
    out.push_back(final_block ? '\x01' : '\x00');
    const std::uint16_t n = static_cast<std::uint16_t>(len);
    const std::uint16_t complement = static_cast<std::uint16_t>(~n);
    out.push_back(static_cast<char>(n & 0xFF));
    out.push_back(static_cast<char>(n >> 8));
    out.push_back(static_cast<char>(complement & 0xFF));
    out.push_back(static_cast<char>(complement >> 8));
    out.append(bytes.substr(pos, len));
    pos += len;
  } while (pos < bytes.size());
  auto put32 = [&out](std::uint32_t value) {
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<char>((value >> (8 * k)) & 0xFF));
  };
  put32(crc32_of(bytes));
  put32(static_cast<std::uint32_t>(bytes.size()));
  return out;
}

}  // namespace frontier::test

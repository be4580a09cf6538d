// frontier's binary CSR format (.fcsr), version 1: see binary_csr.hpp for the layout.
//
// Header (64 bytes, little-endian):
//   0 magic "FRNTCSR\0" | 8 u32 version | 12 u32 vertex_bytes | 16 u32 edge_bytes | 20 u32 flags
//   24 u64 num_vertices | 32 u64 num_arcs | 40 u64 checksum | 48..63 zero
// Payload: offsets (num_vertices + 1 edge words), targets (num_arcs vertex words), weights
// (num_arcs 32-bit floats, only when flag bit 1 is set).
//
// Checksum: the header with its checksum field zeroed is hashed first and seeds the hash of the
// offsets, whose result seeds the targets' hash, which seeds the weights' (block_hash.hpp). So a
// flipped header bit (the directed flag) is caught as well as a damaged payload.
//
// Reading, in order, so that nothing is allocated for a file that cannot be right: open and map
// the file; check the length against the header size, then magic, version, widths, flags; check
// the exact file length the header implies; check the memory; then allocate, and in one
// parallel pass over 256 KiB blocks copy the mapped payload into the arrays, hash the copy and
// check the CSR invariants and the weights (finite, as the text readers require) on it while it
// is in cache (block_hash.hpp); compare the checksum; report the first invariant breach. Every
// failure is an IoError naming the file. Writing stores the arrays as they are (the reader is the
// one that checks), through an OutputFile, so a failed write leaves an existing file in place.
#include "frontier/io/binary_csr.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

#include "block_hash.hpp"
#include "frontier/detail/host_memory.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/output_file.hpp"
#include "text_readers.hpp"

namespace frontier::io {
namespace {

using VertexT = Graph::vertex_type;
using EdgeT = Graph::edge_type;

constexpr std::array<char, 8> kMagic = {'F', 'R', 'N', 'T', 'C', 'S', 'R', '\0'};
constexpr std::size_t kHeaderBytes = 64;
constexpr std::uint32_t kFlagDirected = 1u << 0;
constexpr std::uint32_t kFlagWeighted = 1u << 1;
constexpr std::uint32_t kKnownFlags = kFlagDirected | kFlagWeighted;
constexpr std::uint64_t kChecksumSeed = 0x66726F6E74696572ULL;  // "frontier"

struct Header {
  std::array<char, 8> magic = kMagic;
  std::uint32_t version = kBinaryCsrVersion;
  std::uint32_t vertex_bytes = sizeof(VertexT);
  std::uint32_t edge_bytes = sizeof(EdgeT);
  std::uint32_t flags = 0;
  std::uint64_t num_vertices = 0;
  std::uint64_t num_arcs = 0;
  std::uint64_t checksum = 0;
  std::array<std::uint8_t, 16> reserved{};
};
static_assert(sizeof(Header) == kHeaderBytes, "the .fcsr header is 64 bytes");
static_assert(offsetof(Header, num_vertices) == 24 && offsetof(Header, checksum) == 40,
              "the .fcsr header layout is fixed");

std::string hex(std::uint64_t value) {
  std::array<char, 24> text{};
  std::snprintf(text.data(), text.size(), "0x%016llx", static_cast<unsigned long long>(value));
  return text.data();
}

std::string errno_text() { return std::strerror(errno); }

std::uint64_t header_hash(Header header) {
  header.checksum = 0;
  return detail::hash_block(&header, sizeof(header), kChecksumSeed);
}

/// The checksum of in-memory arrays, as the writer stores it.
std::uint64_t compute_checksum(const Header& header, const Graph& graph) {
  std::uint64_t hash = header_hash(header);
  hash = detail::hash_section(graph.offsets().data(), graph.offsets().size() * sizeof(EdgeT), hash);
  hash =
      detail::hash_section(graph.targets().data(), graph.targets().size() * sizeof(VertexT), hash);
  if ((header.flags & kFlagWeighted) != 0) {
    hash =
        detail::hash_section(graph.weights().data(), graph.weights().size() * sizeof(Weight), hash);
  }
  return hash;
}

/// A read-only private mapping of a whole file; unmapped and closed on destruction.
class MappedFile {
 public:
  explicit MappedFile(const std::string& name) : name_(name) {
    descriptor_ = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor_ < 0) throw IoError(name, 0, "cannot open for reading: " + errno_text());
    struct stat info {};
    if (::fstat(descriptor_, &info) != 0) {
      close_file();
      throw IoError(name, 0, "cannot stat: " + errno_text());
    }
    if (!S_ISREG(info.st_mode)) {
      close_file();
      throw IoError(name, 0, "not a regular file");
    }
    bytes_ = static_cast<std::size_t>(info.st_size);
    if (bytes_ == 0) return;
    void* mapped = ::mmap(nullptr, bytes_, PROT_READ, MAP_PRIVATE, descriptor_, 0);
    if (mapped == MAP_FAILED) {
      close_file();
      throw IoError(name, 0, "cannot map " + std::to_string(bytes_) + " bytes: " + errno_text());
    }
    data_ = static_cast<const unsigned char*>(mapped);
    ::madvise(mapped, bytes_, MADV_WILLNEED);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile() {
    if (data_ != nullptr) ::munmap(const_cast<unsigned char*>(data_), bytes_);
    close_file();
  }

  const unsigned char* data() const noexcept { return data_; }
  std::size_t bytes() const noexcept { return bytes_; }

 private:
  void close_file() noexcept {
    if (descriptor_ >= 0) ::close(descriptor_);
    descriptor_ = -1;
  }

  std::string name_;
  int descriptor_ = -1;
  const unsigned char* data_ = nullptr;
  std::size_t bytes_ = 0;
};

Header checked_header(const MappedFile& file, const std::string& name) {
  if (file.bytes() < kHeaderBytes) {
    throw IoError(name, 0,
                  "truncated: the file is " + std::to_string(file.bytes()) +
                      " bytes, shorter than the 64-byte binary CSR header");
  }
  Header header;
  std::memcpy(&header, file.data(), sizeof(header));
  if (header.magic != kMagic) {
    throw IoError(name, 0, "not a frontier binary CSR file (bad magic)",
                  std::string(header.magic.data(), strnlen(header.magic.data(), 8)));
  }
  if (header.version != kBinaryCsrVersion) {
    throw IoError(name, 0,
                  "unsupported binary CSR version " + std::to_string(header.version) +
                      " (this build reads version " + std::to_string(kBinaryCsrVersion) + ")");
  }
  if (header.vertex_bytes != sizeof(VertexT) || header.edge_bytes != sizeof(EdgeT)) {
    throw IoError(name, 0,
                  "width mismatch: the file stores " + std::to_string(header.vertex_bytes) +
                      "-byte vertex ids and " + std::to_string(header.edge_bytes) +
                      "-byte edge offsets, this reader loads " + std::to_string(sizeof(VertexT)) +
                      "-byte vertex ids and " + std::to_string(sizeof(EdgeT)) +
                      "-byte edge offsets");
  }
  if ((header.flags & ~kKnownFlags) != 0) {
    throw IoError(name, 0, "unknown header flags " + hex(header.flags));
  }
  if (header.num_vertices > static_cast<std::uint64_t>(std::numeric_limits<VertexT>::max())) {
    throw IoError(name, 0,
                  "the header declares " + std::to_string(header.num_vertices) +
                      " vertices, more than " + std::to_string(sizeof(VertexT)) +
                      "-byte vertex ids can number");
  }
  // Exact length the header implies, in 128-bit arithmetic so a corrupt count cannot wrap.
  const bool weighted = (header.flags & kFlagWeighted) != 0;
  const unsigned __int128 expected =
      static_cast<unsigned __int128>(kHeaderBytes) +
      static_cast<unsigned __int128>(header.num_vertices + 1) * sizeof(EdgeT) +
      static_cast<unsigned __int128>(header.num_arcs) *
          (sizeof(VertexT) + (weighted ? sizeof(Weight) : 0));
  const std::string shape = std::to_string(header.num_vertices) + " vertices, " +
                            std::to_string(header.num_arcs) + " arcs" +
                            (weighted ? ", weighted" : "");
  if (expected > file.bytes()) {
    throw IoError(name, 0,
                  "truncated: the file is " + std::to_string(file.bytes()) +
                      " bytes but its header (" + shape + ") needs " +
                      (expected >> 64 ? std::string("more than 2^64")
                                      : std::to_string(static_cast<std::uint64_t>(expected))));
  }
  if (expected < file.bytes()) {
    throw IoError(name, 0,
                  "size mismatch: the file is " + std::to_string(file.bytes()) +
                      " bytes but its header (" + shape + ") describes " +
                      std::to_string(static_cast<std::uint64_t>(expected)));
  }
  return header;
}

/// Smallest index per hash block at which a CSR invariant fails (kNone if none), filled by the
/// block visitors while each block is still in cache.
class FirstBreach {
 public:
  static constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::max();

  explicit FirstBreach(std::size_t section_bytes)
      : per_block_((section_bytes + detail::kHashBlockBytes - 1) / detail::kHashBlockBytes, kNone) {
  }
  void record(std::size_t first_byte, std::int64_t index) {
    std::int64_t& slot = per_block_[first_byte / detail::kHashBlockBytes];
    slot = std::min(slot, index);
  }
  std::int64_t first() const {
    return per_block_.empty() ? kNone : *std::min_element(per_block_.begin(), per_block_.end());
  }

 private:
  std::vector<std::int64_t> per_block_;
};

/// Copies the mapped payload into the arrays, hashing each block and checking the CSR
/// invariants on it in the same parallel pass (a parallel CsrGraph::check_invariants()).
/// Throws IoError for a checksum mismatch first (damage is the likelier story), then for the
/// first breach.
void load_payload(const Header& header, const unsigned char* payload, std::vector<EdgeT>& offsets,
                  std::vector<VertexT>& targets, std::vector<Weight>& weights,
                  const std::string& name) {
  const std::int64_t n = static_cast<std::int64_t>(header.num_vertices);
  const std::int64_t m = static_cast<std::int64_t>(header.num_arcs);
  const std::size_t offsets_bytes = offsets.size() * sizeof(EdgeT);
  const std::size_t targets_bytes = targets.size() * sizeof(VertexT);

  // Offsets: non-decreasing inside each block here, across block edges below.
  FirstBreach decrease(offsets_bytes);
  const detail::BlockVisitor check_offsets = [&](std::size_t first_byte, std::size_t bytes) {
    const std::size_t begin = first_byte / sizeof(EdgeT);
    const std::size_t end = begin + bytes / sizeof(EdgeT);
    for (std::size_t i = begin + 1; i < end; ++i) {
      if (offsets[i] < offsets[i - 1]) {
        decrease.record(first_byte, static_cast<std::int64_t>(i - 1));
        return;
      }
    }
  };
  FirstBreach outside(targets_bytes);
  const detail::BlockVisitor check_targets = [&](std::size_t first_byte, std::size_t bytes) {
    const std::size_t begin = first_byte / sizeof(VertexT);
    const std::size_t end = begin + bytes / sizeof(VertexT);
    std::size_t bad = end;
    for (std::size_t e = begin; e < end; ++e) {
      if (targets[e] < 0 || targets[e] >= n) bad = std::min(bad, e);
    }
    if (bad < end) outside.record(first_byte, static_cast<std::int64_t>(bad));
  };
  // Weights: the rule the text readers apply (finite, a 32-bit float's range).
  FirstBreach unfit(weights.size() * sizeof(Weight));
  const detail::BlockVisitor check_weights = [&](std::size_t first_byte, std::size_t bytes) {
    const std::size_t begin = first_byte / sizeof(Weight);
    const std::size_t end = begin + bytes / sizeof(Weight);
    for (std::size_t e = begin; e < end; ++e) {
      if (!fits_weight(weights[e])) {
        unfit.record(first_byte, static_cast<std::int64_t>(e));
        return;
      }
    }
  };

  const unsigned char* offsets_in = payload;
  const unsigned char* targets_in = offsets_in + offsets_bytes;
  const unsigned char* weights_in = targets_in + targets_bytes;
  std::uint64_t hash = header_hash(header);
  hash = detail::hash_section(offsets_in, offsets_bytes, hash, offsets.data(), check_offsets);
  hash = detail::hash_section(targets_in, targets_bytes, hash, targets.data(), check_targets);
  if ((header.flags & kFlagWeighted) != 0) {
    hash = detail::hash_section(weights_in, weights.size() * sizeof(Weight), hash, weights.data(),
                                check_weights);
  }
  if (hash != header.checksum) {
    throw IoError(name, 0,
                  "checksum mismatch: the header records " + hex(header.checksum) +
                      " but the contents hash to " + hex(hash) + " (the file is damaged)");
  }

  if (offsets.front() != 0) {
    throw IoError(name, 0, "corrupt CSR: offsets[0] is " + std::to_string(offsets.front()));
  }
  if (offsets.back() != static_cast<EdgeT>(m)) {
    throw IoError(name, 0,
                  "corrupt CSR: offsets end at " + std::to_string(offsets.back()) +
                      " but there are " + std::to_string(m) + " arcs");
  }
  std::int64_t first_decrease = decrease.first();
  constexpr std::size_t kOffsetsPerBlock = detail::kHashBlockBytes / sizeof(EdgeT);
  for (std::size_t i = kOffsetsPerBlock; i < offsets.size(); i += kOffsetsPerBlock) {
    if (offsets[i] < offsets[i - 1]) {
      first_decrease = std::min(first_decrease, static_cast<std::int64_t>(i - 1));
    }
  }
  if (first_decrease != FirstBreach::kNone) {
    throw IoError(name, 0,
                  "corrupt CSR: offsets decrease at vertex " + std::to_string(first_decrease) +
                      " (" + std::to_string(offsets[first_decrease]) + " then " +
                      std::to_string(offsets[first_decrease + 1]) + ")");
  }
  const std::int64_t first_outside = outside.first();
  if (first_outside != FirstBreach::kNone) {
    throw IoError(name, 0,
                  "corrupt CSR: arc " + std::to_string(first_outside) + " points to vertex " +
                      std::to_string(targets[first_outside]) + ", outside [0, " +
                      std::to_string(n) + ")");
  }
  const std::int64_t first_unfit = unfit.first();
  if (first_unfit != FirstBreach::kNone) {
    throw IoError(name, 0,
                  "arc " + std::to_string(first_unfit) + " has weight " +
                      std::to_string(weights[first_unfit]) + ", which is not a finite number");
  }
}

}  // namespace

void write_binary_csr(const Graph& graph, const std::filesystem::path& path) {
  const std::string name = path.string();
  Header header;
  header.flags = (graph.directed() ? kFlagDirected : 0) | (graph.has_weights() ? kFlagWeighted : 0);
  header.num_vertices = static_cast<std::uint64_t>(graph.num_vertices());
  header.num_arcs = static_cast<std::uint64_t>(graph.num_arcs());
  header.checksum = compute_checksum(header, graph);

  OutputFile out(path);
  out.write(&header, sizeof(header));
  out.write(graph.offsets().data(), graph.offsets().size() * sizeof(EdgeT));
  out.write(graph.targets().data(), graph.targets().size() * sizeof(VertexT));
  if (graph.has_weights()) {
    out.write(graph.weights().data(), graph.weights().size() * sizeof(Weight));
  }
  out.commit();
}

BinaryCsrShape read_binary_csr_shape(const std::filesystem::path& path) {
  const std::string name = path.string();
  const MappedFile file(name);
  const Header header = checked_header(file, name);
  BinaryCsrShape shape;
  shape.num_vertices = header.num_vertices;
  shape.num_arcs = header.num_arcs;
  shape.directed = (header.flags & kFlagDirected) != 0;
  shape.weighted = (header.flags & kFlagWeighted) != 0;
  return shape;
}

Graph read_binary_csr(const std::filesystem::path& path) {
  const std::string name = path.string();
  const detail::Timer timer;
  const MappedFile file(name);
  const Header header = checked_header(file, name);
  const std::size_t n = static_cast<std::size_t>(header.num_vertices);
  const std::size_t m = static_cast<std::size_t>(header.num_arcs);
  const bool weighted = (header.flags & kFlagWeighted) != 0;

  const std::uint64_t needed = file.bytes() - kHeaderBytes;
  const std::uint64_t available = detail::available_host_memory_bytes();
  if (available != 0 && needed > available) {
    throw OutOfMemory("loading binary CSR " + name, needed, available);
  }
  const double header_seconds = timer.seconds();
  std::vector<EdgeT> offsets(n + 1);
  std::vector<VertexT> targets(m);
  std::vector<Weight> weights(weighted ? m : 0);
  const double allocate_seconds = timer.seconds();
  load_payload(header, file.data() + kHeaderBytes, offsets, targets, weights, name);
  const double seconds = timer.seconds();
  detail::logger().debug(
      "read {}: {} vertices, {} arcs, {} bytes in {:.3f} s ({:.2f} GB/s): map+header {:.3f} s, "
      "allocate {:.3f} s, copy+checksum+checks {:.3f} s",
      name, n, m, file.bytes(), seconds, static_cast<double>(file.bytes()) / seconds * 1e-9,
      header_seconds, allocate_seconds - header_seconds, seconds - allocate_seconds);
  return Graph(std::move(offsets), std::move(targets), std::move(weights),
               (header.flags & kFlagDirected) != 0);
}

}  // namespace frontier::io

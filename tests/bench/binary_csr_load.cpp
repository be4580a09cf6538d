// Benchmark: read_binary_csr against the floor of reading the same file with one plain read()
// (and with one memcpy out of a mapping), in the same run, from the page cache.
//
// Usage: frontier_bench_binary_csr_load [gigabytes=1.0] [path=/tmp/frontier_bench.fcsr]
//                                      [repeats=3]
// A random CSR of about `gigabytes` (average degree 16, unweighted) is generated, written,
// loaded `repeats` times each way; the best and median rates are printed, then the loaded graph
// is compared with the original.
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "frontier/csr_graph.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/binary_csr.hpp"
#include "frontier/log.hpp"
#include "frontier/random.hpp"

namespace {

using frontier::EdgeId;
using frontier::Graph;
using frontier::VertexId;

constexpr std::uint64_t kSeed = 2024;
constexpr std::uint64_t kMaxDegree = 32;  // degrees uniform in [0, 32]: mean 16

Graph generate(double gigabytes) {
  // bytes ~ 8 n (offsets) + 4 * 16 n (targets)
  const auto n = static_cast<std::int64_t>(gigabytes * 1e9 / (8.0 + 4.0 * kMaxDegree / 2));
  std::vector<EdgeId> offsets(static_cast<std::size_t>(n) + 1, 0);
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v) {
    offsets[v] = static_cast<EdgeId>(
        frontier::uniform_below(frontier::counter_random(kSeed, v), kMaxDegree + 1));
  }
  const EdgeId m = frontier::detail::parallel_exclusive_scan(offsets.data(), n);
  offsets[n] = m;
  std::vector<VertexId> targets(static_cast<std::size_t>(m));
#pragma omp parallel for schedule(static)
  for (std::int64_t e = 0; e < m; ++e) {
    targets[e] = static_cast<VertexId>(frontier::uniform_below(
        frontier::counter_random(kSeed + 1, e), static_cast<std::uint64_t>(n)));
  }
  return Graph(std::move(offsets), std::move(targets), {}, false);
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// Floor 1: the whole file through read() into a fresh, untouched buffer.
double time_plain_read(const std::string& path, std::size_t bytes) {
  const frontier::detail::Timer timer;
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) throw frontier::IoError(path, 0, "cannot open");
  std::unique_ptr<char[]> buffer(new char[bytes]);
  std::size_t done = 0;
  while (done < bytes) {
    const ssize_t got = ::read(fd, buffer.get() + done, bytes - done);
    if (got <= 0) {
      ::close(fd);
      throw frontier::IoError(path, 0, "read failed");
    }
    done += static_cast<std::size_t>(got);
  }
  ::close(fd);
  const double seconds = timer.seconds();
  volatile char sink = buffer[bytes / 2];
  (void)sink;
  return seconds;
}

// Floor 2: map the file and memcpy it into a fresh buffer on one thread.
double time_mmap_memcpy(const std::string& path, std::size_t bytes) {
  const frontier::detail::Timer timer;
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) throw frontier::IoError(path, 0, "cannot open");
  void* mapped = ::mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE, fd, 0);
  if (mapped == MAP_FAILED) {
    ::close(fd);
    throw frontier::IoError(path, 0, "cannot map");
  }
  std::unique_ptr<char[]> buffer(new char[bytes]);
  std::memcpy(buffer.get(), mapped, bytes);
  ::munmap(mapped, bytes);
  ::close(fd);
  const double seconds = timer.seconds();
  volatile char sink = buffer[bytes / 2];
  (void)sink;
  return seconds;
}

}  // namespace

int main(int argc, char** argv) {
  const double gigabytes = argc > 1 ? std::atof(argv[1]) : 1.0;
  const std::string path = argc > 2 ? argv[2] : "/tmp/frontier_bench.fcsr";
  const int repeats = argc > 3 ? std::max(1, std::atoi(argv[3])) : 3;
  // The reader's phase timings (allocate, copy+checksum, checks) go to stderr at debug level.
  frontier::set_log_level(frontier::LogLevel::Debug);
  try {
    frontier::detail::Timer timer;
    const Graph graph = generate(gigabytes);
    std::printf("generated: %d vertices, %lld arcs in %.2f s, %d threads\n", graph.num_vertices(),
                static_cast<long long>(graph.num_arcs()), timer.seconds(),
                frontier::detail::max_threads());
    timer.restart();
    frontier::io::write_binary_csr(graph, path);
    const double write_seconds = timer.seconds();
    const std::size_t bytes = std::filesystem::file_size(path);
    const double gb = static_cast<double>(bytes) * 1e-9;
    std::printf("file: %s, %zu bytes; write_binary_csr %.3f s (%.2f GB/s)\n", path.c_str(), bytes,
                write_seconds, gb / write_seconds);

    std::vector<double> floor_read, floor_memcpy, load;
    for (int r = 0; r < repeats; ++r) {
      floor_read.push_back(time_plain_read(path, bytes));
      floor_memcpy.push_back(time_mmap_memcpy(path, bytes));
      timer.restart();
      const Graph loaded = frontier::io::read_binary_csr(path);
      load.push_back(timer.seconds());
      if (r == repeats - 1) {
        const bool same = loaded.offsets() == graph.offsets() &&
                          loaded.targets() == graph.targets() &&
                          loaded.directed() == graph.directed();
        std::printf("loaded graph identical to the written one: %s\n", same ? "yes" : "NO");
      }
    }
    auto report = [&](const char* what, const std::vector<double>& seconds) {
      const double best = *std::min_element(seconds.begin(), seconds.end());
      std::printf("%-36s best %.3f s = %6.2f GB/s, median %.3f s = %6.2f GB/s\n", what, best,
                  gb / best, median(seconds), gb / median(seconds));
      return gb / best;
    };
    std::printf("page cache warm (file just written); %d repeats each\n", repeats);
    const double read_rate = report("floor: read() into fresh buffer", floor_read);
    const double memcpy_rate = report("floor: mmap + memcpy (1 thread)", floor_memcpy);
    const double load_rate = report("read_binary_csr (checksum+checks)", load);
    std::printf("read_binary_csr / read() floor = %.2f, / memcpy floor = %.2f\n",
                load_rate / read_rate, load_rate / memcpy_rate);
    std::filesystem::remove(path);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 1;
  }
  return 0;
}

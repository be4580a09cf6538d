// Benchmark: Matrix Market parsing throughput, with 1 thread and with all threads, beside floors
// measured in the same run on the same bytes.
//
// Usage: frontier_bench_parse_throughput [megabytes=256] [folder=/tmp]
// Generates a `coordinate integer general` file of about `megabytes` MB (random 1-based ids below
// 2^24 and small integer values, counter-based so every run writes the same file), then reports:
//  - floor "read": read(2) of the whole file into memory (page cache), one thread;
//  - floor "newline count": memchr over the in-memory bytes counting lines, one thread;
//  - read_edge_list(): file read + parse + gather into one edge list, 1 thread and all threads;
//  - read_graph(): the same plus CSR building, all threads.
// Each figure is the best of three runs (MB = 10^6 bytes of file). The file is removed at the end.
#include <fcntl.h>
#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "frontier/io/read_graph.hpp"
#include "frontier/random.hpp"

namespace {

constexpr std::uint64_t kSeed = 20240531;
constexpr std::uint64_t kVertices = std::uint64_t{1} << 24;
constexpr int kRepeats = 3;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

struct Timing {
  double wall = 1e300;
  double cpu = 0.0;  // CPU seconds of all threads during the best run
};

// The run with the best wall time out of kRepeats runs of `work`.
Timing best_of(const std::function<void()>& work) {
  Timing best;
  for (int r = 0; r < kRepeats; ++r) {
    const double cpu_start = process_cpu_seconds();
    const auto start = std::chrono::steady_clock::now();
    work();
    const double wall = seconds_since(start);
    if (wall < best.wall) best = {wall, process_cpu_seconds() - cpu_start};
  }
  return best;
}

void append_number(std::string& out, std::uint64_t value) {
  char digits[24];
  const auto result = std::to_chars(digits, digits + sizeof(digits), value);
  out.append(digits, result.ptr);
}

// Writes the benchmark file; returns its size in bytes and the entry count through `entries`.
std::uint64_t generate(const std::filesystem::path& path, std::uint64_t target_bytes,
                       std::uint64_t& entries) {
  constexpr std::uint64_t kValueRange = 1000;
  const std::uint64_t estimated_entries = target_bytes / 20;  // "12345678 87654321 123\n"
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) throw std::runtime_error("cannot create " + path.string());
  std::string header = "%%MatrixMarket matrix coordinate integer general\n% frontier benchmark\n";
  append_number(header, kVertices);
  header += ' ';
  append_number(header, kVertices);
  header += ' ';
  append_number(header, estimated_entries);
  header += '\n';
  std::fwrite(header.data(), 1, header.size(), file);
  std::uint64_t bytes = header.size();
  std::string block;
  constexpr std::uint64_t kBlockEntries = 1 << 16;
  for (std::uint64_t first = 0; first < estimated_entries; first += kBlockEntries) {
    block.clear();
    const std::uint64_t last = std::min(estimated_entries, first + kBlockEntries);
    for (std::uint64_t i = first; i < last; ++i) {
      append_number(block,
                    1 + frontier::uniform_below(frontier::counter_random(kSeed, 3 * i), kVertices));
      block += ' ';
      append_number(block, 1 + frontier::uniform_below(frontier::counter_random(kSeed, 3 * i + 1),
                                                       kVertices));
      block += ' ';
      append_number(block, 1 + frontier::uniform_below(frontier::counter_random(kSeed, 3 * i + 2),
                                                       kValueRange));
      block += '\n';
    }
    std::fwrite(block.data(), 1, block.size(), file);
    bytes += block.size();
  }
  if (std::fclose(file) != 0) throw std::runtime_error("cannot write " + path.string());
  entries = estimated_entries;
  return bytes;
}

std::unique_ptr<char[]> read_whole(const std::filesystem::path& path, std::uint64_t bytes) {
  std::unique_ptr<char[]> data(new char[bytes]);
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) throw std::runtime_error("cannot open " + path.string());
  std::uint64_t done = 0;
  while (done < bytes) {
    const ssize_t got = ::read(fd, data.get() + done, bytes - done);
    if (got <= 0) break;
    done += static_cast<std::uint64_t>(got);
  }
  ::close(fd);
  if (done != bytes) throw std::runtime_error("short read of " + path.string());
  return data;
}

std::uint64_t count_newlines(const char* data, std::uint64_t bytes) {
  std::uint64_t lines = 0;
  const char* p = data;
  const char* end = data + bytes;
  while (p < end) {
    const void* found = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
    if (found == nullptr) break;
    ++lines;
    p = static_cast<const char*>(found) + 1;
  }
  return lines;
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t megabytes = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 256;
  const std::filesystem::path folder = argc > 2 ? argv[2] : "/tmp";
  const std::filesystem::path path =
      folder / ("frontier_parse_throughput_" + std::to_string(::getpid()) + ".mtx");
  const int all_threads = omp_get_max_threads();
  try {
    std::uint64_t entries = 0;
    const auto generate_start = std::chrono::steady_clock::now();
    const std::uint64_t bytes = generate(path, megabytes * 1000000, entries);
    const double mb = static_cast<double>(bytes) * 1e-6;
    std::printf("file: %s, %.1f MB, %llu entries (generated in %.1f s), %d threads available\n",
                path.c_str(), mb, static_cast<unsigned long long>(entries),
                seconds_since(generate_start), all_threads);

    std::unique_ptr<char[]> data;
    const Timing read = best_of([&] { data = read_whole(path, bytes); });
    std::uint64_t lines = 0;
    const Timing newline = best_of([&] { lines = count_newlines(data.get(), bytes); });
    data.reset();

    frontier::io::ReadOptions options;
    std::size_t parsed = 0;
    omp_set_num_threads(1);
    const Timing one =
        best_of([&] { parsed = frontier::io::read_edge_list(path, options).size(); });
    omp_set_num_threads(all_threads);
    const Timing all =
        best_of([&] { parsed = frontier::io::read_edge_list(path, options).size(); });
    std::int64_t arcs = 0;
    const Timing graph =
        best_of([&] { arcs = frontier::io::read_graph(path, options).graph.num_arcs(); });
    if (parsed != entries || arcs != static_cast<std::int64_t>(entries)) {
      std::fprintf(stderr, "parsed %zu entries / %lld arcs, expected %llu\n", parsed,
                   static_cast<long long>(arcs), static_cast<unsigned long long>(entries));
      std::filesystem::remove(path);
      return 1;
    }
    // Wall MB/s, and MB per CPU-second (the per-core rate, robust to a busy machine).
    auto line = [mb](const char* what, const Timing& t) {
      std::printf("%-44s: %7.0f MB/s wall, %7.0f MB per CPU-s (%.3f s wall, %.3f CPU-s)\n", what,
                  mb / t.wall, mb / t.cpu, t.wall, t.cpu);
    };
    line("floor: read(2) into memory, 1 thread", read);
    line("floor: memchr newline count, 1 thread", newline);
    line("read_edge_list, 1 thread", one);
    const std::string all_label = "read_edge_list, " + std::to_string(all_threads) + " threads";
    line(all_label.c_str(), all);
    const std::string graph_label =
        "read_graph (parse + CSR), " + std::to_string(all_threads) + " threads";
    line(graph_label.c_str(), graph);
    std::printf(
        "ratios: 1-thread parse = %.2f x read floor, %.2f x newline floor (per CPU-s); "
        "%d threads = %.2f x 1 thread (wall)\n",
        read.cpu / one.cpu, newline.cpu / one.cpu, all_threads, one.wall / all.wall);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    std::filesystem::remove(path);
    return 1;
  }
  std::filesystem::remove(path);
  return 0;
}

// `frontier rank`: list ranking / list prefix on a generated or given list, timed (the public
// call: on the GPU, host arrays in and out, so the copies are included). A sum of ones is a
// ranking: it runs as one (list_rank, unit values, so the GPU may take its staged walk). The
// ranking of device-resident arrays beside the pointer-chase floor is measured by the benchmark
// frontier_bench_list_ranking.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <new>
#include <span>
#include <string>
#include <vector>

#include "commands.hpp"
#include "frontier/detail/host_memory.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/output_file.hpp"
#include "frontier/list_ranking.hpp"
#include "frontier/random.hpp"
#include "json_writer.hpp"
#include "list_input.hpp"
#include "options.hpp"

namespace frontier::cli {
namespace {

// A host array of n values, or OutOfMemory naming the bytes asked (not a bare std::bad_alloc).
std::vector<std::int32_t> allocate_values(std::size_t n, std::int32_t value, const char* what) {
  try {
    return std::vector<std::int32_t>(n, value);
  } catch (const std::bad_alloc&) {
    throw OutOfMemory(what, n * sizeof(std::int32_t), detail::available_host_memory_bytes());
  }
}

// Values to combine: ones for sum (so the prefix is rank + 1), seeded integers for min/max.
std::vector<std::int32_t> make_values(ListOp op, std::size_t n, std::uint64_t seed) {
  std::vector<std::int32_t> values = allocate_values(n, 1, "list values");
  if (op != ListOp::Sum) {
    constexpr std::uint64_t kValueRange = 1u << 20;
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < static_cast<std::int64_t>(n); ++v) {
      values[v] = static_cast<std::int32_t>(
          uniform_below(counter_random(seed ^ 0x5eedULL, v), kValueRange));
    }
  }
  return values;
}

void write_prefix(const std::string& path, const std::vector<std::int32_t>& prefix) {
  io::OutputFile file(path);
  std::ostream& out = file.stream();
  for (const std::int32_t value : prefix) out << value << '\n';
  file.commit();
}

}  // namespace

int run_rank(int argc, const char* const* argv) {
  auto options = make_options("rank", "List ranking / list prefix, timed");
  options.add_options("List")("list",
                              "random, ordered, stride:D, or a file of successor ids (-1 at tails)",
                              cxxopts::value<std::string>()->default_value("random"))(
      "n,nodes", "nodes of a generated list",
      cxxopts::value<std::int64_t>()->default_value("1048576"))(
      "lists", "generated lists (a forest when > 1)",
      cxxopts::value<std::int64_t>()->default_value("1"))(
      "seed", "seed of the generated list and values",
      cxxopts::value<std::uint64_t>()->default_value("1"));
  options.add_options("Ranking")(
      "op", "sum (values 1: the prefix is rank + 1), min or max (seeded values)",
      cxxopts::value<std::string>()->default_value("sum"))(
      "algorithm", "auto, sequential, helman-jaja, wyllie",
      cxxopts::value<std::string>()->default_value("auto"))(
      "device", device_help(), cxxopts::value<std::string>()->default_value("auto"))(
      "sublists", "random splitters of Helman-JaJa / Wei-JaJa (0: the tuned default)",
      cxxopts::value<std::int64_t>()->default_value("0"))(
      "trials", "timed runs", cxxopts::value<int>()->default_value("3"))(
      "verify", "check the result against the sequential walk")(
      "output", "write the prefix, one line per node", cxxopts::value<std::string>());
  cxxopts::ParseResult result;
  CommonConfig common;
  if (!parse_options(options, argc, argv, result, common)) return 0;
  const int trials = result["trials"].as<int>();
  if (trials < 1) throw UsageError("--trials must be at least 1");
  const auto seed = result["seed"].as<std::uint64_t>();
  const ListOp op = parse_list_op(result["op"].as<std::string>());
  ListRankingOptions ranking;
  ranking.algorithm = parse_list_ranking_algorithm(result["algorithm"].as<std::string>());
  ranking.device = parse_device(result["device"].as<std::string>());
  ranking.seed = seed;
  ranking.sublists = result["sublists"].as<std::int64_t>();
  if (ranking.sublists < 0) throw UsageError("--sublists must not be negative");

  const std::string spec = result["list"].as<std::string>();
  const std::vector<VertexId> successor =
      make_list(spec, result["nodes"].as<std::int64_t>(), result["lists"].as<std::int64_t>(), seed);
  const std::size_t n = successor.size();
  ranking.device = resolve_device(ranking.device, static_cast<std::int64_t>(n));
  const std::vector<std::int32_t> values = make_values(op, n, seed);
  std::vector<std::int32_t> prefix = allocate_values(n, 0, "list prefix");

  std::vector<double> seconds;
  ListRankingStats stats;
  for (int trial = 0; trial < trials; ++trial) {
    if (op == ListOp::Sum) {
      // Ones summed: rank + 1, ranked with unit values.
      const std::vector<VertexId> rank = list_rank<VertexId>(successor, ranking, &stats);
      for (std::size_t v = 0; v < n; ++v) prefix[v] = static_cast<std::int32_t>(rank[v] + 1);
    } else {
      stats = list_prefix<VertexId, std::int32_t>(successor, values, op, prefix, ranking);
    }
    seconds.push_back(stats.seconds);
    detail::logger().info("trial {}: {:.3f} ms, {:.3f} ns/node", trial + 1, stats.seconds * 1e3,
                          n > 0 ? stats.seconds * 1e9 / static_cast<double>(n) : 0.0);
  }
  const double best = *std::min_element(seconds.begin(), seconds.end());
  bool verified = false;
  if (result.count("verify") > 0) {
    std::vector<std::int32_t> expected(n);
    ListRankingOptions oracle;
    oracle.algorithm = ListRankingAlgorithm::Sequential;
    list_prefix<VertexId, std::int32_t>(successor, values, op, expected, oracle);
    if (expected != prefix) {
      const auto mismatch = std::mismatch(expected.begin(), expected.end(), prefix.begin());
      const auto node = mismatch.first - expected.begin();
      throw ValidationError("list prefix differs from the sequential walk at node " +
                            std::to_string(node) + ": " + std::to_string(*mismatch.second) +
                            " instead of " + std::to_string(*mismatch.first));
    }
    verified = true;
  }
  if (result.count("output") > 0) write_prefix(result["output"].as<std::string>(), prefix);

  const double ns_per_node = n > 0 ? best * 1e9 / static_cast<double>(n) : 0.0;
  const std::string device = ranking.device.is_cuda() ? "gpu" : "cpu";
  if (common.json) {
    JsonWriter json(std::cout);
    json.begin_object()
        .field("list", spec)
        .field("nodes", static_cast<std::uint64_t>(n))
        .field("lists", stats.lists)
        .field("op", std::string(to_string(op)))
        .field("algorithm", std::string(to_string(stats.algorithm)))
        .field("device", device)
        .field("best_seconds", best)
        .field("ns_per_node", ns_per_node)
        .field("verified", verified);
    json.begin_array("trial_seconds");
    for (const double s : seconds) json.value(s);
    json.end_array();
    if (stats.gpu_walk != ListWalk::None) {
      json.field("gpu_walk", std::string(to_string(stats.gpu_walk)));
    }
    json.end_object();
  } else {
    std::printf("list            %s, %zu nodes, %lld list(s)\n", spec.c_str(), n,
                static_cast<long long>(stats.lists));
    std::printf("ranking         %s %s on %s\n", std::string(to_string(op)).c_str(),
                std::string(to_string(stats.algorithm)).c_str(), device.c_str());
    std::printf("best of %-7d %.3f ms (%.3f ns/node)\n", trials, best * 1e3, ns_per_node);
    if (stats.gpu_walk != ListWalk::None) {
      std::printf("gpu walk        %s\n", std::string(to_string(stats.gpu_walk)).c_str());
    }
    if (verified) std::printf("verified        equal to the sequential walk\n");
  }
  return 0;
}

}  // namespace frontier::cli

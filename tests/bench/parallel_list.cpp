// Benchmark of the parallel list: Varga & Szénási's ParallelList experiments ("Design and
// Implementation of Parallel List Data Structure using Graphics Accelerators", IEEE INES 2016): a
// list of n random values in [0, value-range), a sequence of bulk inserts (a value before/after
// every element matching --insert-where) and erases (every element matching --erase-where), timed
// on the container (CPU or GPU), on a CPU std::list, and on the array alternative (scan + scatter
// into a new array per operation, on the same device), with the copy of the n values as the
// floor, all in the same run. The three final lists must agree, or the benchmark fails
// (exit 4).
//
// Usage: frontier_bench_parallel_list [--nodes 1000000] [--value-range 10] [--insert-where '>2']
//          [--erase-where even] [--ops insert,insert-before,erase,...] [--device cpu|gpu|auto]
//          [--trials 3] [--reserve -1] [--seed 1]
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <list>
#include <sstream>
#include <string>
#include <vector>

#include <cxxopts.hpp>

#include "frontier/detail/log.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/detail/timer.hpp"
#include "frontier/device.hpp"
#include "frontier/errors.hpp"
#include "frontier/parallel_list.hpp"
#include "frontier/random.hpp"
#include "support/cuda/parallel_list_bench_support.hpp"

namespace frontier {
namespace {

using test::ListBenchOp;
using Value = std::int32_t;

struct ListBenchConfig {
  std::int64_t n = 0;
  std::int64_t value_range = 10;
  std::vector<std::string> op_names;
  std::vector<ListBenchOp> ops;
  Device device;
  int trials = 3;
  std::int64_t reserve = -1;
  std::uint64_t seed = 1;
};

std::vector<ListBenchOp> parse_ops(const std::string& text, const Predicate<Value>& insert_where,
                                   const Predicate<Value>& erase_where, Value insert_value,
                                   std::vector<std::string>& names) {
  std::vector<ListBenchOp> ops;
  std::stringstream stream(text);
  std::string token;
  while (std::getline(stream, token, ',')) {
    ListBenchOp op;
    op.where = insert_where;
    op.value = insert_value;
    if (token == "insert" || token == "insert-after") {
      op.position = ListPosition::After;
    } else if (token == "insert-before") {
      op.position = ListPosition::Before;
    } else if (token == "erase") {
      op.kind = ListBenchOp::Kind::Erase;
      op.where = erase_where;
    } else {
      throw InvalidArgument("--ops: unknown operation '" + token +
                            "' (expected a comma-separated list of insert, insert-after, "
                            "insert-before, erase)");
    }
    ops.push_back(op);
    names.push_back(token);
  }
  if (ops.empty()) throw InvalidArgument("--ops: no operation given");
  return ops;
}

std::vector<Value> make_values(std::int64_t n, std::int64_t range, std::uint64_t seed) {
  std::vector<Value> values(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    values[i] = static_cast<Value>(uniform_below(counter_random(seed, i), range));
  }
  return values;
}

/// The CPU std::list reference: one run, timed; also reports the largest size reached.
struct StdListRun {
  double seconds = 0.0;
  std::vector<Value> result;
  std::int64_t max_size = 0;
};

StdListRun run_std_list(const std::vector<Value>& values, const std::vector<ListBenchOp>& ops) {
  std::list<Value> list(values.begin(), values.end());
  StdListRun run;
  run.max_size = static_cast<std::int64_t>(list.size());
  const detail::Timer timer;
  for (const ListBenchOp& op : ops) {
    if (op.kind == ListBenchOp::Kind::Erase) {
      list.remove_if(op.where);
      continue;
    }
    for (auto it = list.begin(); it != list.end(); ++it) {
      if (!op.where(*it)) continue;
      if (op.position == ListPosition::Before) {
        list.insert(it, op.value);
      } else {
        it = list.insert(std::next(it), op.value);
      }
    }
    run.max_size = std::max(run.max_size, static_cast<std::int64_t>(list.size()));
  }
  run.seconds = timer.seconds();
  run.result.assign(list.begin(), list.end());
  return run;
}

/// The array alternative on the CPU: per insert, counts (1 or 2 per element), a parallel scan
/// and a scatter into a new array; per erase, flags, a scan and a compacting scatter.
struct ArrayRun {
  double seconds = 0.0;
  std::vector<Value> result;
};

ArrayRun run_array_cpu(const std::vector<Value>& values, const std::vector<ListBenchOp>& ops,
                       std::int64_t max_size, int trials) {
  std::vector<Value> a(static_cast<std::size_t>(max_size));
  std::vector<Value> b(static_cast<std::size_t>(max_size));
  std::vector<std::int64_t> offsets(static_cast<std::size_t>(max_size) + 1);
  ArrayRun run;
  std::int64_t n = 0;
  for (int trial = 0; trial < trials; ++trial) {
    std::copy(values.begin(), values.end(), a.begin());
    n = static_cast<std::int64_t>(values.size());
    const detail::Timer timer;
    for (const ListBenchOp& op : ops) {
      const bool erase = op.kind == ListBenchOp::Kind::Erase;
#pragma omp parallel for schedule(static)
      for (std::int64_t i = 0; i < n; ++i) {
        const bool match = op.where(a[i]);
        offsets[i] = erase ? (match ? 0 : 1) : (match ? 2 : 1);
      }
      offsets[n] = 0;
      const std::int64_t total = detail::parallel_exclusive_scan(offsets.data(), n + 1);
#pragma omp parallel for schedule(static)
      for (std::int64_t i = 0; i < n; ++i) {
        const std::int64_t at = offsets[i];
        const std::int64_t count = offsets[i + 1] - at;
        if (count == 0) continue;
        if (count == 1) {
          b[at] = a[i];
        } else if (op.position == ListPosition::After) {
          b[at] = a[i];
          b[at + 1] = op.value;
        } else {
          b[at] = op.value;
          b[at + 1] = a[i];
        }
      }
      n = total;
      std::swap(a, b);
    }
    const double seconds = timer.seconds();
    if (trial == 0 || seconds < run.seconds) run.seconds = seconds;
  }
  run.result.assign(a.begin(), a.begin() + n);
  return run;
}

double cpu_copy_floor(const std::vector<Value>& values, int trials) {
  std::vector<Value> target(values.size());
  double best = 0.0;
  for (int trial = 0; trial < trials; ++trial) {
    const detail::Timer timer;
    const auto n = static_cast<std::int64_t>(values.size());
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) target[i] = values[i];
    const double seconds = timer.seconds();
    if (trial == 0 || seconds < best) best = seconds;
  }
  return best;
}

/// The container: per trial a fresh list (untimed), then the timed sequence; the index rebuild
/// (list ranking) after the sequence is timed separately.
struct ContainerRun {
  double seconds = 0.0;
  std::vector<double> op_seconds;
  double index_seconds = 0.0;
  std::vector<std::int64_t> changed;
  std::vector<Value> result;
  std::int64_t grows = 0;
};

ContainerRun run_container(const ListBenchConfig& config, const std::vector<Value>& values,
                           std::int64_t reserve) {
  ParallelListOptions options;
  options.device = config.device;
  options.reserve = reserve;
  options.seed = config.seed;
  ContainerRun best;
  for (int trial = 0; trial < config.trials; ++trial) {
    ParallelList<Value> list(values, options);
    ContainerRun run;
    const detail::Timer total;
    for (const ListBenchOp& op : config.ops) {
      const detail::Timer timer;
      run.changed.push_back(op.kind == ListBenchOp::Kind::Erase
                                ? list.erase(op.where)
                                : list.insert(op.position, op.where, op.value));
      run.op_seconds.push_back(timer.seconds());
    }
    run.seconds = total.seconds();
    const detail::Timer index;
    list.rebuild_index();
    run.index_seconds = index.seconds();
    run.grows = list.counters().grows;
    detail::logger().info("parallel list trial {}: {:.3f} ms for {} operation(s), index {:.3f} ms",
                          trial + 1, run.seconds * 1e3, config.ops.size(), run.index_seconds * 1e3);
    if (trial == 0 || run.seconds < best.seconds) {
      run.result = list.to_vector();
      best = std::move(run);
    }
  }
  return best;
}

void check_same(const std::vector<Value>& expected, const std::vector<Value>& got,
                const std::string& who) {
  if (expected == got) return;
  std::size_t at = 0;
  while (at < expected.size() && at < got.size() && expected[at] == got[at]) ++at;
  throw ValidationError(who + " differs from std::list: sizes " + std::to_string(got.size()) +
                        " vs " + std::to_string(expected.size()) + ", first difference at " +
                        std::to_string(at));
}

int run(int argc, char** argv) {
  cxxopts::Options options("frontier_bench_parallel_list",
                           "ParallelList bulk insert/erase vs std::list and the array alternative");
  // clang-format off
  options.add_options("List")
      ("n,nodes", "elements of the list",
       cxxopts::value<std::int64_t>()->default_value("1000000"))
      ("value-range", "element values are uniform in [0, value-range)",
       cxxopts::value<std::int64_t>()->default_value("10"))
      ("seed", "seed of the values", cxxopts::value<std::uint64_t>()->default_value("1"));
  options.add_options("Operations")
      ("insert-where", "elements an insert selects: > x, < x, == x, != x, even, odd, all, none",
       cxxopts::value<std::string>()->default_value(">2"))
      ("insert-value", "value inserted next to every selected element",
       cxxopts::value<Value>()->default_value("1"))
      ("erase-where", "elements an erase removes (same expressions)",
       cxxopts::value<std::string>()->default_value("even"))
      ("ops", "comma-separated sequence of insert (= insert-after), insert-before, erase",
       cxxopts::value<std::string>()->default_value("insert"));
  options.add_options("Run")
      ("device", "cpu, gpu or auto", cxxopts::value<std::string>()->default_value("auto"))
      ("trials", "timed runs of the container and the array alternative",
       cxxopts::value<int>()->default_value("3"))
      ("reserve", "free slots reserved at build time; -1 = as many as the sequence needs "
                  "(so no growth is timed)",
       cxxopts::value<std::int64_t>()->default_value("-1"))
      ("h,help", "this help");
  // clang-format on
  const cxxopts::ParseResult result = options.parse(argc, argv);
  if (result.count("help") > 0) {
    std::printf("%s\n", options.help().c_str());
    return 0;
  }

  ListBenchConfig config;
  config.n = result["nodes"].as<std::int64_t>();
  config.value_range = result["value-range"].as<std::int64_t>();
  config.trials = result["trials"].as<int>();
  config.reserve = result["reserve"].as<std::int64_t>();
  config.seed = result["seed"].as<std::uint64_t>();
  if (config.n < 0) throw InvalidArgument("--n must be >= 0");
  if (config.value_range < 1) throw InvalidArgument("--value-range must be >= 1");
  if (config.trials < 1) throw InvalidArgument("--trials must be at least 1");
  if (config.reserve < -1) throw InvalidArgument("--reserve must be >= -1");
  const auto insert_where = parse_predicate<Value>(result["insert-where"].as<std::string>());
  const auto erase_where = parse_predicate<Value>(result["erase-where"].as<std::string>());
  config.ops = parse_ops(result["ops"].as<std::string>(), insert_where, erase_where,
                         result["insert-value"].as<Value>(), config.op_names);
  config.device = resolve_device(parse_device(result["device"].as<std::string>()), config.n);
  const bool gpu = config.device.is_cuda();

  const std::vector<Value> values = make_values(config.n, config.value_range, config.seed);
  const StdListRun reference = run_std_list(values, config.ops);
  const std::int64_t reserve = config.reserve >= 0
                                   ? config.reserve
                                   : std::max<std::int64_t>(reference.max_size - config.n, 0);
  const ContainerRun container = run_container(config, values, reserve);
  check_same(reference.result, container.result, "the parallel list");
  ArrayRun array;
  double floor = 0.0;
  if (gpu) {
    test::ArrayOpsTiming timing = test::time_array_ops_device(values, config.ops, config.trials);
    array.seconds = timing.best_seconds;
    array.result = std::move(timing.result);
    floor = test::time_device_copy(config.n * static_cast<std::int64_t>(sizeof(Value)),
                                   std::max(config.trials, 3));
  } else {
    array = run_array_cpu(values, config.ops, reference.max_size, config.trials);
    floor = cpu_copy_floor(values, std::max(config.trials, 3));
  }
  check_same(reference.result, array.result, "the array alternative");

  const std::string device = gpu ? "gpu" : "cpu";
  {
    std::printf("list            %lld int32 values in [0, %lld), seed %llu, on %s\n",
                static_cast<long long>(config.n), static_cast<long long>(config.value_range),
                static_cast<unsigned long long>(config.seed), device.c_str());
    for (std::size_t k = 0; k < config.ops.size(); ++k) {
      const ListBenchOp& op = config.ops[k];
      std::printf("op %-3zu %-14s where '%s': %lld element(s), %.3f ms\n", k + 1,
                  config.op_names[k].c_str(), to_string(op.where).c_str(),
                  static_cast<long long>(container.changed[k]), container.op_seconds[k] * 1e3);
    }
    std::printf("parallel list   %.3f ms (best of %d; %lld growth(s), %lld slots reserved)\n",
                container.seconds * 1e3, config.trials, static_cast<long long>(container.grows),
                static_cast<long long>(reserve));
    std::printf("index rebuild   %.3f ms (list ranking, after the sequence)\n",
                container.index_seconds * 1e3);
    std::printf("std::list       %.3f ms (CPU, one thread; %.1fx the parallel list)\n",
                reference.seconds * 1e3, reference.seconds / container.seconds);
    std::printf("array           %.3f ms (scan + scatter into a new array on the %s; %.2fx)\n",
                array.seconds * 1e3, device.c_str(), array.seconds / container.seconds);
    std::printf("copy floor      %.3f ms (copy of the %lld values on the %s, same run)\n",
                floor * 1e3, static_cast<long long>(config.n), device.c_str());
    std::printf("verified        final %zu elements equal in all three\n", reference.result.size());
  }
  return 0;
}

}  // namespace
}  // namespace frontier

int main(int argc, char** argv) {
  try {
    return frontier::run(argc, argv);
  } catch (const frontier::ValidationError& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 4;
  } catch (const frontier::InvalidArgument& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 2;
  } catch (const cxxopts::exceptions::exception& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 1;
  }
}

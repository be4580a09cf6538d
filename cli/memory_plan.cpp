// `--plan`: sizes a run from the functions its memory checks use, and prints the figures (see
// memory_plan.hpp).
#include "memory_plan.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "frontier/csr_builder.hpp"
#include "frontier/detail/host_memory.hpp"
#include "frontier/device.hpp"
#include "frontier/distributed_bfs.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/graph_size.hpp"
#include "frontier/memory_sizing.hpp"
#include "frontier/runs/graph500_memory.hpp"
#include "json_writer.hpp"

namespace frontier::cli {
namespace {

using Parts = std::vector<std::pair<std::string, std::uint64_t>>;

// One side of a plan (host or device): the peak, how it is made of the parts, and the free
// memory it is compared with.
struct PlanSide {
  std::string name;
  std::uint64_t peak = 0;
  std::string formula;
  Parts parts;
  std::optional<std::uint64_t> free;
  std::string free_note;
  /// Whether the peak fits the free memory (the device side keeps kDeviceMemoryHeadroom, which
  /// its peak already counts).
  std::optional<bool> fits() const {
    if (!free) return std::nullopt;
    return peak <= *free;
  }
};

// Whether the host and every device fit: false if one does not, else unknown if one is not
// known.
std::optional<bool> all_fit(const PlanSide& host, std::span<const PlanSide> devices) {
  std::optional<bool> fits = host.fits();
  for (const PlanSide& device : devices) {
    const std::optional<bool> device_fits = device.fits();
    if (fits && *fits) fits = device_fits;
    if (device_fits && !*device_fits) fits = false;
  }
  return fits;
}

// The same for a plan on one device, or on the host alone.
std::optional<bool> all_fit(const PlanSide& host, const std::optional<PlanSide>& device) {
  return device ? all_fit(host, std::span<const PlanSide>(&*device, 1)) : host.fits();
}

std::string fits_text(const std::optional<bool>& fits) {
  return fits ? (*fits ? "fits" : "does NOT fit") : "unknown";
}

void print_side(const PlanSide& side) {
  std::printf("%s: %s peak = %s\n", side.name.c_str(), format_bytes(side.peak).c_str(),
              side.formula.c_str());
  for (const auto& [part, bytes] : side.parts) {
    std::printf("  %-22s %12s\n", part.c_str(), format_bytes(bytes).c_str());
  }
  if (side.free) {
    std::printf("  %-22s %12s (%s)\n", "free", format_bytes(*side.free).c_str(),
                fits_text(side.fits()).c_str());
  } else {
    std::printf("  %-22s %12s\n", "free", side.free_note.c_str());
  }
}

// The side's parts and free memory into the object `json` is writing.
void write_parts_and_free(JsonWriter& json, const PlanSide& side) {
  for (const auto& [part, bytes] : side.parts) json.field(part, bytes);
  if (side.free) {
    json.field("free_bytes", *side.free);
  } else {
    json.null_field("free_bytes");
  }
}

void write_side(JsonWriter& json, const PlanSide& side) {
  json.begin_object(side.name).field("peak_bytes", side.peak).field("formula", side.formula);
  write_parts_and_free(json, side);
  json.end_object();
}

void write_optional(JsonWriter& json, std::string_view key, const std::optional<bool>& value) {
  if (value) {
    json.field(key, *value);
  } else {
    json.null_field(key);
  }
}

// Opens the JSON object of a Graph500 plan: what is planned and where.
JsonWriter& begin_graph500_plan(JsonWriter& out, const runs::Graph500Config& config, bool on_gpu) {
  return out.begin_object()
      .field("command", "graph500")
      .field("scale", config.scale)
      .field("edgefactor", config.edgefactor)
      .field("device", on_gpu ? "gpu" : "cpu")
      .field("placement", to_string(config.placement));
}

PlanSide host_side(std::uint64_t peak, std::string formula, Parts parts, const FreeMemory& free) {
  PlanSide side{"host", peak, std::move(formula), std::move(parts), free.host, {}};
  side.free_note = "unknown (no MemAvailable in /proc/meminfo)";
  return side;
}

PlanSide device_side(std::uint64_t peak, std::string formula, Parts parts, const FreeMemory& free) {
  PlanSide side{"device", peak, std::move(formula), std::move(parts), free.device, {}};
  side.free_note = free.device_note.empty() ? "unknown" : free.device_note;
  return side;
}

Parts bfs_device_parts(const BfsDeviceBytes& bytes) {
  return {{"graph", bytes.graph},
          {"labels", bytes.labels},
          {"bitmaps", bytes.bitmaps},
          {"first_in_neighbours", bytes.first_in_neighbours},
          {"vertex_queue", bytes.vertex_queue},
          {"edge_queues", bytes.edge_queues},
          {"bookkeeping", bytes.bookkeeping}};
}

}  // namespace

FreeMemory query_free_memory(const Device& device) {
  FreeMemory free;
  const std::uint64_t available = detail::available_host_memory_bytes();
  if (available > 0) free.host = available;
  if (!device.is_cuda() && !device.is_auto()) return free;
  if (cuda_device_count() == 0) {
    free.device_note = "unknown (no GPU found)";
    return free;
  }
  free.device = cuda_device_info(device.is_cuda() ? device.cuda_ids.front() : 0).free_bytes;
  return free;
}

FreeRankMemory query_free_gpu_memory(int gpus) {
  FreeRankMemory free;
  const std::uint64_t available = detail::available_host_memory_bytes();
  if (available > 0) free.host = available;
  const int present = cuda_device_count();
  for (int gpu = 0; gpu < gpus; ++gpu) {
    free.gpus.push_back(gpu < present
                            ? std::optional<std::uint64_t>(cuda_device_info(gpu).free_bytes)
                            : std::nullopt);
  }
  return free;
}

namespace {

// Whether the run would exchange through peer memory: as asked, or, for the automatic choice,
// where all its GPUs are present and reach each other; else the NCCL transport, whose buffers
// are the larger, bounds the plan.
bool planned_peer_transport(GpuTransport transport, const FreeRankMemory& free) {
  if (transport != GpuTransport::Auto) return transport == GpuTransport::Peer;
  const bool present = std::all_of(free.gpus.begin(), free.gpus.end(),
                                   [](const std::optional<std::uint64_t>& gpu) { return gpu; });
  return present &&
         cuda_peer_access_between(Device::first_gpus(static_cast<int>(free.gpus.size())).cuda_ids);
}

// The side of one GPU rank: its peak against its free memory (unknown where it is not present).
PlanSide gpu_rank_side(int rank, std::uint64_t peak, std::string formula, Parts parts,
                       const FreeRankMemory& free) {
  FreeMemory gpu_free;
  gpu_free.device = free.gpus[static_cast<std::size_t>(rank)];
  gpu_free.device_note = "unknown (GPU " + std::to_string(rank) + " not present)";
  PlanSide side = device_side(peak, std::move(formula), std::move(parts), gpu_free);
  side.name = "GPU " + std::to_string(rank);
  return side;
}

void write_per_gpu(JsonWriter& out, const std::vector<PlanSide>& gpus,
                   const std::vector<std::uint64_t>& arcs) {
  out.begin_array("per_gpu");
  for (std::size_t r = 0; r < gpus.size(); ++r) {
    out.begin_object()
        .field("gpu", static_cast<std::int64_t>(r))
        .field("arcs_estimated", arcs[r])
        .field("peak_bytes", gpus[r].peak);
    write_parts_and_free(out, gpus[r]);
    out.end_object();
  }
  out.end_array();
}

}  // namespace

int print_graph500_rank_plan(const runs::Graph500Config& config, const FreeRankMemory& free,
                             bool json) {
  const int gpus = config.ranks;
  const int id_bits = runs::graph500_vertex_id_bits(config);
  const bool peer = planned_peer_transport(config.transport, free);
  const runs::Graph500RankBytes bytes = runs::graph500_rank_memory(
      config.scale, config.edgefactor, gpus, config.layout, peer, id_bits, !config.validate);
  FreeMemory host_free;
  host_free.host = free.host;
  const PlanSide host =
      host_side(bytes.host_peak(), "labels", {{"labels", bytes.host.labels}}, host_free);
  std::vector<PlanSide> devices;
  std::vector<std::uint64_t> arcs;
  for (std::size_t rank = 0; rank < bytes.gpus.size(); ++rank) {
    const runs::Graph500RankDeviceBytes& gpu = bytes.gpus[rank];
    devices.push_back(gpu_rank_side(static_cast<int>(rank), gpu.peak(),
                                    "max(construction, search + check) + headroom, for an "
                                    "estimated " +
                                        std::to_string(gpu.arcs) + " arcs",
                                    {{"construction", gpu.construction},
                                     {"search", gpu.search},
                                     {"check", gpu.check},
                                     {"headroom", kDeviceMemoryHeadroom}},
                                    free));
    arcs.push_back(gpu.arcs);
  }
  const std::optional<bool> fits = all_fit(host, devices);
  const std::string layout(to_string(config.layout));
  const char* transport = peer ? "peer" : "nccl";
  if (json) {
    JsonWriter out(std::cout);
    begin_graph500_plan(out, config, true)
        .field("gpus", gpus)
        .field("layout", layout)
        .field("sized_for_transport", transport)
        .field("built_on", "gpu")
        .field("vertex_id_bits", id_bits)
        .field("host_bytes", host.peak)
        .field("device_bytes", bytes.device_peak())
        .field("node_device_bytes", bytes.node_device_bytes());
    write_optional(out, "fits", fits);
    write_side(out, host);
    write_per_gpu(out, devices, arcs);
    out.end_object();
    std::cout << '\n';
    return 0;
  }
  std::printf(
      "plan: graph500 at scale %d, edgefactor %d on %d GPUs (one rank each, %s layout, %d-bit "
      "vertex ids, every GPU building its own slice; sized for the %s transport)\n",
      config.scale, config.edgefactor, gpus, layout.c_str(), id_bits, transport);
  print_side(host);
  for (const PlanSide& side : devices) print_side(side);
  std::printf("node: %s on its %d GPUs together (the sum of their peaks)\n",
              format_bytes(bytes.node_device_bytes()).c_str(), gpus);
  std::printf("fits: %s\n", fits_text(fits).c_str());
  return 0;
}

namespace {

PlanSide graph500_host_side(const runs::Graph500HostBytes& bytes, const FreeMemory& free) {
  const bool ordered = bytes.search_order > 0;
  Parts parts = {
      {"tuples", bytes.tuples}, {"construction", bytes.construction}, {"graph", bytes.graph}};
  if (ordered) parts.emplace_back("search_order", bytes.search_order);
  parts.emplace_back("labels", bytes.search.labels);
  parts.emplace_back("search", bytes.search.search);
  parts.emplace_back("validation", bytes.search.validation);
  return host_side(bytes.peak(),
                   ordered ? "tuples + max(construction, graph + search_order + labels + search + "
                             "validation)"
                           : "tuples + max(construction, graph + labels + search + validation)",
                   std::move(parts), free);
}

}  // namespace

int print_graph500_cpu_ranks_plan(const runs::Graph500Config& config, const FreeMemory& free,
                                  bool json) {
  const int id_bits = runs::graph500_vertex_id_bits(config);
  const PlanSide host = graph500_host_side(runs::graph500_cpu_ranks_memory(config), free);
  // The largest scale this host holds, each scale with the ids a run of it would take.
  const auto bytes_at = [&config](int scale) {
    runs::Graph500Config at = config;
    at.scale = scale;
    return runs::graph500_cpu_ranks_memory(at).peak();
  };
  const int max_scale = config.vertex_id_bits == 32 ? runs::kMaxGraph500Scale32BitIds
                                                    : runs::kMaxGraph500Scale64BitIds;
  const int largest = host.free ? runs::largest_fitting_scale(bytes_at, *host.free, max_scale) : -1;
  const std::string layout(to_string(config.layout));
  if (json) {
    JsonWriter out(std::cout);
    begin_graph500_plan(out, config, false)
        .field("ranks", config.ranks)
        .field("layout", layout)
        .field("vertex_id_bits", id_bits)
        .field("built_on", "host")
        .field("host_bytes", host.peak)
        .field("device_bytes", std::uint64_t{0});
    write_optional(out, "fits", host.fits());
    write_side(out, host);
    out.begin_object("largest_scale");
    if (largest >= 0) {
      out.field("host", largest);
    } else {
      out.null_field("host");
    }
    out.end_object().end_object();
    std::cout << '\n';
    return 0;
  }
  std::printf(
      "plan: graph500 at scale %d, edgefactor %d on %d ranks simulated on the CPU (%s layout, "
      "%d-bit vertex ids; every slice, the tuples and the builder on this host)\n",
      config.scale, config.edgefactor, config.ranks, layout.c_str(), id_bits);
  print_side(host);
  std::printf("fits: %s\n", fits_text(host.fits()).c_str());
  std::printf("largest scale that fits (edgefactor %d): host %s\n", config.edgefactor,
              largest >= 0 ? std::to_string(largest).c_str() : "unknown");
  return 0;
}

int print_graph500_plan(const runs::Graph500Config& config, const FreeMemory& free, bool json) {
  const bool on_gpu = config.device.is_cuda();
  const bool built_on_device = on_gpu && config.build_on_device;
  const runs::Graph500HostRole host_role = runs::graph500_host_role(config);
  const runs::Graph500HostBytes host_bytes = runs::graph500_run_host_memory(config);
  const PlanSide host = graph500_host_side(host_bytes, free);
  std::optional<PlanSide> device;
  if (on_gpu) {
    if (built_on_device) {
      const runs::Graph500DeviceBytes bytes = runs::graph500_device_memory(
          config.scale, config.edgefactor, runs::graph500_search_order(config));
      const DeviceCsrBuildBytes& build = bytes.construction;
      Parts parts = {{"offsets", build.offsets},
                     {"cursors", build.cursors},
                     {"arcs", build.arcs},
                     {"sort_buffer", build.sort_buffer},
                     {"sort_scratch", build.sort_scratch}};
      for (auto& part : bfs_device_parts(bytes.search)) {
        parts.emplace_back("search_" + part.first, part.second);
      }
      parts.emplace_back("nedge_count", bytes.nedge_count);
      parts.emplace_back("kept_labels", bytes.kept_labels);
      const bool ordered = bytes.search_order > 0;
      if (ordered) parts.emplace_back("search_order", bytes.search_order);
      parts.emplace_back("headroom", bytes.headroom);
      device = device_side(bytes.peak(),
                           std::string("max(construction: offsets + arcs + max(cursors, "
                                       "sort_buffer + sort_scratch), search: graph + BFS buffers "
                                       "+ nedge_count + kept_labels) + ") +
                               (ordered ? "search_order + headroom" : "headroom"),
                           std::move(parts), free);
    } else {
      const std::uint64_t n = std::uint64_t{1} << config.scale;
      const BfsDeviceBytes bytes =
          bfs_device_bytes(n, 2 * static_cast<std::uint64_t>(config.edgefactor) * n, false);
      Parts parts = bfs_device_parts(bytes);
      parts.emplace_back("headroom", kDeviceMemoryHeadroom);
      device = device_side(bytes.total() + kDeviceMemoryHeadroom, "graph + BFS buffers + headroom",
                           std::move(parts), free);
    }
  }
  const std::optional<bool> fits = all_fit(host, device);
  const int largest_host =
      host.free ? runs::largest_graph500_host_scale(config.edgefactor, host_role, *host.free) : -1;
  const int largest_device =
      device && device->free && built_on_device
          ? runs::largest_graph500_device_scale(config.edgefactor, *device->free,
                                                runs::graph500_search_order(config))
          : -1;
  if (json) {
    JsonWriter out(std::cout);
    begin_graph500_plan(out, config, on_gpu)
        .field("built_on", built_on_device ? "gpu" : "host")
        .field("host_bytes", host.peak)
        .field("device_bytes", device ? device->peak : std::uint64_t{0});
    write_optional(out, "fits", fits);
    write_side(out, host);
    if (device) write_side(out, *device);
    out.begin_object("largest_scale");
    if (largest_host >= 0) {
      out.field("host", largest_host);
    } else {
      out.null_field("host");
    }
    if (largest_device >= 0) {
      out.field("device", largest_device);
    } else if (on_gpu) {
      out.null_field("device");
    }
    out.end_object().end_object();
    std::cout << '\n';
    return 0;
  }
  std::printf("plan: graph500 at scale %d, edgefactor %d on the %s (built on the %s)\n",
              config.scale, config.edgefactor, on_gpu ? "GPU" : "CPU",
              built_on_device ? "GPU" : "host");
  print_side(host);
  if (device) print_side(*device);
  std::printf("fits: %s\n", fits_text(fits).c_str());
  std::printf("largest scale that fits (edgefactor %d): host %s", config.edgefactor,
              largest_host >= 0 ? std::to_string(largest_host).c_str() : "unknown");
  if (on_gpu) {
    std::printf(", GPU %s", largest_device >= 0 ? std::to_string(largest_device).c_str()
                                                : (built_on_device ? "unknown" : "n/a"));
  }
  std::printf("\n");
  return 0;
}

namespace {

// The host bytes of reading a file into a CSR graph: the text and the edge list it parses into
// (or the binary file's graph), then the CSR builder beside the edge list, and the graph built.
struct FileReadBytes {
  std::uint64_t text = 0;
  std::uint64_t edge_list = 0;
  std::uint64_t build = 0;
  std::uint64_t graph = 0;

  std::uint64_t reading() const { return text + edge_list; }
  std::uint64_t building() const { return edge_list + build; }
};

FileReadBytes file_read_bytes(const io::GraphFileSize& size, const io::ReadOptions& read) {
  const std::uint64_t n = size.vertices;
  const bool fcsr = size.format == io::GraphFormat::BinaryCsr;
  const bool reshaped = !fcsr || (read.symmetrize && size.arcs != size.file_arcs) ||
                        read.remove_self_loops || read.remove_duplicates || read.hubs_first;
  FileReadBytes bytes;
  bytes.text = size.text_bytes;
  bytes.edge_list =
      reshaped ? size.file_arcs * (2 * sizeof(VertexId) + (size.weighted ? sizeof(Weight) : 0)) : 0;
  if (fcsr) bytes.edge_list += host_graph_bytes(n, size.file_arcs, size.weighted);
  bytes.build = reshaped ? csr_build_peak_bytes<VertexId, EdgeId>(n, size.arcs, size.weighted) : 0;
  bytes.graph = host_graph_bytes(n, size.arcs, size.weighted);
  return bytes;
}

// The first line of a `bfs FILE` plan: the file and how it was sized.
std::string bfs_file_words(const BfsFilePlanRequest& request, const io::GraphFileSize& size) {
  const std::string how = size.method + (size.exact ? ", exact" : ", arcs an upper bound");
  char text[160];
  std::snprintf(text, sizeof text, " (%s, %llu vertices, %llu arcs%s%s; sized from the %s)",
                std::string(io::to_string(size.format)).c_str(),
                static_cast<unsigned long long>(size.vertices),
                static_cast<unsigned long long>(size.arcs), size.directed ? ", directed" : "",
                size.weighted ? ", weighted" : "", how.c_str());
  return "plan: bfs on " + request.path + text;
}

// Opens the JSON object of a `bfs FILE` plan: the file and what was found in it.
JsonWriter& begin_bfs_file_plan(JsonWriter& out, const BfsFilePlanRequest& request,
                                const io::GraphFileSize& size, bool on_gpu) {
  return out.begin_object()
      .field("command", "bfs")
      .field("file", request.path)
      .field("format", std::string(io::to_string(size.format)))
      .field("device", on_gpu ? "gpu" : "cpu")
      .field("vertices", size.vertices)
      .field("arcs", size.arcs)
      .field("directed", size.directed)
      .field("weighted", size.weighted)
      .field("sized_by", size.method)
      .field("exact", size.exact);
}

void print_missing(const PlanSide& side) {
  if (side.free && side.peak > *side.free) {
    std::printf("%s: %s missing\n", side.name.c_str(),
                format_bytes(side.peak - *side.free).c_str());
  }
}

}  // namespace

int print_bfs_file_plan(const BfsFilePlanRequest& request, const FreeMemory& free, bool json) {
  const io::GraphFileSize size = io::graph_file_size(request.path, request.read);
  const std::uint64_t n = size.vertices;
  const bool on_gpu =
      resolve_device(request.device, static_cast<std::int64_t>(size.arcs)).is_cuda();
  const FileReadBytes read = file_read_bytes(size, request.read);
  // A directed graph's reverse CSR is built on the host for bottom-up levels (and uploaded).
  const std::uint64_t reverse = size.directed ? host_graph_bytes(n, size.arcs, false) : 0;
  const BfsHostBytes search = bfs_host_bytes(n, !on_gpu, request.validate);
  // The degree order's renumbered copy (and order) beside the graph, made when the engine is.
  const bool ordered = request.search_order == SearchOrder::DegreeClasses;
  const std::uint64_t order = ordered ? search_order_host_bytes(n, size.arcs, size.directed) : 0;
  const std::uint64_t searching = read.graph + reverse + order + search.total();
  Parts host_parts = {{"text", read.text},
                      {"edge_list", read.edge_list},
                      {"csr_build", read.build},
                      {"graph", read.graph},
                      {"reverse_graph", reverse}};
  if (ordered) host_parts.emplace_back("search_order", order);
  host_parts.emplace_back("labels", search.labels);
  host_parts.emplace_back("search", search.search);
  host_parts.emplace_back("validation", search.validation);
  const PlanSide host =
      host_side(std::max({read.reading(), read.building(), searching}),
                std::string("max(text + edge_list, edge_list + csr_build, graph "
                            "+ reverse_graph + ") +
                    (ordered ? "search_order + " : "") + "labels + search + validation)",
                std::move(host_parts), free);
  std::optional<PlanSide> device;
  if (on_gpu) {
    const BfsDeviceBytes bytes = bfs_device_bytes(n, size.arcs, size.directed);
    Parts parts = bfs_device_parts(bytes);
    // On the GPU: both directions of the order and the labels a search maps back through it.
    const std::uint64_t device_order = ordered ? search_order_device_bytes(n) : 0;
    if (ordered) parts.emplace_back("search_order", device_order);
    parts.emplace_back("headroom", kDeviceMemoryHeadroom);
    device = device_side(bytes.total() + device_order + kDeviceMemoryHeadroom,
                         ordered ? "graph + BFS buffers + search_order + headroom"
                                 : "graph + BFS buffers + headroom",
                         std::move(parts), free);
  }
  const std::optional<bool> fits = all_fit(host, device);
  if (json) {
    JsonWriter out(std::cout);
    begin_bfs_file_plan(out, request, size, on_gpu)
        .field("host_bytes", host.peak)
        .field("device_bytes", device ? device->peak : std::uint64_t{0});
    write_optional(out, "fits", fits);
    write_side(out, host);
    if (device) write_side(out, *device);
    out.end_object();
    std::cout << '\n';
    return 0;
  }
  std::printf("%s on the %s\n", bfs_file_words(request, size).c_str(), on_gpu ? "GPU" : "CPU");
  print_side(host);
  if (device) print_side(*device);
  std::printf("fits: %s\n", fits_text(fits).c_str());
  print_missing(host);
  if (device) print_missing(*device);
  return 0;
}

int print_bfs_file_rank_plan(const BfsFilePlanRequest& request, const BfsFileRanks& ranks,
                             const FreeRankMemory& free, bool json) {
  const io::GraphFileSize size = io::graph_file_size(request.path, request.read);
  const std::uint64_t n = size.vertices;
  if (n > static_cast<std::uint64_t>(std::numeric_limits<VertexId>::max())) {
    throw InvalidArgument(request.path + ": " + std::to_string(n) +
                          " vertices do not fit the 32-bit vertex ids of a file's ranks");
  }
  const int p = ranks.count;
  const VertexDistribution<VertexId> distribution{ranks.layout, static_cast<VertexId>(n), p};
  // A rank's arcs are estimated in proportion to the vertices it owns: the file's degrees are
  // not known before the graph is built.
  std::vector<std::uint64_t> arcs;
  std::uint64_t slices = 0;
  std::uint64_t rank_buffers = 0;
  for (int rank = 0; rank < p; ++rank) {
    const auto local = static_cast<std::uint64_t>(distribution.local_count(rank));
    arcs.push_back(n == 0 ? 0 : (size.arcs * local + n - 1) / n);
    slices += host_graph_bytes(local, arcs.back(), false);
    if (!ranks.on_gpus) rank_buffers += distributed_rank_host_bytes(distribution, rank);
  }
  const FileReadBytes read = file_read_bytes(size, request.read);
  // The graph is cut into slices beside itself, then dropped; the slices stay on the host (the
  // searches' edge counts and the check read them) beside every search's gathered labels.
  const std::uint64_t labels = bfs_host_bytes(n, false, false).labels;
  const std::uint64_t slicing = read.graph + slices;
  const std::uint64_t searching = slices + rank_buffers + labels;
  Parts host_parts = {{"text", read.text},
                      {"edge_list", read.edge_list},
                      {"csr_build", read.build},
                      {"graph", read.graph},
                      {"slices", slices}};
  if (!ranks.on_gpus) host_parts.emplace_back("rank_buffers", rank_buffers);
  host_parts.emplace_back("labels", labels);
  FreeMemory host_free;
  host_free.host = free.host;
  const PlanSide host = host_side(
      std::max({read.reading(), read.building(), slicing, searching}),
      std::string("max(text + edge_list, edge_list + csr_build, graph + slices, slices + ") +
          (ranks.on_gpus ? "" : "rank_buffers + ") + "labels)",
      std::move(host_parts), host_free);
  const bool peer = ranks.on_gpus && planned_peer_transport(ranks.transport, free);
  std::vector<PlanSide> gpus;
  std::uint64_t node = 0;
  std::uint64_t largest = 0;
  if (ranks.on_gpus) {
    for (int rank = 0; rank < p; ++rank) {
      const std::uint64_t search =
          distributed_rank_device_bytes<VertexId, EdgeId>(distribution, rank, arcs[rank], peer);
      gpus.push_back(gpu_rank_side(rank,
                                   search + kDistributedNcclBufferBytes + kDeviceMemoryHeadroom,
                                   "slice_and_search + nccl_buffers + headroom, for an estimated " +
                                       std::to_string(arcs[rank]) + " arcs",
                                   {{"slice_and_search", search},
                                    {"nccl_buffers", kDistributedNcclBufferBytes},
                                    {"headroom", kDeviceMemoryHeadroom}},
                                   free));
      node += gpus.back().peak;
      largest = std::max(largest, gpus.back().peak);
    }
  }
  const std::optional<bool> fits = all_fit(host, gpus);
  const std::string layout(to_string(ranks.layout));
  const char* transport = peer ? "peer" : "nccl";
  if (json) {
    JsonWriter out(std::cout);
    begin_bfs_file_plan(out, request, size, ranks.on_gpus)
        .field(ranks.on_gpus ? "gpus" : "ranks", p)
        .field("layout", layout);
    if (ranks.on_gpus) out.field("sized_for_transport", transport);
    out.field("host_bytes", host.peak)
        .field("device_bytes", largest)
        .field("node_device_bytes", node);
    write_optional(out, "fits", fits);
    write_side(out, host);
    if (ranks.on_gpus) write_per_gpu(out, gpus, arcs);
    out.end_object();
    std::cout << '\n';
    return 0;
  }
  if (ranks.on_gpus) {
    std::printf(
        "%s on %d GPUs (one rank each, %s layout, the slices cut on the host; sized for "
        "the %s transport)\n",
        bfs_file_words(request, size).c_str(), p, layout.c_str(), transport);
  } else {
    std::printf("%s on %d ranks simulated on the CPU (%s layout)\n",
                bfs_file_words(request, size).c_str(), p, layout.c_str());
  }
  print_side(host);
  for (const PlanSide& gpu : gpus) print_side(gpu);
  if (ranks.on_gpus) {
    std::printf("node: %s on its %d GPUs together (the sum of their peaks)\n",
                format_bytes(node).c_str(), p);
  }
  std::printf("fits: %s\n", fits_text(fits).c_str());
  print_missing(host);
  for (const PlanSide& gpu : gpus) print_missing(gpu);
  return 0;
}

}  // namespace frontier::cli

/// @file distributed_bfs.hpp
/// @brief Breadth-first search over a graph split across ranks (one rank per GPU), after
/// Merrill's thesis, ch. 6.6: vertices are owned by ranks (striped by default, owner = v mod p;
/// distribution/vertex_distribution.hpp); each rank holds the out-arcs of its own vertices
/// (distribution/rank_graph.hpp). Every level:
///  1. expand: each rank expands its local frontier into the neighbours of its vertices;
///  2. filter and partition: a per-rank bitmask of every vertex the rank has already sent culls
///     duplicates (within the level and across levels), survivors go to the bin of their owner;
///  3. exchange: bin counts, then bins, travel to their owners (CPU: memory; GPUs: grouped
///     ncclSend/ncclRecv, or, where GPUs reach each other's memory, the owners read them in
///     place after a barrier);
///  4. contract: each owner labels the unvisited vertices it received (depth = level + 1 and, in
///     a predecessor run, the parent carried with the vertex as a (vertex, parent) pair) and
///     queues them as its next frontier;
///  5. an all-reduce of the frontier sizes ends the search when it is zero.
/// Direction-optimizing runs replace steps 1-4 of large levels by a bottom-up step: the frontier
/// is all-gathered as a bitmap (one bit per vertex, rank by rank; or read in place on its owners)
/// and every rank's unvisited vertices look among their neighbours for a frontier vertex.
/// The level loop is written once against an exchange interface; the CPU implementation
/// simulates p ranks in one process (for tests and CI), the CUDA one drives one GPU per rank
/// through peer memory or NCCL (GpuTransport).
///
/// Invariants: depths are exact BFS distances; a parent is a neighbour one level closer to the
/// source; each rank sends a vertex at most once per search, so a bin to rank d never holds more
/// than local_count(d) items and a rank receives at most ranks * local_count items per level.
///
/// @code
///   auto slices = frontier::partition::slice_graph(graph, frontier::VertexLayout::Striped, 4);
///   frontier::DistributedBfs<> search(std::move(slices), frontier::Device::cpu());
///   frontier::DistributedBfsResult<> result = search.run(0);
/// @endcode
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "frontier/bfs.hpp"
#include "frontier/bfs_result.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/device.hpp"
#include "frontier/distribution/rank_graph.hpp"
#include "frontier/distribution/vertex_distribution.hpp"
#include "frontier/generators/kronecker.hpp"
#include "frontier/types.hpp"

namespace frontier {

/// How GPU ranks reach each other's data.
enum class GpuTransport {
  /// Peer when one process drives every GPU and every pair of them has peer access, else Nccl.
  Auto,
  /// Loads and stores in each other's memory (NVLink or PCIe peer access; one process): nothing
  /// moves, a rank reads its bins and the frontier parts where their owners wrote them, after a
  /// barrier through memory; a level waits on the host once, for its counters.
  Peer,
  /// NCCL: bins by grouped send/receive, frontier parts and counters by all-gathers (any
  /// topology, one process for all GPUs or one per GPU, one node or many).
  Nccl,
};

/// "auto", "peer" or "nccl": what parse_gpu_transport() reads back.
std::string_view to_string(GpuTransport transport);

/// @throws InvalidArgument for a name to_string() does not give.
GpuTransport parse_gpu_transport(std::string_view name);

/// How one distributed search runs.
struct DistributedBfsOptions {
  /// The search itself, as for one device (bfs.hpp): `predecessors` carries (vertex, parent)
  /// pairs and fills BfsResult::parent; `strategy` is DirectionOptimizing (bottom-up levels while
  /// the frontier is large, Beamer's rule with `alpha` and `beta`: every rank gathers the
  /// frontier as a bitmap and its unvisited vertices look for a parent in it, so no bins travel;
  /// undirected graphs only, a directed graph runs top-down) or TopDown (every level top-down);
  /// the other strategies are single-device ones and are refused. `threads` is not used.
  BfsOptions bfs;
  /// Gather depths (and parents) of every rank into global arrays in the result. A benchmark
  /// that only times searches may turn this off.
  bool gather_labels = true;
  /// Time every phase of every level on every local rank (DistributedLevelStats::phases): GPU
  /// ranks record CUDA events on their streams, so leave it off for timed runs.
  bool time_phases = false;
  /// A top-down level on which no rank expands more than this many arcs (nor num_vertices /
  /// ranks) sends each rank's bins at a bound of that rank's arcs to every rank together with
  /// their counts, without reading the counts on the host first (one host synchronization per
  /// level instead of two, at the price of bins sent whole). 0: never. Must be >= 0. (Larger
  /// bounds send larger bins whole: 2^20 made Graph500's level 1 slower than 2^15.)
  std::int64_t small_level_arcs = std::int64_t{1} << 15;
};

/// Checks the options on their own, as DistributedBfs::run() does first.
/// @throws InvalidArgument for BfsOptions out of range (check_bfs_options), a depth limit or
///         target (single-device only), a strategy other than DirectionOptimizing or TopDown, or
///         small_level_arcs < 0.
void check_distributed_bfs_options(const DistributedBfsOptions& options);

/// Where one level's time went (phase timing): seconds of each phase, one after the other. For a
/// rank they are measured on its own clock (its stream's events on a GPU, the host clock for a
/// simulated rank), so waiting for a peer shows in the collective that waited; for the host they
/// are the time this process's thread spent in the level loop's calls of that phase (issuing
/// work and, in the exchange and the all-reduce, waiting for it).
struct DistributedPhaseSeconds {
  /// The rank, or -1 for the host thread.
  int rank = 0;
  /// Before the level's first work: the host's turnaround after the previous level's all-reduce
  /// (level 0: the search's reset is included: of labels and bitmasks on a simulated rank, of
  /// the bitmasks alone on a GPU rank).
  double idle = 0.0;
  /// Top-down: expand, filter and bin; bottom-up: the frontier bitmap.
  double expand = 0.0;
  /// Bins to their owners (counts round trip included) / the frontier bitmap all-gathered.
  double exchange = 0.0;
  /// Bottom-up levels on GPUs: the gathered bitmap rewritten in global vertex order.
  double globalize = 0.0;
  /// Top-down: the received vertices labelled; bottom-up: the unvisited vertices' search.
  double contract = 0.0;
  /// The level counters' all-reduce and their copy to the host (the host: the wait for it).
  double reduce = 0.0;
};

/// What one level moved between ranks.
struct DistributedLevelStats {
  std::int32_t level = 0;
  /// Vertices in the global frontier that was expanded.
  std::int64_t frontier_vertices = 0;
  /// Items that survived the filter, over all ranks (a rank's items to itself included).
  std::int64_t items_binned = 0;
  /// Bytes that crossed between different ranks (items times item size; the gathered bitmap on
  /// a bottom-up level).
  std::int64_t bytes_exchanged = 0;
  double seconds = 0.0;
  /// Phase timing only (DistributedBfsOptions::time_phases): each host thread of this process
  /// that drove ranks (rank -1), followed by the ranks it drove (one GPU rank per thread).
  std::vector<DistributedPhaseSeconds> phases;
};

template <typename VertexT = VertexId>
struct DistributedBfsResult {
  /// Global depth (and parent) arrays when gathered, per-level statistics and time. The time
  /// runs from the start of the search until every rank's labels are final where it runs; GPU
  /// ranks start it after a barrier, as an MPI program's timer after MPI_Barrier: with one
  /// process driving them, every rank's host thread has reached a host barrier, then every GPU
  /// has passed a collective one (NCCL, or through peer memory); with one process per rank,
  /// every GPU has passed the collective one. The collective barrier also brings the path
  /// between the GPUs back up to speed (a few rounds of a level's small messages; the peer
  /// transport also reads every peer page the search may read): after a millisecond or more
  /// without traffic (as between searches, while the host checks results) a level's first
  /// messages would otherwise take many times their warm time, and the first read of each peer
  /// page would be slow.
  BfsResult<VertexT> bfs;
  std::vector<DistributedLevelStats> exchange;
  /// Sum of exchange[i].bytes_exchanged.
  std::int64_t bytes_exchanged = 0;
  /// That barrier's time, before the clock started (GPU ranks; 0 on the CPU).
  double warm_up_seconds = 0.0;
};

/// The bytes of an ncclUniqueId (NCCL_UNIQUE_ID_BYTES), so that a launcher (MPI) can pass it
/// between processes without NCCL headers.
struct NcclUniqueId {
  std::array<char, 128> bytes{};
};

/// A fresh NCCL unique id: one process of a run makes it, every process receives it.
/// @throws CudaError in a build without CUDA or NCCL; NcclError if NCCL fails.
NcclUniqueId make_nccl_unique_id();

/// This process's place in a run with one process per rank, each driving one GPU (many nodes:
/// `mpirun -np N`). The launcher only carries the unique id and tiny host values; NCCL moves
/// the bins (as in a single-process run on the NCCL transport), or, with every process on one
/// node, the ranks read each other's memory through CUDA IPC (the peer transport).
struct ProcessRank {
  int rank = 0;
  int ranks = 1;
  /// The GPU this process drives (usually its rank on the node).
  int gpu = 0;
  NcclUniqueId id;
  /// Arcs of the whole graph (the launcher sums every rank's), for the direction switch.
  std::int64_t num_arcs = 0;
  /// Every rank runs on this process's node (the launcher knows). Only then do the ranks keep
  /// their all-gathers in NCCL symmetric windows, or reach each other as peers; across nodes
  /// they use NCCL's ordinary path.
  bool one_node = false;
  /// Auto: peer where every rank is on this node and every pair of their GPUs has peer access,
  /// else NCCL (every process decides alike). Peer: an error where that does not hold.
  GpuTransport transport = GpuTransport::Auto;
};

/// Bytes of the per-level counter block a GPU rank keeps twice (the search's counters).
inline constexpr std::uint64_t kDistributedCounterBlockBytes = 64;
/// Device memory given to NCCL's own buffers on every GPU rank, counted beside the rank's.
inline constexpr std::uint64_t kDistributedNcclBufferBytes = std::uint64_t{256} << 20;

/// Device bytes one GPU rank of a DistributedBfs allocates for its search (before CUB's scan
/// scratch, which the headroom covers): rank `rank` of `distribution` holding `arcs` arcs, its
/// slice's offsets and targets included unless `with_slice` is false, the buffers of the peer
/// transport or of NCCL's (`peer`), NCCL's own buffers not included
/// (kDistributedNcclBufferBytes). Plain host arithmetic: the GPU ranks size themselves with it,
/// and a plan uses it without a GPU.
template <typename VertexT, typename EdgeT>
std::uint64_t distributed_rank_device_bytes(const VertexDistribution<VertexT>& distribution,
                                            int rank, std::uint64_t arcs, bool peer,
                                            bool with_slice = true);

/// Host bytes one rank simulated on the CPU allocates for its search beside its slice: labels
/// of its owned vertices, its send and receive bins, its bitmaps (the gathered global one a
/// bottom-up level makes included). Plain arithmetic: DistributedBfs checks the simulated ranks
/// against the host's free memory with it, and a plan uses it.
template <typename VertexT>
std::uint64_t distributed_rank_host_bytes(const VertexDistribution<VertexT>& distribution,
                                          int rank);

/// A graph distributed over ranks and kept resident for many searches.
template <typename VertexT = VertexId, typename EdgeT = EdgeId>
class DistributedBfs {
 public:
  using Slice = RankGraph<VertexT, EdgeT>;

  /// Takes one slice per rank (slices[r].rank == r, one distribution). On the CPU the ranks are
  /// simulated in this process; on CUDA, device.cuda_ids names one GPU per rank (one process
  /// drives them all), which reach each other through `transport`. The GPU ranks make every
  /// connection a search uses here, so that the first search does not pay for them.
  /// @throws InvalidArgument if slices are empty, inconsistent, or their count differs from the
  ///         GPU count; ValidationError if a slice breaks its invariants; CudaError when
  ///         GpuTransport::Peer is asked for GPUs without peer access to each other; CudaError /
  ///         NcclError / OutOfMemory from the GPU backend; OutOfMemory, before any rank is made,
  ///         when the simulated ranks' buffers (distributed_rank_host_bytes) exceed the host's
  ///         free memory.
  DistributedBfs(std::vector<Slice> slices, const Device& device,
                 GpuTransport transport = GpuTransport::Auto);
  /// One process of a multi-process run: holds only its own rank's slice, on process.gpu, and
  /// joins the others through NCCL (ncclCommInitRank with process.id), over which the ranks of
  /// one node also exchange the CUDA IPC handles of the peer transport (process.transport). Every
  /// process must construct its rank and then call run() with the same arguments, in the same
  /// order. run() gathers only this rank's labels (the other entries stay -1; the launcher combines
  /// them); its counters and statistics are global.
  /// @throws InvalidArgument if the slice does not match `process`; as above otherwise.
  DistributedBfs(Slice own_slice, const ProcessRank& process);
  /// Graph500 kernel 1 on the GPUs: rank r of device.cuda_ids.size() ranks builds its slice of
  /// the Kronecker graph of `params` (laid out by `layout`) on GPU device.cuda_ids[r], every GPU
  /// at once, by regenerating the whole tuple stream and keeping the arcs whose tail it owns,
  /// then puts every list's hub first over a degree table every GPU gathers from the others; the
  /// slices equal partition::generate_kronecker_slices()'s after partition::put_hubs_first, and
  /// the host never holds them (slices() is empty; slices_to_host() copies them back).
  /// @throws InvalidArgument for bad parameters or a device that is not a list of GPUs;
  ///         OutOfMemory naming the GPU, bytes needed and free; as above otherwise.
  DistributedBfs(const KroneckerParams& params, VertexLayout layout, const Device& device,
                 GpuTransport transport = GpuTransport::Auto);
  /// One process of a multi-process run building its own rank's slice of the Kronecker graph
  /// on process.gpu, as above; process.num_arcs is not read (the ranks sum their arc counts).
  DistributedBfs(const KroneckerParams& params, VertexLayout layout, const ProcessRank& process);
  ~DistributedBfs();
  DistributedBfs(DistributedBfs&&) noexcept;
  DistributedBfs& operator=(DistributedBfs&&) noexcept;
  DistributedBfs(const DistributedBfs&) = delete;
  DistributedBfs& operator=(const DistributedBfs&) = delete;

  int ranks() const noexcept;
  const VertexDistribution<VertexT>& distribution() const noexcept;
  /// The slices this process holds, kept on the host (the GPU backend holds device copies too):
  /// every rank's in a single-process run, its own in a multi-process one.
  std::span<const Slice> slices() const noexcept;
  const Device& device() const noexcept;
  /// Arcs of the whole graph (every rank's).
  std::int64_t num_arcs() const noexcept;
  /// The ranks this process holds (every rank in a single-process run, its own in a
  /// multi-process one) and the arcs of each, in the same order.
  std::vector<int> held_ranks() const;
  std::vector<std::int64_t> held_arcs() const;
  /// Out-degree of vertex v, owned by a rank held here (read from its GPU where the slice was
  /// built there). @throws InvalidArgument otherwise.
  std::int64_t degree(VertexT v) const;
  /// validate_distributed_bfs() over the ranks held here: on the host over slices(), or, for
  /// slices built on the GPUs, on each rank's GPU against its resident slice (same verdict and
  /// wording; the parent and depth arrays go up to every GPU).
  BfsValidation validate(VertexT source, std::span<const VertexT> parent,
                         std::span<const std::int32_t> depth) const;
  /// validate() of the last search from `source` run with predecessors, over its labels where
  /// they lie: on GPU ranks each GPU assembles every depth from the others (copied between the
  /// GPUs of this process, or all-gathered over the communicator between processes) and checks
  /// its own vertices, and no label crosses the host unless a rule is broken (then the labels
  /// the wording needs come back, so that it reads as validate()'s); simulated ranks gather the
  /// labels and check on the host. A search run with gather_labels off is validated so. In a
  /// multi-process run every process must call it for the same search, and the verdict is its
  /// own rank's (its vertices' rules, its reached vertices and arcs): the caller combines them.
  /// @throws InvalidArgument if the last search was from another source or kept no parents.
  BfsValidation validate_last_search(VertexT source);
  /// Host copies of the slices held here (slices(), or those built on the GPUs, downloaded).
  std::vector<Slice> slices_to_host() const;
  /// How the GPU ranks reach each other (Peer or Nccl, Auto resolved); Auto for simulated ranks.
  GpuTransport transport() const noexcept;

  /// One search from `source`. @throws InvalidArgument if source is out of range.
  DistributedBfsResult<VertexT> run(VertexT source, const DistributedBfsOptions& options = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

extern template class DistributedBfs<std::int32_t, std::int64_t>;
extern template class DistributedBfs<std::int64_t, std::int64_t>;

/// Checks a distributed search's global parent and depth arrays against the five Graph500 rules
/// (bfs_validate.hpp) reading only the slices, rank by rank, so no rank needs the whole graph:
/// the source is its own parent at depth 0; every other vertex is unreached (parent and depth
/// -1) or has a reached parent exactly one level up (rules 1 and 2: chains strictly descend to
/// depth 0, so they cannot cycle); the parent is joined to the vertex by an arc (rule 5: found
/// in the vertex's own slice for an undirected graph, in the parent's slice for a directed one);
/// every arc u->v of every slice with u reached has v reached with depth(v) <= depth(u) + 1, and
/// for an undirected graph |depth(u) - depth(v)| <= 1 (rules 3 and 4).
/// The verdict is the single-device validator's (BfsValidation): valid, or the first broken rule
/// and where; the reached vertices and the arcs whose tail was reached (which, in a valid tree,
/// are the arcs of the searched component).
template <typename VertexT, typename EdgeT>
BfsValidation validate_distributed_bfs(std::span<const RankGraph<VertexT, EdgeT>> slices,
                                       VertexT source, std::span<const VertexT> parent,
                                       std::span<const std::int32_t> depth);

}  // namespace frontier

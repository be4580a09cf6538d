"""frontier from Python: graphs, a resident BFS engine, list ranking, Euler-tour operations and
Graph500 runs on the CPU (OpenMP) or a CUDA GPU, with NumPy arrays in and out (no copies where
the layout matches) and conversions from and to SciPy and NetworkX.

    import frontier
    graph = frontier.read_graph("road.gr")          # any text format, compressed or not
    engine = frontier.Engine(graph, device="auto")  # GPU 0 when one is usable, else the CPU
    result = engine.bfs(0)
    result.depth[42]                                # hops from vertex 0, -1 if unreachable
    assert engine.validate(result)                  # the Graph500 rules on the tree

On a GPU, engine.bfs(0, on_device=True) keeps depth and parent there as DeviceArrays, which
CuPy and PyTorch take without a copy (cupy.asarray, torch.from_dlpack).

Errors arrive as FileNotFoundError (missing file), ValueError (malformed input, naming file,
line and token; bad arguments), TypeError (wrong types), MemoryError (bytes needed vs free) and
RuntimeError (no usable GPU, CUDA failures).
"""

from frontier._frontier import (
    BfsResult,
    BfsValidation,
    DeviceArray,
    Engine,
    Graph,
    RootedForest,
    cuda_built,
    cuda_device_count,
    cuda_device_info,
    euler_tour,
    euler_tour_prefix,
    graph500,
    grid2d,
    grid3d,
    kronecker,
    linked_list,
    list_rank,
    read_graph,
    set_log_level,
    tree,
    tree_roots,
    uniform,
    validate_bfs_tree,
)
from frontier import _interop
from frontier._version import __version__

Graph.from_scipy = staticmethod(_interop.from_scipy)
Graph.to_scipy = _interop.to_scipy
Graph.from_networkx = staticmethod(_interop.from_networkx)
Graph.to_networkx = _interop.to_networkx

__all__ = [
    "__version__",
    "BfsResult",
    "BfsValidation",
    "DeviceArray",
    "Engine",
    "Graph",
    "RootedForest",
    "cuda_built",
    "cuda_device_count",
    "cuda_device_info",
    "euler_tour",
    "euler_tour_prefix",
    "graph500",
    "grid2d",
    "grid3d",
    "kronecker",
    "linked_list",
    "list_rank",
    "read_graph",
    "set_log_level",
    "tree",
    "tree_roots",
    "uniform",
    "validate_bfs_tree",
]

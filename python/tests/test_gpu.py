"""The GPU paths from Python, each against the CPU: BFS depths (and a valid parent tree), list
ranking and prefixes, Euler-tour results and a Graph500 run. Skipped without a usable GPU."""

import numpy as np
import pytest

import frontier
from conftest import check_bfs_tree, requires_gpu

pytestmark = requires_gpu


@pytest.mark.parametrize("strategy", ["direction-optimizing", "hybrid", "two-phase"])
def test_bfs_depths_equal_cpu(strategy):
    graph = frontier.kronecker(14, seed=3)
    cpu = frontier.Engine(graph, device="cpu")
    gpu = frontier.Engine(graph, device="gpu")
    assert gpu.device == "cuda"
    for source in (0, 5, 1234):
        result = gpu.bfs(source, strategy=strategy)
        assert np.array_equal(result.depth, cpu.bfs(source).depth)
        check_bfs_tree(graph, result, [source])


def test_auto_picks_the_gpu_for_large_graphs_only():
    # 224 arcs: the CPU answers first; about 1.8 million arcs: the GPU (kAutoDeviceGpuMinArcs).
    assert frontier.Engine(frontier.grid2d(8, 8), device="auto").device == "cpu"
    assert frontier.Engine(frontier.kronecker(16, seed=3), device="auto").device == "cuda"


def test_bfs_options_on_the_gpu():
    graph = frontier.grid2d(64, 64)
    cpu = frontier.Engine(graph, device="cpu")
    gpu = frontier.Engine(graph, device="gpu")
    for kwargs in ({"depth_limit": 7}, {"target": 4095}, {"parents": False}):
        assert np.array_equal(gpu.bfs([0, 100], **kwargs).depth, cpu.bfs([0, 100], **kwargs).depth)


def test_list_rank_and_prefix_equal_cpu():
    successor = frontier.linked_list(1 << 18, lists=9, seed=4)
    assert np.array_equal(frontier.list_rank(successor, device="gpu"),
                          frontier.list_rank(successor, device="cpu"))
    values = np.random.default_rng(1).integers(-9, 9, successor.size).astype(np.int64)
    for op in ("sum", "min", "max"):
        assert np.array_equal(frontier.list_rank(successor, values=values, op=op, device="gpu"),
                              frontier.list_rank(successor, values=values, op=op, device="cpu"))


def test_euler_tour_equals_cpu():
    graph = frontier.tree(100000, trees=3, seed=2)
    cpu = frontier.euler_tour(graph, device="cpu")
    gpu = frontier.euler_tour(graph, device="gpu")
    for name in ("parent", "depth", "preorder", "postorder", "subtree_size", "roots"):
        assert np.array_equal(getattr(gpu, name), getattr(cpu, name)), name


def test_euler_tour_prefix_equals_cpu():
    graph = frontier.tree(50000, seed=7)
    values = np.random.default_rng(2).integers(-5, 5, graph.num_arcs)
    for op in ("sum", "min", "max"):
        assert np.array_equal(frontier.euler_tour_prefix(graph, values, op=op, device="gpu"),
                              frontier.euler_tour_prefix(graph, values, op=op, device="cpu"))


def test_graph500_on_the_gpu():
    result = frontier.graph500(14, roots=4, device="gpu")
    assert result["device"] == "cuda" and len(result["runs"]) == 4
    assert all(run["validate_seconds"] >= 0 for run in result["runs"])

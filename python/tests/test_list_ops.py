"""list_rank and euler_tour from Python against pure-Python references (a sequential list walk;
an Euler-tour walk of every tree), with inputs of every accepted width."""

import os
import subprocess

import numpy as np
import pytest

import frontier
from conftest import euler_reference, list_reference


@pytest.mark.parametrize("kind", ["random", "ordered", "stride"])
@pytest.mark.parametrize("lists", [1, 7])
@pytest.mark.parametrize("n", [1, 31, 32, 33, 5000])
def test_list_rank_equals_walk(kind, lists, n):
    if lists > n:
        pytest.skip("more lists than nodes")
    successor = frontier.linked_list(n, kind=kind, lists=lists, seed=11, stride=3)
    expected = list_reference(successor)
    for algorithm in ("auto", "sequential", "helman-jaja", "wyllie"):
        rank = frontier.list_rank(successor, device="cpu", algorithm=algorithm)
        assert rank.dtype == np.int32
        assert np.array_equal(rank, expected), algorithm


def test_list_rank_widths_and_stats():
    successor = frontier.linked_list(2000, lists=3, seed=2)
    expected = list_reference(successor)
    wide = frontier.list_rank(successor.astype(np.int64), device="cpu")
    assert wide.dtype == np.int64 and np.array_equal(wide, expected)
    from_list = frontier.list_rank(successor.tolist(), device="cpu")
    assert np.array_equal(from_list, expected)
    strided = np.repeat(successor, 2)[::2]  # not contiguous: converted once
    assert np.array_equal(frontier.list_rank(strided, device="cpu"), expected)
    rank, stats = frontier.list_rank(successor, device="cpu", stats=True)
    assert np.array_equal(rank, expected)
    assert stats["lists"] == 3 and stats["seconds"] >= 0


@pytest.mark.parametrize("op", ["sum", "min", "max"])
@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float64])
def test_list_prefix_equals_walk(op, dtype):
    successor = frontier.linked_list(3000, lists=5, seed=8)
    values = np.random.default_rng(3).integers(-50, 50, 3000).astype(dtype)
    prefix = frontier.list_rank(successor, values=values, op=op, device="cpu")
    assert prefix.dtype == dtype
    expected = list_reference(successor, values, op)
    if dtype == np.float64:
        assert np.allclose(prefix, expected)
    else:
        assert np.array_equal(prefix, expected)


def check_forest(graph, roots, result):
    parent, depth, preorder, postorder, size, _ = euler_reference(graph, roots)
    assert np.array_equal(result.roots, roots)
    assert np.array_equal(result.parent, parent)
    assert np.array_equal(result.depth, depth)
    assert np.array_equal(result.preorder, preorder)
    assert np.array_equal(result.postorder, postorder)
    assert np.array_equal(result.subtree_size, size)


@pytest.mark.parametrize("shape", ["random", "path", "star", "binary"])
@pytest.mark.parametrize("trees", [1, 5])
def test_euler_tour_of_generated_forests(shape, trees):
    graph = frontier.tree(3000, shape=shape, trees=trees, seed=6)
    roots = frontier.tree_roots(3000, trees=trees, seed=6)
    check_forest(graph, roots, frontier.euler_tour(graph, roots=roots, device="cpu"))


def test_euler_tour_default_roots_are_lowest_ids():
    graph = frontier.tree(500, trees=3, seed=1)
    result = frontier.euler_tour(graph, device="cpu")
    components = {}
    for v in range(500):
        r = v
        while result.parent[r] != r:
            r = result.parent[r]
        components.setdefault(r, []).append(v)
    assert sorted(result.roots.tolist()) == result.roots.tolist()
    assert sorted(min(vs) for vs in components.values()) == result.roots.tolist()
    check_forest(graph, result.roots, result)


def test_euler_tour_of_a_parent_array():
    parent = np.array([0, 0, 0, 1, 1, 2, 6, 6, -1], dtype=np.int64)
    result = frontier.euler_tour(parent, device="cpu")
    assert result.roots.tolist() == [0, 6, 8]
    assert result.parent.tolist() == [0, 0, 0, 1, 1, 2, 6, 6, 8]
    assert result.depth.tolist() == [0, 1, 1, 2, 2, 2, 0, 1, 0]
    assert result.subtree_size.tolist() == [6, 3, 2, 1, 1, 1, 2, 1, 1]
    assert result.preorder.tolist() == [0, 1, 4, 2, 3, 5, 6, 7, 8]
    assert result.postorder.tolist() == [5, 2, 4, 0, 1, 3, 7, 6, 8]
    # A random recursive tree's parent array, rooted where it says.
    graph = frontier.tree(2000, seed=9)
    via_graph = frontier.euler_tour(graph, device="cpu")
    via_parents = frontier.euler_tour(via_graph.parent, device="cpu")
    assert np.array_equal(via_parents.parent, via_graph.parent)
    assert np.array_equal(via_parents.subtree_size, via_graph.subtree_size)
    assert via_graph.stats["tour_elements"] == graph.num_arcs + 1


def run_cli(*arguments):
    cli = os.environ.get("FRONTIER_CLI")
    if not cli:
        pytest.skip("FRONTIER_CLI (the frontier command) not set")
    subprocess.run([cli, *arguments, "--device", "cpu", "--log-level", "off"], check=True,
                   stdout=subprocess.DEVNULL)


def test_list_rank_equals_the_cli(tmp_path):
    output = tmp_path / "prefix.txt"
    run_cli("rank", "--nodes", "5000", "--lists", "3", "--seed", "2", "--trials", "1",
            "--output", str(output))
    successor = frontier.linked_list(5000, lists=3, seed=2)
    # The CLI's sum over values 1: rank + 1.
    assert np.array_equal(frontier.list_rank(successor, device="cpu") + 1, np.loadtxt(output))


def test_euler_tour_equals_the_cli(tmp_path):
    output = tmp_path / "forest.txt"
    run_cli("euler", "--random-tree", "3000", "--seed", "5", "--output", str(output))
    columns = np.loadtxt(output, dtype=np.int64, comments="#")
    graph = frontier.tree(3000, seed=5)
    result = frontier.euler_tour(graph, roots=frontier.tree_roots(3000, seed=5), device="cpu")
    assert np.array_equal(columns[:, 0], np.arange(3000))
    for column, values in enumerate([result.parent, result.depth, result.preorder,
                                     result.postorder, result.subtree_size], start=1):
        assert np.array_equal(columns[:, column], values)


@pytest.mark.parametrize("op", ["sum", "min", "max"])
@pytest.mark.parametrize("dtype", [np.int64, np.float64])
def test_euler_tour_prefix_equals_tour_walk(op, dtype):
    graph = frontier.tree(1500, trees=3, seed=12)
    roots = frontier.tree_roots(1500, trees=3, seed=12)
    values = np.random.default_rng(5).integers(-20, 20, graph.num_arcs).astype(dtype)
    prefix = frontier.euler_tour_prefix(graph, values, op=op, roots=roots, device="cpu")
    assert prefix.dtype == dtype and prefix.shape == (graph.num_arcs,)
    combine = {"sum": np.cumsum, "min": np.minimum.accumulate, "max": np.maximum.accumulate}[op]
    *_, tours = euler_reference(graph, roots)
    for tour in tours:
        assert np.array_equal(prefix[tour], combine(values[tour]))
    # Arc depth by the tour: +1 down, -1 up gives each down arc's child depth.
    forest = frontier.euler_tour(graph, roots=roots, device="cpu")
    heads = graph.targets
    tails = np.repeat(np.arange(graph.num_vertices), np.diff(graph.offsets))
    down = forest.parent[heads] == tails
    steps = np.where(down, 1, -1)
    depth_by_tour = frontier.euler_tour_prefix(graph, steps, roots=roots, device="cpu")
    assert np.array_equal(depth_by_tour[down], forest.depth[heads[down]])

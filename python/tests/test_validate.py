"""Graph500 validation from Python: Engine.validate on a search's tree (on the CPU, and on the GPU
in place where the labels stayed there), and validate_bfs_tree on parent arrays from anywhere,
NetworkX's among them; broken trees fail with the C++ validator's words, bad arguments raise."""

import networkx as nx
import numpy as np
import pytest

import frontier
from conftest import requires_gpu


def networkx_parents(graph, source):
    """A BFS tree of `graph` from `source` built by NetworkX, as frontier's parent array."""
    parent = np.full(graph.num_vertices, -1, dtype=np.int64)
    parent[source] = source
    for child, above in nx.bfs_predecessors(graph.to_networkx(), source):
        parent[child] = above
    return parent


def test_engine_validates_its_own_searches():
    graph = frontier.kronecker(12, seed=5)
    engine = frontier.Engine(graph, device="cpu")
    result = engine.bfs(7)
    verdict = engine.validate(result)
    assert verdict and verdict.valid and verdict.failure == ""
    assert verdict.vertices_in_tree == result.vertices_reached
    assert "valid" in repr(verdict)
    several = engine.validate(engine.bfs([3, 900, 2000]))
    assert several.valid, several.failure
    limited = engine.validate(engine.bfs(7, depth_limit=1))
    assert limited.valid, limited.failure


def test_engine_refuses_a_search_without_parents():
    engine = frontier.Engine(frontier.grid2d(5, 5), device="cpu")
    with pytest.raises(ValueError, match="kept none"):
        engine.validate(engine.bfs(0, parents=False))


def test_networkx_trees_pass_and_damaged_ones_fail():
    graph = frontier.grid2d(20, 30)
    parent = networkx_parents(graph, 0)
    verdict = frontier.validate_bfs_tree(graph, 0, parent)
    assert verdict.valid, verdict.failure
    assert verdict.vertices_in_tree == graph.num_vertices
    # Vertex 599 (the far corner) hung below the source, which is not its neighbour.
    hung = parent.copy()
    hung[599] = 0
    verdict = frontier.validate_bfs_tree(graph, 0, hung)
    assert not verdict and verdict.failure.startswith("rule 5"), verdict.failure
    assert "599" in verdict.failure
    # A reachable vertex left out of the tree.
    cut = parent.copy()
    cut[599] = -1
    verdict = frontier.validate_bfs_tree(graph, 0, cut)
    assert verdict.failure.startswith("rule 4"), verdict.failure
    assert "invalid" in repr(verdict)


def test_depths_are_checked_against_the_parents():
    graph = frontier.grid2d(6, 6)
    result = frontier.Engine(graph, device="cpu").bfs(0)
    good = frontier.validate_bfs_tree(graph, 0, result.parent, result.depth)
    assert good.valid, good.failure
    depth = result.depth.copy()
    depth[35] += 1
    verdict = frontier.validate_bfs_tree(graph, 0, result.parent, depth)
    assert not verdict.valid and "35" in verdict.failure, verdict.failure
    # Without depths, the parents alone pass.
    assert frontier.validate_bfs_tree(graph, 0, result.parent).valid


def test_stopped_early_relaxes_rule_4_at_the_last_level():
    graph = frontier.grid2d(10, 10)
    result = frontier.Engine(graph, device="cpu").bfs(0, depth_limit=3)
    parent = result.parent
    assert not frontier.validate_bfs_tree(graph, 0, parent).valid
    assert frontier.validate_bfs_tree(graph, 0, parent, stopped_early=True).valid


def test_bad_arguments_raise():
    graph = frontier.grid2d(4, 4)
    parent = networkx_parents(graph, 0)
    with pytest.raises(ValueError):
        frontier.validate_bfs_tree(graph, 0, parent[:-1])
    with pytest.raises(ValueError):
        frontier.validate_bfs_tree(graph, 16, parent)
    with pytest.raises(ValueError):
        frontier.validate_bfs_tree(graph, 0, parent, np.zeros(3, dtype=np.int32))
    with pytest.raises(TypeError):
        frontier.validate_bfs_tree(graph.to_networkx(), 0, parent)


@requires_gpu
def test_gpu_engine_validates_in_place():
    graph = frontier.kronecker(14, seed=3)
    gpu = frontier.Engine(graph, device="gpu")
    for on_device in (False, True):
        result = gpu.bfs(5, on_device=on_device)
        verdict = gpu.validate(result)
        assert verdict.valid, verdict.failure
        host = result.to_host()
        assert verdict.vertices_in_tree == frontier.validate_bfs_tree(
            graph, 5, host.parent, host.depth
        ).vertices_in_tree

"""Graphs from Python: construction, generators, zero-copy views, file reading and the SciPy and
NetworkX round trips."""

import gc

import networkx as nx
import numpy as np
import pytest
import scipy.io
import scipy.sparse

import frontier
from conftest import BUNDLED_DATASETS


def canonical(matrix):
    """A CSR pattern with duplicates merged and columns sorted (values dropped)."""
    csr = scipy.sparse.csr_matrix(matrix, copy=True)
    csr.data = np.ones_like(csr.data, dtype=np.int8)
    csr.sum_duplicates()
    csr.data[:] = 1
    return csr


def test_from_edges_undirected_stores_both_arcs():
    graph = frontier.Graph.from_edges([0, 1, 2], [1, 2, 0])
    assert not graph.directed
    assert graph.num_vertices == 3 and graph.num_arcs == 6
    assert graph.offsets.tolist() == [0, 2, 4, 6]
    assert graph.targets.tolist() == [1, 2, 0, 2, 0, 1]
    assert [graph.degree(v) for v in range(3)] == [2, 2, 2]


def test_from_edges_directed_and_options():
    src = np.array([0, 0, 1, 2, 2], dtype=np.int64)
    dst = np.array([1, 1, 1, 0, 3], dtype=np.int32)
    graph = frontier.Graph.from_edges(src, dst, num_vertices=5, directed=True)
    assert graph.directed and graph.num_vertices == 5 and graph.num_arcs == 5
    clean = frontier.Graph.from_edges(src, dst, num_vertices=5, directed=True,
                                      remove_self_loops=True, remove_duplicates=True)
    assert clean.targets.tolist() == [1, 0, 3]
    assert clean.offsets.tolist() == [0, 1, 1, 3, 3, 3]


def test_from_edges_empty():
    graph = frontier.Graph.from_edges([], [], num_vertices=4)
    assert graph.num_vertices == 4 and graph.num_arcs == 0


def test_arrays_are_read_only_views_that_keep_the_graph_alive():
    graph = frontier.grid2d(50, 40)
    offsets, targets = graph.offsets, graph.targets
    assert offsets.dtype == np.int64 and targets.dtype == np.int32
    assert not offsets.flags.writeable and not targets.flags.writeable
    # Two views of the same property share the graph's memory: no copy was made.
    assert np.shares_memory(graph.targets, targets)
    expected = targets.copy()
    del graph
    gc.collect()
    assert np.array_equal(targets, expected)
    with pytest.raises(ValueError):
        targets[0] = 7


def test_generators_sizes():
    assert frontier.grid2d(3, 4).num_arcs == 2 * (3 * 3 + 2 * 4)
    assert frontier.grid3d(2, 3, 4).num_vertices == 24
    assert frontier.grid3d(2, 3, 4).num_arcs == 2 * (3 * 2 * 3 + 2 * 2 * 4 + 1 * 3 * 4)
    kron = frontier.kronecker(10, edgefactor=8, seed=3)
    assert kron.num_vertices == 1024 and not kron.directed
    assert np.all(np.repeat(np.arange(1024), np.diff(kron.offsets)) != kron.targets)
    assert frontier.kronecker(10, edgefactor=8, seed=3).targets.tolist() == kron.targets.tolist()
    uniform = frontier.uniform(100, 300, seed=5)
    loops = np.sum(np.repeat(np.arange(100), np.diff(uniform.offsets)) == uniform.targets)
    # A self loop is stored once, every other edge as two arcs.
    assert uniform.num_vertices == 100 and uniform.num_arcs == 600 - loops
    forest = frontier.tree(1000, shape="binary", trees=4, seed=2)
    assert forest.num_arcs == 2 * (1000 - 4)
    assert len(frontier.tree_roots(1000, trees=4, seed=2)) == 4
    successor = frontier.linked_list(100, kind="ordered", lists=3)
    assert successor.dtype == np.int32 and np.sum(successor == -1) == 3


def test_read_graph_bundled_formats():
    for name in ("tiny.gr", "tiny.graph", "tiny.txt", "tiny_undirected.mtx.gz",
                 "tiny_compressed.graph.gz", "karate.mtx"):
        graph = frontier.read_graph(BUNDLED_DATASETS / name)
        assert graph.num_vertices > 0, name
        assert graph.file_info["bytes"] > 0
    karate = frontier.read_graph(str(BUNDLED_DATASETS / "karate.mtx"))
    assert (karate.num_vertices, karate.num_arcs, karate.directed) == (34, 156, False)
    assert karate.file_info["format"] == "mtx"


def test_read_graph_options():
    directed = frontier.read_graph(BUNDLED_DATASETS / "tiny.txt", format="snap")
    symmetric = frontier.read_graph(BUNDLED_DATASETS / "tiny.txt", symmetrize=True,
                                    remove_duplicates=True, remove_self_loops=True)
    assert directed.directed and not symmetric.directed
    weighted = frontier.read_graph(BUNDLED_DATASETS / "tiny.gr")
    unweighted = frontier.read_graph(BUNDLED_DATASETS / "tiny.gr", weights=False)
    assert weighted.has_weights and weighted.weights.dtype == np.float32
    assert not unweighted.has_weights and unweighted.weights is None


def test_read_graph_hubs_first():
    sorted_lists = frontier.read_graph(BUNDLED_DATASETS / "karate.mtx")
    hubs = frontier.read_graph(BUNDLED_DATASETS / "karate.mtx", hubs_first=True)
    assert np.array_equal(hubs.offsets, sorted_lists.offsets)
    degree = np.diff(hubs.offsets)
    changed = 0
    for v in range(hubs.num_vertices):
        row = slice(hubs.offsets[v], hubs.offsets[v + 1])
        assert sorted(hubs.targets[row]) == sorted(sorted_lists.targets[row])
        assert degree[hubs.targets[row][0]] == degree[hubs.targets[row]].max()
        changed += int(hubs.targets[row][0] != sorted_lists.targets[row][0])
    assert changed > 0
    depth = frontier.Engine(hubs, device="cpu").bfs(5).depth
    assert np.array_equal(depth, frontier.Engine(sorted_lists, device="cpu").bfs(5).depth)
    with pytest.raises(ValueError, match="hubs first needs an undirected graph"):
        frontier.read_graph(BUNDLED_DATASETS / "tiny.txt", format="snap", hubs_first=True)


def test_mtx_matches_scipy_reader():
    for name in ("karate.mtx", "tiny_directed.mtx", "tiny_undirected.mtx",
                 "tiny_real_symmetric.mtx"):
        graph = frontier.read_graph(BUNDLED_DATASETS / name)
        expected = canonical(scipy.io.mmread(BUNDLED_DATASETS / name))
        got = canonical(graph.to_scipy())
        assert (got != expected).nnz == 0, name


def test_scipy_round_trip():
    graph = frontier.kronecker(9, edgefactor=4, remove_duplicates=True)
    matrix = graph.to_scipy()
    assert isinstance(matrix, scipy.sparse.csr_matrix)
    assert matrix.shape == (512, 512) and matrix.nnz == graph.num_arcs
    back = frontier.Graph.from_scipy(matrix)
    assert not back.directed
    assert np.array_equal(back.offsets, graph.offsets)
    assert np.array_equal(back.targets, graph.targets)
    # An asymmetric matrix becomes a directed graph; weights survive.
    weighted = scipy.sparse.coo_matrix(([2.5, 1.0, 4.0], ([0, 2, 1], [1, 0, 2])), shape=(3, 3))
    directed = frontier.Graph.from_scipy(weighted)
    assert directed.directed and directed.weights.tolist() == [2.5, 4.0, 1.0]
    assert np.array_equal(directed.to_scipy().toarray(), weighted.toarray())


def test_networkx_round_trip_undirected_and_directed():
    karate = nx.karate_club_graph()
    graph = frontier.Graph.from_networkx(karate)
    assert not graph.directed and graph.num_arcs == 2 * karate.number_of_edges()
    assert graph.node_labels is None
    back = graph.to_networkx()
    assert nx.utils.graphs_equal(nx.Graph(karate.edges), nx.Graph(back.edges))

    digraph = nx.gnp_random_graph(60, 0.05, seed=4, directed=True)
    graph = frontier.Graph.from_networkx(digraph)
    assert graph.directed and graph.num_arcs == digraph.number_of_edges()
    assert set(graph.to_networkx().edges) == set(digraph.edges)


def test_networkx_labels_and_weights():
    named = nx.Graph()
    named.add_weighted_edges_from([("a", "b", 1.5), ("b", "c", 2.0)])
    graph = frontier.Graph.from_networkx(named, weight="weight")
    assert graph.node_labels == ["a", "b", "c"]
    assert graph.has_weights
    back = graph.to_networkx()
    assert back["a"]["b"]["weight"] == 1.5 and back["c"]["b"]["weight"] == 2.0
    unweighted = frontier.Graph.from_networkx(named)
    assert unweighted.num_arcs == 4 and not unweighted.has_weights


def test_from_csr_checks_invariants():
    graph = frontier.Graph.from_csr([0, 1, 2], [1, 0], directed=False)
    assert graph.num_arcs == 2 and not graph.directed
    with pytest.raises(ValueError):
        frontier.Graph.from_csr([0, 1, 2], [1, 5])

"""Engine.bfs from Python: depths equal NetworkX's single_source_shortest_path_length on
generated graphs (undirected and directed), parents form a BFS tree, and the query options
(several sources, depth limit, target, no parents) behave as the engine documents."""

import threading
import time

import networkx as nx
import numpy as np
import pytest

import frontier
from conftest import check_bfs_tree, nx_depths


def generated_graphs():
    rng = np.random.default_rng(7)
    src = rng.integers(0, 400, 1500)
    dst = rng.integers(0, 400, 1500)
    return {
        "kronecker": frontier.kronecker(11, edgefactor=8, seed=2),
        "uniform": frontier.uniform(3000, 4000, seed=9),
        "grid2d": frontier.grid2d(40, 70),
        "grid3d": frontier.grid3d(9, 10, 11),
        "tree": frontier.tree(2000, shape="random", seed=4),
        "directed": frontier.Graph.from_edges(src, dst, num_vertices=400, directed=True),
    }


@pytest.mark.parametrize("name", list(generated_graphs()))
def test_depths_equal_networkx(name):
    graph = generated_graphs()[name]
    nx_graph = graph.to_networkx()
    assert isinstance(nx_graph, nx.DiGraph if graph.directed else nx.Graph)
    engine = frontier.Engine(graph, device="cpu")
    assert engine.device == "cpu" and engine.graph is graph
    degrees = np.diff(graph.offsets)
    for source in sorted({0, int(np.argmax(degrees)), graph.num_vertices // 3}):
        result = engine.bfs(source)
        assert result.depth.dtype == np.int32 and result.parent.dtype == np.int32
        assert np.array_equal(result.depth, nx_depths(nx_graph, source, graph.num_vertices))
        check_bfs_tree(graph, result, [source])
        assert result.vertices_reached == np.count_nonzero(result.depth >= 0)
        assert result.stop == "frontier-empty" and not result.stopped_early
        assert result.num_levels == len(result.levels) == result.depth.max() + 1


@pytest.mark.parametrize("strategy", ["top-down", "bottom-up", "direction-optimizing"])
def test_strategies_and_threads_agree(strategy):
    graph = frontier.kronecker(12, seed=5)
    engine = frontier.Engine(graph, device="cpu")
    reference = engine.bfs(1, threads=1, strategy="top-down").depth
    for threads in (0, 1, 2):
        assert np.array_equal(engine.bfs(1, threads=threads, strategy=strategy).depth, reference)


def test_several_sources_are_one_search():
    graph = frontier.grid2d(30, 30)
    nx_graph = graph.to_networkx()
    sources = np.array([0, 899, 450], dtype=np.int64)
    result = frontier.Engine(graph, device="cpu").bfs(sources)
    expected = nx.multi_source_dijkstra_path_length(nx_graph, set(sources.tolist()))
    assert result.sources == [0, 899, 450] and result.source == 0
    assert all(result.depth[v] == d for v, d in expected.items())
    check_bfs_tree(graph, result, sources)


def test_depth_limit_target_and_path():
    graph = frontier.grid2d(20, 20)
    engine = frontier.Engine(graph, device="cpu")
    full = engine.bfs(0).depth
    limited = engine.bfs(0, depth_limit=5)
    assert limited.stop == "depth-limit" and limited.stopped_early
    assert np.array_equal(limited.depth, np.where(full <= 5, full, -1))
    targeted = engine.bfs(0, target=399)
    assert targeted.stop == "target-reached" and targeted.depth[399] == 38
    path = targeted.path(399)
    assert path[0] == 0 and path[-1] == 399 and len(path) == 39
    assert all(b in graph.targets[graph.offsets[a]:graph.offsets[a + 1]]
               for a, b in zip(path[:-1], path[1:]))


def test_without_parents_and_numpy_scalar_source():
    graph = frontier.grid2d(10, 10)
    result = frontier.Engine(graph, device="cpu").bfs(np.int64(5), parents=False)
    assert result.parent is None and result.depth[5] == 0


def test_result_arrays_are_the_engines_buffers():
    graph = frontier.grid2d(100, 100)
    result = frontier.Engine(graph, device="cpu").bfs(0)
    depth = result.depth
    assert depth.flags.writeable and depth.flags.c_contiguous
    assert np.shares_memory(result.depth, depth)  # the same buffer every time, never a copy
    del result
    assert depth[-1] == 198


def test_concurrent_searches_from_threads():
    graph = frontier.kronecker(13, seed=6)
    engine = frontier.Engine(graph, device="cpu")
    expected = {s: engine.bfs(s, threads=1).depth for s in range(4)}
    results = {}

    def search(s):
        results[s] = engine.bfs(s, threads=1).depth

    workers = [threading.Thread(target=search, args=(s,)) for s in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert all(np.array_equal(results[s], expected[s]) for s in range(4))


def test_long_calls_release_the_gil():
    # While one thread is inside a long frontier call, another keeps running Python code: the
    # longest pause between its loop iterations stays far below the call's length (holding the
    # GIL, the call would pause it for the whole call).
    successor = frontier.linked_list(1 << 21, seed=3)
    for work in (lambda: frontier.list_rank(successor, device="cpu", algorithm="sequential"),
                 lambda: frontier.kronecker(17, seed=2)):
        seconds = []

        def call():
            start = time.perf_counter()
            work()
            seconds.append(time.perf_counter() - start)

        worker = threading.Thread(target=call)
        last = time.perf_counter()
        longest_pause = 0.0
        worker.start()
        while worker.is_alive():
            now = time.perf_counter()
            longest_pause = max(longest_pause, now - last)
            last = now
        worker.join()
        assert longest_pause < seconds[0] / 2, (longest_pause, seconds[0])


def test_beamers_switches():
    graph = frontier.kronecker(12, seed=5)
    engine = frontier.Engine(graph, device="cpu")
    directions = lambda result: {level["direction"] for level in result.levels}
    default = engine.bfs(1)
    assert "bottom-up" in directions(default)
    # alpha 1 turns bottom-up only when the frontier's arcs exceed every unexplored arc.
    never = engine.bfs(1, alpha=1)
    assert directions(never) == {"top-down"}
    assert np.array_equal(never.depth, default.depth)
    bottom_up = lambda result: sum(level["direction"] == "bottom-up" for level in result.levels)
    eager = engine.bfs(1, alpha=10**6, beta=10**6)
    assert np.array_equal(eager.depth, default.depth)
    assert bottom_up(eager) > bottom_up(default)
    with pytest.raises(ValueError, match="alpha 0 must be at least 1"):
        engine.bfs(1, alpha=0)


@pytest.mark.parametrize("name", ["kronecker", "directed", "grid2d"])
def test_degree_search_order_answers_in_the_graphs_ids(name):
    graph = generated_graphs()[name]
    given = frontier.Engine(graph, device="cpu")
    ordered = frontier.Engine(graph, device="cpu", search_order="degree")
    assert given.search_order == "given" and ordered.search_order == "degree"
    for source in (0, 17, graph.num_vertices - 1):
        result = ordered.bfs(source)
        assert np.array_equal(result.depth, given.bfs(source).depth)
        assert ordered.validate(result).valid
    with pytest.raises(ValueError, match="search order"):
        frontier.Engine(graph, device="cpu", search_order="degrees")

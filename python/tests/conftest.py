"""Shared fixtures and oracles of the Python tests: the datasets folders, the GPU check, and
NetworkX / pure-Python references the results are compared with."""

import os
import pathlib

import numpy as np
import pytest

import frontier

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]
BUNDLED_DATASETS = SOURCE_DIR / "datasets"
GRAPH_SUFFIXES = (".mtx", ".gr", ".graph", ".metis", ".txt", ".el", ".edges", ".snap", ".tsv")


def has_gpu():
    return frontier.cuda_device_count() > 0


requires_gpu = pytest.mark.skipif(not has_gpu(), reason="no usable CUDA GPU")


def real_datasets_dir():
    """The folder CMake passes as FRONTIER_REAL_DATASETS_DIR, or None when unset or missing."""
    folder = os.environ.get("FRONTIER_REAL_DATASETS_DIR")
    if not folder or not pathlib.Path(folder).is_dir():
        return None
    return pathlib.Path(folder)


def is_graph_file(path):
    name = path.name
    for compression in (".gz", ".bz2", ".xz", ".zst"):
        if name.endswith(compression):
            name = name[: -len(compression)]
    return path.is_file() and name.endswith(GRAPH_SUFFIXES)


def nx_depths(nx_graph, source, n):
    """Depth per vertex from NetworkX's single_source_shortest_path_length (-1: unreached)."""
    import networkx as nx

    depth = np.full(n, -1, dtype=np.int32)
    for vertex, hops in nx.single_source_shortest_path_length(nx_graph, source).items():
        depth[vertex] = hops
    return depth


def check_bfs_tree(graph, result, sources):
    """The parent array is a BFS tree of the graph consistent with the depths."""
    depth, parent = result.depth, result.parent
    offsets, targets = graph.offsets, graph.targets
    reached = np.flatnonzero(depth >= 0)
    assert np.array_equal(np.flatnonzero(parent >= 0), reached)
    for s in sources:
        assert depth[s] == 0 and parent[s] == s
    for v in reached:
        if depth[v] == 0:
            continue
        p = parent[v]
        assert depth[p] == depth[v] - 1, f"vertex {v}: parent {p} at depth {depth[p]}"
        assert v in targets[offsets[p]:offsets[p + 1]], f"no arc {p} -> {v}"


def list_reference(successor, values=None, op="sum"):
    """Ranks (values None) or inclusive list prefixes by a sequential walk from every head."""
    successor = np.asarray(successor)
    n = len(successor)
    has_predecessor = np.zeros(n, dtype=bool)
    has_predecessor[successor[successor >= 0]] = True
    combine = {"sum": lambda a, b: a + b, "min": min, "max": max}[op]
    out = np.zeros(n, dtype=np.float64 if values is not None and np.asarray(values).dtype.kind == "f"
                   else np.int64)
    for head in np.flatnonzero(~has_predecessor):
        v, position, running = head, 0, None
        while v >= 0:
            if values is None:
                out[v] = position
            else:
                running = values[v] if running is None else combine(running, values[v])
                out[v] = running
            position += 1
            v = successor[v]
    return out


def euler_reference(graph, roots):
    """Parent, depth, preorder, postorder and subtree size of a forest, and every tree's arcs in
    tour order, walking each tree's Euler tour as frontier defines it: a vertex's children in
    the cyclic order of its sorted adjacency list, starting after the arc to its parent (a root
    from its first neighbour)."""
    n = graph.num_vertices
    offsets, targets = graph.offsets, graph.targets
    parent = np.full(n, -1, dtype=np.int64)
    depth = np.zeros(n, dtype=np.int64)
    preorder = np.zeros(n, dtype=np.int64)
    postorder = np.zeros(n, dtype=np.int64)
    size = np.ones(n, dtype=np.int64)
    tours = []
    pre = post = 0

    def arc(u, v):
        return int(offsets[u] + np.searchsorted(targets[offsets[u]:offsets[u + 1]], v))

    def children(v):
        adjacency = list(targets[offsets[v]:offsets[v + 1]])
        if parent[v] == v:
            return adjacency
        k = adjacency.index(parent[v])
        return adjacency[k + 1:] + adjacency[:k]

    for root in roots:
        parent[root] = root
        preorder[root] = pre
        pre += 1
        tour = []
        stack = [(root, iter(children(root)))]
        while stack:
            v, pending = stack[-1]
            child = next(pending, None)
            if child is None:
                stack.pop()
                postorder[v] = post
                post += 1
                if parent[v] != v:
                    size[parent[v]] += size[v]
                    tour.append(arc(v, parent[v]))
                continue
            tour.append(arc(v, child))
            parent[child] = v
            depth[child] = depth[v] + 1
            preorder[child] = pre
            pre += 1
            stack.append((child, iter(children(child))))
        tours.append(tour)
    return parent, depth, preorder, postorder, size, tours

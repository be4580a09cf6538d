"""Graph conversions from and to SciPy sparse matrices and NetworkX graphs. SciPy and NetworkX are
imported only when a conversion is asked for, so neither is needed to use the rest."""

import numpy as np

from frontier._frontier import Graph


def from_scipy(matrix, directed=None):
    """A Graph from a SciPy sparse matrix (any format; entry (i, j) is the arc i -> j).

    directed: None decides by symmetry (a symmetric pattern becomes an undirected graph, whose
    matrix already holds both arcs of every edge); True or False forces it. Numeric entries
    become arc weights; duplicate entries are summed and columns sorted first (SciPy's canonical
    form). Raises ValueError for a matrix that is not square.
    """
    import scipy.sparse

    csr = scipy.sparse.csr_matrix(matrix)
    if csr.shape[0] != csr.shape[1]:
        raise ValueError(f"an adjacency matrix must be square, not {csr.shape[0]} x {csr.shape[1]}")
    if not csr.has_canonical_format:
        csr = csr.copy()
        csr.sum_duplicates()
    if directed is None:
        pattern = csr.copy()
        pattern.data = np.ones_like(pattern.data, dtype=np.int8)
        directed = (pattern != pattern.T).nnz != 0
    weights = None if csr.dtype == np.bool_ else csr.data
    return Graph.from_csr(csr.indptr, csr.indices, weights=weights, directed=bool(directed))


def to_scipy(graph, weights=True):
    """The graph's adjacency as a scipy.sparse.csr_matrix (entry (u, v) for every arc u -> v):
    the arc weights as float32 when the graph has them and ``weights`` is True, else ones
    (int8). Duplicate arcs stay separate entries (SciPy's sum_duplicates() merges them)."""
    import scipy.sparse

    n = graph.num_vertices
    if weights and graph.has_weights:
        data = graph.weights
    else:
        data = np.ones(graph.num_arcs, dtype=np.int8)
    return scipy.sparse.csr_matrix((data, graph.targets, graph.offsets), shape=(n, n))


def from_networkx(nx_graph, weight=None):
    """A Graph from a NetworkX graph: a DiGraph becomes a directed Graph, a Graph an undirected
    one (each edge stored as both arcs). Nodes are numbered in ``nx_graph``'s node order; when
    they are not already 0..n-1 in that order, Graph.node_labels lists them (node_labels[v] is
    the NetworkX node of vertex v). weight: an edge attribute to keep as arc weights."""
    nodes = list(nx_graph.nodes)
    identity = all(isinstance(node, (int, np.integer)) and node == i for i, node in enumerate(nodes))
    directed = nx_graph.is_directed()
    if weight is not None:
        import networkx as nx

        matrix = nx.to_scipy_sparse_array(nx_graph, nodelist=nodes, weight=weight)
        graph = from_scipy(matrix, directed=directed)
    else:
        index = {node: i for i, node in enumerate(nodes)}
        edges = nx_graph.edges
        count = len(edges)
        if identity:
            ends = np.fromiter((x for edge in edges for x in edge), dtype=np.int64, count=2 * count)
        else:
            ends = np.fromiter((index[x] for edge in edges for x in edge), dtype=np.int64,
                               count=2 * count)
        graph = Graph.from_edges(ends[0::2], ends[1::2], num_vertices=len(nodes),
                                 directed=directed)
    if not identity:
        graph.node_labels = nodes
    return graph


def to_networkx(graph):
    """The graph as a NetworkX DiGraph (directed) or Graph (undirected; its two arcs make one
    edge), with nodes 0..n-1, or Graph.node_labels where set, and a ``weight`` attribute on
    every edge when the graph has weights. Duplicate arcs collapse into one edge."""
    import networkx as nx

    result = nx.DiGraph() if graph.directed else nx.Graph()
    labels = graph.node_labels
    n = graph.num_vertices
    result.add_nodes_from(range(n) if labels is None else labels)
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(graph.offsets))
    dst = graph.targets.astype(np.int64)
    if labels is not None:
        names = list(labels)
        pairs = ((names[u], names[v]) for u, v in zip(src.tolist(), dst.tolist()))
    else:
        pairs = zip(src.tolist(), dst.tolist())
    if graph.has_weights:
        result.add_weighted_edges_from(
            (u, v, w) for (u, v), w in zip(pairs, graph.weights.tolist()))
    else:
        result.add_edges_from(pairs)
    return result

"""Breadth-first search from Python: read a graph file, keep it resident, search, use NumPy.
Run from the build tree: PYTHONPATH=build/cpu/python python3 examples/python/bfs.py datasets/karate.mtx"""
import sys

import numpy as np

import frontier

graph = frontier.read_graph(sys.argv[1] if len(sys.argv) > 1 else "datasets/karate.mtx")
engine = frontier.Engine(graph, device="auto")  # GPU 0 when one is usable, else the CPU
result = engine.bfs(0)
print(f"{graph}: {result.vertices_reached} vertices reached from 0 in {result.seconds * 1e3:.3f} ms")
print("vertices per depth:", np.bincount(result.depth[result.depth >= 0]).tolist())
print("path to the farthest vertex:", result.path(int(np.argmax(result.depth))).tolist())

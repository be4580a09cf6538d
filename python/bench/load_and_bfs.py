"""Loading a large text graph and searching it from Python, beside the `frontier bfs` command on
the same file and NetworkX on the same graph, printed side by side.

    PYTHONPATH=build/cpu/python python3 python/bench/load_and_bfs.py \
        --cli build/cpu/frontier [--file GRAPH | --scale 20] [--sources 4] [--networkx]

Without --file a Kronecker graph of the given scale is written once as a SNAP edge list by
`frontier generate`. Each figure is the best of --trials runs:
  - load + BFS: the whole job, wall clock. Python: read_graph + Engine + bfs() in this process
    (the interpreter's start and `import frontier` are reported apart); CLI: the process from
    start to exit (it also starts, parses options and prints). The ratio is Python's overhead.
  - BFS: per search, the engine's own clock in both, and Python's wall clock around bfs(): the
    difference is what the binding adds.
  - NetworkX (--networkx): nx.read_edgelist of the same file and single_source_shortest_path_length
    from the same sources (slow: minutes at scale 20; use a smaller --scale or --file).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np


def best(function, trials):
    times, value = [], None
    for _ in range(trials):
        start = time.perf_counter()
        value = function()
        times.append(time.perf_counter() - start)
    return min(times), value


def python_job(path, sources, device):
    import frontier

    start = time.perf_counter()
    graph = frontier.read_graph(path)
    loaded = time.perf_counter()
    engine = frontier.Engine(graph, device=device)
    resident = time.perf_counter()
    searches = []
    for source in sources:
        before = time.perf_counter()
        result = engine.bfs(source)
        searches.append((time.perf_counter() - before, result.seconds, result.vertices_reached))
    done = time.perf_counter()
    return {"total": done - start, "load": loaded - start, "engine": resident - loaded,
            "searches": searches, "graph": graph}


def cli_job(cli, path, sources, device):
    command = [cli, "bfs", path, "--source", ",".join(map(str, sources)), "--device", device,
               "--json", "--log-level", "off"]
    start = time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, check=True)
    total = time.perf_counter() - start
    report = json.loads(completed.stdout)
    return {"total": total, "searches": [s["seconds"] for s in report["searches"]]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True, help="the frontier command")
    parser.add_argument("--file", help="a graph file (default: a generated Kronecker edge list)")
    parser.add_argument("--scale", type=int, default=20, help="Kronecker scale without --file")
    parser.add_argument("--sources", type=int, default=4, help="searches per job")
    parser.add_argument("--trials", type=int, default=3, help="runs of each job; best is shown")
    parser.add_argument("--device", default="cpu", help="cpu, gpu or auto")
    parser.add_argument("--networkx", action="store_true", help="also time NetworkX")
    options = parser.parse_args()

    start = time.perf_counter()
    import frontier  # noqa: F401  (timed: what a session pays once)
    import_seconds = time.perf_counter() - start

    with tempfile.TemporaryDirectory() as scratch:
        path = options.file
        if path is None:
            path = os.path.join(scratch, f"kronecker{options.scale}.el")
            subprocess.run([options.cli, "generate", "kronecker", "--scale", str(options.scale),
                            "--output", path, "--log-level", "off"], check=True)
        size = os.path.getsize(path)
        probe = frontier.read_graph(path)
        degrees = np.diff(probe.offsets)
        rng = np.random.default_rng(1)
        candidates = np.flatnonzero(degrees > 0)
        sources = sorted(rng.choice(candidates, size=options.sources, replace=False).tolist())
        del probe

        py_seconds, py = best(lambda: python_job(path, sources, options.device), options.trials)
        cli_seconds, cli = best(lambda: cli_job(options.cli, path, sources, options.device),
                                options.trials)
        graph = py["graph"]
        print(f"graph       {path} ({size / 2**20:.1f} MiB): {graph.num_vertices} vertices, "
              f"{graph.num_arcs} arcs; {len(sources)} sources; device {options.device}")
        print(f"import      frontier {import_seconds * 1e3:.1f} ms (once per session)")
        print(f"load + BFS  python {py_seconds:.3f} s  (read {py['load']:.3f} s, engine "
              f"{py['engine']:.3f} s)   cli {cli_seconds:.3f} s   python/cli "
              f"{py_seconds / cli_seconds:.3f}")
        print("BFS         source   python wall   python engine   cli engine   binding overhead")
        for source, (wall, engine, _), cli_engine in zip(sources, py["searches"], cli["searches"]):
            print(f"            {source:>8}   {wall * 1e3:9.3f} ms  {engine * 1e3:11.3f} ms "
                  f"{cli_engine * 1e3:10.3f} ms   {(wall - engine) * 1e6:10.1f} us")

        if options.networkx:
            import networkx as nx

            start = time.perf_counter()
            nx_graph = nx.read_edgelist(path, nodetype=int, comments="#",
                                        create_using=nx.DiGraph if graph.directed else nx.Graph)
            nx_load = time.perf_counter() - start
            start = time.perf_counter()
            for source in sources:
                nx.single_source_shortest_path_length(nx_graph, source)
            nx_bfs = time.perf_counter() - start
            frontier_bfs = sum(wall for wall, _, _ in py["searches"])
            print(f"networkx    read_edgelist {nx_load:.3f} s ({nx_load / py['load']:.0f}x "
                  f"frontier's read)   BFS {nx_bfs:.3f} s ({nx_bfs / frontier_bfs:.0f}x "
                  f"frontier's)")


if __name__ == "__main__":
    sys.exit(main())

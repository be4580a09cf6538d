"""Loading a large text graph and searching it from Python, beside the `frontier bfs` command on
the same file and NetworkX on the same graph, printed side by side.

    PYTHONPATH=build/cpu/python python3 python/bench/load_and_bfs.py \
        --cli build/cpu/frontier [--file GRAPH | --scale 20] [--searches 5] [--networkx]

Without --file a Kronecker graph of the given scale is written once as a SNAP edge list by
`frontier generate`. Each figure is the best of --trials runs:
  - load + BFS: the whole job, one search from the highest-degree vertex, wall clock. Python:
    read_graph + Engine + bfs() in this process (`import frontier` is reported apart); CLI: the
    `frontier bfs FILE --source S` process from start to exit (it also starts, parses options
    and prints). The ratio is Python's overhead.
  - BFS: the engine's own clock in both; then --searches more searches on the resident engine,
    Python's wall clock around bfs() beside the engine's clock, here and on a 3 x 3 grid (where
    the difference is the call itself: the binding and the engine's argument checks).
  - NetworkX (--networkx): nx.read_edgelist of the same file and single_source_shortest_path_length
    from the same source (slow: minutes at scale 20; use a smaller --scale or --file).
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
    """The shortest of `trials` runs and the value that run returned (only the best value is
    kept, so a run does not pay for the memory of the ones before it)."""
    best_seconds, best_value = float("inf"), None
    for _ in range(trials):
        start = time.perf_counter()
        value = function()
        seconds = time.perf_counter() - start
        if seconds < best_seconds:
            best_seconds, best_value = seconds, value
        del value
    return best_seconds, best_value


def python_job(path, source, device):
    import frontier

    start = time.perf_counter()
    graph = frontier.read_graph(path)
    loaded = time.perf_counter()
    engine = frontier.Engine(graph, device=device)
    resident = time.perf_counter()
    result = engine.bfs(source)
    done = time.perf_counter()
    return {"total": done - start, "load": loaded - start, "engine": resident - loaded,
            "bfs_wall": done - resident, "bfs": result.seconds, "graph": graph,
            "resident": engine}


def cli_job(cli, path, source, device):
    command = [cli, "bfs", path, "--source", str(source), "--device", device, "--json",
               "--log-level", "off"]
    start = time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, check=True)
    total = time.perf_counter() - start
    return {"total": total, "bfs": json.loads(completed.stdout)["searches"][0]["seconds"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True, help="the frontier command")
    parser.add_argument("--file", help="a graph file (default: a generated Kronecker edge list)")
    parser.add_argument("--scale", type=int, default=20, help="Kronecker scale without --file")
    parser.add_argument("--searches", type=int, default=5,
                        help="searches on the resident engine after the job")
    parser.add_argument("--trials", type=int, default=3, help="runs of each job; best is shown")
    parser.add_argument("--device", default="cpu", help="cpu, gpu or auto")
    parser.add_argument("--networkx", action="store_true", help="also time NetworkX")
    options = parser.parse_args()

    start = time.perf_counter()
    import frontier  # noqa: F401  (timed: what a session pays once)
    import_seconds = time.perf_counter() - start
    frontier.set_log_level("off")

    with tempfile.TemporaryDirectory() as scratch:
        path = options.file
        if path is None:
            path = os.path.join(scratch, f"kronecker{options.scale}.el")
            subprocess.run([options.cli, "generate", "kronecker", "--scale", str(options.scale),
                            "--output", path, "--log-level", "off"], check=True)
        size = os.path.getsize(path)
        probe = frontier.read_graph(path)
        source = int(np.argmax(np.diff(probe.offsets)))
        del probe

        py_seconds, py = best(lambda: python_job(path, source, options.device), options.trials)
        cli_seconds, cli = best(lambda: cli_job(options.cli, path, source, options.device),
                                options.trials)
        graph, engine = py["graph"], py["resident"]
        print(f"graph       {path} ({size / 2**20:.1f} MiB): {graph.num_vertices} vertices, "
              f"{graph.num_arcs} arcs, {'directed' if graph.directed else 'undirected'}; "
              f"source {source}; device {options.device}; best of {options.trials}")
        print(f"import      frontier {import_seconds * 1e3:.1f} ms (once per session)")
        print(f"load + BFS  python {py_seconds:.3f} s (read {py['load']:.3f} s, engine "
              f"{py['engine']:.3f} s, bfs {py['bfs_wall']:.3f} s)   cli {cli_seconds:.3f} s   "
              f"python/cli {py_seconds / cli_seconds:.3f}")
        print(f"BFS         engine clock: python {py['bfs'] * 1e3:.3f} ms   cli "
              f"{cli['bfs'] * 1e3:.3f} ms")
        rng = np.random.default_rng(1)
        candidates = np.flatnonzero(np.diff(graph.offsets) > 0)
        overheads = []
        for extra in rng.choice(candidates, size=options.searches, replace=False).tolist():
            before = time.perf_counter()
            result = engine.bfs(extra)
            overheads.append(time.perf_counter() - before - result.seconds)
        tiny = frontier.Engine(frontier.grid2d(3, 3), device=options.device)
        tiny_overheads = []
        for _ in range(max(options.searches, 1)):
            before = time.perf_counter()
            result = tiny.bfs(0)
            tiny_overheads.append(time.perf_counter() - before - result.seconds)
        if overheads:
            # On a 9-vertex graph the difference is the call itself (binding, argument checks);
            # what grows with the graph is the engine's own work outside its clock.
            print(f"per call    wall - engine clock, median of {len(overheads)}: "
                  f"{np.median(overheads) * 1e6:.1f} us here, "
                  f"{np.median(tiny_overheads) * 1e6:.1f} us on a 3 x 3 grid")

        if options.networkx:
            import networkx as nx

            start = time.perf_counter()
            nx_graph = nx.read_edgelist(path, nodetype=int, comments="#",
                                        create_using=nx.DiGraph if graph.directed else nx.Graph)
            nx_load = time.perf_counter() - start
            start = time.perf_counter()
            nx.single_source_shortest_path_length(nx_graph, source)
            nx_bfs = time.perf_counter() - start
            print(f"networkx    read_edgelist {nx_load:.3f} s ({nx_load / py['load']:.0f}x "
                  f"frontier's read)   BFS {nx_bfs:.3f} s ({nx_bfs / py['bfs_wall']:.0f}x "
                  f"frontier's)")


if __name__ == "__main__":
    sys.exit(main())

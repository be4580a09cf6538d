#!/usr/bin/env python3
"""One line from a frontier --json output, for .ci/device-quick.

    summarize.py bfs FILE LABEL       first search, median of the rest, µs per level
    summarize.py graph500 FILE LABEL  harmonic mean TEPS, median, first search, construction
"""
import json
import statistics
import sys


def main():
    kind, path, label = sys.argv[1:4]
    try:
        d = json.load(open(path))
    except (OSError, ValueError) as error:
        print(f"{label}: no result ({error})")
        return
    if kind == "bfs":
        ms = [s["seconds"] * 1e3 for s in d["searches"]]
        rest = ms[1:] or ms
        median = statistics.median(rest)
        levels = d["searches"][0]["levels"]
        print(f"{label}: first {ms[0]:.3f} ms, median of the next {len(rest)} {median:.3f} ms, "
              f"{levels} levels, {median * 1e3 / levels:.2f} us per level, "
              f"first / median {ms[0] / median:.2f}")
        return
    time = d["time"]
    first = d["runs"][0]["seconds"]
    line = (f"{label}: {d['teps']['harmonic_mean'] / 1e9:.1f} GTEPS, median {time['median'] * 1e3:.3f} ms, "
            f"first {first * 1e3:.3f} ms ({first / time['median']:.2f}x), "
            f"construction {d['construction_seconds']:.3f} s, {d['nbfs']} roots")
    if "validate" in d:
        line += f", validation median {d['validate']['median'] * 1e3:.1f} ms"
    print(line)


if __name__ == "__main__":
    main()

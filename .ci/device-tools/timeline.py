#!/usr/bin/env python3
"""One search of a cuda_trace.cpp CSV as a table: what ran on the GPU, for how long, and the
gap before each item, from the search's reset kernel to the end of its label gather (or to the
next search).

    timeline.py TRACE.csv [K]     K: which search (0 the first, -1 the last; default -1)
"""
import csv
import sys


def short_name(name):
    """A mangled kernel name without namespace and template arguments."""
    for prefix in ("_ZN8frontier4cuda",):
        if name.startswith(prefix):
            rest = name[len(prefix):]
            digits = ""
            while rest and rest[0].isdigit():
                digits, rest = digits + rest[0], rest[1:]
            return rest[: int(digits)] if digits else name
    return name.split("(")[0]


def main():
    try:
        rows = sorted(csv.DictReader(open(sys.argv[1])), key=lambda r: int(r["start"]))
    except OSError as error:
        print(f"no trace: {error}")
        return
    which = int(sys.argv[2]) if len(sys.argv) > 2 else -1
    resets = [i for i, r in enumerate(rows) if "bfs_reset_kernel" in r["name"]]
    if not resets:
        print("no search in the trace")
        return
    if which < 0:
        which += len(resets)
    if not 0 <= which < len(resets):
        print(f"the trace holds {len(resets)} searches")
        return
    first = resets[which]
    last = resets[which + 1] if which + 1 < len(resets) else len(rows)
    t0 = int(rows[first]["start"])
    busy = 0
    end = t0
    print(f"{'start us':>9} {'us':>7} {'gap':>6}  item")
    for r in rows[first:last]:
        start, stop = int(r["start"]), int(r["end"])
        label = short_name(r["name"]) if r["kind"] == "kernel" else f"{r['kind']} {r['name']}"
        print(f"{(start - t0) / 1e3:9.1f} {(stop - start) / 1e3:7.1f} {(start - end) / 1e3:6.1f}  {label}")
        busy += stop - start
        end = max(end, stop)
        if "labels_to_caller_ids" in r["name"]:
            break
    print(f"span {(end - t0) / 1e3:.1f} us, GPU busy {busy / 1e3:.1f} us")


if __name__ == "__main__":
    main()

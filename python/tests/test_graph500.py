"""graph500() from Python: a small run returns the official figures as a dict, consistent with
its own runs and with the statistics block."""

import numpy as np
import pytest

import frontier


def test_small_run_statistics():
    seen = []
    result = frontier.graph500(10, edgefactor=8, roots=6, seed=3, device="cpu",
                               progress=lambda run, total: seen.append((run["index"], total)))
    assert seen == [(i, 6) for i in range(6)]
    assert result["num_vertices"] == 1024 and result["num_tuples"] == 8 * 1024
    assert result["device"] == "cpu" and result["construction_seconds"] >= 0
    runs = result["runs"]
    assert len(runs) == 6 and len({run["root"] for run in runs}) == 6
    assert all(run["validate_seconds"] >= 0 and run["nedge"] > 0 for run in runs)
    seconds = np.array([run["seconds"] for run in runs])
    nedge = np.array([run["nedge"] for run in runs])
    assert np.isclose(result["teps"]["harmonic_mean"], 1 / np.mean(seconds / nedge))
    assert result["harmonic_mean_teps"] == result["teps"]["harmonic_mean"]
    assert result["time"]["min"] == seconds.min() and result["time"]["max"] == seconds.max()
    block = result["statistics_block"]
    assert "SCALE:" in block and "harmonic_mean_TEPS" in block
    # Each run's levels: 0, 1, ... in order, the root alone at level 0, as many as it counts.
    for run in runs:
        stats = run["level_stats"]
        assert len(stats) == run["levels"] > 1
        assert [level["level"] for level in stats] == list(range(len(stats)))
        assert stats[0]["frontier_vertices"] == 1
        assert all(level["direction"] in ("top-down", "bottom-up") for level in stats)
        assert sum(level["edges_examined"] for level in stats) > 0


def test_same_seed_same_roots_without_validation():
    first = frontier.graph500(9, roots=4, seed=8, device="cpu", validate=False)
    second = frontier.graph500(9, roots=4, seed=8, device="cpu", validate=False)
    assert [r["root"] for r in first["runs"]] == [r["root"] for r in second["runs"]]
    assert all(r["validate_seconds"] == -1 for r in first["runs"])


def test_beamers_switches_are_checked_and_runs_validate():
    tuned = frontier.graph500(9, roots=3, seed=8, device="cpu", alpha=1, beta=1)
    assert all(run["validate_seconds"] >= 0 for run in tuned["runs"])
    with pytest.raises(ValueError, match="beta 0 must be at least 1"):
        frontier.graph500(9, roots=3, device="cpu", beta=0)


def test_degree_search_order_answers_as_the_graphs_order():
    given = frontier.graph500(11, roots=6, seed=5, device="cpu")
    ordered = frontier.graph500(11, roots=6, seed=5, device="cpu", search_order="degree")
    assert given["search_order"] == "given" and ordered["search_order"] == "degree"
    for a, b in zip(given["runs"], ordered["runs"]):
        assert (a["root"], a["nedge"], a["vertices_reached"]) == \
            (b["root"], b["nedge"], b["vertices_reached"])
        assert b["validate_seconds"] >= 0
    with pytest.raises(ValueError, match="unknown search order"):
        frontier.graph500(9, roots=2, device="cpu", search_order="by-degree")

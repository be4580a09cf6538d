"""Every error path lands as the Python exception a user expects, with a message that names what
went wrong."""

import errno

import numpy as np
import pytest

import frontier
from conftest import has_gpu


def test_missing_file_is_file_not_found(tmp_path):
    missing = tmp_path / "absent.mtx"
    with pytest.raises(FileNotFoundError) as caught:
        frontier.read_graph(missing)
    assert caught.value.errno == errno.ENOENT
    assert caught.value.filename == str(missing)
    assert "absent.mtx" in str(caught.value)


def test_directory_and_archive_member_errors(tmp_path):
    with pytest.raises(IsADirectoryError):
        frontier.read_graph(tmp_path, format="mtx")
    archive = tmp_path / "graphs.tar"
    import tarfile

    member = tmp_path / "g.mtx"
    member.write_text("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n")
    with tarfile.open(archive, "w") as tar:
        tar.add(member, arcname="g.mtx")
    assert frontier.read_graph(archive).num_arcs == 1
    with pytest.raises(ValueError) as caught:  # not FileNotFoundError: the archive is there
        frontier.read_graph(archive, member="absent.mtx")
    assert "absent.mtx" in str(caught.value)


def test_malformed_input_names_file_line_and_token(tmp_path):
    bad = tmp_path / "bad.mtx"
    bad.write_text("%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 x7\n")
    with pytest.raises(ValueError) as caught:
        frontier.read_graph(bad)
    error = caught.value
    assert error.filename.endswith("bad.mtx") and error.lineno == 4
    assert "x7" in error.token
    message = str(error)
    assert "bad.mtx" in message and ":4" in message and "x7" in message


def test_out_of_range_vertex_in_file(tmp_path):
    bad = tmp_path / "range.gr"
    bad.write_text("p sp 2 1\na 1 9 1\n")
    with pytest.raises(ValueError, match="range.gr"):
        frontier.read_graph(bad)


def test_unknown_extension_and_format_are_value_errors(tmp_path):
    odd = tmp_path / "graph.xyz"
    odd.write_text("0 1\n")
    with pytest.raises(ValueError):
        frontier.read_graph(odd)
    with pytest.raises(ValueError, match="nope"):
        frontier.read_graph(odd, format="nope")


def test_memory_error_names_bytes_needed_and_free():
    # Far beyond any machine's memory: refused by the estimate before anything is allocated.
    with pytest.raises(MemoryError) as caught:
        frontier.graph500(30, edgefactor=1024, roots=1, device="cpu")
    error = caught.value
    assert error.bytes_needed > error.bytes_free
    assert "free" in str(error)


def test_bad_arguments_are_value_errors():
    graph = frontier.grid2d(4, 4)
    engine = frontier.Engine(graph, device="cpu")
    with pytest.raises(ValueError, match="16"):
        engine.bfs(16)
    with pytest.raises(ValueError):
        engine.bfs(-1)
    with pytest.raises(ValueError):
        engine.bfs(0, depth_limit=-2)
    with pytest.raises(ValueError):
        engine.bfs(0, strategy="sideways")
    with pytest.raises(ValueError, match="quantum"):
        frontier.Engine(graph, device="quantum")
    with pytest.raises(ValueError):
        frontier.list_rank([1, 2, -1], op="product", device="cpu")
    with pytest.raises(ValueError):
        frontier.list_rank([1, 0, -1], device="cpu")  # a cycle
    with pytest.raises(ValueError):
        frontier.list_rank([5, -1], device="cpu")  # successor out of range
    with pytest.raises(ValueError):
        frontier.list_rank([1, -1], values=[1, 2, 3], device="cpu")
    with pytest.raises(ValueError):
        frontier.euler_tour(frontier.grid2d(3, 3), device="cpu")  # has cycles
    with pytest.raises(ValueError):
        frontier.Graph.from_edges([0, 1], [1])
    with pytest.raises(ValueError):
        frontier.Graph.from_edges([0, 5], [1, 2], num_vertices=3)
    with pytest.raises(ValueError):
        frontier.Graph.from_edges([0, 2**40], [1, 2])
    with pytest.raises(ValueError):
        frontier.list_rank(np.zeros((2, 2), dtype=np.int32), device="cpu")
    with pytest.raises(ValueError):
        frontier.kronecker(-1)


def test_wrong_types_are_type_errors():
    engine = frontier.Engine(frontier.grid2d(4, 4), device="cpu")
    with pytest.raises(TypeError):
        engine.bfs("zero")
    with pytest.raises(TypeError):
        engine.bfs(1.5)
    with pytest.raises(TypeError):
        frontier.list_rank(np.array([1.0, -1.0]), device="cpu")
    with pytest.raises(TypeError):
        frontier.list_rank([1, -1], values=[True, False], device="cpu")
    with pytest.raises(TypeError):
        frontier.Graph.from_edges(["a"], ["b"])
    with pytest.raises(TypeError):
        frontier.Engine("not a graph", device="cpu")
    with pytest.raises(TypeError):
        frontier.read_graph(42)


@pytest.mark.skipif(has_gpu(), reason="a GPU is usable here")
def test_gpu_without_one_is_a_runtime_error():
    graph = frontier.grid2d(4, 4)
    with pytest.raises(RuntimeError) as caught:
        frontier.Engine(graph, device="gpu")
    assert "\n" not in str(caught.value).strip()
    with pytest.raises(RuntimeError):
        frontier.list_rank([1, -1], device="gpu")
    # "auto" falls back to the CPU.
    assert frontier.Engine(graph, device="auto").device == "cpu"

"""Search results kept on the GPU (Engine.bfs(..., on_device=True)) and handed to CuPy and
PyTorch without a copy: labels equal the CPU engine's on generated graphs and every real dataset,
the CUDA Array Interface and DLPack fields, labels that later searches leave alone, memory freed
when the last holder lets go. The GPU tests skip without a usable GPU; the CuPy and PyTorch
ones also where those modules are missing."""

import ctypes
import gc

import numpy as np
import pytest

import frontier
from conftest import check_bfs_tree, has_gpu, is_graph_file, real_datasets_dir

FOLDER = real_datasets_dir()
REAL_FILES = sorted(p for p in FOLDER.iterdir() if is_graph_file(p)) if FOLDER else []
MiB = 1 << 20


def test_cpu_engine_refuses_on_device():
    engine = frontier.Engine(frontier.grid2d(4, 4), device="cpu")
    with pytest.raises(ValueError, match="GPU"):
        engine.bfs(0, on_device=True)
    result = engine.bfs(0)
    assert not result.on_device and result.to_host() is result


def test_device_array_is_exported():
    assert "DeviceArray" in frontier.__all__ and frontier.DeviceArray.__doc__


# The GPU tests.

def generated_graphs():
    rng = np.random.default_rng(27)
    src, dst = rng.integers(0, 3000, 9000), rng.integers(0, 3000, 9000)
    return {
        "kronecker": frontier.kronecker(12, seed=3),
        "grid": frontier.grid2d(60, 40),  # many small levels: multi-level launches
        "tree": frontier.tree(5000, seed=2),
        "directed": frontier.Graph.from_edges(src, dst, num_vertices=3000, directed=True),
    }


def address(array):
    return array.__cuda_array_interface__["data"][0]


def free_bytes():
    gc.collect()
    return frontier.cuda_device_info(0)["free_bytes"]


def check_equals_cpu(graph, gpu, cpu, source, **options):
    """A search kept on the GPU has the CPU engine's depths, reach and stop, and a BFS tree."""
    result = gpu.bfs(source, on_device=True, **options)
    expected = cpu.bfs(source, **options)
    assert result.on_device
    assert isinstance(result.depth, frontier.DeviceArray)
    host = result.to_host()
    assert not host.on_device and isinstance(host.depth, np.ndarray)
    assert np.array_equal(host.depth, expected.depth), options
    assert np.array_equal(result.depth.to_numpy(), expected.depth)
    assert result.vertices_reached == expected.vertices_reached, options
    if "target" in options:
        assert result.stop == expected.stop == "target-reached", options
    if options.get("parents", True):
        assert isinstance(result.parent, frontier.DeviceArray)
        check_bfs_tree(graph, host, np.atleast_1d(source))
    else:
        assert result.parent is None and host.parent is None


def check_graph(graph):
    cpu = frontier.Engine(graph, device="cpu")
    gpu = frontier.Engine(graph, device="gpu")
    n = graph.num_vertices
    depths = cpu.bfs(0).depth
    farthest = int(np.argmax(depths))
    middle = int(np.flatnonzero(depths == max(depths.max() // 2, 0))[0])
    for source in (0, n // 2, [0, n // 3, n - 1]):
        check_equals_cpu(graph, gpu, cpu, source)
        check_equals_cpu(graph, gpu, cpu, source, parents=False)
        check_equals_cpu(graph, gpu, cpu, source, depth_limit=2)
    for target in (farthest, middle):
        check_equals_cpu(graph, gpu, cpu, 0, target=target)
        check_equals_cpu(graph, gpu, cpu, 0, target=target, parents=False)


@pytest.mark.skipif(not has_gpu(), reason="no usable CUDA GPU")
@pytest.mark.parametrize("name", ["kronecker", "grid", "tree", "directed"])
def test_labels_equal_cpu_on_generated_graphs(name):
    check_graph(generated_graphs()[name])


@pytest.mark.skipif(not has_gpu(), reason="no usable CUDA GPU")
@pytest.mark.skipif(not REAL_FILES, reason="FRONTIER_REAL_DATASETS_DIR not set or empty")
@pytest.mark.parametrize("path", REAL_FILES, ids=[p.name for p in REAL_FILES])
def test_labels_equal_cpu_on_real_datasets(path):
    check_graph(frontier.read_graph(path))


@pytest.mark.skipif(not has_gpu(), reason="no usable CUDA GPU")
def test_interface_fields():
    graph = frontier.kronecker(10, seed=5)
    n = graph.num_vertices
    result = frontier.Engine(graph, device="gpu").bfs(0, on_device=True)
    for array in (result.depth, result.parent):
        interface = array.__cuda_array_interface__
        assert interface["shape"] == (n,)
        assert interface["typestr"] == "<i4"
        assert interface["version"] == 3
        assert interface["strides"] is None and interface["stream"] is None
        pointer, read_only = interface["data"]
        assert pointer != 0 and read_only is False
        assert array.shape == (n,) and len(array) == n and array.size == n
        assert array.dtype == np.int32 and array.nbytes == 4 * n and array.device_id == 0
        assert array.__dlpack_device__() == (2, 0)
        assert "DeviceArray int32" in repr(array)
        with pytest.raises(TypeError, match="to_numpy"):
            np.asarray(array)
    assert address(result.depth) != address(result.parent)


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32),
                ("device_id", ctypes.c_int32), ("ndim", ctypes.c_int32),
                ("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


def capsule_tensor(capsule):
    """The DLTensor of a "dltensor" capsule, read as a consumer does (without consuming it)."""
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    assert get_name(capsule) == b"dltensor"
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype, get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object,
                                                                  ctypes.c_char_p]
    return DLTensor.from_address(get_pointer(capsule, b"dltensor"))


@pytest.mark.skipif(not has_gpu(), reason="no usable CUDA GPU")
def test_dlpack_capsule():
    graph = frontier.grid2d(30, 20)
    result = frontier.Engine(graph, device="gpu").bfs(0, on_device=True)
    for capsule in (result.depth.__dlpack__(), result.depth.__dlpack__(stream=1),
                    result.depth.__dlpack__(stream=None, max_version=(1, 0), dl_device=(2, 0),
                                            copy=False)):
        tensor = capsule_tensor(capsule)
        assert tensor.data == address(result.depth)
        assert (tensor.device_type, tensor.device_id, tensor.ndim) == (2, 0, 1)
        assert (tensor.code, tensor.bits, tensor.lanes) == (0, 32, 1)
        assert tensor.shape[0] == graph.num_vertices and tensor.strides[0] == 1
        assert tensor.byte_offset == 0
    # Unconsumed, each capsule freed its export when the loop let go of it.
    with pytest.raises(BufferError):
        result.depth.__dlpack__(dl_device=(1, 0))
    with pytest.raises(BufferError):
        result.depth.__dlpack__(copy=True)
    with pytest.raises(TypeError):
        result.depth.__dlpack__(stream="default")


@pytest.mark.skipif(not has_gpu(), reason="no usable CUDA GPU")
def test_later_searches_leave_earlier_labels_alone():
    graph = frontier.grid2d(50, 50)
    cpu = frontier.Engine(graph, device="cpu")
    gpu = frontier.Engine(graph, device="gpu")
    first = gpu.bfs(0, on_device=True)
    pointers = address(first.depth), address(first.parent)
    later = [gpu.bfs(source, on_device=True) for source in (2499, 1234)]
    later.append(gpu.bfs(77))  # a search copied to the host reuses the engine's buffers too
    assert (address(first.depth), address(first.parent)) == pointers
    assert all(address(r.depth) not in pointers for r in later[:2])
    assert np.array_equal(first.depth.to_numpy(), cpu.bfs(0).depth)
    check_bfs_tree(graph, first.to_host(), [0])
    assert np.array_equal(later[0].depth.to_numpy(), cpu.bfs(2499).depth)


def star(n):
    """Vertex 0 joined to every other vertex: n labels in two levels."""
    return frontier.Graph.from_edges(np.zeros(n - 1, dtype=np.int32),
                                     np.arange(1, n, dtype=np.int32), num_vertices=n)


N_LARGE = 1 << 23  # 32 MiB per label array: far above cudaMalloc's rounding
LABEL_BYTES = 4 * N_LARGE


@pytest.fixture(scope="module")
def large_engine():
    if not has_gpu():
        pytest.skip("no usable CUDA GPU")
    return frontier.Engine(star(N_LARGE), device="gpu")


def freed_between(before, after):
    """Bytes freed between two free-memory readings, as a multiple of one label array."""
    return (after - before) / LABEL_BYTES


def test_memory_is_freed_with_the_result(large_engine):
    base = free_bytes()
    result = large_engine.bfs(0, on_device=True)
    held = free_bytes()
    assert freed_between(held, base) == pytest.approx(2, abs=0.25)  # depth and parent
    del result
    assert freed_between(held, free_bytes()) == pytest.approx(2, abs=0.25)


def check_consumer_keeps_depth_alive(engine, take, read, pointer_of):
    """`take` the depth of a search (a consumer's array at the same address), drop the result:
    the parent is freed, the depth lives on in the consumer's array (read to the host by
    `read`) until that array is dropped too."""
    read(take(engine.bfs(0, on_device=True).depth))  # the consumer's first-use costs, paid once
    result = engine.bfs(0, on_device=True)
    expected = result.depth.to_numpy()
    held = [take(result.depth)]
    assert pointer_of(held[0]) == address(result.depth)
    before = free_bytes()
    del result
    after_result = free_bytes()
    assert freed_between(before, after_result) == pytest.approx(1, abs=0.25)  # the parent only
    assert np.array_equal(read(held[0]), expected)
    held.clear()
    assert freed_between(after_result, free_bytes()) == pytest.approx(1, abs=0.25)


def cupy_consumer():
    cupy = pytest.importorskip("cupy")
    return {"interface": cupy.asarray, "dlpack": cupy.from_dlpack, "dtype": cupy.int32,
            "pointer": lambda array: array.data.ptr, "read": cupy.asnumpy}


def torch_consumer():
    torch = pytest.importorskip("torch")
    return {"interface": lambda array: torch.as_tensor(array, device="cuda"),
            "dlpack": torch.from_dlpack, "dtype": torch.int32,
            "pointer": lambda tensor: tensor.data_ptr(), "read": lambda tensor: tensor.cpu().numpy()}


# How each library takes a DeviceArray (by the CUDA Array Interface or DLPack) and reads it back.
CONSUMERS = {"cupy": cupy_consumer, "torch": torch_consumer}
PROTOCOLS = ["interface", "dlpack"]


@pytest.mark.skipif(not has_gpu(), reason="no usable CUDA GPU")
@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("consumer", CONSUMERS)
def test_consumer_takes_labels_without_a_copy(consumer, protocol):
    use = CONSUMERS[consumer]()
    graph = frontier.kronecker(12, seed=3)
    expected = frontier.Engine(graph, device="cpu").bfs(0).depth
    result = frontier.Engine(graph, device="gpu").bfs(0, on_device=True)
    for array in (result.depth, result.parent):
        taken = use[protocol](array)
        assert use["pointer"](taken) == address(array)
        assert taken.dtype == use["dtype"] and tuple(taken.shape) == (graph.num_vertices,)
    depth = use[protocol](result.depth)
    assert np.array_equal(use["read"](depth), expected)
    depth[1] = 99  # one memory: a write through the consumer shows in the result
    assert result.depth.to_numpy()[1] == 99


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("consumer", CONSUMERS)
def test_consumer_keeps_memory_alive(large_engine, consumer, protocol):
    use = CONSUMERS[consumer]()
    check_consumer_keeps_depth_alive(large_engine, use[protocol], use["read"], use["pointer"])

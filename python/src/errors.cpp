// frontier's typed errors as the Python exceptions a user expects:
//   IoError for a file that is not there     -> FileNotFoundError (errno ENOENT, filename)
//   IoError for a directory                  -> IsADirectoryError (errno EISDIR, filename)
//   IoError (malformed input)                -> ValueError with filename, lineno, token, problem
//   OutOfMemory                              -> MemoryError with bytes_needed, bytes_free
//   InvalidArgument, ValidationError         -> ValueError
//   CudaError, NcclError, any other Error    -> RuntimeError
// Wrong argument types raise TypeError where they are read (pybind11 and arrays.cpp).
#include <cerrno>
#include <exception>
#include <filesystem>
#include <system_error>

#include "bindings.hpp"
#include "frontier/errors.hpp"

namespace frontier::python {

namespace {

/// Raises `type(args...)` after setting the given attributes on the instance.
void raise_with(PyObject* type, const py::tuple& args, const py::dict& attributes) {
  PyObject* error = PyObject_Call(type, args.ptr(), nullptr);
  if (error == nullptr) return;  // making the exception raised; that error stands
  for (const auto item : attributes) {
    if (PyObject_SetAttr(error, item.first.ptr(), item.second.ptr()) != 0) PyErr_Clear();
  }
  PyErr_SetObject(type, error);
  Py_DECREF(error);
}

/// A file that could not be opened because it is not there (not one inside an archive, whose
/// name is no path, nor one that exists but cannot be read).
bool names_missing_file(const IoError& error) {
  if (error.line() != 0 || error.file().empty()) return false;
  if (!error.problem().starts_with("cannot open")) return false;
  std::error_code ignored;
  return !std::filesystem::exists(error.file(), ignored);
}

}  // namespace

void bind_errors(py::module_& /*module*/) {
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const IoError& error) {
      if (names_missing_file(error)) {
        raise_with(PyExc_FileNotFoundError, py::make_tuple(ENOENT, error.what(), error.file()),
                   py::dict());
        return;
      }
      if (error.line() == 0 && error.problem().starts_with("is a directory")) {
        raise_with(PyExc_IsADirectoryError, py::make_tuple(EISDIR, error.what(), error.file()),
                   py::dict());
        return;
      }
      py::dict attributes;
      attributes["filename"] = error.file();
      attributes["lineno"] = error.line();
      attributes["token"] = py::bytes(error.token()).attr("decode")("utf-8", "replace");
      attributes["problem"] = error.problem();
      raise_with(PyExc_ValueError, py::make_tuple(error.what()), attributes);
    } catch (const OutOfMemory& error) {
      py::dict attributes;
      attributes["bytes_needed"] = error.bytes_needed();
      attributes["bytes_free"] = error.bytes_free();
      raise_with(PyExc_MemoryError, py::make_tuple(error.what()), attributes);
    } catch (const InvalidArgument& error) {
      PyErr_SetString(PyExc_ValueError, error.what());
    } catch (const ValidationError& error) {
      PyErr_SetString(PyExc_ValueError, error.what());
    } catch (const Error& error) {
      PyErr_SetString(PyExc_RuntimeError, error.what());
    }
  });
}

}  // namespace frontier::python

// Where the tests find their inputs.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace frontier::test {

/// The repository's datasets/ folder (tiny hand-written graphs in every format).
inline std::filesystem::path bundled_dataset(const std::string& name) {
  return std::filesystem::path(FRONTIER_SOURCE_DIR) / "datasets" / name;
}

/// The shared folder of real-world graphs (../shared/datasets/real).
inline std::filesystem::path real_datasets_dir() { return FRONTIER_REAL_DATASETS_DIR; }

/// True when the real datasets are present. CI sets FRONTIER_REQUIRE_REAL_DATASETS=1 so that a
/// missing folder fails instead of skipping.
inline bool real_datasets_available() {
  if (std::filesystem::is_directory(real_datasets_dir())) return true;
  const char* required = std::getenv("FRONTIER_REQUIRE_REAL_DATASETS");
  if (required != nullptr && std::string(required) == "1") {
    throw std::runtime_error("real datasets are required but missing: " +
                             real_datasets_dir().string());
  }
  return false;
}

}  // namespace frontier::test

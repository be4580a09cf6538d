// The real-world graphs a datasets folder declares: the file names in the first column of its
// MANIFEST.md table ("| `name` | ..."), in table order. Shared by the tests and the benchmarks.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "frontier/errors.hpp"

namespace frontier::test {

/// @throws IoError if the folder has no readable MANIFEST.md.
inline std::vector<std::string> manifest_datasets(const std::filesystem::path& folder) {
  const std::filesystem::path path = folder / "MANIFEST.md";
  std::ifstream manifest(path);
  if (!manifest) throw IoError(path.string(), 0, "cannot open");
  std::vector<std::string> names;
  std::string line;
  while (std::getline(manifest, line)) {
    if (line.rfind("| `", 0) != 0) continue;
    const std::size_t end = line.find('`', 3);
    if (end != std::string::npos) names.push_back(line.substr(3, end - 3));
  }
  return names;
}

}  // namespace frontier::test

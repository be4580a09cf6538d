// label_memory.cpp — the memory behind LabelVector (frontier/label_vector.hpp).
//
// Small arrays come from operator new. Large ones are aligned to a huge page and advised for
// transparent huge pages, so that their first touch (by the parallel loop that writes them) takes
// one fault per 2 MiB; they come from malloc, which may hand back the already-mapped pages of an
// array freed earlier (one search's result freed before the next search).
#include <cstdlib>
#include <new>

#include "frontier/detail/host_memory.hpp"
#include "frontier/label_vector.hpp"

namespace frontier::detail {

void* allocate_label_memory(std::size_t bytes) {
  if (bytes < kHugePageBytes) return ::operator new(bytes);
  const std::size_t rounded = (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  void* memory = std::aligned_alloc(kHugePageBytes, rounded);
  if (memory == nullptr) throw std::bad_alloc();
  advise_huge_pages(memory, rounded);
  return memory;
}

void free_label_memory(void* memory, std::size_t bytes) noexcept {
  if (bytes < kHugePageBytes) {
    ::operator delete(memory, bytes);
  } else {
    std::free(memory);
  }
}

}  // namespace frontier::detail

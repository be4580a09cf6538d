// cuda_trace.cpp — a CUPTI activity tracer loaded with LD_PRELOAD: every kernel, memset and
// memcpy of the process with its GPU start and end (ns), written as CSV to $TRACE_OUT (default
// trace.csv) when the process exits. A developer's tool for .ci/device-quick, not part of the
// engine: timeline.py turns one search of the trace into a table. Under the tracer a runtime
// call costs several microseconds more, so its gaps between kernels overstate a plain run's;
// the kernels' own times are the GPU's.
//   g++ -O2 -shared -fPIC cuda_trace.cpp -I$CUDA/include -L$CUDA/lib64 -lcupti -o libtrace.so
#include <cupti.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

namespace {

struct TraceRecord {
  const char* kind;  // "kernel", "memset" or "memcpy"
  unsigned long long start_ns;
  unsigned long long end_ns;
  unsigned int stream;
  std::string name;
};

// Never freed: the exit handler reads them after static destructors may have run.
auto* const records = new std::vector<TraceRecord>();
auto* const records_mutex = new std::mutex();
constexpr std::size_t kBufferBytes = std::size_t{8} << 20;

void write_records();

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  // Registered at the first request, after the CUDA runtime registered its own exit handlers,
  // so that it runs before they tear the context down.
  static const bool registered = (std::atexit(write_records), true);
  static_cast<void>(registered);
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferBytes));
  *size = kBufferBytes;
  *max_records = 0;
}

void CUPTIAPI buffer_completed(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t valid) {
  CUpti_Activity* record = nullptr;
  const std::lock_guard<std::mutex> lock(*records_mutex);
  while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) {
    if (record->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
      const auto* kernel = reinterpret_cast<const CUpti_ActivityKernel9*>(record);
      records->push_back({"kernel", kernel->start, kernel->end, kernel->streamId,
                          kernel->name != nullptr ? kernel->name : "?"});
    } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      const auto* memset = reinterpret_cast<const CUpti_ActivityMemset4*>(record);
      records->push_back({"memset", memset->start, memset->end, memset->streamId,
                          std::to_string(memset->bytes) + " bytes"});
    } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      const auto* copy = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
      records->push_back(
          {"memcpy", copy->start, copy->end, copy->streamId,
           std::to_string(copy->bytes) + " bytes, kind " + std::to_string(copy->copyKind)});
    }
  }
  std::free(buffer);
}

void write_records() {
  cuptiActivityFlushAll(1);
  const char* path = std::getenv("TRACE_OUT");
  std::FILE* file = std::fopen(path != nullptr ? path : "trace.csv", "w");
  if (file == nullptr) return;
  std::fprintf(file, "kind,start,end,stream,name\n");
  const std::lock_guard<std::mutex> lock(*records_mutex);
  for (const TraceRecord& r : *records) {
    std::fprintf(file, "%s,%llu,%llu,%u,\"%s\"\n", r.kind, r.start_ns, r.end_ns, r.stream,
                 r.name.c_str());
  }
  std::fclose(file);
}

__attribute__((constructor)) void start_tracing() {
  cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed);
  cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
  cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET);
  cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY);
}

}  // namespace

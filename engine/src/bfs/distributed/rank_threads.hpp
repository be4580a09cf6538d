/// @file bfs/distributed/rank_threads.hpp
/// @brief Host threads that drive the local ranks of a distributed search in parallel, one per
/// rank (internal, plain host C++): one thread issuing every GPU's launches and NCCL calls
/// serializes them, so each rank gets its own thread for the whole search (the calling thread
/// takes rank 0; the others are kept between searches, asleep in between). barrier() lines the
/// jobs up before a timed search starts.
/// Invariants: run() returns only after every job has returned; a job that throws sets failed()
/// at once, so that the other ranks' waits for their peers can give up instead of hanging.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace frontier::distributed {

class RankThreads {
 public:
  /// `count` jobs per run() (count - 1 worker threads). @throws InvalidArgument if count < 1.
  explicit RankThreads(int count);
  ~RankThreads();
  RankThreads(const RankThreads&) = delete;
  RankThreads& operator=(const RankThreads&) = delete;

  int count() const noexcept { return count_; }
  /// Runs job(i) for i in [0, count) at once, job(0) on the calling thread, and waits for all.
  /// Rethrows the failure of the lowest i that failed.
  void run(const std::function<void(int)>& job);
  /// Set from the moment any job of the current run() has thrown.
  const std::atomic<bool>& failed() const noexcept { return failed_; }
  /// Called by every job of a run(): returns once all count() jobs have called it (spinning, so
  /// that they leave it together, awake, rather than as the scheduler wakes sleeping threads).
  /// May be called several times per run, by every job alike. @throws Error if a job of the run
  /// failed while this one waited.
  void barrier();

 private:
  void work(int index);
  void run_one(int index);

  int count_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::uint64_t generation_ = 0;
  int pending_ = 0;
  bool stopping_ = false;
  const std::function<void(int)>* job_ = nullptr;
  std::vector<std::exception_ptr> errors_;
  std::atomic<bool> failed_{false};
  /// barrier(): jobs arrived in the current round, and rounds completed.
  std::atomic<int> barrier_arrived_{0};
  std::atomic<std::uint64_t> barrier_round_{0};
  std::vector<std::thread> workers_;
};

}  // namespace frontier::distributed

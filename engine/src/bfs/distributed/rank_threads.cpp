// rank_threads.cpp — one host thread per local rank of a distributed search (see
// rank_threads.hpp): workers sleep on a condition variable until run() bumps the generation,
// run their job, and the last to finish wakes run(); barrier() spins on a round counter.
#include "bfs/distributed/rank_threads.hpp"

#include "frontier/errors.hpp"

namespace frontier::distributed {

RankThreads::RankThreads(int count) : count_(count) {
  if (count < 1) throw InvalidArgument("rank threads need at least one rank");
  errors_.resize(static_cast<std::size_t>(count));
  workers_.reserve(static_cast<std::size_t>(count - 1));
  try {
    for (int i = 1; i < count; ++i) workers_.emplace_back([this, i] { work(i); });
  } catch (...) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& worker : workers_) worker.join();
    throw;
  }
}

RankThreads::~RankThreads() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void RankThreads::run_one(int index) {
  try {
    (*job_)(index);
  } catch (...) {
    errors_[static_cast<std::size_t>(index)] = std::current_exception();
    failed_.store(true);
  }
}

void RankThreads::work(int index) {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    run_one(index);
    bool last = false;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      last = --pending_ == 0;
    }
    if (last) done_.notify_one();
  }
}

void RankThreads::barrier() {
  // Sense by round number: the round is read before arriving, so the last to arrive (who opens
  // the next round) cannot have moved it yet.
  const std::uint64_t round = barrier_round_.load(std::memory_order_acquire);
  if (barrier_arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == count_) {
    barrier_arrived_.store(0, std::memory_order_relaxed);
    barrier_round_.fetch_add(1, std::memory_order_release);
    return;
  }
  while (barrier_round_.load(std::memory_order_acquire) == round) {
    if (failed_.load(std::memory_order_relaxed)) {
      throw Error("distributed bfs: a rank failed before every rank reached the barrier");
    }
    std::this_thread::yield();
  }
}

void RankThreads::run(const std::function<void(int)>& job) {
  // 1. Publish the job and wake the workers.
  job_ = &job;
  failed_.store(false);
  barrier_arrived_.store(0);
  for (std::exception_ptr& error : errors_) error = nullptr;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    pending_ = count_ - 1;
    ++generation_;
  }
  wake_.notify_all();
  // 2. Rank 0 here, then wait for the others.
  run_one(0);
  {
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return pending_ == 0; });
  }
  job_ = nullptr;
  for (const std::exception_ptr& error : errors_) {
    if (error) std::rethrow_exception(error);
  }
}

}  // namespace frontier::distributed

// Shard.h — which case indices one shard of a campaign runs (`tsjit fuzz --shard I/N`).
//
// Every campaign draws case i from (seed, i) alone, so a campaign of K cases splits into N shards
// by case index: shard I runs the indices i < K with i % N == I. The N shards together run exactly
// the cases of the single-process run with the same seed and K, each once. Invariant: 0 <= index <
// count; the default {0, 1} owns every case (the unsharded run).
#pragma once

#include <cstdint>
#include <string>

namespace tsjit::fuzz {

struct Shard {
  uint64_t index = 0, count = 1;
  bool owns(uint64_t caseIndex) const { return caseIndex % count == index; }
  bool sharded() const { return count > 1; }
  std::string str() const { return std::to_string(index) + "/" + std::to_string(count); }
};

// "I/N" with 0 <= I < N; throws CompileError naming `what` (the option) on anything else.
Shard parseShard(const std::string& text, const std::string& what = "--shard");

}  // namespace tsjit::fuzz

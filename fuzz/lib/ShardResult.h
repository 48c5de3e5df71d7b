// ShardResult.h — what one shard of a fuzz campaign leaves in its result folder, and the merge of
// the shards (`tsjit fuzz --shard I/N --result-dir DIR`, `tsjit fuzz merge DIR...`).
//
// A ShardResult is target-neutral: summary counters and coverage tables (name -> count) that add
// up across shards, maxima that combine by max, and failures de-duplicated by signature (the op or
// pass and the kind of difference; digits in a message-derived kind are folded to N so that two
// cases failing the same way share one). Each failure keeps the lowest case index that showed it
// and how many cases did. Invariants: failures are sorted by (caseIndex, signature) and no
// signature appears twice; merging checks that every shard 0..N-1 of one campaign (target, seed,
// --cases, options) is present exactly once, so a dropped or duplicated shard is an error, never
// a smaller campaign.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "fuzz/lib/Shard.h"

namespace tsjit::fuzz {

struct CampaignOptions;
struct CampaignResult;
struct PassCampaignOptions;
struct PassCampaignResult;
struct FuserCampaignOptions;
struct FuserCampaignResult;
struct GradCampaignOptions;
struct GradCampaignResult;

struct ShardFailure {
  std::string signature;  // "<op or pass>: <kind of difference>"
  uint64_t caseIndex = 0;  // the lowest case index with this signature
  uint64_t occurrences = 1;  // cases that failed this way (0: a campaign-wide failure, no case)
  std::string message;  // first line, of the lowest case
  std::string file;     // its reduced case (.ir), may be empty
};

struct ShardResult {
  std::string target;   // ops, passes, fuser, grad
  std::string options;  // the options that change the cases (e.g. "--passes a,b"); must match to merge
  uint64_t seed = 0;
  int64_t casesRequested = -1;  // --cases; -1: time-bounded (shards then do not add up to a run)
  uint64_t shardCount = 1;
  std::vector<uint64_t> shards;  // the shard indices included: one for a shard, all for a merge
  uint64_t cases = 0;
  double seconds = 0;      // summed over shards (worker time)
  double wallSeconds = 0;  // the longest shard
  bool stoppedEarly = false;  // a shard stopped at --max-failures: its later cases did not run
  std::map<std::string, uint64_t> counters;
  std::map<std::string, std::map<std::string, uint64_t>> coverage;
  std::map<std::string, double> maxima;
  std::vector<ShardFailure> failures;
};

// The folded kind of a failure message: its first line with digit runs replaced by N, at most 100
// characters (a signature part for campaigns without a reducer's signature).
std::string kindOfDifference(const std::string& message);

ShardResult shardResultOf(const CampaignResult& r, const CampaignOptions& o, const Shard& s);
ShardResult shardResultOf(const PassCampaignResult& r, const PassCampaignOptions& o, const Shard& s);
ShardResult shardResultOf(const FuserCampaignResult& r, const FuserCampaignOptions& o, const Shard& s);
ShardResult shardResultOf(const GradCampaignResult& r, const GradCampaignOptions& o, const Shard& s);

// DIR/<target>-shard-<I>-of-<N>.json (created with DIR); returns the path. Throws RuntimeError.
std::string writeShardResult(const std::string& dir, const ShardResult& r);
void writeShardJson(const std::string& path, const ShardResult& r);
ShardResult readShardResult(const std::string& path);  // throws RuntimeError naming the file
// Every *-shard-*-of-*.json under each folder (or the file itself), sorted.
std::vector<std::string> shardFilesIn(const std::vector<std::string>& paths);

// Merges shards of one campaign; throws RuntimeError when they disagree on target, options, seed,
// --cases or N, when a shard appears twice, or when a shard is missing.
ShardResult mergeShards(const std::vector<ShardResult>& shards);

// What differs between two results, ignoring times and shard lists (empty: the same failures, the
// same coverage, the same case count).
std::vector<std::string> resultDifferences(const ShardResult& a, const ShardResult& b);

void printShardResult(std::ostream& os, const ShardResult& r);

}  // namespace tsjit::fuzz

// Declarations.h — the builder the declaration files use, and the list of those files.
//
// Each jit/ops/decl/<Family>.cpp defines one `declare<Family>(OpTableBuilder&)` that declares its
// ops, one `b.op(kind, category, tolerance, {schema strings...})` or `b.special(kind, category)`
// per node kind. The schema strings are PyTorch 1.13's, verbatim (all overloads of the kind): the
// builder parses them and checks that each names the declared kind and that no kind or overload
// is declared twice. Only jit/ops/OpTable.cpp calls these functions (from ops::initialize()).
#pragma once

#include <initializer_list>
#include <string>
#include <unordered_map>
#include <vector>

#include "jit/ops/OpTable.h"

namespace tsjit::ops {

class OpTableBuilder {
 public:
  using Cat = OpCategory;

  void op(std::string_view kind, OpCategory category, Tolerance tolerance,
          std::initializer_list<const char*> schemas);
  void special(std::string_view kind, OpCategory category);

  // Which family file is declaring (set by initialize() before each declare function).
  void setFamily(std::string family) { family_ = std::move(family); }
  // Finishes: links in-place variants to their functional ops. Returns the ops in order.
  std::vector<std::unique_ptr<OpInfo>> finish();

 private:
  OpInfo& add(std::string_view kind, OpCategory category, Tolerance tolerance);
  std::string family_;
  std::vector<std::unique_ptr<OpInfo>> ops_;
  std::unordered_map<uint32_t, OpInfo*> byKind_;
};

// The families, in table order.
void declareElementwiseUnary(OpTableBuilder& b);
void declareElementwiseBinary(OpTableBuilder& b);
void declareComparison(OpTableBuilder& b);
void declareInplace(OpTableBuilder& b);
void declareReductions(OpTableBuilder& b);
void declareShape(OpTableBuilder& b);
void declareLinalg(OpTableBuilder& b);
void declareNN(OpTableBuilder& b);
void declareFactories(OpTableBuilder& b);
void declareScalars(OpTableBuilder& b);
void declareContainers(OpTableBuilder& b);
void declareStrings(OpTableBuilder& b);
void declarePrim(OpTableBuilder& b);

}  // namespace tsjit::ops

// Strings.cpp — op declarations. String operations (TorchScript's str methods and builtins).
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareStrings(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::str", Cat::String, Tolerance::exact(), {
      "aten::str(t elem) -> str",
  });
  b.op("aten::format", Cat::String, Tolerance::exact(), {
      "aten::format(str self, ...) -> str",
  });
  b.op("aten::percentFormat", Cat::String, Tolerance::exact(), {
      "aten::percentFormat(str self, ...) -> str",
  });
  b.op("aten::join", Cat::String, Tolerance::exact(), {
      "aten::join(str self, str[] values) -> str",
  });
  b.op("aten::replace", Cat::String, Tolerance::exact(), {
      "aten::replace(str self, str old, str new, int max=-1) -> str",
  });
  b.op("aten::startswith", Cat::String, Tolerance::exact(), {
      "aten::startswith(str self, str substr, int start=0, int end=-1) -> bool",
  });
  b.op("aten::upper", Cat::String, Tolerance::exact(), {
      "aten::upper(str self) -> str",
  });
  b.op("aten::lower", Cat::String, Tolerance::exact(), {
      "aten::lower(str self) -> str",
  });
  b.op("aten::strip", Cat::String, Tolerance::exact(), {
      "aten::strip(str self, str chars=\" \\n\\t\\f\\v\") -> str",
  });
  b.op("aten::lstrip", Cat::String, Tolerance::exact(), {
      "aten::lstrip(str self, str chars=\" \\n\\t\\f\\v\") -> str",
  });
  b.op("aten::rstrip", Cat::String, Tolerance::exact(), {
      "aten::rstrip(str self, str chars=\" \\n\\t\\f\\v\") -> str",
  });
  b.op("aten::find", Cat::String, Tolerance::exact(), {
      "aten::find(str self, str substr, int start=0, int end=-1) -> int",
  });
}

}  // namespace tsjit::ops

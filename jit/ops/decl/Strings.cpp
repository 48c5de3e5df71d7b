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
  // More str methods and int-to-text builtins (jit/kernels/StringsMore.cpp, reference/kernels/StringsMore.cpp;
  // schemas from python3-torch 1.13.1).
  b.op("aten::endswith", Cat::String, Tolerance::exact(), {
      "aten::endswith(str self, str substr, int start=0, int end=-1) -> bool",
  });
  b.op("aten::rfind", Cat::String, Tolerance::exact(), {
      "aten::rfind(str self, str substr, int start=0, int end=-1) -> int",
  });
  b.op("aten::rindex", Cat::String, Tolerance::exact(), {
      "aten::rindex(str self, str substr, int start=0, int end=-1) -> int",
  });
  b.op("aten::zfill", Cat::String, Tolerance::exact(), {
      "aten::zfill(str self, int width) -> str",
  });
  b.op("aten::title", Cat::String, Tolerance::exact(), {
      "aten::title(str self) -> str",
  });
  b.op("aten::capitalize", Cat::String, Tolerance::exact(), {
      "aten::capitalize(str self) -> str",
  });
  b.op("aten::swapcase", Cat::String, Tolerance::exact(), {
      "aten::swapcase(str self) -> str",
  });
  b.op("aten::center", Cat::String, Tolerance::exact(), {
      "aten::center(str self, int width, str fillchar=\" \") -> str",
  });
  b.op("aten::ljust", Cat::String, Tolerance::exact(), {
      "aten::ljust(str self, int width, str fillchar=\" \") -> str",
  });
  b.op("aten::rjust", Cat::String, Tolerance::exact(), {
      "aten::rjust(str self, int width, str fillchar=\" \") -> str",
  });
  b.op("aten::isdigit", Cat::String, Tolerance::exact(), {
      "aten::isdigit(str self) -> bool",
  });
  b.op("aten::isdecimal", Cat::String, Tolerance::exact(), {
      "aten::isdecimal(str self) -> bool",
  });
  b.op("aten::isnumeric", Cat::String, Tolerance::exact(), {
      "aten::isnumeric(str self) -> bool",
  });
  b.op("aten::isalpha", Cat::String, Tolerance::exact(), {
      "aten::isalpha(str self) -> bool",
  });
  b.op("aten::isalnum", Cat::String, Tolerance::exact(), {
      "aten::isalnum(str self) -> bool",
  });
  b.op("aten::isspace", Cat::String, Tolerance::exact(), {
      "aten::isspace(str self) -> bool",
  });
  b.op("aten::isprintable", Cat::String, Tolerance::exact(), {
      "aten::isprintable(str self) -> bool",
  });
  b.op("aten::islower", Cat::String, Tolerance::exact(), {
      "aten::islower(str self) -> bool",
  });
  b.op("aten::isupper", Cat::String, Tolerance::exact(), {
      "aten::isupper(str self) -> bool",
  });
  b.op("aten::istitle", Cat::String, Tolerance::exact(), {
      "aten::istitle(str self) -> bool",
  });
  b.op("aten::partition", Cat::String, Tolerance::exact(), {
      "aten::partition(str self, str separator) -> (str, str, str)",
  });
  b.op("aten::rpartition", Cat::String, Tolerance::exact(), {
      "aten::rpartition(str self, str separator) -> (str, str, str)",
  });
  b.op("aten::rsplit", Cat::String, Tolerance::exact(), {
      "aten::rsplit(str self, str separator=\" \", int max=-1) -> str[]",
  });
  // 1.13's splitlines cuts at every byte of "\n\r\v\f\x1c\x1d\x1e\x85" and of U+2028 / U+2029's
  // UTF-8 encodings (so "\r\n" ends two lines), and keepends=True yields each break as its own item.
  b.op("aten::splitlines", Cat::String, Tolerance::exact(), {
      "aten::splitlines(str self, bool keepends=False) -> str[]",
  });
  b.op("aten::ord", Cat::String, Tolerance::exact(), {
      "aten::ord(str string) -> int",
  });
  b.op("aten::chr", Cat::String, Tolerance::exact(), {
      "aten::chr(int i) -> str",
  });
  b.op("aten::hex", Cat::String, Tolerance::exact(), {
      "aten::hex(int i) -> str",
  });
  b.op("aten::oct", Cat::String, Tolerance::exact(), {
      "aten::oct(int i) -> str",
  });
  b.op("aten::bin", Cat::String, Tolerance::exact(), {
      "aten::bin(int i) -> str",
  });
}

}  // namespace tsjit::ops

// Containers.cpp — op declarations. List and dict operations. Mutating ones write their container
// (t[](a!) self); element types are type variables.
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareContainers(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::len", Cat::Container, Tolerance::exact(), {
      "aten::len.Dict_Tensor(Dict(Tensor, t) self) -> int",
      "aten::len.Dict_bool(Dict(bool, t) self) -> int",
      "aten::len.Dict_complex(Dict(complex, t) self) -> int",
      "aten::len.Dict_float(Dict(float, t) self) -> int",
      "aten::len.Dict_int(Dict(int, t) self) -> int",
      "aten::len.Dict_str(Dict(str, t) self) -> int",
      "aten::len.Tensor(Tensor t) -> int",
      "aten::len.any(Any[] a) -> int",
      "aten::len.str(str s) -> int",
      "aten::len.t(t[] a) -> int",
  });
  b.op("aten::__getitem__", Cat::Container, Tolerance::exact(), {
      "aten::__getitem__.Dict_Tensor(Dict(Tensor, t) self, Tensor key) -> t(*)",
      "aten::__getitem__.Dict_bool(Dict(bool, t) self, bool key) -> t(*)",
      "aten::__getitem__.Dict_complex(Dict(complex, t) self, complex key) -> t(*)",
      "aten::__getitem__.Dict_float(Dict(float, t) self, float key) -> t(*)",
      "aten::__getitem__.Dict_int(Dict(int, t) self, int key) -> t(*)",
      "aten::__getitem__.Dict_str(Dict(str, t) self, str key) -> t(*)",
      "aten::__getitem__.str(str s, int index) -> str",
      "aten::__getitem__.t(t[](a) list, int idx) -> t(*)",
  });
  b.op("aten::_set_item", Cat::Container, Tolerance::exact(), {
      "aten::_set_item.Tensor(Dict(Tensor, t)(a!) l, Tensor(b -> *) idx, t(c -> *) v) -> ()",
      "aten::_set_item.bool(Dict(bool, t)(a!) l, bool(b -> *) idx, t(c -> *) v) -> ()",
      "aten::_set_item.complex(Dict(complex, t)(a!) l, complex(b -> *) idx, t(c -> *) v) -> ()",
      "aten::_set_item.float(Dict(float, t)(a!) l, float(b -> *) idx, t(c -> *) v) -> ()",
      "aten::_set_item.int(Dict(int, t)(a!) l, int(b -> *) idx, t(c -> *) v) -> ()",
      "aten::_set_item.str(Dict(str, t)(a!) l, str(b -> *) idx, t(c -> *) v) -> ()",
      "aten::_set_item.t(t[](a!) l, int idx, t(b -> *) el) -> t[](a!)",
  });
  b.op("aten::append", Cat::Container, Tolerance::exact(), {
      "aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)",
  });
  b.op("aten::extend", Cat::Container, Tolerance::exact(), {
      "aten::extend.t(t[](a!) self, t[] other) -> ()",
  });
  b.op("aten::insert", Cat::Container, Tolerance::exact(), {
      "aten::insert.t(t[](a!) self, int idx, t(b -> *) el) -> ()",
  });
  b.op("aten::pop", Cat::Container, Tolerance::exact(), {
      "aten::pop.Dict_Tensor(Dict(Tensor, t)(a!) self, Tensor key) -> t(*)",
      "aten::pop.Dict_bool(Dict(bool, t)(a!) self, bool key) -> t(*)",
      "aten::pop.Dict_complex(Dict(complex, t)(a!) self, complex key) -> t(*)",
      "aten::pop.Dict_default_Tensor(Dict(Tensor, t)(a!) self, Tensor key, t default_value) -> t(*)",
      "aten::pop.Dict_default_bool(Dict(bool, t)(a!) self, bool key, t default_value) -> t(*)",
      "aten::pop.Dict_default_complex(Dict(complex, t)(a!) self, complex key, t default_value) -> t(*)",
      "aten::pop.Dict_default_float(Dict(float, t)(a!) self, float key, t default_value) -> t(*)",
      "aten::pop.Dict_default_int(Dict(int, t)(a!) self, int key, t default_value) -> t(*)",
      "aten::pop.Dict_default_str(Dict(str, t)(a!) self, str key, t default_value) -> t(*)",
      "aten::pop.Dict_float(Dict(float, t)(a!) self, float key) -> t(*)",
      "aten::pop.Dict_int(Dict(int, t)(a!) self, int key) -> t(*)",
      "aten::pop.Dict_str(Dict(str, t)(a!) self, str key) -> t(*)",
      "aten::pop.t(t[](a!) self, int idx=-1) -> t(*)",
  });
  b.op("aten::remove", Cat::Container, Tolerance::exact(), {
      "aten::remove.Tensor(Tensor[](a!) self, Tensor el) -> ()",
      "aten::remove.bool(bool[](a!) self, bool el) -> ()",
      "aten::remove.float(float[](a!) self, float el) -> ()",
      "aten::remove.int(int[](a!) self, int el) -> ()",
      "aten::remove.str(str[](a!) self, str el) -> ()",
  });
  b.op("aten::reverse", Cat::Container, Tolerance::exact(), {
      "aten::reverse.t(t[](a!) self) -> ()",
  });
  b.op("aten::Delete", Cat::Container, Tolerance::exact(), {
      "aten::Delete.Dict_Tensor(Dict(Tensor, t)(a!) self, Tensor key) -> ()",
      "aten::Delete.Dict_bool(Dict(bool, t)(a!) self, bool key) -> ()",
      "aten::Delete.Dict_complex(Dict(complex, t)(a!) self, complex key) -> ()",
      "aten::Delete.Dict_float(Dict(float, t)(a!) self, float key) -> ()",
      "aten::Delete.Dict_int(Dict(int, t)(a!) self, int key) -> ()",
      "aten::Delete.Dict_str(Dict(str, t)(a!) self, str key) -> ()",
      "aten::Delete.t(t[](a!) self, int idx) -> ()",
  });
  b.op("aten::__contains__", Cat::Container, Tolerance::exact(), {
      "aten::__contains__.Tensor(Dict(Tensor, t) dict, Tensor key) -> bool",
      "aten::__contains__.bool(Dict(bool, t) dict, bool key) -> bool",
      "aten::__contains__.complex(Dict(complex, t) dict, complex key) -> bool",
      "aten::__contains__.float(Dict(float, t) dict, float key) -> bool",
      "aten::__contains__.float_list(float[] l, float item) -> bool",
      "aten::__contains__.int(Dict(int, t) dict, int key) -> bool",
      "aten::__contains__.int_list(int[] l, int item) -> bool",
      "aten::__contains__.str(Dict(str, t) dict, str key) -> bool",
      "aten::__contains__.str_list(str[] l, str item) -> bool",
  });
  b.op("aten::count", Cat::Container, Tolerance::exact(), {
      "aten::count(str self, str substr, int start=0, int end=-1) -> int",
      "aten::count.Tensor(Tensor[] self, Tensor el) -> int",
      "aten::count.bool(bool[] self, bool el) -> int",
      "aten::count.float(float[] self, float el) -> int",
      "aten::count.int(int[] self, int el) -> int",
      "aten::count.str(str[] self, str el) -> int",
  });
  b.op("aten::list", Cat::Container, Tolerance::exact(), {
      "aten::list(str t) -> str[]",
      "aten::list.t(t[] l) -> t[]",
  });
  b.op("aten::copy", Cat::Container, Tolerance::exact(), {
      "aten::copy(Tensor self, Tensor src, bool non_blocking=False) -> Tensor",
      "aten::copy.Dict_Tensor(Dict(Tensor, t)(a) self) -> Dict(Tensor, t)",
      "aten::copy.Dict_bool(Dict(bool, t)(a) self) -> Dict(bool, t)",
      "aten::copy.Dict_complex(Dict(complex, t)(a) self) -> Dict(complex, t)",
      "aten::copy.Dict_float(Dict(float, t)(a) self) -> Dict(float, t)",
      "aten::copy.Dict_int(Dict(int, t)(a) self) -> Dict(int, t)",
      "aten::copy.Dict_str(Dict(str, t)(a) self) -> Dict(str, t)",
      "aten::copy.out(Tensor self, Tensor src, bool non_blocking=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::copy.t(t[](a) self) -> t[]",
  });
  b.op("aten::sorted", Cat::Container, Tolerance::exact(), {
      "aten::sorted.Tensor(Tensor[](a) input) -> Tensor[]",
      "aten::sorted.any(t[](a) self) -> t[]",
      "aten::sorted.bool(bool[](a) input) -> bool[]",
      "aten::sorted.float(float[](a) input) -> float[]",
      "aten::sorted.int(int[](a) input) -> int[]",
      "aten::sorted.str(str[](a) input) -> str[]",
  });
  b.op("aten::keys", Cat::Container, Tolerance::exact(), {
      "aten::keys.Tensor(Dict(Tensor, t) self) -> Tensor[](*)",
      "aten::keys.bool(Dict(bool, t) self) -> bool[](*)",
      "aten::keys.complex(Dict(complex, t) self) -> complex[](*)",
      "aten::keys.float(Dict(float, t) self) -> float[](*)",
      "aten::keys.int(Dict(int, t) self) -> int[](*)",
      "aten::keys.str(Dict(str, t) self) -> str[](*)",
  });
  b.op("aten::values", Cat::Container, Tolerance::exact(), {
      "aten::values(Tensor(a) self) -> Tensor(a)",
      "aten::values.Tensor(Dict(Tensor, t) self) -> t[](*)",
      "aten::values.bool(Dict(bool, t) self) -> t[](*)",
      "aten::values.complex(Dict(complex, t) self) -> t[](*)",
      "aten::values.float(Dict(float, t) self) -> t[](*)",
      "aten::values.int(Dict(int, t) self) -> t[](*)",
      "aten::values.str(Dict(str, t) self) -> t[](*)",
  });
  b.op("aten::items", Cat::Container, Tolerance::exact(), {
      "aten::items.Tensor(Dict(Tensor, t) self) -> ((Tensor, t)[])",
      "aten::items.bool(Dict(bool, t) self) -> ((bool, t)[])",
      "aten::items.complex(Dict(complex, t) self) -> ((complex, t)[])",
      "aten::items.float(Dict(float, t) self) -> ((float, t)[])",
      "aten::items.int(Dict(int, t) self) -> ((int, t)[])",
      "aten::items.str(Dict(str, t) self) -> ((str, t)[])",
  });
  b.op("aten::get", Cat::Container, Tolerance::exact(), {
      "aten::get.Tensor(Dict(Tensor, t) self, Tensor key) -> t(*)?",
      "aten::get.bool(Dict(bool, t) self, bool key) -> t(*)?",
      "aten::get.complex(Dict(complex, t) self, complex key) -> t(*)?",
      "aten::get.default_Tensor(Dict(Tensor, t) self, Tensor key, t default_value) -> t(*)",
      "aten::get.default_bool(Dict(bool, t) self, bool key, t default_value) -> t(*)",
      "aten::get.default_complex(Dict(complex, t) self, complex key, t default_value) -> t(*)",
      "aten::get.default_float(Dict(float, t) self, float key, t default_value) -> t(*)",
      "aten::get.default_int(Dict(int, t) self, int key, t default_value) -> t(*)",
      "aten::get.default_str(Dict(str, t) self, str key, t default_value) -> t(*)",
      "aten::get.float(Dict(float, t) self, float key) -> t(*)?",
      "aten::get.int(Dict(int, t) self, int key) -> t(*)?",
      "aten::get.str(Dict(str, t) self, str key) -> t(*)?",
  });
  b.op("aten::setdefault", Cat::Container, Tolerance::exact(), {
      "aten::setdefault.Tensor(Dict(Tensor, t)(a!) self, Tensor(b -> *) key, t(c -> *) default_value) -> t(*)",
      "aten::setdefault.bool(Dict(bool, t)(a!) self, bool(b -> *) key, t(c -> *) default_value) -> t(*)",
      "aten::setdefault.complex(Dict(complex, t)(a!) self, complex(b -> *) key, t(c -> *) default_value) -> t(*)",
      "aten::setdefault.float(Dict(float, t)(a!) self, float(b -> *) key, t(c -> *) default_value) -> t(*)",
      "aten::setdefault.int(Dict(int, t)(a!) self, int(b -> *) key, t(c -> *) default_value) -> t(*)",
      "aten::setdefault.str(Dict(str, t)(a!) self, str(b -> *) key, t(c -> *) default_value) -> t(*)",
  });
  b.op("aten::update", Cat::Container, Tolerance::exact(), {
      "aten::update.Tensor(Dict(Tensor, t)(a!) self, Dict(Tensor, t)(a!) to_add) -> ()",
      "aten::update.bool(Dict(bool, t)(a!) self, Dict(bool, t)(a!) to_add) -> ()",
      "aten::update.complex(Dict(complex, t)(a!) self, Dict(complex, t)(a!) to_add) -> ()",
      "aten::update.float(Dict(float, t)(a!) self, Dict(float, t)(a!) to_add) -> ()",
      "aten::update.int(Dict(int, t)(a!) self, Dict(int, t)(a!) to_add) -> ()",
      "aten::update.str(Dict(str, t)(a!) self, Dict(str, t)(a!) to_add) -> ()",
  });
  // list.clear / dict.clear / dict.popitem (python3-torch 1.13.1 schemas).
  b.op("aten::clear", Cat::Container, Tolerance::exact(), {
      "aten::clear.Tensor(Dict(Tensor, t)(a!) self) -> ()",
      "aten::clear.bool(Dict(bool, t)(a!) self) -> ()",
      "aten::clear.complex(Dict(complex, t)(a!) self) -> ()",
      "aten::clear.float(Dict(float, t)(a!) self) -> ()",
      "aten::clear.int(Dict(int, t)(a!) self) -> ()",
      "aten::clear.str(Dict(str, t)(a!) self) -> ()",
      "aten::clear.t(t[](a!) self) -> ()",
  });
  b.op("aten::popitem", Cat::Container, Tolerance::exact(), {
      "aten::popitem.Tensor(Dict(Tensor, t)(a!) self) -> ((Tensor, t))",
      "aten::popitem.bool(Dict(bool, t)(a!) self) -> ((bool, t))",
      "aten::popitem.complex(Dict(complex, t)(a!) self) -> ((complex, t))",
      "aten::popitem.float(Dict(float, t)(a!) self) -> ((float, t))",
      "aten::popitem.int(Dict(int, t)(a!) self) -> ((int, t))",
      "aten::popitem.str(Dict(str, t)(a!) self) -> ((str, t))",
  });
}

}  // namespace tsjit::ops

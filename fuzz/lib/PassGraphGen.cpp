// PassGraphGen.cpp — graphs on which the passes fire (PassGraphGen.h).
#include "fuzz/lib/PassGraphGen.h"

#include <map>
#include <mutex>
#include <random>
#include <sstream>

#include "jit/ir/Function.h"
#include "jit/ir/IRParser.h"
#include "jit/tensor/Tensor.h"

namespace tsjit::fuzz {

namespace {

struct Writer {
  std::vector<std::string> ints{"%n"};
  std::vector<std::string> tensors{"%x"};
  std::vector<std::pair<std::string, std::string>> kept;  // tuples returned: name, type
  std::ostringstream body;
  int fresh = 0;

  std::string name(const char* base) { return "%" + std::string(base) + std::to_string(fresh++); }
  const std::string& pickInt(uint16_t c) { return ints[ints.size() - 1 - c % ints.size()]; }
  const std::string& pickTensor(uint16_t c) { return tensors[tensors.size() - 1 - c % tensors.size()]; }
  void line(const std::string& indent, const std::string& s) { body << indent << s << "\n"; }
};

// A for-loop (trip count `trip`) carrying one int and one tensor; `shape` picks the body.
void writeLoop(Writer& w, const std::string& ind, const std::string& trip, uint16_t useCounter, uint16_t shape) {
  std::string a = w.pickInt(shape), t = w.pickTensor(shape / 3);
  std::string ri = w.name("li"), rt = w.name("lt"), i = w.name("i"), acc = w.name("acc"), tacc = w.name("tacc");
  w.line(ind, ri + " : int, " + rt + " : Tensor = prim::Loop(" + trip + ", %true, " + a + ", " + t + ")");
  w.line(ind, "  block0(" + i + " : int, " + acc + " : int, " + tacc + " : Tensor):");
  std::string in = ind + "    ";
  std::string acc2 = w.name("acc");
  w.line(in, acc2 + " : int = aten::add(" + acc + ", " + (useCounter % 2 ? i : std::string("%one")) + ")");
  std::string s = w.name("ts"), tn = w.name("tn");
  w.line(in, s + " : Tensor = aten::add(" + tacc + ", " + t + ", %one)");
  w.line(in, tn + " : Tensor = aten::mul(" + s + ", %half)");
  std::string last = acc2;
  if (shape % 3 == 0) {  // a body larger than loop_unrolling's limit
    for (int k = 0; k < 31; ++k) {
      std::string v = w.name("big");
      w.line(in, v + " : int = aten::add(" + last + ", %one)");
      last = v;
    }
  } else if (shape % 3 == 1) {  // a nested constant loop
    std::string r = w.name("inner"), j = w.name("j"), b = w.name("b"), b2 = w.name("b");
    w.line(in, r + " : int = prim::Loop(%two, %true, " + last + ")");
    w.line(in, "  block0(" + j + " : int, " + b + " : int):");
    w.line(in, "    " + b2 + " : int = aten::sub(" + b + ", " + j + ")");
    w.line(in, "    -> (%true, " + b2 + ")");
    last = r;
  }
  w.line(in, "-> (%true, " + last + ", " + tn + ")");
  w.ints.push_back(ri);
  w.tensors.push_back(rt);
}

void writeStep(Writer& w, const PassGraphStep& st) {
  const auto& c = st.c;
  const std::string ind = "  ";
  switch (c[0] % 12) {
    case 0: {
      std::string v = w.name("v");
      w.line(ind, v + " : int = aten::" + (c[3] % 2 ? "sub" : "add") + "(" + w.pickInt(c[1]) + ", " + w.pickInt(c[2]) + ")");
      w.ints.push_back(v);
      return;
    }
    case 1: {
      static const char* ops[] = {"relu", "neg", "tanh", "sigmoid"};
      std::string v = w.name("t");
      if (c[2] % 5 == 4) w.line(ind, v + " : Tensor = aten::mul(" + w.pickTensor(c[1]) + ", %half)");
      else w.line(ind, v + " : Tensor = aten::" + ops[c[2] % 5] + "(" + w.pickTensor(c[1]) + ")");
      w.tensors.push_back(v);
      return;
    }
    case 2: {
      std::string v = w.name("t"), a = w.pickTensor(c[1]), b = w.pickTensor(c[2]);
      switch (c[3] % 4) {
        case 0: w.line(ind, v + " : Tensor = aten::add(" + a + ", " + b + ", %one)"); break;
        case 1: w.line(ind, v + " : Tensor = aten::sub(" + a + ", " + b + ", %one)"); break;
        case 2: w.line(ind, v + " : Tensor = aten::mul(" + a + ", " + b + ")"); break;
        default: w.line(ind, v + " : Tensor = aten::add(" + a + ", %y, %one)"); break;
      }
      w.tensors.push_back(v);
      return;
    }
    case 3: {
      static const int trips[] = {0, 1, 2, 3, 5, 8, 9, 17, 63, 64, 70, -1};
      std::string trip = w.name("trip");
      w.line(ind, trip + " : int = prim::Constant[value=" + std::to_string(trips[c[1] % 12]) + "]()");
      writeLoop(w, ind, trip, c[2], c[3]);
      return;
    }
    case 4: writeLoop(w, ind, "%n", c[2], c[3]); return;
    case 5: {  // while-loop: five iterations
      std::string a = w.pickInt(c[1]), lim = w.name("lim"), r = w.name("wl"), i = w.name("i"), acc = w.name("acc"),
                  acc2 = w.name("acc"), go = w.name("go");
      w.line(ind, lim + " : int = aten::add(" + a + ", %five)");
      w.line(ind, r + " : int = prim::Loop(%max, %true, " + a + ")");
      w.line(ind, "  block0(" + i + " : int, " + acc + " : int):");
      w.line(ind, "    " + acc2 + " : int = aten::add(" + acc + ", %one)");
      w.line(ind, "    " + go + " : bool = aten::lt(" + acc2 + ", " + lim + ")");
      w.line(ind, "    -> (" + go + ", " + acc2 + ")");
      w.ints.push_back(r);
      return;
    }
    case 6: {  // tuples
      std::string a = w.pickInt(c[1]), t = w.pickTensor(c[2]), tp = w.name("tup");
      w.line(ind, tp + " : (int, Tensor) = prim::TupleConstruct(" + a + ", " + t + ")");
      switch (c[3] % 4) {
        case 0: {
          std::string p = w.name("ua"), q = w.name("ut");
          w.line(ind, p + " : int, " + q + " : Tensor = prim::TupleUnpack(" + tp + ")");
          w.ints.push_back(p);
          w.tensors.push_back(q);
          break;
        }
        case 1: {
          std::string p = w.name("ia");
          w.line(ind, p + " : int = prim::TupleIndex(" + tp + ", %zero)");
          w.ints.push_back(p);
          break;
        }
        case 2: {
          std::string q = w.name("it");
          w.line(ind, q + " : Tensor = prim::TupleIndex(" + tp + ", %minus1)");
          w.tensors.push_back(q);
          break;
        }
        default: {
          std::string sl = w.name("sl"), q = w.name("st");
          w.line(ind, sl + " : (Tensor) = prim::TupleSlice[beg=1, end=2](" + tp + ")");
          w.line(ind, q + " : Tensor = prim::TupleIndex(" + sl + ", %zero)");
          w.tensors.push_back(q);
          break;
        }
      }
      if (c[1] % 3 == 0) w.kept.push_back({tp, "(int, Tensor)"});
      return;
    }
    case 7: {  // calls
      std::string fn = w.name("fn");
      switch (c[1] % 4) {
        case 0: {
          std::string r = w.name("ci");
          w.line(ind, fn + " : Function = prim::Constant[name=\"helper_int\"]()");
          w.line(ind, r + " : int = prim::CallFunction(" + fn + ", " + w.pickInt(c[2]) + ", " + w.pickInt(c[3]) + ")");
          w.ints.push_back(r);
          break;
        }
        case 1: {
          std::string r = w.name("ct");
          w.line(ind, fn + " : Function = prim::Constant[name=\"helper_tensor\"]()");
          w.line(ind, r + " : Tensor = prim::CallFunction(" + fn + ", " + w.pickTensor(c[2]) + ", %y)");
          w.tensors.push_back(r);
          break;
        }
        case 2: {
          std::string ls = w.name("ls"), r = w.name("cl"), len = w.name("len");
          w.line(ind, ls + " : int[] = prim::ListConstruct(" + w.pickInt(c[2]) + ")");
          w.line(ind, fn + " : Function = prim::Constant[name=\"helper_append\"]()");
          w.line(ind, r + " : int = prim::CallFunction(" + fn + ", " + ls + ", " + w.pickInt(c[3]) + ")");
          w.line(ind, len + " : int = aten::len(" + ls + ")");
          w.ints.push_back(r);
          w.ints.push_back(len);
          break;
        }
        default: {
          std::string r = w.name("co");
          w.line(ind, fn + " : Function = prim::Constant[name=\"helper_outer\"]()");
          w.line(ind, r + " : Tensor = prim::CallFunction(" + fn + ", " + w.pickTensor(c[2]) + ", " + w.pickInt(c[3]) + ")");
          w.tensors.push_back(r);
          break;
        }
      }
      return;
    }
    case 8: {  // addmm (beta, alpha) in {(1, 1), (1, 1), (2, 1), (1, 2.)}
      static const char* betas[] = {"%one", "%one", "%two", "%one"};
      static const char* alphas[] = {"%one", "%one", "%one", "%twof"};
      std::string r = w.name("mm"), bias = c[2] % 2 ? "%y" : w.pickTensor(c[3]);
      std::string mat = c[1] % 2 ? std::string("%x") : w.pickTensor(c[1] / 2);  // %x: typed from the inputs
      w.line(ind, r + " : Tensor = aten::addmm(" + bias + ", " + mat + ", %w, " + betas[c[2] % 4] +
                      ", " + alphas[c[2] % 4] + ")");
      w.tensors.push_back(r);
      return;
    }
    case 9: {  // If on an int comparison
      std::string a = w.pickInt(c[1]), b = w.pickInt(c[2]), t = w.pickTensor(c[3]);
      std::string cond = w.name("c"), ri = w.name("fi"), rt = w.name("ft");
      std::string p = w.name("p"), q = w.name("q"), p2 = w.name("p"), q2 = w.name("q");
      w.line(ind, cond + " : bool = aten::gt(" + a + ", " + b + ")");
      w.line(ind, ri + " : int, " + rt + " : Tensor = prim::If(" + cond + ")");
      w.line(ind, "  block0():");
      w.line(ind, "    " + p + " : int = aten::add(" + a + ", " + b + ")");
      w.line(ind, "    " + q + " : Tensor = aten::relu(" + t + ")");
      w.line(ind, "    -> (" + p + ", " + q + ")");
      w.line(ind, "  block1():");
      w.line(ind, "    " + p2 + " : int = aten::sub(" + a + ", " + b + ")");
      w.line(ind, "    " + q2 + " : Tensor = aten::neg(" + t + ")");
      w.line(ind, "    -> (" + p2 + ", " + q2 + ")");
      w.ints.push_back(ri);
      w.tensors.push_back(rt);
      return;
    }
    case 10: {  // four mm's on one right operand: summed as a tree (c[1] even) or kept side by side
      std::string m[4];
      for (int k = 0; k < 4; ++k) {
        m[k] = w.name("mm");
        w.line(ind, m[k] + " : Tensor = aten::mm(" + w.pickTensor(c[2] + k * 7) + ", %w)");
      }
      if (c[1] % 2 == 0) {
        std::string s0 = w.name("ms"), s1 = w.name("ms"), s2 = w.name("ms");
        w.line(ind, s0 + " : Tensor = aten::add(" + m[0] + ", " + m[1] + ", %one)");
        w.line(ind, s1 + " : Tensor = aten::add(" + m[2] + ", " + m[3] + ", %one)");
        w.line(ind, s2 + " : Tensor = aten::add(" + s0 + ", " + s1 + ", %one)");
        w.tensors.push_back(s2);
      } else {
        for (const std::string& v : m) w.tensors.push_back(v);
      }
      return;
    }
    default: {  // in-place ops, through a clone, through a view of it, or on the input %x
      std::string t = w.pickTensor(c[2]);
      if (c[1] % 8 == 7) {
        std::string r = w.name("xm");
        w.line(ind, r + " : Tensor = aten::add_(%x, " + t + ", %one)");
        w.tensors.push_back(r);
        return;
      }
      std::string cl = w.name("cl"), r = w.name("ip");
      w.line(ind, cl + " : Tensor = aten::clone(" + w.pickTensor(c[3]) + ", %none)");
      if (c[1] % 2 == 0) {
        w.line(ind, r + " : Tensor = aten::add_(" + cl + ", " + t + ", %one)");
      } else {
        std::string v = w.name("row");
        w.line(ind, v + " : Tensor = aten::select(" + cl + ", %zero, %zero)");
        w.line(ind, r + " : Tensor = aten::mul_(" + v + ", %half)");
      }
      w.tensors.push_back(cl);  // read after the write: sees it
      return;
    }
  }
}

Tensor randomTensor(std::mt19937_64& rng, std::vector<int64_t> sizes) {
  std::uniform_int_distribution<int> d(-12, 12);
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<double> vals;
  for (int64_t i = 0; i < n; ++i) vals.push_back(d(rng) / 4.0);  // multiples of 1/4 in [-3, 3]
  return Tensor::fromDoubles(vals, sizes, ScalarType::Float);
}

const char* kLibrary[][2] = {
    {"helper_int",
     "graph(%a : int, %b : int):\n  %two : int = prim::Constant[value=2]()\n  %m : int = aten::mul(%b, %two)\n"
     "  %r : int = aten::add(%a, %m)\n  return (%r)\n"},
    {"helper_tensor",
     "graph(%t : Tensor, %y : Tensor):\n  %one : int = prim::Constant[value=1]()\n  %r : Tensor = aten::relu(%t)\n"
     "  %s : Tensor = aten::add(%r, %y, %one)\n  return (%s)\n"},
    {"helper_append",
     "graph(%ls : int[], %a : int):\n  %u : int[] = aten::append(%ls, %a)\n  %n : int = aten::len(%ls)\n"
     "  return (%n)\n"},
    {"helper_outer",
     "graph(%t : Tensor, %a : int):\n  %zero : int = prim::Constant[value=0]()\n  %one : int = prim::Constant[value=1]()\n"
     "  %fn : Function = prim::Constant[name=\"helper_tensor\"]()\n  %row : Tensor = aten::select(%t, %zero, %zero)\n"
     "  %r : Tensor = prim::CallFunction(%fn, %t, %row)\n  %s : Tensor = aten::add(%r, %a, %one)\n  return (%s)\n"},
};
}  // namespace

PassGraphDesc randomPassGraphDesc(uint64_t seed, int maxSteps) {
  std::mt19937_64 rng(seed);
  PassGraphDesc d;
  d.dataSeed = rng();
  int n = 3 + static_cast<int>(rng() % static_cast<uint64_t>(std::max(1, maxSteps - 2)));
  for (int i = 0; i < n; ++i) {
    PassGraphStep s;
    for (auto& x : s.c) x = static_cast<uint16_t>(rng() % 997);
    d.steps.push_back(s);
  }
  return d;
}

std::string passGraphText(const PassGraphDesc& d) {
  Writer w;
  for (const PassGraphStep& s : d.steps) writeStep(w, s);
  std::ostringstream os;
  os << "graph(%x : Tensor, %y : Tensor, %w : Tensor, %n : int):\n"
     << "  %zero : int = prim::Constant[value=0]()\n  %one : int = prim::Constant[value=1]()\n"
     << "  %two : int = prim::Constant[value=2]()\n  %five : int = prim::Constant[value=5]()\n"
     << "  %minus1 : int = prim::Constant[value=-1]()\n  %twof : float = prim::Constant[value=2.]()\n"
     << "  %half : float = prim::Constant[value=0.5]()\n  %true : bool = prim::Constant[value=1]()\n"
     << "  %none : NoneType = prim::Constant()\n"
     << "  %max : int = prim::Constant[value=9223372036854775807]()\n";
  os << w.body.str();
  std::string types = "int, int, Tensor, Tensor";
  std::string values = w.pickInt(0) + ", " + w.pickInt(1) + ", " + w.pickTensor(0) + ", " + w.pickTensor(1);
  for (const auto& [name, type] : w.kept) types += ", " + type, values += ", " + name;
  os << "  %out : (" << types << ") = prim::TupleConstruct(" << values << ")\n  return (%out)\n";
  return os.str();
}

std::shared_ptr<Graph> buildPassGraph(const PassGraphDesc& d) { return parseIR(passGraphText(d), "<pass graph>"); }

std::vector<IValue> passGraphInputs(uint64_t dataSeed, int k) {
  std::mt19937_64 rng(dataSeed * 31 + static_cast<uint64_t>(k) * 1000003ULL);
  std::vector<IValue> in;
  in.emplace_back(randomTensor(rng, {2, 3}));
  in.emplace_back(randomTensor(rng, {3}));
  in.emplace_back(randomTensor(rng, {3, 3}));
  in.emplace_back(static_cast<int64_t>(rng() % 23) - 2);
  return in;
}

Function* resolvePassLibraryFunction(const std::string& name) {
  static std::once_flag once;
  static std::map<std::string, std::shared_ptr<Function>> library;
  std::call_once(once, [] {
    for (const auto& [fname, text] : kLibrary)
      library[fname] = std::make_shared<Function>(fname, parseIR(text, std::string("<") + fname + ">"));
  });
  auto it = library.find(name);
  return it == library.end() ? nullptr : it->second.get();
}

}  // namespace tsjit::fuzz

// SourceGen.cpp — see SourceGen.h. One Gen object per program: a seeded engine, the variables in
// scope with their types, and counters for fresh loop-variable names.
#include "fuzz/lib/SourceGen.h"

#include <random>
#include <sstream>

namespace tsjit::fuzz {
namespace {

enum class T { Int, Float, Bool, Str, List, Tensor, View, Dict, Obj };

// A helper function of the program: its name and return type (its parameters are fixed: see helper()).
struct Helper {
  std::string name;
  T result;
};

struct Var {
  std::string name;
  T type;
};

class Gen {
 public:
  Gen(uint64_t seed, bool tensors) : rng_(seed), tensors_(tensors) {}

  SourceProgram program(const std::string& name, size_t count) {
    SourceProgram p;
    p.name = name;
    declare(p, "i0", T::Int, intLiteral());
    declare(p, "i1", T::Int, intLiteral());
    declare(p, "f0", T::Float, floatLiteral());
    declare(p, "f1", T::Float, floatLiteral());
    declare(p, "b0", T::Bool, pick(2) ? "True" : "False");
    declare(p, "s0", T::Str, strLiteral());
    declare(p, "l0", T::List, "[" + intLiteral() + ", " + intLiteral() + "]");
    declare(p, "d0", T::Dict, "{" + dictKey() + ": " + intLiteral() + "}", "d0: Dict[str, int]");
    // Helpers and the class are written before the function; their names carry the program's.
    const std::vector<Var> mainVars = vars_;
    for (size_t h = 0, n = pick(3); h < n; ++h) p.definitions.push_back(helper(name + "_h" + std::to_string(h)));
    vars_ = mainVars;
    // Not with tensors: lockstep compares each node's outputs as it runs, and an object's later
    // mutation through its methods would be compared at its creation (a harness limit).
    if (!tensors_ && chance(0.5)) {
      p.definitions.push_back(userClass("C_" + name));
      declare(p, "o0", T::Obj, "C_" + name + "(" + intLiteral() + ", " + strLiteral() + ")");
      p.returned.back() = "o0.n";  // an object is no value both oracles print: its attributes are
      p.returned.push_back("o0.s");
      p.returned.push_back("o0.items");
    }
    if (tensors_) {
      p.tensors = true;
      declare(p, "t0", T::Tensor, tensorLiteral());
      declare(p, "t1", T::Tensor, tensorLiteral());
      declare(p, "v0", T::View, "t0[1]");  // a view: writes through t0 show in v0 and back
    }
    for (size_t k = 0; k < count; ++k) p.statements.push_back(statement(1, 0));
    return p;
  }

 private:
  void declare(SourceProgram& p, const std::string& v, T t, const std::string& init, const std::string& target = "") {
    vars_.push_back({v, t});
    p.declarations.push_back((target.empty() ? v : target) + " = " + init);
    p.returned.push_back(v);
  }

  bool has(T t) const {
    for (const Var& v : vars_)
      if (v.type == t) return true;
    return false;
  }

  std::string dictKey() {
    static const char* const kKeys[] = {"\"a\"", "\"bc\"", "\"k\"", "\"\"", "\"xyz\""};
    return kKeys[pick(std::size(kKeys))];
  }

  // A helper: `def NAME(l: List[int], a: int, b: float = F, c: bool = B, s: str = S) -> R:` with a
  // few statements over its parameters (which it may reassign; appends to `l` show in the
  // caller's list) and a return of an R expression. Helpers call no helper and use no class.
  std::string helper(const std::string& name) {
    static const T kResults[] = {T::Int, T::Float, T::Bool, T::Str};
    static const char* const kNames[] = {"int", "float", "bool", "str"};
    const size_t r = pick(std::size(kResults));
    vars_ = {{"l", T::List}, {"a", T::Int}, {"b", T::Float}, {"c", T::Bool}, {"s", T::Str}};
    std::string text = "def " + name + "(l: List[int], a: int, b: float = " + floatLiteral() + ", c: bool = " +
                       (pick(2) ? "True" : "False") + ", s: str = " + strLiteral() + ") -> " + kNames[r] + ":\n";
    inHelper_ = true;
    for (size_t k = 0, n = 1 + pick(3); k < n; ++k) text += statement(1, 1);
    text += "    return " + expr(kResults[r], 2) + "\n";
    inHelper_ = false;
    helpers_.push_back({name, kResults[r]});
    return text;
  }

  // A call of a helper returning t, if there is one: the list and int positionally, then some of
  // the defaulted parameters, by position or by keyword.
  std::string helperCall(T t, int d) {
    std::vector<const Helper*> of;
    for (const Helper& h : helpers_)
      if (h.result == t) of.push_back(&h);
    if (of.empty() || inHelper_) return "";
    std::string call = of[pick(of.size())]->name + "(" + var(T::List) + ", " + intExpr(d);
    static const char* const kRest[] = {"b", "c", "s"};
    bool keywords = chance(0.5);
    for (size_t k = 0, n = pick(4); k < n; ++k) {
      T pt = k == 0 ? T::Float : k == 1 ? T::Bool : T::Str;
      call += std::string(", ") + (keywords ? std::string(kRest[k]) + "=" : "") + expr(pt, d);
    }
    return call + ")";
  }

  // The program's class: an int, a str and a List[int] attribute, a method updating the int and
  // appending it (its update drawn here), a method building a str, and __len__, __contains__,
  // __getitem__ (index taken modulo the length, which is never zero).
  std::string userClass(const std::string& name) {
    static const char* const kUpdates[] = {"(self.n + by) % 1009", "(self.n * 3 - by) % 1009", "max(self.n, by) % 1009",
                                           "abs(self.n - by) % 1009"};
    static const char* const kLabels[] = {"(self.s + str(k))[0:12]", "f\"{self.s}:{k}\"", "self.s[k % 5:]",
                                          "\"{}/{}\".format(self.s, len(self.items))"};
    std::string t = "class " + name + ":\n";
    t += "    def __init__(self, n: int, s: str):\n        self.n = n\n        self.s = s\n";
    t += "        self.items: List[int] = [n]\n\n";
    t += std::string("    def bump(self, by: int) -> int:\n        self.n = ") + kUpdates[pick(std::size(kUpdates))] +
         "\n        self.items.append(self.n)\n        return self.n\n\n";
    t += std::string("    def label(self, k: int) -> str:\n        return ") + kLabels[pick(std::size(kLabels))] + "\n\n";
    t += "    def __len__(self) -> int:\n        return len(self.items)\n\n";
    t += "    def __contains__(self, x: int) -> bool:\n        return x in self.items\n\n";
    t += "    def __getitem__(self, i: int) -> int:\n        return self.items[i % len(self.items)]\n";
    return t;
  }

  size_t pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }

  std::string intLiteral() { return std::to_string(static_cast<int64_t>(pick(41)) - 20); }
  std::string floatLiteral() {
    static const char* const kFloats[] = {"0.0", "-0.0", "0.5", "-1.25", "3.0", "0.1", "2.75", "-7.5", "100.0", "1e-3"};
    return kFloats[pick(std::size(kFloats))];
  }
  std::string strLiteral() {
    static const char* const kStrs[] = {"\"\"", "\"a\"", "\"bc\"", "\"xyz\"", "\"Hello\"", "\"  pad \"", "\"a-b\""};
    return kStrs[pick(std::size(kStrs))];
  }

  std::string var(T t) {
    std::vector<const Var*> of;
    for (const Var& v : vars_)
      if (v.type == t) of.push_back(&v);
    return of.empty() ? std::string() : of[pick(of.size())]->name;
  }

  std::string expr(T t, int depth) {
    switch (t) {
      case T::Int: return intExpr(depth);
      case T::Float: return floatExpr(depth);
      case T::Bool: return boolExpr(depth);
      case T::Str: return strExpr(depth);
      case T::List: return var(T::List);
      case T::Tensor: return tensorExpr(depth);
      case T::View: return var(T::View);
      case T::Dict: return var(T::Dict);
      case T::Obj: return var(T::Obj);
    }
    return "";
  }

  std::string intExpr(int d) {
    if (d <= 0 || chance(0.3)) return chance(0.5) ? intLiteral() : var(T::Int);
    if (tensorsHere() && chance(0.1)) return tensorInt(d - 1);
    if (chance(0.15))
      if (std::string x = moreInt(d - 1); !x.empty()) return x;
    auto e = [&] { return intExpr(d - 1); };
    switch (pick(16)) {
      case 0: return "(" + e() + " + " + e() + ")";
      case 1: return "(" + e() + " - " + e() + ")";
      case 2: return "((" + e() + ") % 1000 * (" + e() + " % 1000))";
      case 3: return "(" + e() + " // " + nonZeroInt(d - 1) + ")";
      case 4: return "(" + e() + " % " + nonZeroInt(d - 1) + ")";
      case 5: return "(-" + e() + ")";
      case 6: return "abs(" + e() + ")";
      case 7: return "min(" + e() + ", " + e() + ")";
      case 8: return "max(" + e() + ", " + e() + ")";
      case 9: return "len(" + var(T::List) + ")";
      case 10: return "len(" + strExpr(d - 1) + ")";
      case 11: { std::string l = var(T::List); return l + "[" + e() + " % len(" + l + ")]"; }
      case 12: return "int(" + clampFloat(floatExpr(d - 1)) + ")";
      case 13: return "sum(" + var(T::List) + ")";
      case 14: return "(" + e() + " if " + boolExpr(d - 1) + " else " + e() + ")";
      default: return chance(0.5) ? "min(" + var(T::List) + ")" : "max(" + var(T::List) + ")";
    }
  }

  // A divisor that is never zero. x is written once: it may call a helper or a method with side
  // effects, so `x if x != 0 else 7` could test one value and divide by another.
  std::string nonZeroInt(int d) { return "(abs(" + intExpr(d) + ") + 1)"; }

  std::string floatExpr(int d) {
    if (d <= 0 || chance(0.3)) return chance(0.5) ? floatLiteral() : var(T::Float);
    if (tensorsHere() && chance(0.1)) return tensorFloat(d - 1);
    if (chance(0.12))
      if (std::string x = moreFloat(d - 1); !x.empty()) return x;
    auto e = [&] { return floatExpr(d - 1); };
    switch (pick(11)) {
      case 0: return "(" + e() + " + " + e() + ")";
      case 1: return "(" + e() + " - " + e() + ")";
      case 2: return "(" + clampFloat(e()) + " * " + clampFloat(e()) + ")";
      case 3: return "(" + e() + " / (abs(" + e() + ") + 0.5))";  // the divisor written once (see nonZeroInt)
      case 4: return "float(" + intExpr(d - 1) + ")";
      case 5: return "(-" + e() + ")";
      case 6: return "abs(" + e() + ")";
      case 7: return chance(0.5) ? "min(" + e() + ", " + e() + ")" : "max(" + e() + ", " + e() + ")";
      case 8: return "(" + intExpr(d - 1) + " + " + e() + ")";
      case 9: return "(" + e() + " if " + boolExpr(d - 1) + " else " + e() + ")";
      default: return "(" + intExpr(d - 1) + " / " + nonZeroInt(d - 1) + ")";
    }
  }

  // TorchScript's float % is not CPython's (1.13 computes fmod(b + fmod(a, b), b): 0.1 % 1000.0
  // is 0.10000000000002274), so floats are bounded by clamping instead.
  static std::string clampFloat(const std::string& x) { return "min(max(" + x + ", -1000.0), 1000.0)"; }

  std::string boolExpr(int d) {
    if (d <= 0 || chance(0.25)) return chance(0.3) ? (pick(2) ? "True" : "False") : var(T::Bool);
    static const char* const kCmp[] = {" < ", " <= ", " > ", " >= ", " == ", " != "};
    std::string cmp = kCmp[pick(std::size(kCmp))];
    if (tensorsHere() && chance(0.1)) return tensorBool(d - 1, cmp);
    if (chance(0.12))
      if (std::string x = moreBool(d - 1); !x.empty()) return x;
    switch (pick(8)) {
      case 0: return "(" + intExpr(d - 1) + cmp + intExpr(d - 1) + ")";
      case 1: return "(" + floatExpr(d - 1) + cmp + floatExpr(d - 1) + ")";
      case 2: return "(" + strExpr(d - 1) + (pick(2) ? " == " : " != ") + strExpr(d - 1) + ")";
      case 3: return "(" + intExpr(d - 1) + " in " + var(T::List) + ")";
      case 4: return "(" + boolExpr(d - 1) + " and " + boolExpr(d - 1) + ")";
      case 5: return "(" + boolExpr(d - 1) + " or " + boolExpr(d - 1) + ")";
      case 6: return "(not " + boolExpr(d - 1) + ")";
      default: return "(" + intExpr(d - 1) + cmp + floatExpr(d - 1) + ")";
    }
  }

  std::string strExpr(int d) {
    if (d <= 0 || chance(0.3)) return chance(0.5) ? strLiteral() : var(T::Str);
    if (chance(0.25))
      if (std::string x = moreStr(d - 1); !x.empty()) return x;
    auto e = [&] { return strExpr(d - 1); };
    switch (pick(7)) {
      case 0: return "(" + e() + " + " + e() + ")[0:12]";
      case 1: return "str(" + intExpr(d - 1) + ")";
      case 2: return e() + "[" + intExpr(d - 1) + ":" + intExpr(d - 1) + "]";
      case 3: return e() + ".upper()";
      case 4: return e() + ".lower()";
      case 5: return e() + ".strip()";
      default: return "(" + e() + " if " + boolExpr(d - 1) + " else " + e() + ")";
    }
  }

  // --- helpers, the class, the dict, comprehensions, formatting, powers: "" when the drawn form
  // needs what the scope lacks (a helper of that type, the object, the dict).
  std::string moreInt(int d) {
    auto e = [&] { return intExpr(d); };
    switch (pick(8)) {
      case 0: return helperCall(T::Int, d);
      case 1: return has(T::Dict) ? "len(" + var(T::Dict) + ")" : "";
      case 2: return has(T::Dict) ? var(T::Dict) + ".get(" + strExpr(d) + ", " + e() + ")" : "";
      case 3: return has(T::Obj) ? var(T::Obj) + ".bump(" + e() + ")" : "";
      case 4: return has(T::Obj) ? (chance(0.5) ? var(T::Obj) + ".n" : "len(" + var(T::Obj) + ")") : "";
      case 5: return has(T::Obj) ? var(T::Obj) + "[" + e() + "]" : "";
      case 6: return "sum([w_ * " + intLiteral() + " for w_ in " + var(T::List) + "])";
      default: return "len([w_ for w_ in " + strExpr(d) + "])";
    }
  }

  std::string moreFloat(int d) {
    static const char* const kExponents[] = {"2.0", "0.5", "3.0", "1.5"};
    switch (pick(3)) {
      case 0: return helperCall(T::Float, d);
      // CPython raises for a negative base with a fractional exponent and for 0.0 ** negative:
      // TorchScript gives NaN / inf. Bases are kept in [0, 4], exponents positive.
      case 1: return "(min(abs(" + floatExpr(d) + "), 4.0) ** " + kExponents[pick(std::size(kExponents))] + ")";
      default: return "math.sqrt(abs(" + floatExpr(d) + "))";
    }
  }

  std::string moreBool(int d) {
    switch (pick(3)) {
      case 0: return helperCall(T::Bool, d);
      case 1: return has(T::Dict) ? "(" + strExpr(d) + " in " + var(T::Dict) + ")" : "";
      default: return has(T::Obj) ? "(" + intExpr(d) + " in " + var(T::Obj) + ")" : "";
    }
  }

  // Formatting never sees a float (TorchScript and CPython print floats differently).
  std::string moreStr(int d) {
    static const char* const kOld[] = {"\"a\"", "\"b\"", "\" \"", "\"x\"", "\"-\""};
    static const char* const kNew[] = {"\"\"", "\"Z\"", "\"--\""};
    switch (pick(7)) {
      case 0: return helperCall(T::Str, d);
      // names only inside the braces: before Python 3.12 an f-string cannot nest its own quotes
      case 1: return "f\"<{" + var(T::Int) + "}|{" + var(T::Str) + "}|{" + var(T::Bool) + "}>\"";
      case 2: return "\"{} and {} = {}!\".format(" + intExpr(d) + ", " + strExpr(d) + ", " + boolExpr(d) + ")";
      case 3: return "(\"%d-%s:\" % (" + intExpr(d) + ", " + strExpr(d) + "))";
      case 4: return strExpr(d) + ".replace(" + kOld[pick(std::size(kOld))] + ", " + kNew[pick(std::size(kNew))] + ")";
      case 5: return has(T::Obj) ? var(T::Obj) + ".label(" + intExpr(d) + ")" : "";
      default: return "str(" + var(T::Bool) + ")";
    }
  }

  // --- tensors: t0, t1 are float32 [2, 3] (every tensor expression keeps that shape), v0 is a
  // [3] view of t0's second row. Values are not bounded: NaN, ±inf and -0.0 arise (log, division
  // by a difference, exp) and both engines must agree on them in lockstep.
  std::string tensorLiteral() {
    std::string s = "torch.tensor([";
    for (int r = 0; r < 2; ++r) {
      s += r ? ", [" : "[";
      for (int c = 0; c < 3; ++c) s += (c ? ", " : "") + floatLiteral();
      s += "]";
    }
    return s + "])";
  }

  std::string tensorExpr(int d) {
    if (d <= 0 || chance(0.3)) return var(T::Tensor);
    auto a = [&] { return tensorExpr(d - 1); };
    std::string f = clampFloat(floatExpr(1));
    switch (pick(24)) {
      case 0: return "(" + a() + " + " + a() + ")";
      case 1: return "(" + a() + " - " + a() + ")";
      case 2: return "(" + a() + " * " + a() + ")";
      case 3: return "(" + a() + " * " + f + ")";
      case 4: return "torch.relu(" + a() + ")";
      case 5: return "torch.sigmoid(" + a() + ")";
      case 6: return "torch.tanh(" + a() + ")";
      case 7: return a() + ".abs()";
      case 8: { std::string x = a(), y = a(); return "torch.where(" + x + " > " + y + ", " + x + ", " + y + ")"; }
      case 9: return "torch.clamp(" + a() + ", -3.0, 3.0)";
      case 10: return "(" + a() + " + " + var(T::View) + ")";
      case 11: return a() + ".sum(0, keepdim=True).expand(2, 3)";
      case 12: return "torch.cat([" + a() + ", " + a() + "], 0)[1:3]";
      case 13: return a() + ".flip([1])";
      case 14: return "torch.stack([" + a() + ", " + a() + "]).mean(0)";
      case 15: { std::string y = a(); return "(" + a() + " / (" + y + " - " + y + "))"; }
      case 16: return a() + ".t().contiguous().t()";
      case 17: return a() + ".exp()";
      case 18: return "torch.log(" + a() + ")";
      case 19: return "torch.maximum(" + a() + ", " + a() + ")";
      case 20: return a() + ".reshape(3, 2).reshape(2, 3)";
      case 21: return "(" + a() + " * " + intExpr(1) + ")";
      case 22: return a() + ".cumsum(1)";
      default: return "torch.softmax(" + a() + ", 1)";
    }
  }

  std::string tensorInt(int d) {
    std::string a = tensorExpr(d);
    switch (pick(4)) {
      case 0: return a + ".size(" + intExpr(1) + " % 2)";
      case 1: return "int(" + a + ".argmax())";
      case 2: return "int((" + a + " > " + tensorExpr(d) + ").sum())";
      default: return a + ".dim()";
    }
  }

  std::string tensorFloat(int d) {
    std::string a = tensorExpr(d);
    switch (pick(3)) {
      case 0: return "float(" + a + ".sum())";
      case 1: return "float(" + a + ".max())";
      default: return "float(" + a + "[" + intExpr(1) + " % 2][" + intExpr(1) + " % 3])";
    }
  }

  std::string tensorBool(int d, const std::string& cmp) {
    if (chance(0.5)) return "bool((" + tensorExpr(d) + cmp + tensorExpr(d) + ").any())";
    return "bool(" + tensorExpr(d) + ".sum()" + cmp + clampFloat(floatExpr(1)) + ")";
  }

  // Tensor statements: assignments and in-place ops on t0/t1 and through views of them (a row
  // selected by a computed index, a column slice, the long-lived view v0).
  std::string tensorStatement(const std::string& in) {
    const int ed = 2;
    std::string t = var(T::Tensor);
    std::string row = t + "[(" + intExpr(1) + ") % 2]";
    switch (pick(12)) {
      case 0:
      case 1: return in + t + " = " + tensorExpr(ed) + "\n";
      case 2: return in + t + ".add_(" + tensorExpr(ed) + ")\n";
      case 3: return in + t + ".mul_(" + clampFloat(floatExpr(1)) + ")\n";
      case 4: return in + t + ".clamp_(-4.0, 4.0)\n";
      case 5: return in + t + ".copy_(" + tensorExpr(ed) + ")\n";
      case 6: return in + row + ".add_(" + tensorExpr(ed) + "[0])\n";
      case 7: return in + row + " = " + tensorExpr(ed) + "[1]\n";
      case 8: return in + t + "[:, 1:3] = " + clampFloat(floatExpr(1)) + "\n";
      case 9: return in + "v0.add_(" + clampFloat(floatExpr(1)) + ")\n";
      case 10: return in + "v0.mul_(" + tensorExpr(ed) + "[0])\n";
      default: return in + var(T::List) + ".append(" + tensorInt(1) + ")\n";
    }
  }

  std::string indent(int level) { return std::string(4 * static_cast<size_t>(level), ' '); }

  // A statement at `level` (1 = the function body), `depth` blocks deep.
  std::string statement(int level, int depth) {
    std::string in = indent(level);
    if (tensorsHere() && chance(0.45)) return tensorStatement(in);
    if (chance(0.2))
      if (std::string x = moreStatement(in); !x.empty()) return x;
    size_t kind = pick(depth >= 2 ? 5 : 9);
    if (kind == 4 && chance(0.6)) kind = 0;  // a raise ends the program: keep it rarer
    const int ed = 3;
    switch (kind) {
      case 0:
      case 1: {
        static const T kTypes[] = {T::Int, T::Int, T::Float, T::Bool, T::Str};
        T t = kTypes[pick(std::size(kTypes))];
        std::string v = var(t);
        if (t == T::Int && chance(0.3)) return in + v + " += " + intExpr(ed) + "\n";
        return in + v + " = " + expr(t, ed) + "\n";
      }
      case 2: return in + var(T::List) + ".append(" + intExpr(ed) + ")\n";
      case 3: {
        std::string l = var(T::List);
        if (chance(0.5)) return in + l + "[" + intExpr(ed) + " % len(" + l + ")] = " + intExpr(ed) + "\n";
        return in + l + " = (" + l + " + " + l + ")[0:12]\n";
      }
      case 4: return in + "if " + boolExpr(ed) + ":\n" + indent(level + 1) + "raise ValueError(\"v\" + str(" + var(T::Int) +
                     "))\n";
      case 5:
      case 6: {
        std::string s = in + "if " + boolExpr(ed) + ":\n" + block(level + 1, depth + 1);
        if (chance(0.3)) s += in + "elif " + boolExpr(ed) + ":\n" + block(level + 1, depth + 1);
        if (chance(0.6)) s += in + "else:\n" + block(level + 1, depth + 1);
        return s;
      }
      case 7: {
        std::string k = "k" + std::to_string(loops_++);
        std::string head = in + "for " + k + " in range(" + intExpr(2) + " % 4):\n";
        vars_.push_back({k, T::Int});  // readable (and assignable) in the body only
        std::string s = head + block(level + 1, depth + 1, true, true);
        vars_.pop_back();
        return s;
      }
      default: {
        std::string w = "w" + std::to_string(loops_++);
        std::string s = in + w + " = 0\n" + in + "while " + w + " < " + intExpr(2) + " % 3:\n" +
                        block(level + 1, depth + 1, true) + indent(level + 1) + w + " += 1\n";
        return s;
      }
    }
  }

  // Writes to the dict and the object, a list rebuilt by a comprehension.
  std::string moreStatement(const std::string& in) {
    switch (pick(5)) {
      case 0: return has(T::Dict) ? in + var(T::Dict) + "[" + strExpr(2) + "] = " + intExpr(2) + "\n" : "";
      case 1: return has(T::Obj) ? in + var(T::Obj) + ".n = " + intExpr(2) + " % 1009\n" : "";
      case 2: return has(T::Obj) ? in + var(T::Obj) + ".items.append(" + intExpr(2) + ")\n" : "";
      case 3: return has(T::Obj) ? in + var(T::Obj) + ".bump(" + intExpr(2) + ")\n" : "";
      default: {
        std::string l = var(T::List);
        return in + l + " = [w_ * " + intLiteral() + " % 1000 for w_ in " + l + "][0:12]\n";
      }
    }
  }

  // A loop body; for-loops may also `continue` (a while body's counter is bumped after the body).
  std::string block(int level, int depth, bool inLoop = false, bool forLoop = false) {
    std::string s;
    size_t n = 1 + pick(3);
    for (size_t k = 0; k < n; ++k) s += statement(level, depth);
    if (inLoop && chance(0.2))
      s += indent(level) + "if " + boolExpr(2) + ":\n" + indent(level + 1) +
           (forLoop && chance(0.5) ? "continue\n" : "break\n");
    return s;
  }

  bool tensorsHere() const { return tensors_ && !inHelper_; }

  std::mt19937_64 rng_;
  bool tensors_ = false;
  bool inHelper_ = false;
  std::vector<Helper> helpers_;
  std::vector<Var> vars_;
  size_t loops_ = 0;
};

}  // namespace

std::string SourceProgram::text() const {
  std::ostringstream os;
  for (const std::string& d : definitions) os << d << "\n\n";
  os << "def " << name << "():\n";
  for (const std::string& d : declarations) os << "    " << d << "\n";
  for (const std::string& s : statements) os << s;
  os << "    return (";
  for (size_t i = 0; i < returned.size(); ++i) os << (i ? ", " : "") << returned[i];
  os << ")\n";
  return os.str();
}

SourceProgram generateSourceProgram(uint64_t seed, const std::string& name, size_t statements, bool tensors) {
  Gen g(seed, tensors);
  return g.program(name, statements);
}

}  // namespace tsjit::fuzz

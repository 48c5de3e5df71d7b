// PythonPrint.h — graphs, functions and module classes as TorchScript source, the way PyTorch 1.13's
// python printer writes them: `fn.code`, `module.code` and the code/ files of a torch.jit.save
// archive (ArchiveCode.h lays those files out).
//
// The rules followed (facts about 1.13's output, checked against the corpus's recorded `code`):
//   - values are named after their debug name without its `.N` suffix, made unique per function
//     with a counter per base name that runs on across the functions printed by one printer
//     (`acc`, `acc0`, `acc1`); unnamed values are `_0`, `_1`, ...; Python keywords and the names
//     the printed code itself uses (`ops`, `CONSTANTS`, `_`, ...) are never used;
//   - an expression is written inline at its single use when it has one output, no blocks, no debug
//     name (unless it feeds a block's return), is not a loop-carried input and sits exactly where a
//     parser re-reading the expression would emit it (a right-to-left walk over the inputs that
//     meets the preceding nodes in order); constants are always inline, hoisted first;
//   - a statement longer than 40 characters (indentation included) is split: the long inline
//     argument and every inline argument before it (effects keep their order) get a variable;
//   - aten ops print as `torch.<name>(...)`, others as `ops.<ns>.<name>(...)`, trailing arguments
//     equal to the schema's defaults are dropped and keyword-only ones written `name=value`;
//     casts, indexing, tuples, lists, dicts, attributes and calls have their own spelling
//     (`int(x)`, `xs[i]`, `(a, b)`, `annotate(List[int], [])`, `self.w`, `(m).forward(x, )`);
//   - If/Loop become `if`/`else`, `for i in range(n)` or `while c` with the block outputs assigned
//     to the node's outputs (loop-carried values assigned before the loop and at the end of the
//     body); an Optional/Union value gets an annotation the first time it is assigned;
//   - tensor constants go to a table shared by every file of an archive and print `CONSTANTS.c<i>`
//     (equal tensors share an entry); function constants print the function's qualified name.
// Invariant: the printer never changes the graphs it prints.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "jit/frontend/Module.h"
#include "jit/ir/Attributes.h"
#include "jit/ir/Function.h"
#include "jit/ir/InterfaceType.h"
#include "jit/ir/Type.h"

namespace tsjit::serialization {

// What printed code refers to and an archive must also define (module classes and free
// functions), in first-reference order: the order PyTorch writes files and definitions in.
struct PrintDeps {
  struct Entry {
    ClassTypePtr cls;                   // a class, or
    const Function* function = nullptr;  // a free function, or
    TypePtr enumType;                    // an enum class (printed `class Color(Enum):`)
  };
  std::vector<Entry> entries;
  void addClass(const ClassTypePtr& cls);
  void addFunction(const Function* fn);
  void addEnum(const TypePtr& enumType);  // an EnumType with its members
};

// The qualified name code uses for a free function: its name with `__torch__.` in front when it
// lacks it (user functions are compiled under their plain names).
std::string printedFunctionName(const Function& fn);

// The `Final` constants and the module-ness of a class (ClassType knows neither).
struct ClassPrintInfo {
  bool isModule = false;
  std::vector<frontend::ModuleConstDesc> constants;  // printed `name : Final[T] = value`, in order
  // The functions printed as the methods, in order; empty: the class's own methods. (An archive
  // prints methods as compiled, before calls were inlined into them.)
  std::vector<const Function*> methods;
};

struct PrintContext {
  // The CONSTANTS table; a printer without one fails on a tensor constant (InternalError).
  std::vector<TensorConstant>* constants = nullptr;
  // Classes and functions referenced (optional).
  PrintDeps* deps = nullptr;
  // The function a `prim::Constant[name="f"]` of type Function names; nullptr when unknown (the
  // printer then writes the plain name).
  std::function<const Function*(const std::string& name)> resolveFunction;
};

class PythonPrinter {
 public:
  explicit PythonPrinter(PrintContext context);
  ~PythonPrinter();
  PythonPrinter(const PythonPrinter&) = delete;
  PythonPrinter& operator=(const PythonPrinter&) = delete;

  // `def name(arg: T, ...) -> R:` and the body. Methods print `self` without its type as
  // `.code` does (printFirstArgType = false); archive files print it.
  void printFunction(const Function& fn, bool printFirstArgType = true);
  // `class Name(Module):` with __parameters__, __buffers__, attribute annotations, Final constants
  // and every method of `cls` in order.
  void printClass(const ClassType& cls, const ClassPrintInfo& info);
  // `class Color(Enum):` with its members.
  void printEnum(const EnumType& e);
  // `class I(ModuleInterface):` (or `(Interface)`) with each method's signature and a `pass` body.
  void printInterface(const InterfaceType& i);

  const std::string& str() const;
  // The archive format version the printed ops need (as 1.13 writes it): 3, or the first version
  // with today's semantics of an op that has an upgrader (aten::div/div_ on tensors 4, full 5,
  // linspace 8, logspace 9, gelu 10).
  int64_t minVersion() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// `fn.code` as PyTorch prints it for one function (methods: without self's type). Tensor
// constants land in `constants` when given.
std::string printFunctionCode(const Function& fn, bool isMethod,
                              const std::function<const Function*(const std::string&)>& resolveFunction = {},
                              std::vector<TensorConstant>* constants = nullptr);

}  // namespace tsjit::serialization

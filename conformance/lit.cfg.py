# lit.cfg.py — lit configuration for the FileCheck tests under conformance/ (`.ir` files with
# RUN: and CHECK: lines in `#` comments). Run through ctest (`lit` test), or by hand:
#   python3 /usr/lib/llvm-14/build/utils/lit/lit.py -sv --param tsjit=build/tools/tsjit conformance
# Substitutions: `tsjit` -> the built binary, `FileCheck` and `not` -> LLVM 14's tools.
import os
import tempfile

import lit.formats

config.name = "tsjit"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".ir"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
# Outputs (%t files) go to the build tree (ctest passes exec_root), never into the sources.
config.test_exec_root = lit_config.params.get("exec_root", os.path.join(tempfile.gettempdir(), "tsjit-lit"))
config.excludes = ["lit.cfg.py", "CMakeLists.txt"]

tsjit = lit_config.params.get("tsjit") or os.environ.get("TSJIT_BINARY")
if not tsjit or not os.path.exists(tsjit):
    lit_config.fatal("pass --param tsjit=<path to the built tsjit binary> (got %r)" % tsjit)
llvm_bin = lit_config.params.get("llvm_bin", "/usr/lib/llvm-14/bin")


def tool(name):
    # Whole-word match that does not touch paths or option names containing the word.
    return r"(?<![\w/.-])" + name + r"(?![\w/.-])"


config.substitutions.append((tool("tsjit"), tsjit))
config.substitutions.append((tool("FileCheck"), os.path.join(llvm_bin, "FileCheck")))
config.substitutions.append((tool("not"), os.path.join(llvm_bin, "not")))
config.environment["TSJIT_LOG_LEVEL"] = ""

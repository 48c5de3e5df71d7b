# An enum class of an imported Python module in an archive written by PyTorch 1.13.1
# (conformance/pt113/enum_pkg/pkg_module.pt, recorded with scripts/pt113_lang_archives.py with
# PyTorch's outputs in pkg_module.torch.json, copied below): the classes are
# __torch__.pt113_pkgmod.Mode / PkgModule, the code is code/__torch__/pt113_pkgmod.py, data.pkl
# names GLOBAL '__torch__.pt113_pkgmod Mode'. tsjit loads it (annotations and constants
# `__torch__.pt113_pkgmod.Mode.FAST` resolve to the declared class), runs it to PyTorch's outputs on
# both engines, and load -> save keeps the code byte for byte and is a byte fixpoint.
# RUN: rm -rf %t && mkdir -p %t/a %t/b
# RUN: for e in jit reference; do for k in 0 1; do tsjit load %S/../../pt113/enum_pkg/pkg_module.pt --inputs %S/../../pt113/enum_pkg/inputs_$k.json --engine $e 2>/dev/null | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"data":["0x1.0000000000000p-1","-0x1.8000000000000p+1","-0x1.8000000000000p-1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.8000000000000p+1","-0x1.0000000000000p+2","0x1.0000000000000p-1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.0000000000000p-1","-0x1.8000000000000p+1","-0x1.8000000000000p-1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.8000000000000p+1","-0x1.0000000000000p+2","0x1.0000000000000p-1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# RUN: tsjit save %S/../../pt113/enum_pkg/pkg_module.pt %t/a/pkg_module.pt
# RUN: tsjit save %t/a/pkg_module.pt %t/b/pkg_module.pt
# RUN: cmp %t/a/pkg_module.pt %t/b/pkg_module.pt
# RUN: python3 -c "import sys, zipfile; a, b = (zipfile.ZipFile(p).read('pkg_module/code/__torch__/pt113_pkgmod.py') for p in sys.argv[1:]); sys.exit(a != b)" %S/../../pt113/enum_pkg/pkg_module.pt %t/a/pkg_module.pt

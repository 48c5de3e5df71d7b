# An archive with interfaces written by PyTorch 1.13.1 (conformance/pt113/iface/iface_module.pt,
# recorded with scripts/pt113_lang_archives.py, which also recorded PyTorch's outputs in
# iface_module.torch.json — copied into the CHECK lines below, never computed by tsjit). Its code
# declares `class ModuleInterface(ModuleInterface):` (the type of the submodule slot `proj`, whose
# object is an Impl1) and `class Shape(Interface):` (a List[Shape] filled by
# `torch.append(out, sq)` with objects of the script class Sq, which implements it structurally).
# 1. `tsjit load --inputs` runs it to PyTorch's outputs on both engines (calls on `proj` dispatch
#    on Impl1 at run time).
# 2. load -> save prints 1.13's code file byte for byte; save(load(save(load(P)))) is
#    byte-identical to save(load(P)); the saved archive runs to the same outputs.
# RUN: rm -rf %t && mkdir -p %t/a %t/b
# RUN: for e in jit reference; do for k in 0 1; do tsjit load %S/../../pt113/iface/iface_module.pt --inputs %S/../../pt113/iface/inputs_$k.json --engine $e 2>/dev/null | tr -d ' \n'; echo; done; done | FileCheck %s --check-prefix=TORCH
# TORCH: [{"data":["0x1.4800000000000p+5","-0x1.0000000000000p+0","0x1.a000000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# TORCH-NEXT: [{"data":["0x1.0800000000000p+5","-0x1.2000000000000p+3","0x1.2000000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# TORCH-NEXT: [{"data":["0x1.4800000000000p+5","-0x1.0000000000000p+0","0x1.a000000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# TORCH-NEXT: [{"data":["0x1.0800000000000p+5","-0x1.2000000000000p+3","0x1.2000000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# RUN: tsjit save %S/../../pt113/iface/iface_module.pt %t/a/iface_module.pt
# RUN: tsjit save %t/a/iface_module.pt %t/b/iface_module.pt
# RUN: cmp %t/a/iface_module.pt %t/b/iface_module.pt
# RUN: python3 -c "import sys, zipfile; a, b = (zipfile.ZipFile(p).read('iface_module/code/__torch__.py') for p in sys.argv[1:]); sys.exit(a != b)" %S/../../pt113/iface/iface_module.pt %t/a/iface_module.pt
# RUN: for k in 0 1; do tsjit load %t/b/iface_module.pt --inputs %S/../../pt113/iface/inputs_$k.json 2>/dev/null | tr -d ' \n'; echo; done | FileCheck %s --check-prefix=ROUND
# ROUND: [{"data":["0x1.4800000000000p+5","-0x1.0000000000000p+0","0x1.a000000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# ROUND-NEXT: [{"data":["0x1.0800000000000p+5","-0x1.2000000000000p+3","0x1.2000000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]

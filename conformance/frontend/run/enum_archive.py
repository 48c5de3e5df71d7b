# An archive with enum attributes written by PyTorch 1.13.1 (conformance/pt113/enum/enum_module.pt,
# recorded with scripts/pt113_enum_archive.py, which also recorded PyTorch's outputs in
# enum_module.torch.json — copied into the CHECK lines below, never computed by tsjit):
# data.pkl holds the members as GLOBAL '__torch__ Color' + value + REDUCE (also inside a
# List[__torch__.Unit] type tag), code/__torch__.py declares `class Color(Enum):` after the module.
# 1. `tsjit load --inputs` runs forward with an enum argument to PyTorch's outputs, both engines.
# 2. load -> save: the code tsjit prints is 1.13's file byte for byte; load -> save -> load keeps
#    the attributes and results; save(load(save(load(P)))) is byte-identical to save(load(P)).
# RUN: rm -rf %t && mkdir -p %t/a %t/b
# RUN: for e in jit reference; do for k in 0 1 2; do tsjit load %S/../../pt113/enum/enum_module.pt --inputs %S/../../pt113/enum/inputs_$k.json --engine $e 2>/dev/null | tr -d ' \n'; echo; done; done | FileCheck %s --check-prefix=TORCH
# TORCH: [{"data":["0x1.c000000000000p+1","-0x1.c000000000000p+2","-0x1.0000000000000p-2"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# TORCH-NEXT: [{"data":["0x1.1000000000000p+2","-0x1.0000000000000p+0","0x1.3000000000000p+1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# TORCH-NEXT: [{"data":["0x1.0000000000000p-1","-0x1.8000000000000p+1","-0x1.8000000000000p-1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# TORCH-NEXT: [{"data":["0x1.c000000000000p+1","-0x1.c000000000000p+2","-0x1.0000000000000p-2"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# TORCH-NEXT: [{"data":["0x1.1000000000000p+2","-0x1.0000000000000p+0","0x1.3000000000000p+1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# TORCH-NEXT: [{"data":["0x1.0000000000000p-1","-0x1.8000000000000p+1","-0x1.8000000000000p-1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# RUN: tsjit save %S/../../pt113/enum/enum_module.pt %t/a/enum_module.pt
# RUN: tsjit save %t/a/enum_module.pt %t/b/enum_module.pt
# RUN: cmp %t/a/enum_module.pt %t/b/enum_module.pt
# RUN: python3 -c "import sys, zipfile; a, b = (zipfile.ZipFile(p).read('enum_module/code/__torch__.py') for p in sys.argv[1:]); sys.exit(a != b)" %S/../../pt113/enum/enum_module.pt %t/a/enum_module.pt
# RUN: tsjit load %S/../../pt113/enum/enum_module.pt --no-code | tail -n +2 > %t/orig.txt
# RUN: tsjit load %t/a/enum_module.pt --no-code | tail -n +2 > %t/saved.txt
# RUN: diff %t/orig.txt %t/saved.txt
# RUN: FileCheck %s --check-prefix=ATTRS < %t/saved.txt
# ATTRS: attribute color : __torch__.Color = __torch__.Color.GREEN
# ATTRS-NEXT: attribute units : List[__torch__.Unit] = [__torch__.Unit.KM, __torch__.Unit.MM]
# ATTRS-NEXT: attribute scale : __torch__.Scale = __torch__.Scale.HALF
# RUN: for k in 0 1 2; do tsjit load %t/b/enum_module.pt --inputs %S/../../pt113/enum/inputs_$k.json 2>/dev/null | tr -d ' \n'; echo; done | FileCheck %s --check-prefix=ROUND
# ROUND: [{"data":["0x1.c000000000000p+1","-0x1.c000000000000p+2","-0x1.0000000000000p-2"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# ROUND-NEXT: [{"data":["0x1.1000000000000p+2","-0x1.0000000000000p+0","0x1.3000000000000p+1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# ROUND-NEXT: [{"data":["0x1.0000000000000p-1","-0x1.8000000000000p+1","-0x1.8000000000000p-1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]

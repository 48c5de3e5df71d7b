# An archive with torch.jit.fork written by PyTorch 1.13.1 (conformance/pt113/fork/fork_module.pt,
# recorded with scripts/pt113_lang_archives.py, which also recorded PyTorch's outputs in
# fork_module.torch.json — copied into the CHECK lines below, never computed by tsjit). 1.13
# prints each fork as a nested `def __forked_function():` whose body reads outer variables, then
# `fut = fork(__forked_function)`; the importer compiles that back into prim::fork with the
# variables read as the fork's inputs (a free function, a Tensor method with a keyword, a builtin
# op, a method without arguments).
# 1. `tsjit load --inputs` runs it to PyTorch's outputs on both engines.
# 2. load -> save prints 1.13's code file byte for byte; save(load(save(load(P)))) is
#    byte-identical to save(load(P)); the saved archive runs to the same outputs.
# RUN: rm -rf %t && mkdir -p %t/a %t/b
# RUN: for e in jit reference; do for k in 0 1; do tsjit load %S/../../pt113/fork/fork_module.pt --inputs %S/../../pt113/fork/inputs_$k.json --engine $e 2>/dev/null | tr -d ' \n'; echo; done; done | FileCheck %s --check-prefix=TORCH
# TORCH: [{"data":["0x1.dd00000000000p+5","-0x1.3000000000000p+3","0x1.be80000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# TORCH-NEXT: [{"data":["0x1.0d00000000000p+5","0x1.0000000000000p+2","0x1.2500000000000p+7","0x1.3ea0000000000p+4"],"dtype":"float32","shape":[2,2],"strides":[2,1],"type":"Tensor"}]
# TORCH-NEXT: [{"data":["0x1.dd00000000000p+5","-0x1.3000000000000p+3","0x1.be80000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# TORCH-NEXT: [{"data":["0x1.0d00000000000p+5","0x1.0000000000000p+2","0x1.2500000000000p+7","0x1.3ea0000000000p+4"],"dtype":"float32","shape":[2,2],"strides":[2,1],"type":"Tensor"}]
# RUN: tsjit save %S/../../pt113/fork/fork_module.pt %t/a/fork_module.pt
# RUN: tsjit save %t/a/fork_module.pt %t/b/fork_module.pt
# RUN: cmp %t/a/fork_module.pt %t/b/fork_module.pt
# RUN: python3 -c "import sys, zipfile; a, b = (zipfile.ZipFile(p).read('fork_module/code/__torch__.py') for p in sys.argv[1:]); sys.exit(a != b)" %S/../../pt113/fork/fork_module.pt %t/a/fork_module.pt
# RUN: for k in 0 1; do tsjit load %t/b/fork_module.pt --inputs %S/../../pt113/fork/inputs_$k.json 2>/dev/null | tr -d ' \n'; echo; done | FileCheck %s --check-prefix=ROUND
# ROUND: [{"data":["0x1.dd00000000000p+5","-0x1.3000000000000p+3","0x1.be80000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# ROUND-NEXT: [{"data":["0x1.0d00000000000p+5","0x1.0000000000000p+2","0x1.2500000000000p+7","0x1.3ea0000000000p+4"],"dtype":"float32","shape":[2,2],"strides":[2,1],"type":"Tensor"}]

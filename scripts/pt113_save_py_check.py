#!/usr/bin/python3
"""pt113_save_py_check.py — `tsjit save CASE.py OUT.pt --state cases/CASE.json` for every corpus
module case (the source compiled by tsjit, the code written by tsjit's python printer), then
`torch.jit.load(OUT.pt)` in real PyTorch 1.13 and forward on the case's inputs: the outputs must be
identical to those of the corpus's own archive in the same PyTorch; also counts how many saved
archives hold code byte-identical to PyTorch's. Opt-in (apt-get install -y python3-torch).
    scripts/pt113_save_py_check.py [TSJIT] [CORPUS]
"""
import glob, json, subprocess, sys, tempfile, zipfile

import torch
from pathlib import Path
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / 'scripts'))
TSJIT = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / 'build/tools/tsjit')
CORPUS = sys.argv[2] if len(sys.argv) > 2 else str(ROOT / 'conformance/corpus/torch-1.13')
TMP = tempfile.mkdtemp(prefix='tsjit_pysave_')
from torch_oracle import decode
torch.set_num_threads(1)
n_same = n_ok = n = 0
for f in sorted(glob.glob(CORPUS + '/cases/mod_*.json')):
    d = json.load(open(f)); name = d['name']; n += 1
    open(f'{TMP}/{name}.py', 'w').write(d['preamble'] + '\n' + d['source'])
    out = f'{TMP}/{name}.pt'
    r = subprocess.run([TSJIT, 'save', f'{TMP}/{name}.py', out, '--state', f], capture_output=True, text=True)
    if r.returncode: print(name, 'SAVE FAILED', r.stderr.strip()); continue
    code = lambda p: {k.split('/',1)[1]: zipfile.ZipFile(p).read(k) for k in zipfile.ZipFile(p).namelist() if '/code/' in k and k.endswith('.py')}
    identical = code(out) == code(CORPUS + '/' + d['archive'])
    n_same += identical
    m1 = torch.jit.load(out); m0 = torch.jit.load(CORPUS + '/' + d['archive'])
    a = m1(*[decode(torch, v) for v in d['inputs']]); b = m0(*[decode(torch, v) for v in d['inputs']])
    def same(x, y):
        if isinstance(x, torch.Tensor): return isinstance(y, torch.Tensor) and x.dtype == y.dtype and torch.equal(x, y)
        if isinstance(x, (list, tuple)): return type(x) == type(y) and len(x) == len(y) and all(same(p, q) for p, q in zip(x, y))
        if isinstance(x, dict): return list(x) == list(y) and all(same(x[k], y[k]) for k in x)
        return x == y
    eq = same(a, b)
    n_ok += eq
    print(f'{name:28} code {"identical" if identical else "differs"}; PyTorch runs it: {"same outputs" if eq else "DIFFERENT"}')
print(f'{n} module cases saved from .py + state: {n_same} with code identical to PyTorch archive, {n_ok} load in PyTorch with outputs identical to its own archive')
sys.exit(0 if n_ok == n else 1)

# Indexing ops of 1.13 (IndexingMore.cpp in each engine): take, take_along_dim (broadcast indices,
# flat form), index_copy(_) (repeated indices: the last wins), masked_scatter(_) (broadcast mask;
# in place on a transposed self the source fills in memory order, as 1.13's TensorIterator),
# index_fill (self's layout; 1.13's check order), scatter_reduce(_) for sum / prod / mean / amax / amin
# with and without include_self (integer mean floors). Recorded on python3-torch 1.13.1
# (scripts/pt113_script_run.py).
# RUN: echo '[{"type": "Tensor", "dtype": "float32", "shape": [2, 3, 4], "data": [0.5, -1.25, 2.0, 0.0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]}, {"type": "Tensor", "dtype": "int64", "shape": [10], "data": [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}]' > %t.json
# RUN: for f in f; do for e in jit reference; do tsjit run %s --entry $f --inputs %t.json --engine $e | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"elem":"Tensor","items":[{"data":["0x1.0000000000000p-1","0x1.0000000000000p+3","0x1.0000000000000p+1","0x1.0000000000000p+3"],"dtype":"float32","shape":[4],"strides":[1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","0x1.0000000000000p+0","0x1.4000000000000p+4","0x1.0000000000000p-1"],"dtype":"float32","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":[7],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p-1"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.8000000000000p+1","0x1.8000000000000p+2"],"dtype":"float32","shape":[3,1],"strides":[1,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p+1","0x0.0p+0"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.c000000000000p+2"],"dtype":"float32","shape":[3,1],"strides":[1,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p+1","0x1.c000000000000p+2","0x0.0p+0","0x1.0000000000000p+2","0x1.4000000000000p+2"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":[7,8],"dtype":"int64","shape":[2,1],"strides":[1,1],"type":"Tensor"},{"data":["0x1.a000000000000p+3","0x1.c000000000000p+3","0x1.e000000000000p+3","0x1.0000000000000p+4","0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.2000000000000p+3","0x1.4000000000000p+3","0x1.6000000000000p+3","0x1.8000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.4000000000000p+3","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x1.6000000000000p+3","0x1.c000000000000p+3","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.e000000000000p+3","0x1.2000000000000p+4","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.3000000000000p+4"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p+0","0x1.4000000000000p+2","0x1.2000000000000p+3","0x1.4000000000000p+3","0x1.6000000000000p+3","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.c000000000000p+2","0x0.0p+0","0x1.0000000000000p+2","0x1.0000000000000p+3"],"dtype":"float32","shape":[4,3],"strides":[3,1],"type":"Tensor"},{"data":[3,4,5,6,7,8,9,10,11,-7],"dtype":"int64","shape":[10],"strides":[1],"type":"Tensor"},{"data":["0x1.4000000000000p+2"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.2000000000000p+3","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p+0","0x1.a000000000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.1000000000000p+4","0x1.c000000000000p+2","0x1.0000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.e000000000000p+4","0x1.4000000000000p+5","0x1.9000000000000p+5"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x1.4000000000000p+3","0x1.6000000000000p+3","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.8000000000000p+3","0x1.a000000000000p+3","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.c000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p-1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p+0","0x1.4000000000000p+2","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x0.0p+0","0x1.0000000000000p+2","0x1.4000000000000p+2"],"dtype":"float32","shape":[4,3],"strides":[3,1],"type":"Tensor"},{"data":[3,4,5,6,7,-3,-4,-5,-6,-7],"dtype":"int64","shape":[10],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.8000000000000p+0","-0x1.4000000000000p+0","-0x1.8000000000000p+0","0x0.0p+0","-0x1.8000000000000p+0","0x1.0000000000000p+1","-0x1.8000000000000p+0","0x1.0000000000000p+2","-0x1.8000000000000p+0","0x1.8000000000000p+2","-0x1.8000000000000p+0","0x1.0000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p+0","0x1.4000000000000p+2","0x1.c000000000000p+2","0x1.c000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.c000000000000p+2","0x0.0p+0","0x1.0000000000000p+2","0x1.0000000000000p+3"],"dtype":"float32","shape":[4,3],"strides":[1,4],"type":"Tensor"},{"data":[2,4,5,6,7,8,9,10,11,2],"dtype":"int64","shape":[10],"strides":[1],"type":"Tensor"},{"data":["0x1.3000000000000p+3","-0x1.4000000000000p+0","0x1.c000000000000p+4","0x0.0p+0","0x1.c000000000000p+3","0x1.a000000000000p+4","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.2000000000000p+5"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.a000000000000p+4","0x0.0p+0","0x1.a000000000000p+3","0x1.8000000000000p+4","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.c000000000000p+4"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+2","-0x1.4000000000000p+0","0x1.4a00000000000p+8","0x0.0p+0","0x1.a000000000000p+3","0x1.1800000000000p+8","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.8000000000000p+10"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.4a00000000000p+7","0x0.0p+0","0x1.a000000000000p+3","0x1.1800000000000p+7","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.8000000000000p+7"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.3000000000000p+2","-0x1.4000000000000p+0","0x1.2aaaaa0000000p+3","0x0.0p+0","0x1.c000000000000p+2","0x1.1555560000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.8000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.a000000000000p+3","0x0.0p+0","0x1.a000000000000p+3","0x1.8000000000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.c000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.e000000000000p+3","0x0.0p+0","0x1.a000000000000p+3","0x1.c000000000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+4"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.e000000000000p+3","0x0.0p+0","0x1.a000000000000p+3","0x1.c000000000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+4"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.6000000000000p+3","0x0.0p+0","0x1.a000000000000p+3","0x1.4000000000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.8000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":[-11,-15,5,6,7,8,-27,10,11,12],"dtype":"int64","shape":[2,5],"strides":[5,1],"type":"Tensor"},{"data":[3,4,5,6,7,8,9,10,11,12],"dtype":"int64","shape":[2,5],"strides":[5,1],"type":"Tensor"},{"data":[12,5,5,6,7,8,720,10,11,12],"dtype":"int64","shape":[2,5],"strides":[5,1],"type":"Tensor"},{"data":[4,8,5,10,5,10,6,11,7,12],"dtype":"int64","shape":[5,2],"strides":[2,1],"type":"Tensor"},{"data":["0x1.3000000000000p+3","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.c000000000000p+3","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.9000000000000p+4"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"Tensor","items":[{"data":["0x1.0000000000000p-1","0x1.0000000000000p+3","0x1.0000000000000p+1","0x1.0000000000000p+3"],"dtype":"float32","shape":[4],"strides":[1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","0x1.0000000000000p+0","0x1.4000000000000p+4","0x1.0000000000000p-1"],"dtype":"float32","shape":[2,2],"strides":[2,1],"type":"Tensor"},{"data":[7],"dtype":"int64","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p-1"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.8000000000000p+1","0x1.8000000000000p+2"],"dtype":"float32","shape":[3,1],"strides":[1,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p+1","0x0.0p+0"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.c000000000000p+2"],"dtype":"float32","shape":[3,1],"strides":[1,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p+1","0x1.c000000000000p+2","0x0.0p+0","0x1.0000000000000p+2","0x1.4000000000000p+2"],"dtype":"float32","shape":[2,3],"strides":[3,1],"type":"Tensor"},{"data":[7,8],"dtype":"int64","shape":[2,1],"strides":[1,1],"type":"Tensor"},{"data":["0x1.a000000000000p+3","0x1.c000000000000p+3","0x1.e000000000000p+3","0x1.0000000000000p+4","0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.2000000000000p+3","0x1.4000000000000p+3","0x1.6000000000000p+3","0x1.8000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.4000000000000p+3","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x1.6000000000000p+3","0x1.c000000000000p+3","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.e000000000000p+3","0x1.2000000000000p+4","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.3000000000000p+4"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p+0","0x1.4000000000000p+2","0x1.2000000000000p+3","0x1.4000000000000p+3","0x1.6000000000000p+3","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.c000000000000p+2","0x0.0p+0","0x1.0000000000000p+2","0x1.0000000000000p+3"],"dtype":"float32","shape":[4,3],"strides":[3,1],"type":"Tensor"},{"data":[3,4,5,6,7,8,9,10,11,-7],"dtype":"int64","shape":[10],"strides":[1],"type":"Tensor"},{"data":["0x1.4000000000000p+2"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.2000000000000p+3","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p+0","0x1.a000000000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.1000000000000p+4","0x1.c000000000000p+2","0x1.0000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.e000000000000p+4","0x1.4000000000000p+5","0x1.9000000000000p+5"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x1.4000000000000p+3","0x1.6000000000000p+3","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.8000000000000p+3","0x1.a000000000000p+3","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.c000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p-1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p+0","0x1.4000000000000p+2","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x0.0p+0","0x1.0000000000000p+2","0x1.4000000000000p+2"],"dtype":"float32","shape":[4,3],"strides":[3,1],"type":"Tensor"},{"data":[3,4,5,6,7,-3,-4,-5,-6,-7],"dtype":"int64","shape":[10],"strides":[1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["-0x1.8000000000000p+0","-0x1.4000000000000p+0","-0x1.8000000000000p+0","0x0.0p+0","-0x1.8000000000000p+0","0x1.0000000000000p+1","-0x1.8000000000000p+0","0x1.0000000000000p+2","-0x1.8000000000000p+0","0x1.8000000000000p+2","-0x1.8000000000000p+0","0x1.0000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","0x1.0000000000000p+0","0x1.4000000000000p+2","0x1.c000000000000p+2","0x1.c000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.c000000000000p+2","0x0.0p+0","0x1.0000000000000p+2","0x1.0000000000000p+3"],"dtype":"float32","shape":[4,3],"strides":[1,4],"type":"Tensor"},{"data":[2,4,5,6,7,8,9,10,11,2],"dtype":"int64","shape":[10],"strides":[1],"type":"Tensor"},{"data":["0x1.3000000000000p+3","-0x1.4000000000000p+0","0x1.c000000000000p+4","0x0.0p+0","0x1.c000000000000p+3","0x1.a000000000000p+4","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.2000000000000p+5"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.a000000000000p+4","0x0.0p+0","0x1.a000000000000p+3","0x1.8000000000000p+4","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.c000000000000p+4"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+2","-0x1.4000000000000p+0","0x1.4a00000000000p+8","0x0.0p+0","0x1.a000000000000p+3","0x1.1800000000000p+8","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.8000000000000p+10"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.4a00000000000p+7","0x0.0p+0","0x1.a000000000000p+3","0x1.1800000000000p+7","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.8000000000000p+7"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.3000000000000p+2","-0x1.4000000000000p+0","0x1.2aaaaa0000000p+3","0x0.0p+0","0x1.c000000000000p+2","0x1.1555560000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.8000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.a000000000000p+3","0x0.0p+0","0x1.a000000000000p+3","0x1.8000000000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.c000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.e000000000000p+3","0x0.0p+0","0x1.a000000000000p+3","0x1.c000000000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+4"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.e000000000000p+3","0x0.0p+0","0x1.a000000000000p+3","0x1.c000000000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+4"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.0000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":["0x1.2000000000000p+3","-0x1.4000000000000p+0","0x1.6000000000000p+3","0x0.0p+0","0x1.a000000000000p+3","0x1.4000000000000p+3","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.8000000000000p+3"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"},{"data":[-11,-15,5,6,7,8,-27,10,11,12],"dtype":"int64","shape":[2,5],"strides":[5,1],"type":"Tensor"},{"data":[3,4,5,6,7,8,9,10,11,12],"dtype":"int64","shape":[2,5],"strides":[5,1],"type":"Tensor"},{"data":[12,5,5,6,7,8,720,10,11,12],"dtype":"int64","shape":[2,5],"strides":[5,1],"type":"Tensor"},{"data":[4,8,5,10,5,10,6,11,7,12],"dtype":"int64","shape":[5,2],"strides":[2,1],"type":"Tensor"},{"data":["0x1.3000000000000p+3","-0x1.4000000000000p+0","0x1.0000000000000p+1","0x0.0p+0","0x1.c000000000000p+3","0x1.0000000000000p+1","0x1.8000000000000p+1","0x1.0000000000000p+2","0x1.4000000000000p+2","0x1.8000000000000p+2","0x1.c000000000000p+2","0x1.9000000000000p+4"],"dtype":"float32","shape":[3,4],"strides":[4,1],"type":"Tensor"}],"type":"List"}]
# RUN: for e in jit reference; do for f in e1 e2 e3 e4 e5 e6 e7 e8 e9 e10 e11 e12 e13 e14 e15 e16 e17 e18 e19 e20 e21 e22 e23 e24 e25 e26 e27 e28 e29 e30 e31 e32 e33 e34; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s --check-prefix=ERR
# ERR: error: RuntimeError: out of range: tried to access index 24 on a tensor of 24 elements.
# ERR-NEXT: error: RuntimeError: take(): Expected a long tensor for index, but got Int
# ERR-NEXT: error: RuntimeError: take(): tried to take from an empty tensor
# ERR-NEXT: error: RuntimeError: torch.take_along_dim(): input and indices should have the same number of dimensions, but got 3 dimensions for input, and 1 dimensions for indices
# ERR-NEXT: error: RuntimeError: torch.take_along_dim(): dtype of indices should be Long but got Int
# ERR-NEXT: error: RuntimeError: index 4 is out of bounds for dimension 1 with size 4
# ERR-NEXT: error: RuntimeError: The size of tensor a (4) must match the size of tensor b (2) at non-singleton dimension 1
# ERR-NEXT: error: RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.
# ERR-NEXT: error: RuntimeError: index_copy_(): Index should have dimension 1 or 0 (got 2)
# ERR-NEXT: error: RuntimeError: index_copy_(): When source and destination are not scalars, their dimensionality must match. Source dimensionality (1), destination dimensionality (2)
# ERR-NEXT: error: RuntimeError: index_copy_(): Expected a long tensor for index, but got Int
# ERR-NEXT: error: RuntimeError: index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) Long
# ERR-NEXT: error: RuntimeError: index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: 3 at dimension 1 and source slice shape: 2 at dimension 0.
# ERR-NEXT: error: RuntimeError: index_copy_(): Number of indices (2) should be equal to source.size(dim) (3)
# ERR-NEXT: error: RuntimeError: index_copy_(): index 4 is out of bounds for dimension 1 with size 4
# ERR-NEXT: error: RuntimeError: index_copy_(): When source is scalar, index should have one element (got 2)
# ERR-NEXT: error: RuntimeError: Number of elements of source < number of ones in mask
# ERR-NEXT: error: RuntimeError: masked_scatter: expected self and source to have same dtypes but gotFloat and Long
# ERR-NEXT: error: RuntimeError: The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 1
# ERR-NEXT: error: RuntimeError: expand(CPUBoolType{[3, 4]}, size=[4]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)
# ERR-NEXT: error: RuntimeError: Mask tensor can take 0 and 1 values only
# ERR-NEXT: error: RuntimeError: index_fill_(): Expected dtype int64 for index.
# ERR-NEXT: error: RuntimeError: index 4 is out of bounds for dimension 1 with size 4
# ERR-NEXT: error: RuntimeError: index_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).
# ERR-NEXT: error: RuntimeError: reduce argument must be either sum, prod, mean, amax or amin.
# ERR-NEXT: error: RuntimeError: index 3 is out of bounds for dimension 0 with size 3
# ERR-NEXT: error: RuntimeError: scatter(): Expected self.dtype to be equal to src.dtype
# ERR-NEXT: error: RuntimeError: Expected index [1, 5] to be smaller than self [3, 4] apart from dimension 0 and to be smaller size than src [3, 4]
# ERR-NEXT: error: RuntimeError: Index tensor must have the same number of dimensions as self tensor
# ERR-NEXT: error: RuntimeError: "scatter_gather_tensor_cpu_reduce_mean" not implemented for 'Bool'
# ERR-NEXT: error: RuntimeError: index_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).
# ERR-NEXT: error: RuntimeError: index_fill_(): Expected dtype int64 for index.
# ERR-NEXT: error: RuntimeError: Dimension out of range (expected to be in range of [-2, 1], but got 5)
# ERR-NEXT: error: RuntimeError: Index has to be a vector/scalar
# ERR-NEXT: error: RuntimeError: out of range: tried to access index 24 on a tensor of 24 elements.
# ERR-NEXT: error: RuntimeError: take(): Expected a long tensor for index, but got Int
# ERR-NEXT: error: RuntimeError: take(): tried to take from an empty tensor
# ERR-NEXT: error: RuntimeError: torch.take_along_dim(): input and indices should have the same number of dimensions, but got 3 dimensions for input, and 1 dimensions for indices
# ERR-NEXT: error: RuntimeError: torch.take_along_dim(): dtype of indices should be Long but got Int
# ERR-NEXT: error: RuntimeError: index 4 is out of bounds for dimension 1 with size 4
# ERR-NEXT: error: RuntimeError: The size of tensor a (4) must match the size of tensor b (2) at non-singleton dimension 1
# ERR-NEXT: error: RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.
# ERR-NEXT: error: RuntimeError: index_copy_(): Index should have dimension 1 or 0 (got 2)
# ERR-NEXT: error: RuntimeError: index_copy_(): When source and destination are not scalars, their dimensionality must match. Source dimensionality (1), destination dimensionality (2)
# ERR-NEXT: error: RuntimeError: index_copy_(): Expected a long tensor for index, but got Int
# ERR-NEXT: error: RuntimeError: index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) Long
# ERR-NEXT: error: RuntimeError: index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: 3 at dimension 1 and source slice shape: 2 at dimension 0.
# ERR-NEXT: error: RuntimeError: index_copy_(): Number of indices (2) should be equal to source.size(dim) (3)
# ERR-NEXT: error: RuntimeError: index_copy_(): index 4 is out of bounds for dimension 1 with size 4
# ERR-NEXT: error: RuntimeError: index_copy_(): When source is scalar, index should have one element (got 2)
# ERR-NEXT: error: RuntimeError: Number of elements of source < number of ones in mask
# ERR-NEXT: error: RuntimeError: masked_scatter: expected self and source to have same dtypes but gotFloat and Long
# ERR-NEXT: error: RuntimeError: The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 1
# ERR-NEXT: error: RuntimeError: expand(CPUBoolType{[3, 4]}, size=[4]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)
# ERR-NEXT: error: RuntimeError: Mask tensor can take 0 and 1 values only
# ERR-NEXT: error: RuntimeError: index_fill_(): Expected dtype int64 for index.
# ERR-NEXT: error: RuntimeError: index 4 is out of bounds for dimension 1 with size 4
# ERR-NEXT: error: RuntimeError: index_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).
# ERR-NEXT: error: RuntimeError: reduce argument must be either sum, prod, mean, amax or amin.
# ERR-NEXT: error: RuntimeError: index 3 is out of bounds for dimension 0 with size 3
# ERR-NEXT: error: RuntimeError: scatter(): Expected self.dtype to be equal to src.dtype
# ERR-NEXT: error: RuntimeError: Expected index [1, 5] to be smaller than self [3, 4] apart from dimension 0 and to be smaller size than src [3, 4]
# ERR-NEXT: error: RuntimeError: Index tensor must have the same number of dimensions as self tensor
# ERR-NEXT: error: RuntimeError: "scatter_gather_tensor_cpu_reduce_mean" not implemented for 'Bool'
# ERR-NEXT: error: RuntimeError: index_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).
# ERR-NEXT: error: RuntimeError: index_fill_(): Expected dtype int64 for index.
# ERR-NEXT: error: RuntimeError: Dimension out of range (expected to be in range of [-2, 1], but got 5)
# ERR-NEXT: error: RuntimeError: Index has to be a vector/scalar
def f(x: Tensor, v: Tensor) -> List[Tensor]:
    m = x[0]
    outs: List[Tensor] = []
    outs.append(torch.take(m, torch.tensor([0, 11, 2, -1])))
    outs.append(torch.take(x.transpose(0, 2), torch.tensor([[1, 2], [23, -24]])))
    outs.append(torch.take(v, torch.tensor(4)))
    outs.append(torch.take(x[0, 0, 0], torch.tensor([0, -1])))
    outs.append(torch.take_along_dim(m, torch.tensor([[0], [2], [1]]), 1))
    outs.append(torch.take_along_dim(m, torch.tensor([0, 5, 3])))
    outs.append(torch.take_along_dim(m, torch.tensor([[2]]), 1))
    outs.append(torch.take_along_dim(m.t(), torch.tensor([[0, 1, 2], [3, 3, 0]]), 0))
    outs.append(torch.take_along_dim(v.reshape(2, 5), torch.tensor([[4], [0]]), -1))
    outs.append(m.index_copy(0, torch.tensor([2, 0]), x[1, :2]))
    outs.append(m.index_copy(1, torch.tensor([3, 0, 3]), x[1, :, :3]))
    outs.append(m.t().index_copy(0, torch.tensor([1]), x[1, :1, :3]))
    outs.append(v.index_copy(0, torch.tensor([9]), torch.tensor(-7)))
    outs.append(x[0, 0, 0].index_copy(0, torch.tensor([0]), torch.tensor([5.0])))
    c = m.clone()
    c.index_copy_(1, torch.tensor([1]), x[1, :, :1])
    outs.append(c)
    mask = m > 5
    outs.append(m.masked_scatter(mask, v.float() * 10))
    outs.append(m.masked_scatter(torch.tensor([True, False, False, True]), x[1]))
    outs.append(x[0, 0].masked_scatter(mask, v.float()))
    outs.append(m.t().masked_scatter(mask.t(), v.float()))
    outs.append(v.masked_scatter(v > 7, -v))
    t = m.t().clone().t()
    t.masked_scatter_(mask, v.float())
    outs.append(t)
    outs.append(m.index_fill(1, torch.tensor([0, 2]), -1.5))
    outs.append(m.t().index_fill(0, torch.tensor([1]), 7))
    outs.append(v.index_fill(0, torch.tensor([-1, 0]), torch.tensor(2)))
    src = x[1, :2]
    idx = torch.tensor([[0, 1, 0, 2], [1, 1, 0, 2]])
    for red in ["sum", "prod", "mean", "amax", "amin"]:
        outs.append(m.scatter_reduce(0, idx, src, red))
        outs.append(m.scatter_reduce(0, idx, src, red, include_self=False))
    vi = v.reshape(2, 5)
    ii = torch.tensor([[0, 0, 1], [1, 1, 1]])
    outs.append(vi.scatter_reduce(1, ii, vi * -3, "mean", include_self=False))
    outs.append(vi.scatter_reduce(1, ii, vi, "mean"))
    outs.append(vi.scatter_reduce(1, ii, vi, "prod", include_self=False))
    outs.append(vi.t().scatter_reduce(0, ii.t(), vi.t(), "amax"))
    s = m.clone()
    s.scatter_reduce_(1, torch.tensor([[0], [0], [3]]), x[1], "sum")
    outs.append(s)
    return outs

def e1(x: Tensor, v: Tensor) -> Tensor:
    return torch.take(x, torch.tensor([24]))
def e2(x: Tensor, v: Tensor) -> Tensor:
    return torch.take(x, torch.tensor([1], dtype=torch.int32))
def e3(x: Tensor, v: Tensor) -> Tensor:
    return torch.take(x[:, :0], torch.tensor([0]))
def e4(x: Tensor, v: Tensor) -> Tensor:
    return torch.take_along_dim(x, torch.tensor([0, 1]), 1)
def e5(x: Tensor, v: Tensor) -> Tensor:
    return torch.take_along_dim(x[0], torch.tensor([[0]], dtype=torch.int32), 1)
def e6(x: Tensor, v: Tensor) -> Tensor:
    return torch.take_along_dim(x[0], torch.tensor([[4]]), 1)
def e7(x: Tensor, v: Tensor) -> Tensor:
    return torch.take_along_dim(x[0], torch.tensor([[0, 1]]), 0)
def e8(x: Tensor, v: Tensor) -> Tensor:
    return torch.take_along_dim(x[0].t(), torch.tensor([0]))
def e9(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_copy(1, torch.tensor([[0, 1]]), x[1])
def e10(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_copy(1, torch.tensor([0, 1]), v)
def e11(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_copy(1, torch.tensor([0, 1], dtype=torch.int32), x[1, :, :2])
def e12(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_copy(1, torch.tensor([0, 1]), v.reshape(2, 5))
def e13(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_copy(1, torch.tensor([0, 1]), x[1, :2, :2])
def e14(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_copy(1, torch.tensor([0, 1]), x[1, :, :3])
def e15(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_copy(1, torch.tensor([0, 4]), x[1, :, :2])
def e16(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_copy(1, torch.tensor([0, 1]), x[1, 0, 0])
def e17(x: Tensor, v: Tensor) -> Tensor:
    return x[0].masked_scatter(x[0] > 0, v.float()[:3])
def e18(x: Tensor, v: Tensor) -> Tensor:
    return x[0].masked_scatter(x[0] > 0, v)
def e19(x: Tensor, v: Tensor) -> Tensor:
    return x[0].masked_scatter(torch.tensor([True, False]), x[1])
def e20(x: Tensor, v: Tensor) -> Tensor:
    return x[0, 0].clone().masked_scatter_(x[0] > 0, x[1])
def e21(x: Tensor, v: Tensor) -> Tensor:
    return x[0].masked_scatter(torch.tensor([1, 2, 0, 1]), x[1])
def e22(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_fill(1, torch.tensor([0], dtype=torch.int32), 1.0)
def e23(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_fill(1, torch.tensor([4]), 1.0)
def e24(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_fill(1, torch.tensor([0]), torch.tensor([1.0]))
def e25(x: Tensor, v: Tensor) -> Tensor:
    return x[0].scatter_reduce(0, torch.tensor([[0]]), x[1], "max")
def e26(x: Tensor, v: Tensor) -> Tensor:
    return x[0].scatter_reduce(0, torch.tensor([[3]]), x[1], "sum")
def e27(x: Tensor, v: Tensor) -> Tensor:
    return x[0].scatter_reduce(0, torch.tensor([[0]]), v.reshape(2, 5), "sum")
def e28(x: Tensor, v: Tensor) -> Tensor:
    return x[0].scatter_reduce(0, torch.tensor([[0, 0, 0, 0, 0]]), x[1], "sum")
def e29(x: Tensor, v: Tensor) -> Tensor:
    return x[0].scatter_reduce(0, torch.tensor([0]), x[1], "sum")
def e30(x: Tensor, v: Tensor) -> Tensor:
    return (x[0] > 0).scatter_reduce(0, torch.tensor([[0]]), x[1] > 0, "mean")
def e31(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_fill(5, torch.tensor([0.0]), torch.tensor([1.0]))
def e32(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_fill(5, torch.tensor([0.0]), 1.0)
def e33(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_fill(5, torch.tensor([[0]]), 1.0)
def e34(x: Tensor, v: Tensor) -> Tensor:
    return x[0].index_fill(0, torch.tensor([[0]]), 1.0)

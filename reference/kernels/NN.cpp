// NN.cpp — entry point of the NN family of reference kernels. The kernels live in NNConv.cpp
// (convolutions, pooling), NNNorm.cpp (normalizations, embedding, dropout, lstm_cell,
// cosine_similarity), NNLoss.cpp (losses), NNUpsample.cpp (upsampling), NNRnn.cpp (recurrent
// cells, lstm / gru / rnn_tanh / rnn_relu) and NNAttention.cpp (the fused attention / encoder-layer ops).
#include "reference/Kernel.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {

void registerNNKernels() {
  registerNNConvKernels();
  registerNNNormKernels();
  registerNNLossKernels();
  registerNNLossMoreKernels();
  registerNNMiscKernels();
  registerNNGridSampleKernels();
  registerNNUpsampleKernels();
  registerNNRnnKernels();
  registerNNAttentionKernels();
}

}  // namespace tsjit::reference

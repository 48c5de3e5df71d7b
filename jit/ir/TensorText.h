// TensorText.h — the text PyTorch 1.13 prints for a tensor constant of 0 or 2..10 elements in a
// graph (`prim::Constant[value= 1  0 [ CPULongType{2} ]]()`: at::print's layout with its newlines
// turned into spaces), and its parser.
//
// Layout (python3-torch 1.13.1, traced graphs): one format per matrix (all elements for a 1-D
// tensor): integral values (non-finite ones ignored) print in width expMax + 1 (scientific, 4
// digits, width 11 past 9 digits); others fixed with 4 digits, scientific when the magnitudes span
// more than 4 decades, or scaled by a leading "1e+05 *" when the largest is past 5 digits or below
// 0.1. Matrices print row by row, split into "Columns a to b" blocks past 80 characters; a tensor of
// more than 2 dims prints each trailing matrix after a "(i,j,.,.) = " header. The tail names the
// dtype and the shape: "[ CPUFloatType{2,3} ]". 1.13 prints 1-element tensors as `{v}` and more
// than 10 elements as `<Tensor>` (not handled here).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "jit/ir/Attributes.h"

namespace tsjit {

// 1.13's text for t (numel 0 or 2..10, values present).
std::string formatTensorText(const TensorConstant& t);

// Whether text at `pos` starts a tensor text: up to the first '[' only characters a tensor text
// holds, then "[ CPU" or "[ CUDA".
bool looksLikeTensorText(std::string_view text, size_t pos);

struct TensorTextError {
  size_t start, end;  // offsets into the text
  std::string message;
};

// Parses the tensor text at `pos` through its closing " ]"; advances pos past it. Throws
// TensorTextError for an unknown type name, a malformed shape or header, or a value count that
// does not match the shape.
TensorConstant parseTensorText(std::string_view text, size_t& pos);

}  // namespace tsjit

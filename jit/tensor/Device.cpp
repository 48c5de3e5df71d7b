// Device.cpp — printing and parsing of device strings.
#include "jit/tensor/Device.h"

#include <charconv>

#include "jit/support/Error.h"

namespace tsjit {

const char* deviceTypeName(DeviceType t) { return t == DeviceType::CUDA ? "cuda" : "cpu"; }

std::string Device::str() const {
  std::string s = deviceTypeName(type);
  if (index >= 0) s += ":" + std::to_string(index);
  return s;
}

Device Device::parse(std::string_view text) {
  std::string_view typePart = text.substr(0, text.find(':'));
  DeviceType t;
  if (typePart == "cpu") {
    t = DeviceType::CPU;
  } else if (typePart == "cuda") {
    t = DeviceType::CUDA;
  } else {
    throw RuntimeError(tsjit::str("Expected one of cpu, cuda device type at start of device string: ", text));
  }
  if (typePart.size() == text.size()) return Device(t);
  std::string_view indexPart = text.substr(typePart.size() + 1);
  int index = -1;
  auto [end, ec] = std::from_chars(indexPart.data(), indexPart.data() + indexPart.size(), index);
  if (indexPart.empty() || ec != std::errc() || end != indexPart.data() + indexPart.size() ||
      index < 0 || (indexPart.size() > 1 && indexPart[0] == '0'))
    throw RuntimeError(tsjit::str("Invalid device string: '", text, "'"));
  if (t == DeviceType::CPU && index != 0)
    throw RuntimeError(tsjit::str("CPU device index must be -1 or zero, got ", index));
  return Device(t, index);
}

}  // namespace tsjit

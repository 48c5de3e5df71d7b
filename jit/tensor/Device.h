// Device.h — where a tensor's storage lives.
// Invariants: type is CPU or CUDA; index is -1 ("the current device of that type") or >= 0.
// str() prints as PyTorch does: "cpu", "cuda", "cuda:0"; parse() accepts exactly those forms
// (and "cpu:0"), throwing RuntimeError with PyTorch's wording otherwise.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace tsjit {

enum class DeviceType : int8_t { CPU, CUDA };

struct Device {
  DeviceType type = DeviceType::CPU;
  int index = -1;

  constexpr Device() = default;
  constexpr Device(DeviceType t, int i = -1) : type(t), index(i) {}  // NOLINT: implicit from type

  bool isCpu() const { return type == DeviceType::CPU; }
  bool isCuda() const { return type == DeviceType::CUDA; }
  bool hasIndex() const { return index >= 0; }

  std::string str() const;
  // "cpu", "cuda", "cuda:1", "cpu:0". Throws RuntimeError on anything else.
  static Device parse(std::string_view text);

  friend bool operator==(const Device&, const Device&) = default;
};

inline constexpr Device kCPU{DeviceType::CPU};

const char* deviceTypeName(DeviceType t);  // "cpu", "cuda"

inline std::ostream& operator<<(std::ostream& os, const Device& d) { return os << d.str(); }

}  // namespace tsjit

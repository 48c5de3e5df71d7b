// ArrayRef.h — IntArrayRef: a non-owning view of a contiguous run of int64_t (sizes, strides,
// dims). Built from a std::vector, a std::array, a braced list or a pointer + length.
// Invariants: never owns memory; the referenced data must outlive the IntArrayRef (a braced list
// lives until the end of the full expression, which is enough for a function argument).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

namespace tsjit {

class IntArrayRef {
 public:
  constexpr IntArrayRef() = default;
  constexpr IntArrayRef(const int64_t* data, size_t size) : data_(data), size_(size) {}
  IntArrayRef(const std::vector<int64_t>& v) : data_(v.data()), size_(v.size()) {}  // NOLINT
  template <size_t N>
  constexpr IntArrayRef(const std::array<int64_t, N>& a) : data_(a.data()), size_(N) {}  // NOLINT
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"  // intended: valid for the full expression
#endif
  constexpr IntArrayRef(std::initializer_list<int64_t> il)  // NOLINT
      : data_(il.begin()), size_(il.size()) {}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

  constexpr const int64_t* data() const { return data_; }
  constexpr size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr const int64_t* begin() const { return data_; }
  constexpr const int64_t* end() const { return data_ + size_; }
  constexpr int64_t operator[](size_t i) const { return data_[i]; }
  constexpr int64_t front() const { return data_[0]; }
  constexpr int64_t back() const { return data_[size_ - 1]; }
  std::vector<int64_t> vec() const { return std::vector<int64_t>(begin(), end()); }

  friend bool operator==(IntArrayRef a, IntArrayRef b) {
    if (a.size_ != b.size_) return false;
    for (size_t i = 0; i < a.size_; ++i)
      if (a.data_[i] != b.data_[i]) return false;
    return true;
  }

 private:
  const int64_t* data_ = nullptr;
  size_t size_ = 0;
};

// "[3, 4]" as PyTorch prints sizes in messages; "[]" when empty.
inline std::string formatInts(IntArrayRef v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(v[i]);
  }
  return s + "]";
}

inline std::ostream& operator<<(std::ostream& os, IntArrayRef v) { return os << formatInts(v); }

// Product of the entries (1 for an empty list).
inline int64_t product(IntArrayRef v) {
  int64_t p = 1;
  for (int64_t x : v) p *= x;
  return p;
}

}  // namespace tsjit

// SourceRange.h — a span of characters in a Source text (a file or an in-memory string).
// Invariant: start <= end <= source->text().size(). Line/column numbers are 1-based.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tsjit {

class Source {
 public:
  explicit Source(std::string text, std::string filename = "<string>");
  const std::string& text() const { return text_; }
  const std::string& filename() const { return filename_; }
  // 1-based line and column of a byte offset (clamped to the text).
  size_t lineOf(size_t offset) const;
  size_t columnOf(size_t offset) const;
  // Text of the 1-based line, without its newline.
  std::string_view lineText(size_t line) const;
  size_t lineCount() const { return lineStarts_.size(); }

 private:
  std::string text_;
  std::string filename_;
  std::vector<size_t> lineStarts_;
};

class SourceRange {
 public:
  SourceRange() = default;
  SourceRange(std::shared_ptr<const Source> source, size_t start, size_t end);
  bool valid() const { return source_ != nullptr; }
  const std::shared_ptr<const Source>& source() const { return source_; }
  size_t start() const { return start_; }
  size_t end() const { return end_; }
  size_t line() const;
  size_t column() const;
  std::string_view text() const;
  // "file:line:col", then the offending line and carets under the range.
  std::string highlight() const;

 private:
  std::shared_ptr<const Source> source_;
  size_t start_ = 0;
  size_t end_ = 0;
};

}  // namespace tsjit

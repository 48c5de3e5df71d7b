// SourceRange.cpp — line tables and caret highlighting for error messages.
#include "jit/support/SourceRange.h"

#include <algorithm>

namespace tsjit {

Source::Source(std::string text, std::string filename)
    : text_(std::move(text)), filename_(std::move(filename)) {
  lineStarts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n' && i + 1 < text_.size()) lineStarts_.push_back(i + 1);
}

size_t Source::lineOf(size_t offset) const {
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  return static_cast<size_t>(it - lineStarts_.begin());
}

size_t Source::columnOf(size_t offset) const {
  size_t line = lineOf(offset);
  return offset - lineStarts_[line - 1] + 1;
}

std::string_view Source::lineText(size_t line) const {
  if (line == 0 || line > lineStarts_.size()) return {};
  size_t begin = lineStarts_[line - 1];
  size_t end = text_.find('\n', begin);
  if (end == std::string::npos) end = text_.size();
  return std::string_view(text_).substr(begin, end - begin);
}

SourceRange::SourceRange(std::shared_ptr<const Source> source, size_t start, size_t end)
    : source_(std::move(source)), start_(start), end_(end) {
  if (source_) {
    size_t n = source_->text().size();
    start_ = std::min(start_, n);
    end_ = std::clamp(end_, start_, n);
  }
}

size_t SourceRange::line() const { return source_ ? source_->lineOf(start_) : 0; }
size_t SourceRange::column() const { return source_ ? source_->columnOf(start_) : 0; }

std::string_view SourceRange::text() const {
  if (!source_) return {};
  return std::string_view(source_->text()).substr(start_, end_ - start_);
}

std::string SourceRange::highlight() const {
  if (!source_) return "";
  size_t ln = line(), col = column();
  std::string out = source_->filename() + ":" + std::to_string(ln) + ":" + std::to_string(col) + "\n";
  std::string_view lineText = source_->lineText(ln);
  out += "  ";
  out += lineText;
  out += "\n  ";
  out += std::string(col - 1, ' ');
  size_t width = std::max<size_t>(1, std::min(end_ - start_, lineText.size() + 1 - std::min(lineText.size(), col - 1)));
  out += std::string(width, '^');
  out += "\n";
  return out;
}

}  // namespace tsjit

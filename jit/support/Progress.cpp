// Progress.cpp — the progress line of long commands (Progress.h).
#include "jit/support/Progress.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace tsjit {

ProgressReporter::Style ProgressReporter::styleFor(int fd) {
  const char* term = std::getenv("TERM");
  if (!isatty(fd) || (term && std::strcmp(term, "dumb") == 0)) return Style::Log;
  return Style::Terminal;
}

ProgressReporter::ProgressReporter(std::ostream& out, std::string label, Style style, double periodSeconds,
                                   double redrawSeconds)
    : out_(out), label_(std::move(label)), style_(style), periodSeconds_(periodSeconds), redrawSeconds_(redrawSeconds) {}

ProgressReporter::~ProgressReporter() { clear(); }

void ProgressReporter::update(const std::string& text, bool force) {
  Clock::time_point now = Clock::now();
  double interval = style_ == Style::Terminal ? redrawSeconds_ : periodSeconds_;
  if (drawnOnce_ && !force && std::chrono::duration<double>(now - last_).count() < interval) return;
  drawnOnce_ = true;
  last_ = now;
  if (style_ == Style::Terminal) {
    out_ << "\r" << label_ << ": " << text << "\x1b[K" << std::flush;
    lineOpen_ = true;
  } else {
    out_ << label_ << ": " << text << "\n" << std::flush;
    ++lines_;
  }
}

void ProgressReporter::step(size_t done, size_t total, const std::string& detail) {
  Clock::time_point now = Clock::now();
  double interval = style_ == Style::Terminal ? redrawSeconds_ : periodSeconds_;
  // Skip building the string when nothing would be drawn.
  if (drawnOnce_ && std::chrono::duration<double>(now - last_).count() < interval) return;
  std::string text = "[" + std::to_string(done) + "/" + std::to_string(total) + "]";
  if (!detail.empty()) text += " " + detail;
  update(text);
}

void ProgressReporter::finish(const std::string& text) {
  if (style_ == Style::Terminal) {
    out_ << "\r" << label_ << ": " << text << "\x1b[K\n" << std::flush;
    lineOpen_ = false;
  } else {
    out_ << label_ << ": " << text << "\n" << std::flush;
    ++lines_;
  }
  drawnOnce_ = true;
  last_ = Clock::now();
}

void ProgressReporter::clear() {
  if (style_ == Style::Terminal && lineOpen_) out_ << "\r\x1b[K" << std::flush;
  lineOpen_ = false;
}

}  // namespace tsjit

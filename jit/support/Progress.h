// Progress.h — one progress line for long commands (`tsjit conform`, `fuzz`, `check`).
//
// Two styles, picked once from where the line goes:
//   Terminal: the line is redrawn in place ("\r" + text + erase-to-end-of-line), at most every
//             `redrawSeconds`; finish() leaves the last text as a normal line, clear() erases it.
//   Log:      (a pipe, a file, a CI log) a plain line "label: text" at most every `periodSeconds`,
//             the first update at once, so a log shows the run is alive without a line per step;
//             finish() always writes its line.
// update() is cheap when nothing is drawn (one clock read), so callers may call it per item.
// Not thread-safe: one reporter per thread. Uses the standard library only (and isatty).
#pragma once

#include <chrono>
#include <ostream>
#include <string>

namespace tsjit {

class ProgressReporter {
 public:
  enum class Style { Terminal, Log };

  // Terminal when `fd` is a terminal and $TERM is not "dumb", Log otherwise.
  static Style styleFor(int fd);

  ProgressReporter(std::ostream& out, std::string label, Style style, double periodSeconds = 10.0,
                   double redrawSeconds = 0.1);
  ~ProgressReporter();  // a terminal line still drawn is erased
  ProgressReporter(const ProgressReporter&) = delete;
  ProgressReporter& operator=(const ProgressReporter&) = delete;

  // Shows `text` (one line, no newline) when the style's interval has passed or `force`.
  void update(const std::string& text, bool force = false);
  // "[done/total] detail" as update() text.
  void step(size_t done, size_t total, const std::string& detail = "");
  // Writes `text` as the final line (both styles).
  void finish(const std::string& text);
  // Terminal: erases the line drawn last (the caller prints its own summary). Log: nothing.
  void clear();

  Style style() const { return style_; }
  size_t linesWritten() const { return lines_; }  // Log style: plain lines written so far

 private:
  using Clock = std::chrono::steady_clock;
  std::ostream& out_;
  std::string label_;
  Style style_;
  double periodSeconds_, redrawSeconds_;
  Clock::time_point last_{};
  bool drawnOnce_ = false;
  bool lineOpen_ = false;  // Terminal: a redrawn line is on screen
  size_t lines_ = 0;
};

}  // namespace tsjit

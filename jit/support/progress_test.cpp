// progress_test.cpp — units for ProgressReporter: what each style writes and when.
#include <gtest/gtest.h>

#include <sstream>

#include <unistd.h>

#include "jit/support/Progress.h"

using namespace tsjit;

TEST(Progress, LogStyleWritesFirstUpdateThenOnlyAfterThePeriod) {
  std::ostringstream os;
  {
    ProgressReporter p(os, "conform", ProgressReporter::Style::Log, /*periodSeconds=*/3600);
    p.step(1, 67, "cf_for_list");
    p.step(2, 67, "cf_nested_if_7");  // within the period: not written
    p.update("forced", /*force=*/true);
    p.finish("67 cases");
    EXPECT_EQ(p.linesWritten(), 3u);
  }
  EXPECT_EQ(os.str(), "conform: [1/67] cf_for_list\nconform: forced\nconform: 67 cases\n");
}

TEST(Progress, LogStyleWritesAgainOnceThePeriodPassed) {
  std::ostringstream os;
  ProgressReporter p(os, "fuzz", ProgressReporter::Style::Log, /*periodSeconds=*/0);
  p.update("a");
  p.update("b");
  EXPECT_EQ(os.str(), "fuzz: a\nfuzz: b\n");
}

TEST(Progress, TerminalStyleRedrawsInPlaceAndClearsOnDestruction) {
  std::ostringstream os;
  {
    ProgressReporter p(os, "check", ProgressReporter::Style::Terminal, 10, /*redrawSeconds=*/0);
    p.update("one");
    p.update("two");
  }
  EXPECT_EQ(os.str(), "\rcheck: one\x1b[K\rcheck: two\x1b[K\r\x1b[K");
}

TEST(Progress, TerminalFinishLeavesALineAndNothingToClear) {
  std::ostringstream os;
  {
    ProgressReporter p(os, "check", ProgressReporter::Style::Terminal, 10, 0);
    p.update("one");
    p.finish("done");
  }
  EXPECT_EQ(os.str(), "\rcheck: one\x1b[K\rcheck: done\x1b[K\n");
}

TEST(Progress, NotATerminalMeansLogStyle) {
  // A pipe is never a terminal.
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  EXPECT_EQ(ProgressReporter::styleFor(fds[1]), ProgressReporter::Style::Log);
  close(fds[0]);
  close(fds[1]);
}

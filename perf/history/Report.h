// Report.h — `tsjit bench report`: one self-contained HTML file (no network, no script or style
// from elsewhere) with inline SVG plots:
//   * the latest A/B comparison: per benchmark the ratio B/A with its bootstrap 95 % interval,
//     the ±threshold band, coloured by verdict;
//   * per benchmark and machine, the series of per-run medians with their 95 % intervals, failed
//     or wrong runs as red crosses, change points as dashed vertical lines labelled with the step,
//     and the PyTorch 1.13 reference when recorded;
//   * the machine and build of every run.
// A small inline script measures every plot's drawn geometry after layout (getBBox) and writes
// data-plots-rendered / data-plots-total on <body>: the browser test reads them back.
#pragma once

#include <string>

#include "perf/history/ChangePoints.h"
#include "perf/history/Store.h"

namespace tsjit::benchhistory {

std::string renderReport(Store& store, const std::string& metric, const ChangePointOptions& options);

}  // namespace tsjit::benchhistory

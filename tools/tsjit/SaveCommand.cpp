// SaveCommand.cpp — `tsjit save IN.pt OUT.pt`: loads an archive (jit/serialization/Import.h) and
// writes it again (Export.h): data.pkl and constants.pkl re-pickled from the loaded values, the
// code as loaded, 64-byte-aligned stored members, the folder named after OUT's stem. A bad IN is
// one `error:` line naming the member and offset, exit 1, and OUT is not touched.
#include <iostream>

#include "jit/serialization/Export.h"
#include "tools/tsjit/Commands.h"

namespace tsjit::tool {

namespace {

struct SaveOptions {
  std::string in, out;
};

int runSave(const SaveOptions& o) {
  if (o.in.empty() || o.out.empty()) throw CompileError("save: usage: tsjit save IN.pt OUT.pt");
  if (o.in.size() < 3 || o.in.substr(o.in.size() - 3) != ".pt")
    throw CompileError("save: IN must be a .pt archive (saving a .py module with --state is not supported yet)");
  serialization::LoadedArchive la = serialization::loadArchiveFile(o.in);
  serialization::saveArchiveFile(la, o.out);
  std::cerr << "saved " << o.out << "\n";
  return 0;
}

}  // namespace

void setupSaveCommand(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<SaveOptions>();
  CLI::App* sub = app.add_subcommand("save", "Load a .pt archive and write it again as PyTorch 1.13 does");
  sub->add_option("in", opts->in, "the archive to load");
  sub->add_option("out", opts->out, "the archive to write");
  sub->callback([opts, &exitCode] { exitCode = runSave(*opts); });
}

}  // namespace tsjit::tool

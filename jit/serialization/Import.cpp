// Import.cpp — archive -> module (Import.h): the zip's folder and version record, the pickles with
// their storages, the ModuleDesc tree, and compiling the archive's own code.
#include <cstring>
#include <set>

#include "jit/frontend/Emitter.h"
#include "jit/ir/Graph.h"
#include "jit/serialization/ArchiveError.h"
#include "jit/serialization/Import.h"
#include "jit/serialization/Pickle.h"
#include "jit/serialization/Upgraders.h"

namespace tsjit::serialization {

namespace {

constexpr int64_t kMinVersion = 1, kMaxVersion = 10;  // what PyTorch 1.13 reads

int64_t parseVersion(const std::string& text, const std::string& file, const ZipEntry& e) {
  std::string t = text;
  if (!t.empty() && t.back() == '\n') t.pop_back();
  if (t.empty() || t.size() > 6 || t.find_first_not_of("0123456789") != std::string::npos)
    throw ArchiveError(file, e.name, e.dataOffset, "the version record is not a decimal number");
  int64_t v = std::stoll(t);
  if (v < kMinVersion || v > kMaxVersion)
    throw ArchiveError(file, e.name, e.dataOffset,
                       "unsupported file format version " + t + " (PyTorch 1.13 archives have versions " +
                           std::to_string(kMinVersion) + " to " + std::to_string(kMaxVersion) + ")");
  return v;
}

Storage storageFromMember(const ZipReader& zip, const std::string& name, uint64_t nbytes) {
  const ZipEntry* e = zip.find(name);
  if (!e) throw CompileError("the pickle references storage '" + name + "', which is not in the archive");
  if (e->size != nbytes)
    throw ArchiveError(zip.fileName(), name, e->dataOffset,
                       "the storage holds " + std::to_string(e->size) + " bytes, the pickle claims " +
                           std::to_string(nbytes));
  Storage s = Storage::allocate(nbytes);
  zip.readInto(*e, static_cast<char*>(s.data()));
  return s;
}

bool validKey(const std::string& key) {
  if (key.empty() || key.size() > 64) return false;
  for (char c : key)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}


class Importer {
 public:
  Importer(const ZipReader& zip, LoadedArchive& out, const MethodRunner& run) : zip_(zip), la_(out), run_(run) {}

  void run() {
    const auto& entries = zip_.entries();
    if (entries.empty()) throw ArchiveError(zip_.fileName(), "", 0, "the archive is empty");
    const std::string& first = entries.front().name;
    size_t slash = first.find('/');
    if (slash == std::string::npos || slash == 0)
      throw ArchiveError(zip_.fileName(), first, entries.front().localHeaderOffset,
                         "members must lie in one top-level folder");
    la_.root = first.substr(0, slash);
    std::string prefix = la_.root + "/";
    for (const auto& e : entries)
      if (e.name.rfind(prefix, 0) != 0)
        throw ArchiveError(zip_.fileName(), e.name, e.localHeaderOffset,
                           "members must lie in one top-level folder ('" + la_.root + "/')");
    readVersion(prefix);
    for (const auto& e : entries) {
      std::string rel = e.name.substr(prefix.size());
      if (rel.rfind("code/", 0) != 0) continue;
      if (rel.size() > 3 && rel.ends_with(".py")) la_.code[rel] = zip_.read(e);
      else if (rel.ends_with(".debug_pkl")) la_.debugPkl[rel] = zip_.read(e);
    }
    la_.classes = parseArchiveClasses(la_.code, &parsedCode_);
    readConstants(prefix);
    IValue root = readData(prefix);
    compile(root);
    runSetStates();
  }

 private:
  void readVersion(const std::string& prefix) {
    const ZipEntry* v = zip_.find(prefix + "version");
    la_.versionInDataFolder = false;
    if (!v) {
      v = zip_.find(prefix + ".data/version");
      la_.versionInDataFolder = true;
    }
    if (!v) throw ArchiveError(zip_.fileName(), prefix + "version", 0, "the archive has no version record");
    la_.version = parseVersion(zip_.read(*v), zip_.fileName(), *v);
  }

  UnpickleHooks hooks(const std::string& folder) {
    UnpickleHooks h;
    h.loadStorage = [this, folder](const std::string& key, uint64_t nbytes) {
      if (!validKey(key)) throw CompileError("storage key '" + key.substr(0, 80) + "' is not a plain name");
      return storageFromMember(zip_, folder + key, nbytes);
    };
    h.buildObject = [this](const std::string& q, IValue state) { return buildObject(q, std::move(state)); };
    return h;
  }

  void readConstants(const std::string& prefix) {
    const ZipEntry* e = zip_.find(prefix + "constants.pkl");
    if (!e) return;  // archives of older writers may lack it
    UnpickleHooks h = hooks(prefix + "constants/");
    h.buildObject = nullptr;
    IValue t = unpickle(zip_.read(*e), h, zip_.fileName(), e->name);
    if (!t.isTuple()) throw ArchiveError(zip_.fileName(), e->name, 0, "constants.pkl must hold a tuple");
    for (const auto& x : t.toTupleRef().items) {
      if (!x.isTensor())
        throw ArchiveError(zip_.fileName(), e->name, 0, std::string("constants.pkl holds a ") + x.tagName() +
                                                            " (only tensors are supported)");
      la_.constants.push_back(x);
    }
  }

  IValue buildObject(const std::string& q, IValue state) {
    auto cit = la_.classes.find(q);
    if (cit == la_.classes.end()) throw CompileError("class " + q + " has no definition in the archive's code/");
    if (cit->second.hasSetState) return pendingObject(cit->second, std::move(state));
    if (!state.isDict())
      throw CompileError("the state of class " + q + " is a " + state.tagName() +
                         ", but the class defines no __setstate__ (a class without one is pickled as a dict)");
    ClassTypePtr cls = objClasses_.getOrCreate(q);
    const auto& entries = state.toDictRef().entries();
    if (cls->attributes().empty()) {
      for (const auto& [k, v] : entries) {
        if (!k.isString()) throw CompileError("the state of " + q + " has a non-string key");
        cls->addAttribute(k.toStringRef(), v.type());
      }
    } else {
      bool same = cls->attributes().size() == entries.size();
      for (size_t i = 0; same && i < entries.size(); ++i)
        same = entries[i].first.isString() && entries[i].first.toStringRef() == cls->attributes()[i].name;
      if (!same) throw CompileError("two objects of class " + q + " have different attributes");
    }
    auto obj = Ref<Object>::make(cls, entries.size());
    for (size_t i = 0; i < entries.size(); ++i) obj->slots[i] = entries[i].second;
    return IValue(obj);
  }

  // An object whose class restores it with __setstate__: its annotated attributes, unset until
  // runSetStates() calls that method with `state` (whatever __getstate__ returned when saving).
  // The unpickler moves the slots into its own object (created at NEWOBJ) but keeps the type, so
  // each such object gets a type of its own: that is how runSetStates() finds it again.
  IValue pendingObject(const ArchiveClass& c, IValue state) {
    const std::string& q = c.qualifiedName;
    if (!c.isModule)
      throw CompileError("class " + q + " restores its state with __setstate__ and is not a Module (not supported)");
    ClassTypePtr cls = ClassType::create(q);
    for (const auto& [name, type] : c.annotations) {
      auto held = la_.classes.find(type);
      if (held != la_.classes.end() && held->second.isModule)
        throw CompileError("class " + q + " restores its state with __setstate__ and holds the submodule '" + name +
                           "' (not supported)");
      if (cls->findAttribute(name)) throw CompileError("class " + q + " annotates '" + name + "' twice");
      cls->addAttribute(name, NoneType::get());
    }
    pending_.push_back({cls, std::move(state)});
    return IValue(Ref<Object>::make(cls, cls->attributes().size()));
  }

  // Calls __setstate__ of every object pendingObject() made, in the order of their BUILDs, on the
  // compiled module's objects (the module tree's descriptions then show the restored values).
  void runSetStates() {
    if (pending_.empty()) return;
    const std::string& q0 = pending_.front().type->qualifiedName();
    if (!run_)
      throw ArchiveError(zip_.fileName(), dataMember_, 0,
                         "class " + q0 + " restores its state with __setstate__: loading it needs an engine to run "
                         "that method (tsjit load and tsjit save have one)");
    std::map<const frontend::ModuleDesc*, Ref<Object>> runtime;
    runtime[la_.desc.get()] = la_.module.object;
    mapRuntimeObjects(*la_.module.info, la_.module.object, runtime);
    std::map<const ClassType*, frontend::ModuleDesc*> descOfType;
    for (const auto& [o, d] : descs_) descOfType.emplace(o->type.get(), d.get());
    for (auto& p : pending_) {
      const std::string& q = p.type->qualifiedName();
      auto d = descOfType.find(p.type.get());
      auto rt = d == descOfType.end() ? runtime.end() : runtime.find(d->second);
      if (rt == runtime.end())
        throw ArchiveError(zip_.fileName(), dataMember_, 0, "an object of class " + q + " is not part of the module tree");
      Function* m = rt->second->type->findMethod("__setstate__");
      if (!m || !m->graph()) throw CompileError("class " + q + ": __setstate__ was not compiled");
      run_(*m, {IValue(rt->second), p.state});
      ++la_.setStateCalls;
      for (auto& a : d->second->attributes)
        if (auto slot = rt->second->type->findAttributeSlot(a.name); slot && a.kind != frontend::ModuleAttrDesc::Kind::Module)
          a.value = rt->second->slots[*slot];
    }
  }

  static void mapRuntimeObjects(const frontend::ModuleInfo& info, const Ref<Object>& obj,
                                std::map<const frontend::ModuleDesc*, Ref<Object>>& out) {
    for (const auto& [name, sub] : info.submodules) {
      auto slot = info.type->findAttributeSlot(name);
      if (!slot || !obj->slots[*slot].isObject()) continue;
      Ref<Object> so = obj->slots[*slot].toObject();
      out.emplace(sub->desc.get(), so);
      mapRuntimeObjects(*sub, so, out);
    }
  }

  IValue readData(const std::string& prefix) {
    const ZipEntry* e = zip_.find(prefix + "data.pkl");
    if (!e) throw ArchiveError(zip_.fileName(), prefix + "data.pkl", 0, "the archive has no data.pkl");
    IValue root = unpickle(zip_.read(*e), hooks(prefix + "data/"), zip_.fileName(), e->name);
    if (!root.isObject()) throw ArchiveError(zip_.fileName(), e->name, 0, "data.pkl does not hold a module object");
    dataMember_ = e->name;
    return root;
  }

  std::shared_ptr<frontend::ModuleDesc> describe(const Object& o, int depth) {
    using frontend::ModuleAttrDesc;
    if (depth > 200) throw ArchiveError(zip_.fileName(), dataMember_, 0, "modules nested more than 200 deep");
    if (auto it = descs_.find(&o); it != descs_.end()) return it->second;
    const std::string& q = o.type->qualifiedName();
    const ArchiveClass& c = la_.classes.at(q);
    if (!c.isModule) throw ArchiveError(zip_.fileName(), dataMember_, 0, "class " + q + " is not a Module");
    auto d = std::make_shared<frontend::ModuleDesc>();
    d->qualifiedName = q;
    std::set<std::string> params(c.parameters.begin(), c.parameters.end());
    std::set<std::string> buffers(c.buffers.begin(), c.buffers.end());
    for (size_t i = 0; i < o.type->attributes().size(); ++i) {
      const std::string& name = o.type->attributes()[i].name;
      const IValue& v = o.slots[i];
      ModuleAttrDesc a;
      a.name = name;
      const std::string* ann = c.annotationOf(name);
      a.type = ann ? *ann : v.type()->annotationStr();
      if (v.isObject() && la_.classes.count(v.toObjectRef().type->qualifiedName()) &&
          la_.classes.at(v.toObjectRef().type->qualifiedName()).isModule) {
        a.kind = ModuleAttrDesc::Kind::Module;
        a.module = describe(v.toObjectRef(), depth + 1);
      } else {
        a.kind = params.count(name) ? ModuleAttrDesc::Kind::Parameter
                 : buffers.count(name) ? ModuleAttrDesc::Kind::Buffer
                                       : ModuleAttrDesc::Kind::Attribute;
        a.value = v;
      }
      d->attributes.push_back(std::move(a));
    }
    d->constants = c.constants;
    descs_[&o] = d;
    return d;
  }

  void compile(const IValue& root) {
    la_.desc = describe(root.toObjectRef(), 0);
    const ArchiveClass& rc = la_.classes.at(la_.desc->qualifiedName);
    frontend::CompileOptions opts;
    opts.libraryCode = la_.code;
    opts.parsedCode = std::move(parsedCode_);  // every code file, parsed once by parseArchiveClasses
    opts.allMethods = true;
    opts.archiveVersion = la_.version;
    for (const auto& t : la_.constants) opts.archiveConstants.push_back(toTensorConstant(t.toTensor()));
    std::string base = rc.qualifiedName.substr(rc.qualifiedName.rfind('.') + 1);
    la_.module = frontend::compileModule(la_.code.at(rc.file), base, *la_.desc, opts, rc.file);
    la_.owner = la_.module.unit;
    auto cu = std::static_pointer_cast<frontend::CompilationUnit>(la_.module.unit);
    // Code of an older file format version gets 1.13's upgraders, in library functions and
    // methods alike, before anything is inlined (Upgraders.h).
    for (const auto& f : cu->functions())
      if (f->graph()) la_.upgradedNodes += applyUpgraders(*f->graph(), la_.version);
    std::set<Function*> done;
    inlineMethods(*la_.module.info, *cu, done);
  }

  void inlineMethods(const frontend::ModuleInfo& info, const frontend::CompilationUnit& cu, std::set<Function*>& done) {
    for (const auto& m : info.type->methods()) {
      if (!m->graph() || !done.insert(m.get()).second) continue;
      la_.upgradedNodes += applyUpgraders(*m->graph(), la_.version);
      auto compiled = std::make_shared<Function>(m->qualifiedName(), m->graph());
      compiled->setSignature(m->signature());
      la_.compiledMethods[m.get()] = compiled;
      auto g = m->graph()->copy();
      frontend::inlineFunctionCalls(*g, cu);
      m->setGraph(g);
    }
    for (const auto& [name, sub] : info.submodules) inlineMethods(*sub, cu, done);
  }

  struct Pending {
    ClassTypePtr type;  // the object's own type (pendingObject)
    IValue state;
  };
  const ZipReader& zip_;
  LoadedArchive& la_;
  const MethodRunner& run_;
  std::vector<Pending> pending_;
  ClassRegistry objClasses_;
  std::map<const Object*, std::shared_ptr<frontend::ModuleDesc>> descs_;
  std::string dataMember_;
  std::map<std::string, frontend::Module> parsedCode_;
};

}  // namespace

std::shared_ptr<Graph> LoadedArchive::forwardGraph() const {
  Function* f = module.method("forward");
  if (!f) throw CompileError(file + ": the module has no forward method");
  return f->graph();
}

LoadedArchive loadArchive(const ZipReader& zip, const MethodRunner& run) {
  LoadedArchive la;
  la.file = zip.fileName();
  la.runner = run;
  Importer(zip, la, run).run();
  return la;
}

LoadedArchive loadArchiveFile(const std::string& path, const MethodRunner& run) {
  return loadArchive(ZipReader::openFile(path), run);
}

TensorConstant toTensorConstant(const Tensor& t) {
  TensorConstant c;
  c.dtype = t.dtype();
  c.sizes = t.sizes();
  // A 0-dim CONSTANTS.c<i> promotes as a wrapped number, as 1.13 runs a loaded archive (a traced
  // arange(n) * CONSTANTS.c0 of dtype Double stays Float): the TensorConstant default.
  c.values.reserve(static_cast<size_t>(t.numel()));
  for (int64_t i = 0; i < t.numel(); ++i) c.values.push_back(t.getDouble(i));
  return c;
}

}  // namespace tsjit::serialization

// Sqlite.cpp — see Sqlite.h.
#include "perf/history/Sqlite.h"

namespace tsjit::benchhistory {

Db::Db(const std::string& path) : path_(path) {
  int rc = sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw SqliteError("cannot open database '" + path + "': " + msg);
  }
  // Two recorders at once: a writer waits for the other's transaction instead of failing.
  sqlite3_busy_timeout(db_, 60000);
}

Db::~Db() { sqlite3_close_v2(db_); }

void Db::exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    throw SqliteError(path_ + ": " + msg + " in: " + sql.substr(0, 200));
  }
}

Stmt::Stmt(Db& db, const std::string& sql) : db_(db), sql_(sql) {
  if (sqlite3_prepare_v2(db.raw(), sql.c_str(), -1, &st_, nullptr) != SQLITE_OK)
    throw SqliteError(db.path() + ": " + sqlite3_errmsg(db.raw()) + " in: " + sql.substr(0, 200));
}

Stmt::~Stmt() { sqlite3_finalize(st_); }

Stmt& Stmt::bind(int i, int64_t v) {
  sqlite3_bind_int64(st_, i, v);
  return *this;
}
Stmt& Stmt::bind(int i, double v) {
  sqlite3_bind_double(st_, i, v);
  return *this;
}
Stmt& Stmt::bind(int i, const std::string& v) {
  sqlite3_bind_text(st_, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  return *this;
}
Stmt& Stmt::bind(int i, std::optional<double> v) { return v ? bind(i, *v) : bindNull(i); }
Stmt& Stmt::bindNull(int i) {
  sqlite3_bind_null(st_, i);
  return *this;
}

bool Stmt::step() {
  int rc = sqlite3_step(st_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  std::string msg = sqlite3_errmsg(db_.raw());
  sqlite3_reset(st_);
  throw SqliteError(db_.path() + ": " + msg + " in: " + sql_.substr(0, 200));
}

void Stmt::run() {
  while (step()) {
  }
  reset();
}

void Stmt::reset() {
  sqlite3_reset(st_);
  sqlite3_clear_bindings(st_);
}

int64_t Stmt::getInt(int col) { return sqlite3_column_int64(st_, col); }
double Stmt::getDouble(int col) { return sqlite3_column_double(st_, col); }
std::string Stmt::getText(int col) {
  const unsigned char* t = sqlite3_column_text(st_, col);
  return t ? reinterpret_cast<const char*>(t) : "";
}
bool Stmt::isNull(int col) { return sqlite3_column_type(st_, col) == SQLITE_NULL; }

Transaction::Transaction(Db& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }
Transaction::~Transaction() {
  if (!done_) {
    try {
      db_.exec("ROLLBACK");
    } catch (...) {
    }
  }
}
void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

}  // namespace tsjit::benchhistory

// Sqlite.h — a minimal RAII layer over libsqlite3 for the benchmark store: a connection and
// prepared statements with typed binds and column reads. Every failure throws SqliteError with
// the statement and SQLite's message.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace tsjit::benchhistory {

struct SqliteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Db {
 public:
  explicit Db(const std::string& path);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;
  void exec(const std::string& sql);
  sqlite3* raw() const { return db_; }
  int64_t lastInsertId() const { return sqlite3_last_insert_rowid(db_); }
  const std::string& path() const { return path_; }

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
};

class Stmt {
 public:
  Stmt(Db& db, const std::string& sql);
  ~Stmt();
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  Stmt& bind(int i, int64_t v);
  Stmt& bind(int i, int v) { return bind(i, static_cast<int64_t>(v)); }
  Stmt& bind(int i, double v);
  Stmt& bind(int i, const std::string& v);
  Stmt& bind(int i, const char* v) { return bind(i, std::string(v)); }
  Stmt& bind(int i, std::optional<double> v);
  Stmt& bindNull(int i);
  bool step();  // true: a row is available
  void run();   // step to completion, then reset
  void reset();
  int64_t getInt(int col);
  double getDouble(int col);
  std::string getText(int col);
  bool isNull(int col);

 private:
  Db& db_;
  sqlite3_stmt* st_ = nullptr;
  std::string sql_;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back when destroyed before commit().
class Transaction {
 public:
  explicit Transaction(Db& db);
  ~Transaction();
  void commit();

 private:
  Db& db_;
  bool done_ = false;
};

}  // namespace tsjit::benchhistory

// Postgres.h — a minimal RAII layer over libpq for the benchmark history on a PostgreSQL server
// (PgStore.h): a connection, statements with text parameters (std::nullopt is SQL NULL) and
// results read as text. Every failure throws PgError with the statement and the server's message.
#pragma once

#include <libpq-fe.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tsjit::benchhistory {

struct PgError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using PgParam = std::optional<std::string>;

class PgResult {
 public:
  explicit PgResult(PGresult* r) : r_(r) {}
  ~PgResult() { PQclear(r_); }
  PgResult(PgResult&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
  PgResult(const PgResult&) = delete;
  PgResult& operator=(const PgResult&) = delete;
  int rows() const { return PQntuples(r_); }
  bool isNull(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }
  std::string get(int row, int col) const { return PQgetvalue(r_, row, col); }
  int64_t getInt(int row, int col) const { return std::stoll(get(row, col)); }

 private:
  PGresult* r_;
};

class PgConn {
 public:
  explicit PgConn(const std::string& url);  // a libpq connection string or postgresql:// URL
  ~PgConn();
  PgConn(const PgConn&) = delete;
  PgConn& operator=(const PgConn&) = delete;
  PgResult exec(const std::string& sql, const std::vector<PgParam>& params = {});
  void script(const std::string& sql);  // several statements, no parameters

 private:
  PGconn* c_ = nullptr;
};

}  // namespace tsjit::benchhistory

// Postgres.cpp — see Postgres.h.
#include "perf/history/Postgres.h"

namespace tsjit::benchhistory {

namespace {
std::string firstWords(const std::string& sql) { return sql.size() > 120 ? sql.substr(0, 120) + "..." : sql; }
}  // namespace

PgConn::PgConn(const std::string& url) : c_(PQconnectdb(url.c_str())) {
  if (!c_ || PQstatus(c_) != CONNECTION_OK) {
    std::string why = c_ ? PQerrorMessage(c_) : "out of memory";
    PQfinish(c_);
    c_ = nullptr;
    throw PgError("cannot connect to PostgreSQL: " + why);
  }
  exec("SET client_min_messages = warning");
}

PgConn::~PgConn() { PQfinish(c_); }

PgResult PgConn::exec(const std::string& sql, const std::vector<PgParam>& params) {
  std::vector<const char*> values;
  for (const PgParam& p : params) values.push_back(p ? p->c_str() : nullptr);
  PGresult* raw = PQexecParams(c_, sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0);
  ExecStatusType st = PQresultStatus(raw);
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
    PQclear(raw);
    throw PgError("PostgreSQL: " + std::string(PQerrorMessage(c_)) + " in: " + firstWords(sql));
  }
  return PgResult(raw);
}

void PgConn::script(const std::string& sql) {
  PGresult* r = PQexec(c_, sql.c_str());
  ExecStatusType st = PQresultStatus(r);
  PQclear(r);
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
    throw PgError("PostgreSQL: " + std::string(PQerrorMessage(c_)) + " in: " + firstWords(sql));
}

}  // namespace tsjit::benchhistory

#include "exec/driver_backend.hpp"

#include <utility>

#include "util/ascii_case.hpp"

namespace eriq {

DriverBackend::DriverBackend(const BackendOptions& options, std::string secret,
                             LedgerSql ledger_sql)
    : options_(options), secret_(std::move(secret)), ledger_sql_(std::move(ledger_sql)) {}

void DriverBackend::execute(const std::string& sql) {
    gate(sql);
    admit(sql);
    run(sql, {});
}

ResultSet DriverBackend::query(const std::string& sql) {
    gate(sql);
    admit(sql);
    ResultSet result;
    run(sql, {.rows = &result});
    return result;
}

ResultFingerprint DriverBackend::query_fingerprint(const std::string& sql) {
    gate(sql);
    admit(sql);
    FingerprintBuilder builder;
    run(sql, {.fingerprint = &builder});
    return builder.result();
}

void DriverBackend::run(const std::string& sql, RowSink sink) {
    refuse_if_interrupted();
    log_statement(sql);
    if (!connected()) {
        try {
            connect();
        } catch (const BackendError& error) {
            if (error.kind != "connect_failed") throw;
            throw BackendError("connection_lost", error.what(), true);
        }
    }
    deadline_ = std::chrono::steady_clock::now() + options_.statement_timeout;
    run_statements(sql, sink);
}

ResultSet DriverBackend::run_query(const std::string& sql) {
    ResultSet rows;
    run(sql, {.rows = &rows});
    return rows;
}

void DriverBackend::open_ledger(WorkspaceScope scope, const std::vector<std::string>& objects) {
    ledger_ = WorkspaceLedger(std::move(scope));
    ledger_.read_with(options_.gate.lexis);
    ledger_.open(
        objects, options_.allow_foreign_objects, ledger_sql_,
        [this](const std::string& sql) { return run_query(sql); },
        [this](const std::string& sql) { run(sql, {}); });
}

StatementKind DriverBackend::gate(const std::string& sql) const {
    const GateDecision decision = gate_statement(sql, options_.gate);
    if (decision.refusal)
        throw WorkspaceViolation("eriq refuses to send a statement that " +
                                 decision.refusal->reason + ": " + excerpt(sql));
    if (other_schemas_.empty()) return decision.kind;  // an embedded database: nobody else's
    for (const std::string& qualifier : name_qualifiers(sql, options_.gate.lexis))
        if (other_schemas_.count(ascii_lower(qualifier)))
            throw WorkspaceViolation("eriq refuses to send a statement that names the schema " +
                                     qualifier + ", outside its workspace: " + excerpt(sql));
    return decision.kind;
}

void DriverBackend::run_session_statement(const std::string& sql) {
    if (gate(sql) != StatementKind::Session)
        throw WorkspaceViolation(
            "eriq refuses to run a session statement that is not SET, RESET "
            "or PRAGMA: " +
            excerpt(sql));
    run(sql, {});
}

void DriverBackend::set_other_schemas(const std::vector<std::string>& all,
                                      const std::vector<std::string>& own) {
    other_schemas_.clear();
    for (const std::string& schema : all) other_schemas_.insert(ascii_lower(schema));
    for (const std::string& schema : own) other_schemas_.erase(ascii_lower(schema));
}

std::string DriverBackend::excerpt(const std::string& sql) {
    return sql.size() <= 200 ? sql : sql.substr(0, 197) + "...";
}

void DriverBackend::admit(const std::string& sql) {
    ledger_.admit_and_record(sql, ledger_sql_, [this](const std::string& s) { run(s, {}); });
}

bool DriverBackend::past_deadline() const {
    return options_.statement_timeout.count() > 0 && std::chrono::steady_clock::now() >= deadline_;
}

BackendError DriverBackend::timeout_error(const std::string& suffix) const {
    return BackendError("timeout", "statement exceeded the timeout of " +
                                       std::to_string(options_.statement_timeout.count()) + " ms" +
                                       suffix);
}

BackendError DriverBackend::result_too_large() const {
    return BackendError("result_too_large", "the result has more than " +
                                                std::to_string(options_.max_result_rows) + " rows");
}

std::string DriverBackend::scrub(std::string message) const {
    if (secret_.empty()) return message;
    for (std::size_t at = message.find(secret_); at != std::string::npos;
         at = message.find(secret_, at + 3)) {
        message.replace(at, secret_.size(), "***");
    }
    return message;
}

std::string DriverBackend::with_database(std::string statement, const std::string& quoted) {
    for (std::size_t at = statement.find("{db}"); at != std::string::npos;
         at = statement.find("{db}", at + quoted.size())) {
        statement.replace(at, 4, quoted);
    }
    return statement;
}

}  // namespace eriq

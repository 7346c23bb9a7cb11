#include "exec/postgres_backend.hpp"

#include <chrono>
#include <thread>

namespace eriq {

// An advisory lock in eriq's own database, held while the session lives (a lost session
// releases it). Tries for a few seconds: a predecessor's session may still be ending.
void PostgresBackend::lock_workspace() {
    const std::string key = "pg_catalog.hashtext('eriq workspace')";
    for (int attempt = 0; attempt < 50; ++attempt) {
        const ResultSet got = run_query("SELECT CASE WHEN pg_catalog.pg_try_advisory_lock(" + key +
                                        ") THEN 1 ELSE 0 END");
        if (!got.rows.empty() && got.rows[0][0].text == "1") return;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    const ResultSet holder = run_query(
        "SELECT pid FROM pg_catalog.pg_locks WHERE locktype = 'advisory' AND granted AND "
        "pid <> pg_catalog.pg_backend_pid() AND "
        "database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = "
        "pg_catalog.current_database()) LIMIT 1");
    const std::string pid = holder.rows.empty() ? "?" : holder.rows[0][0].text;
    throw BackendError("workspace_busy", "database \"" + spec_.database +
                                             "\" is in use by another eriq run (server process " +
                                             pid + "); give each run a database of its own");
}

}  // namespace eriq

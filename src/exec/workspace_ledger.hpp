#pragma once
// Ownership by record: the tables and views eriq created in its database are listed in
// a ledger table there (kLedgerTable), written before each object is created. eriq drops,
// replaces and writes only what the ledger (or this session's temporary tables) lists,
// and every statement it is handed is checked against that before it runs. A database
// holding anything else is refused, listing every such object, unless foreign objects
// are allowed; then they are left alone and a name eriq would create must not clash.
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "exec/backend.hpp"
#include "util/sql_tokens.hpp"

namespace eriq {

inline constexpr std::string_view kLedgerTable = "eriq_ledger";

// How the DBMS compares the names of tables and views.
enum class NameCase {
    Sensitive,            // MySQL/MariaDB with lower_case_table_names = 0
    Insensitive,          // SQLite; MySQL with lower_case_table_names > 0
    FoldUnquotedToLower,  // PostgreSQL: unquoted names fold to lower case
};

struct WorkspaceScope {
    std::string description;                     // e.g. "database `eriq`", for messages
    std::vector<std::string> own_schemas;        // qualifiers naming the workspace itself
    std::vector<std::string> temporary_schemas;  // qualifiers naming the session's temp schema
    NameCase names = NameCase::Sensitive;
};

// How a backend spells the ledger's statements.
struct LedgerSql {
    std::string create;         // CREATE TABLE eriq_ledger (object_name ... PRIMARY KEY)
    std::string select;         // SELECT object_name FROM eriq_ledger
    std::string insert_prefix;  // e.g. "INSERT OR IGNORE INTO eriq_ledger (object_name) VALUES "
    std::string insert_suffix;  // e.g. " ON CONFLICT DO NOTHING"
    bool backslash_escapes = false;  // MySQL string literals treat '\\' as an escape

    std::string insert(const std::vector<std::string>& names) const;
};

// The backend's own driver calls, for the ledger's statements.
using LedgerQuery = std::function<ResultSet(const std::string&)>;
using LedgerExecute = std::function<void(const std::string&)>;

class WorkspaceLedger {
  public:
    explicit WorkspaceLedger(WorkspaceScope scope) : scope_(std::move(scope)) {}

    // How the DBMS reads the statements admit() checks (util/sql_tokens.hpp).
    void read_with(const SqlLexis& lexis) { lexis_ = lexis; }

    // The whole database is the tool's own (a fresh in-memory one): nothing is checked.
    void own_everything() { owns_everything_ = true; }

    // Starts from what the database holds: `objects` are its tables and views by their
    // stored names, `recorded` the ledger's rows (empty when `ledger_exists` is false).
    // Throws BackendError "foreign_objects" naming every object the ledger does not list
    // (unless `allow_foreign`), or, when allowed, every foreign object whose name eriq's
    // own objects (t<N>, eriq_*) could take.
    void start(const std::vector<std::string>& objects, const std::vector<std::string>& recorded,
               bool ledger_exists, bool allow_foreign);

    // Checks what `sql` would do before it runs. Returns the names of the persistent
    // objects it creates that the ledger does not list yet: the backend records them
    // (then calls recorded()) before running `sql`. Throws WorkspaceViolation when
    // `sql` would drop, replace or write an object eriq did not create, or create
    // anything but a table, view or index.
    std::vector<std::string> admit(std::string_view sql);
    void recorded(const std::vector<std::string>& names);

    // start() for a backend: reads the ledger when `objects` (the database's tables and
    // views) include it, and creates it when they do not.
    void open(const std::vector<std::string>& objects, bool allow_foreign, const LedgerSql& sql,
              const LedgerQuery& query, const LedgerExecute& execute);
    // admit() then recorded(): records the objects `sql` creates before it runs.
    void admit_and_record(std::string_view sql, const LedgerSql& spelling,
                          const LedgerExecute& execute);

    // Temporary tables end with the session (after a reconnect).
    void session_ended() { temporary_.clear(); }

    bool owns(std::string_view stored_name) const;
    const std::set<std::string>& owned() const { return owned_; }
    const std::set<std::string>& temporary() const { return temporary_; }
    bool owns_everything() const { return owns_everything_; }

  private:
    std::string key(std::string_view name, bool quoted) const;
    bool in(const std::vector<std::string>& schemas, std::string_view schema) const;
    [[noreturn]] void refuse(const std::string& what) const;

    WorkspaceScope scope_;
    SqlLexis lexis_;
    bool owns_everything_ = false;
    std::set<std::string> owned_;      // keys of recorded objects
    std::set<std::string> temporary_;  // keys of this session's temporary tables
    std::set<std::string> foreign_;    // lower-cased names of objects eriq did not create
};

// True for names eriq gives its own objects (t<N>, eriq_*), ASCII case-insensitive.
bool looks_like_tool_object(std::string_view name);
// True for the ledger's own name, ASCII case-insensitive.
bool looks_like_ledger(std::string_view name);

}  // namespace eriq

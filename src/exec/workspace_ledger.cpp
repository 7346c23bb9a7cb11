#include "exec/workspace_ledger.hpp"

#include <algorithm>
#include <cctype>

#include "exec/statement_targets.hpp"
#include "util/ascii_case.hpp"

namespace eriq {

namespace {

std::string join(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

}  // namespace

bool looks_like_tool_object(std::string_view name) {
    std::string n = ascii_lower(name);
    if (n.size() >= 2 && n[0] == 't' &&
        std::all_of(n.begin() + 1, n.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return true;
    return n.rfind("eriq_", 0) == 0;
}

bool looks_like_ledger(std::string_view name) {
    return ascii_lower(name) == kLedgerTable;
}

std::string WorkspaceLedger::key(std::string_view name, bool quoted) const {
    switch (scope_.names) {
        case NameCase::Insensitive:
            return ascii_lower(name);
        case NameCase::FoldUnquotedToLower:
            return quoted ? std::string(name) : ascii_lower(name);
        case NameCase::Sensitive:
            break;
    }
    return std::string(name);
}

bool WorkspaceLedger::in(const std::vector<std::string>& schemas, std::string_view schema) const {
    std::string s = ascii_lower(schema);
    return std::any_of(schemas.begin(), schemas.end(),
                       [&](const std::string& candidate) { return ascii_lower(candidate) == s; });
}

void WorkspaceLedger::refuse(const std::string& what) const {
    throw WorkspaceViolation("refused: " + what + " in " + scope_.description +
                             ", and eriq only touches objects it created");
}

void WorkspaceLedger::start(const std::vector<std::string>& objects,
                            const std::vector<std::string>& recorded, bool ledger_exists,
                            bool allow_foreign) {
    owned_.clear();
    foreign_.clear();
    for (const auto& name : recorded) owned_.insert(key(name, true));
    std::vector<std::string> foreign;
    for (const auto& name : objects) {
        if (ledger_exists && looks_like_ledger(name)) continue;
        if (owns(name)) continue;
        foreign.push_back(name);
    }
    std::sort(foreign.begin(), foreign.end());
    if (!allow_foreign && !foreign.empty()) {
        throw BackendError(
            "foreign_objects",
            scope_.description + " holds " + std::to_string(foreign.size()) +
                " object(s) eriq did not create" +
                (ledger_exists ? "" : " (it has no " + std::string(kLedgerTable) + ")") + ": " +
                join(foreign) +
                "; use a database of its own (eriq creates it when missing) or allow foreign "
                "objects");
    }
    std::vector<std::string> clashing;
    for (const auto& name : foreign) {
        foreign_.insert(ascii_lower(name));
        if (looks_like_tool_object(name)) clashing.push_back(name);
    }
    if (!clashing.empty()) {
        throw BackendError("foreign_objects", scope_.description +
                                                  " holds object(s) eriq did not create under "
                                                  "names eriq gives its own objects: " +
                                                  join(clashing) +
                                                  "; eriq would have to replace them, so it stops");
    }
}

std::vector<std::string> WorkspaceLedger::admit(std::string_view sql) {
    std::vector<std::string> to_record;
    if (owns_everything_) return to_record;
    for (const StatementTarget& target : statement_targets(sql, lexis_)) {
        const ObjectName& object = target.object;
        const bool temporary_schema = in(scope_.temporary_schemas, object.schema);
        if (target.action != TargetAction::Other && !object.schema.empty() && !temporary_schema &&
            !in(scope_.own_schemas, object.schema))
            refuse("a statement names " + object.schema + "." + object.name +
                   ", outside eriq's workspace,");
        const std::string k = key(object.name, object.quoted);
        switch (target.action) {
            case TargetAction::CreateTemporary:
                temporary_.insert(k);
                break;
            case TargetAction::Create:
                if (temporary_schema) {
                    temporary_.insert(k);
                    break;
                }
                if (foreign_.count(ascii_lower(object.name)))
                    refuse("a statement would replace " + object.name +
                           ", which eriq did not create,");
                if (!owned_.count(k) &&
                    std::find(to_record.begin(), to_record.end(), object.name) == to_record.end())
                    to_record.push_back(object.quoted ||
                                                scope_.names != NameCase::FoldUnquotedToLower
                                            ? object.name
                                            : ascii_lower(object.name));
                break;
            case TargetAction::DropTemporary:
                break;
            case TargetAction::Drop:
            case TargetAction::Write: {
                if (temporary_schema || temporary_.count(k) || owned_.count(k)) break;
                bool created_here =
                    std::any_of(to_record.begin(), to_record.end(),
                                [&](const std::string& n) { return key(n, true) == k; });
                if (created_here) break;
                refuse(std::string("a statement would ") +
                       (target.action == TargetAction::Drop ? "drop " : "change ") + object.name +
                       ", which eriq did not create,");
            }
            case TargetAction::Other:
                refuse("a statement would create or drop a " + object.name +
                       " (eriq creates only tables, views and indexes)");
        }
    }
    return to_record;
}

void WorkspaceLedger::recorded(const std::vector<std::string>& names) {
    for (const auto& name : names) owned_.insert(key(name, true));
}

void WorkspaceLedger::open(const std::vector<std::string>& objects, bool allow_foreign,
                           const LedgerSql& sql, const LedgerQuery& query,
                           const LedgerExecute& execute) {
    bool ledger_exists = std::any_of(objects.begin(), objects.end(), looks_like_ledger);
    std::vector<std::string> recorded;
    if (ledger_exists) {
        try {
            for (const auto& row : query(sql.select).rows) recorded.push_back(row[0].text);
        } catch (const BackendError& error) {
            if (error.server_fault) throw;
            ledger_exists = false;  // a table of that name that is not eriq's ledger
        }
    }
    start(objects, recorded, ledger_exists, allow_foreign);
    if (!ledger_exists) execute(sql.create);
}

void WorkspaceLedger::admit_and_record(std::string_view sql, const LedgerSql& spelling,
                                       const LedgerExecute& execute) {
    std::vector<std::string> created = admit(sql);
    if (created.empty()) return;
    execute(spelling.insert(created));
    recorded(created);
}

bool WorkspaceLedger::owns(std::string_view stored_name) const {
    return owns_everything_ || owned_.count(key(stored_name, true)) > 0;
}

}  // namespace eriq

namespace eriq {

std::string LedgerSql::insert(const std::vector<std::string>& names) const {
    std::string sql = insert_prefix;
    for (std::size_t i = 0; i < names.size(); ++i) {
        sql += i == 0 ? "('" : ", ('";
        for (char c : names[i]) {
            if (c == '\'' || (c == '\\' && backslash_escapes)) sql += c;
            sql += c;
        }
        sql += "')";
    }
    return sql + insert_suffix;
}

}  // namespace eriq

#include "refute/counterexample.hpp"

#include <cctype>
#include <chrono>

#include "refute/random_database.hpp"

namespace eriq::refute {
namespace {

using Clock = std::chrono::steady_clock;

std::string upper_word(std::string_view sql, size_t& i) {
    std::string w;
    while (i < sql.size() &&
           (std::isalnum(static_cast<unsigned char>(sql[i])) || sql[i] == '_' || sql[i] == '$'))
        w += static_cast<char>(std::toupper(static_cast<unsigned char>(sql[i++])));
    return w;
}

// Loads `db` into a runner that holds the schema's tables (emptied first).
bool load(SqliteRunner& runner, const verify::Schema& schema, const Database& db) {
    for (const auto& [table, columns] : schema.tables)
        if (!runner.execute("DELETE FROM \"" + table + "\"")) return false;
    for (const std::string& insert : insert_statements(schema, db))
        if (!runner.execute(insert)) return false;
    return true;
}

enum class Outcome { Same, Differ, Error };

Outcome compare(SqliteRunner& runner, const verify::Schema& schema, const Database& db,
                const std::string& q1, const std::string& q2, std::vector<Row>* left = nullptr,
                std::vector<Row>* right = nullptr) {
    if (!load(runner, schema, db)) return Outcome::Error;
    auto a = runner.query(q1);
    if (!a) return Outcome::Error;
    auto b = runner.query(q2);
    if (!b) return Outcome::Error;
    if (left) *left = *a;
    if (right) *right = *b;
    return *a == *b ? Outcome::Same : Outcome::Differ;
}

// Removes rows one at a time while the queries still differ.
Database shrink(SqliteRunner& runner, const verify::Schema& schema, Database db,
                const std::string& q1, const std::string& q2) {
    for (auto& [table, rows] : db) {
        for (size_t i = rows.size(); i-- > 0;) {
            Row removed = rows[i];
            rows.erase(rows.begin() + static_cast<long>(i));
            if (compare(runner, schema, db, q1, q2) != Outcome::Differ)
                rows.insert(rows.begin() + static_cast<long>(i), removed);
        }
    }
    return db;
}

bool create_tables(SqliteRunner& runner, const verify::Schema& schema) {
    for (const std::string& create : create_statements(schema))
        if (!runner.execute(create)) return false;
    return true;
}

// Runs on a fresh database: the counterexample stands only if the difference shows there too.
std::optional<Counterexample> confirmed(const verify::Schema& schema, const Database& db,
                                        const std::string& q1, const std::string& q2) {
    SqliteRunner fresh(Clock::now() + std::chrono::seconds(5));
    if (!create_tables(fresh, schema)) return std::nullopt;
    Counterexample c;
    if (compare(fresh, schema, db, q1, q2, &c.left, &c.right) != Outcome::Differ)
        return std::nullopt;
    c.inserts = insert_statements(schema, db);
    c.rows = row_count(db);
    c.sqlite_version = fresh.version();
    return c;
}

}  // namespace

std::optional<std::string> runnable_query(std::string_view sql) {
    std::string out;
    bool first_word = true;
    for (size_t i = 0; i < sql.size();) {
        char c = sql[i];
        if (c == '\'' || c == '"') {
            size_t j = sql.find(c, i + 1);
            if (j == std::string_view::npos) return std::nullopt;
            out += sql.substr(i, j + 1 - i);
            i = j + 1;
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$') {
            std::string word = upper_word(sql, i);
            if (first_word && word != "SELECT" && word != "WITH" && word != "VALUES")
                return std::nullopt;
            first_word = false;
            if (word == "LIMIT" || word == "FETCH" || word == "OFFSET" || word == "RANDOM" ||
                word == "ATTACH" || word == "PRAGMA")
                return std::nullopt;
            bool dollar = word.find('$') != std::string::npos;
            std::string_view original = sql.substr(i - word.size(), word.size());
            out += dollar ? "\"" + std::string(original) + "\"" : std::string(original);
        } else if (c == ';') {
            for (size_t j = i + 1; j < sql.size(); ++j)
                if (!std::isspace(static_cast<unsigned char>(sql[j]))) return std::nullopt;
            break;
        } else {
            if (first_word && c != '(' && !std::isspace(static_cast<unsigned char>(c)))
                return std::nullopt;
            out += c;
            ++i;
        }
    }
    return out;
}

static RefuteResult search(const verify::Schema& schema, std::string_view q1, std::string_view q2,
                           const RefuteOptions& options) {
    auto start = Clock::now();
    RefuteResult result;
    auto finish = [&]() -> RefuteResult {
        result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        return result;
    };
    std::optional<std::string> a = runnable_query(q1), b = runnable_query(q2);
    if (!a || !b) {
        result.skipped = "not a single deterministic SELECT";
        return finish();
    }
    SqliteRunner runner(start + std::chrono::milliseconds(options.timeout_ms));
    if (!create_tables(runner, schema)) {
        result.skipped = "SQLite refuses the schema: " + runner.error();
        return finish();
    }
    ValuePools pools = value_pools({q1, q2});
    std::mt19937 rng(options.seed);
    for (unsigned n = 0; n < options.max_databases && !runner.timed_out(); ++n) {
        ++result.databases;
        // Small databases first: a counterexample with few rows is easier to read.
        Database db = random_database(schema, pools, rng, 1 + std::min(n / 40, 4u));
        Outcome o = compare(runner, schema, db, *a, *b);
        if (o == Outcome::Error) {
            if (runner.timed_out()) break;
            result.skipped = "SQLite cannot run the pair: " + runner.error();
            return finish();
        }
        if (o != Outcome::Differ) continue;
        Database small = shrink(runner, schema, db, *a, *b);
        result.counterexample = confirmed(schema, small, *a, *b);
        if (!result.counterexample) result.counterexample = confirmed(schema, db, *a, *b);
        if (result.counterexample) return finish();
    }
    return finish();
}

RefuteResult find_counterexample(const verify::Schema& schema, std::string_view q1,
                                 std::string_view q2, const RefuteOptions& options) {
    try {
        return search(schema, q1, q2, options);
    } catch (const std::runtime_error& e) {  // SQLite cannot be loaded or opened
        RefuteResult none;
        none.skipped = e.what();
        return none;
    }
}

}  // namespace eriq::refute

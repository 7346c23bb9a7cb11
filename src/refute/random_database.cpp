#include "refute/random_database.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "verify/sql_ast.hpp"

namespace eriq::refute {
namespace {

void add_unique(std::vector<std::string>& pool, std::string value) {
    if (std::find(pool.begin(), pool.end(), value) == pool.end()) pool.push_back(std::move(value));
}

// Integer and string literals of one query: a digit run not inside a word, a quoted string.
void collect_literals(std::string_view sql, ValuePools& pools) {
    for (size_t i = 0; i < sql.size(); ++i) {
        char c = sql[i];
        if (c == '\'') {
            std::string text = "'";
            size_t j = i + 1;
            for (; j < sql.size(); ++j) {
                if (sql[j] == '\'' && j + 1 < sql.size() && sql[j + 1] == '\'') {
                    text += "''";
                    ++j;
                } else if (sql[j] == '\'') {
                    break;
                } else {
                    text += sql[j];
                }
            }
            if (text.size() < 40 && pools.strings.size() < 40)
                add_unique(pools.strings, text + "'");
            i = j;
        } else if (std::isdigit(static_cast<unsigned char>(c)) &&
                   (i == 0 || !(std::isalnum(static_cast<unsigned char>(sql[i - 1])) ||
                                sql[i - 1] == '_' || sql[i - 1] == '$' || sql[i - 1] == '.'))) {
            size_t j = i;
            while (j < sql.size() && std::isdigit(static_cast<unsigned char>(sql[j]))) ++j;
            if (j - i <= 9 && pools.integers.size() < 60) {
                long long v = std::stoll(std::string(sql.substr(i, j - i)));
                for (long long d : {0LL, -1LL, 1LL})
                    add_unique(pools.integers, std::to_string(v + d));
            }
            i = j;
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$') {
            while (i + 1 < sql.size() && (std::isalnum(static_cast<unsigned char>(sql[i + 1])) ||
                                          sql[i + 1] == '_' || sql[i + 1] == '$'))
                ++i;
        }
    }
}

std::string random_value(verify::SqlType type, const ValuePools& pools, std::mt19937& rng) {
    auto pick = [&](const std::vector<std::string>& pool) {
        return pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(rng)];
    };
    if (std::uniform_int_distribution<int>(0, 9)(rng) < 3) return "NULL";
    switch (type) {
        case verify::SqlType::Int:
        case verify::SqlType::Any:
        case verify::SqlType::Null:
            return pick(pools.integers);
        case verify::SqlType::Bool:
            return std::uniform_int_distribution<int>(0, 1)(rng) ? "1" : "0";
        case verify::SqlType::String:
            return pick(pools.strings);
        case verify::SqlType::Temporal:
            return pick(pools.temporals);
        case verify::SqlType::Other:
            return pick(pools.others);
    }
    return "NULL";
}

// A name as SQL: plain when it is a plain identifier, else double-quoted.
std::string quote_name(const std::string& name) {
    bool plain = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
    for (char c : name) plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
    return plain ? name : "\"" + name + "\"";
}

}  // namespace

ValuePools value_pools(const std::vector<std::string_view>& sql) {
    ValuePools pools{{"0", "1", "2", "-1", "10"},
                     {"'a'", "'b'", "''", "'A'"},
                     {"'2020-01-01'", "'2020-01-02'", "'2021-06-30 12:00:00'"},
                     {"0", "1", "1.5", "-2.25", "'x'"}};
    for (std::string_view q : sql) collect_literals(q, pools);
    return pools;
}

Database random_database(const verify::Schema& schema, const ValuePools& pools, std::mt19937& rng,
                         unsigned max_rows) {
    Database db;
    for (const auto& [table, columns] : schema.tables) {
        const auto& types = schema.types.at(table);
        unsigned rows = std::uniform_int_distribution<unsigned>(0, max_rows)(rng);
        std::vector<Row>& out = db[table];
        for (unsigned r = 0; r < rows; ++r) {
            // A duplicate of an earlier row a third of the time.
            if (!out.empty() && std::uniform_int_distribution<int>(0, 2)(rng) == 0) {
                out.push_back(out[std::uniform_int_distribution<size_t>(0, out.size() - 1)(rng)]);
                continue;
            }
            Row row;
            for (size_t c = 0; c < columns.size(); ++c)
                row.push_back(random_value(verify::declared_type(types[c]), pools, rng));
            out.push_back(std::move(row));
        }
    }
    return db;
}

std::vector<std::string> create_statements(const verify::Schema& schema) {
    std::vector<std::string> out;
    for (const auto& [table, columns] : schema.tables) {
        const auto& types = schema.types.at(table);
        std::string cols;
        for (size_t c = 0; c < columns.size(); ++c)
            cols += fmt::format("{}{} {}", c ? ", " : "", quote_name(columns[c]), types[c]);
        out.push_back(fmt::format("CREATE TABLE {} ({})", quote_name(table), cols));
    }
    return out;
}

std::vector<std::string> insert_statements(const verify::Schema& schema, const Database& db) {
    std::vector<std::string> out;
    for (const auto& [table, rows] : db) {
        if (rows.empty()) continue;
        std::string cols, values;
        for (const std::string& c : schema.tables.at(table))
            cols += (cols.empty() ? "" : ", ") + quote_name(c);
        for (const Row& row : rows) {
            std::string v;
            for (const std::string& x : row) v += (v.empty() ? "" : ", ") + x;
            values += (values.empty() ? "(" : ", (") + v + ")";
        }
        out.push_back(
            fmt::format("INSERT INTO {} ({}) VALUES {};", quote_name(table), cols, values));
    }
    return out;
}

size_t row_count(const Database& db) {
    size_t n = 0;
    for (const auto& [table, rows] : db) n += rows.size();
    return n;
}

}  // namespace eriq::refute

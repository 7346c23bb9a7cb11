#include "gen/case_cost.hpp"

#include <algorithm>

#include "util/ascii_case.hpp"
#include "util/sql_tokens.hpp"

namespace eriq {

double estimated_rows(const std::string& sql, const GeneratedDatabase& db, double x_rows) {
    double rows = 1;
    const auto tokens = scan_sql(sql);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const SqlToken& t = tokens[i];
        if (t.kind == SqlTokenKind::Symbol && t.text == "{" && i + 2 < tokens.size() &&
            tokens[i + 1].text == "x" && tokens[i + 2].text == "}") {
            rows *= std::max(1.0, x_rows);
            i += 2;
            continue;
        }
        if (t.kind != SqlTokenKind::Word) continue;
        // D's tables are only named in FROM and JOIN: columns are read through aliases.
        const std::string word = ascii_lower(t.text);
        for (const TableInfo& table : db.tables)
            if (ascii_lower(table.name) == word) {
                rows *= std::max(1, table.row_count);
                break;
            }
    }
    return rows;
}

}  // namespace eriq

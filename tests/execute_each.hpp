#pragma once
// Test setup written as one script: runs each ';'-separated statement on its own, as the
// backends take one statement per call.
#include <string>
#include <string_view>

#include "exec/backend.hpp"
#include "util/sql_tokens.hpp"

namespace eriq {

inline void execute_each(Backend& backend, std::string_view script) {
    std::string statement;
    auto flush = [&] {
        if (statement.find_first_not_of(" \t\n") != std::string::npos) backend.execute(statement);
        statement.clear();
    };
    for (const SqlToken& t : scan_sql(script, SqlLexis::for_driver(backend.driver()))) {
        if (t.kind == SqlTokenKind::Symbol && t.text == ";")
            flush();
        else
            statement += t.text;
    }
    flush();
}

}  // namespace eriq

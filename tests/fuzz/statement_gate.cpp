// Fuzz target: the SQL lexer and the statement gate, with the gate rules of the shipped
// dialect files. The first byte picks the dialect, the rest is the statement. Beyond not
// crashing, the lexer must give back every byte: its tokens concatenate to the input.
#include <array>
#include <cstdio>
#include <string>

#include "catalog/dialect.hpp"
#include "fuzz_input.hpp"
#include "util/sql_tokens.hpp"
#include "util/statement_gate.hpp"

namespace {

const std::array<eriq::Dialect, 4>& dialects() {
    static const std::array<eriq::Dialect, 4> loaded = [] {
        const std::string dir = std::string(ERIQ_SOURCE_DIR) + "/dialects/";
        return std::array<eriq::Dialect, 4>{
            eriq::load_dialect(dir + "mariadb.toml"), eriq::load_dialect(dir + "postgres.toml"),
            eriq::load_dialect(dir + "sqlite.toml"), eriq::load_dialect(dir + "duckdb.toml")};
    }();
    return loaded;
}

void check_tokens_cover(std::string_view sql, const eriq::SqlLexis& lexis) {
    std::string joined;
    for (const eriq::SqlToken& t : eriq::scan_sql(sql, lexis)) {
        if (t.text.empty()) {
            std::fprintf(stderr, "eriq fuzz: empty token\n");
            std::abort();
        }
        joined += t.text;
    }
    if (joined != sql) {
        std::fprintf(stderr, "eriq fuzz: tokens do not concatenate to the input\n");
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const eriq::Dialect& dialect = dialects()[data[0] % 4];
    const std::string_view sql(reinterpret_cast<const char*>(data + 1), size - 1);
    return eriq::fuzz::guarded([&] {
        check_tokens_cover(sql, dialect.gate.lexis);
        eriq::gate_statement(sql, dialect.gate);
        eriq::name_qualifiers(sql, dialect.gate.lexis);
        eriq::create_database_refusal(sql, dialect.gate.lexis);
    });
}

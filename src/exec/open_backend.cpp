#include <memory>
#include <stdexcept>

#include "exec/backend.hpp"
#include "exec/duckdb_open.hpp"
#include "exec/mysql_backend.hpp"
#include "exec/postgres_backend.hpp"
#include "exec/sqlite_backend.hpp"
#include "exec/sqlite_library.hpp"

namespace eriq {

std::unique_ptr<Backend> open_backend(const ConnectionSpec& spec, const BackendOptions& given) {
    BackendOptions options = given;
    options.gate.lexis = SqlLexis::for_driver(spec.driver);
    if (spec.driver == "sqlite") return std::make_unique<SqliteBackend>(spec.database, options);
    if (spec.driver == "duckdb") return open_duckdb_backend(spec.database, options);
    if (spec.driver == "mysql") return std::make_unique<MysqlBackend>(spec, options);
    if (spec.driver == "postgres") return std::make_unique<PostgresBackend>(spec, options);
    throw std::invalid_argument("unknown backend driver '" + spec.driver + "'");
}

DriverLibraryInfo load_driver_library(const std::string& driver, const std::string& path) {
    if (driver == "sqlite") return SqliteLibrary::load(path).info();
    if (driver == "duckdb") return load_duckdb_library(path);
    if (!path.empty())
        throw DriverLibraryError("--driver-library applies to SQLite and DuckDB only; the " +
                                 driver + " driver is built into eriq");
    return {};
}

}  // namespace eriq

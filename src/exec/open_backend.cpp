#include <memory>
#include <stdexcept>

#include "exec/backend.hpp"
#include "exec/mysql_backend.hpp"
#include "exec/postgres_backend.hpp"
#include "exec/sqlite_backend.hpp"

namespace eriq {

std::unique_ptr<Backend> open_backend(const ConnectionSpec& spec, const BackendOptions& options) {
    if (spec.driver == "sqlite") return std::make_unique<SqliteBackend>(spec.database, options);
    if (spec.driver == "mysql") return std::make_unique<MysqlBackend>(spec, options);
    if (spec.driver == "postgres") return std::make_unique<PostgresBackend>(spec, options);
    throw std::invalid_argument("unknown backend driver '" + spec.driver + "'");
}

}  // namespace eriq

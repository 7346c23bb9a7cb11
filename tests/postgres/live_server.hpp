#pragma once
// Where the live PostgreSQL tests connect: ERIQ_POSTGRES_URL, set by tools/test.sh
// (main.cpp skips the whole binary when it is missing).
#include <cstdlib>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "../client_sql.hpp"
#include "exec/backend.hpp"

namespace eriq {

inline std::string postgres_url() {
    const char* url = std::getenv("ERIQ_POSTGRES_URL");
    return url == nullptr ? std::string() : std::string(url);
}

// The same server and account, but another database (tests use one each, named eriq_*).
inline ConnectionSpec spec_for_db(const std::string& dbname) {
    ConnectionSpec spec = ConnectionSpec::parse(postgres_url());
    spec.database = dbname;
    return spec;
}

// The URL of spec_for_db(dbname), password included, for --connect style options.
inline std::string url_for_db(const std::string& dbname) {
    ConnectionSpec spec = spec_for_db(dbname);
    return fmt::format("postgres://{}:{}@{}:{}/{}", spec.user, spec.password, spec.host, spec.port,
                       dbname);
}

// Drops a test database through the maintenance database (PostgreSQL cannot drop the
// database a session is connected to); FORCE ends sessions still open on it.
inline void drop_database(const std::string& dbname) {
    client_sql("psql", spec_for_db("postgres"),
               "DROP DATABASE IF EXISTS \"" + dbname + "\" WITH (FORCE)");
}

// As the server's user would, not through eriq.
inline void user_sql(const std::string& dbname, const std::string& sql) {
    client_sql("psql", spec_for_db(dbname), sql);
}

}  // namespace eriq

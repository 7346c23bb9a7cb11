#pragma once
// Where the live-server tests connect: ERIQ_MARIADB_URL, set by tools/test.sh
// (main.cpp skips the whole binary when it is missing).
#include <cstdlib>
#include <string>

#include "exec/backend.hpp"

namespace eriq {

inline std::string mariadb_url() {
    const char* url = std::getenv("ERIQ_MARIADB_URL");
    return url == nullptr ? std::string() : std::string(url);
}

// The same server and account, but another database (tests use one each, named eriq_*).
inline ConnectionSpec spec_for_db(const std::string& dbname) {
    ConnectionSpec spec = ConnectionSpec::parse(mariadb_url());
    spec.database = dbname;
    return spec;
}

}  // namespace eriq

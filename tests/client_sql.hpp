#pragma once
// Runs SQL through a DBMS's own command-line client, as a user of the server would:
// not through eriq, so the objects it creates are not eriq's.
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>

#include "exec/backend.hpp"

namespace eriq {

// `client` is "mariadb" or "psql"; `spec` says where (its database may be empty).
// Returns the client's output; throws when the client fails.
inline std::string client_sql(const std::string& client, const ConnectionSpec& spec,
                              const std::string& sql) {
    std::string command;
    if (client == "mariadb") {
        command = "MYSQL_PWD='" + spec.password + "' mariadb --protocol=TCP -N -B -h " + spec.host +
                  " -P " + std::to_string(spec.port) + " -u " + spec.user + " " + spec.database;
    } else {
        command = "PGPASSWORD='" + spec.password + "' psql -X -q -A -t -v ON_ERROR_STOP=1 -h " +
                  spec.host + " -p " + std::to_string(spec.port) + " -U " + spec.user + " -d " +
                  (spec.database.empty() ? "postgres" : spec.database);
    }
    std::string input_file = "/tmp/eriq_client_sql_" + std::to_string(::getpid()) + ".sql";
    if (FILE* in = std::fopen(input_file.c_str(), "w")) {
        std::fputs(sql.c_str(), in);
        std::fclose(in);
    }
    FILE* pipe = ::popen((command + " < " + input_file + " 2>&1").c_str(), "r");
    if (pipe == nullptr) throw std::runtime_error("cannot run " + client);
    std::string output;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    int status = ::pclose(pipe);
    std::remove(input_file.c_str());
    if (status != 0) throw std::runtime_error(client + " failed: " + output);
    return output;
}

}  // namespace eriq

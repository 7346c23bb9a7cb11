#include "exec/postgres_error_kind.hpp"

namespace eriq {

bool is_lost_connection_state(std::string_view sqlstate) {
    return sqlstate.starts_with("08") || sqlstate == "57P01" || sqlstate == "57P02" ||
           sqlstate == "57P03";
}

std::string postgres_error_kind(std::string_view sqlstate) {
    if (sqlstate == "57014") return "timeout";
    if (is_lost_connection_state(sqlstate)) return "connection_lost";
    if (sqlstate.empty()) return "postgres:client";
    return "postgres:" + std::string(sqlstate);
}

bool is_authentication_failure_message(std::string_view message) {
    auto has = [&](std::string_view text) { return message.find(text) != std::string_view::npos; };
    return has("authentication failed") || has("no pg_hba.conf entry") ||
           has("no password supplied") || (has("role \"") && has("\" does not exist"));
}

}  // namespace eriq

#pragma once
// Turns a PostgreSQL SQLSTATE into the label used to count discarded cases, and
// tells which states mean that the session is gone.
#include <string>
#include <string_view>

namespace eriq {

// SQLSTATE class 08 (connection exception) and 57P01-57P03 (the server is shutting
// down, crashed or cannot accept connections yet): the session and its objects are gone.
bool is_lost_connection_state(std::string_view sqlstate);

// "57014" (query_canceled, raised by statement_timeout) -> "timeout"; a lost
// connection -> "connection_lost"; anything else -> "postgres:<SQLSTATE>"
// ("postgres:client" when libpq failed without a server error).
std::string postgres_error_kind(std::string_view sqlstate);

// libpq reports a failed connection as text only (no SQLSTATE): whether it is the
// server refusing the credentials (28P01 invalid_password, 28000
// invalid_authorization_specification: no pg_hba.conf entry, unknown role, failed
// peer/ident/password checks) as its English messages word it.
bool is_authentication_failure_message(std::string_view message);

}  // namespace eriq

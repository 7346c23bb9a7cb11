// Parsing and printing of connection URLs. Error messages never echo anything
// from the authority part of the URL, since a malformed URL may put the
// password where a host, port or database name was expected.
#include <cctype>
#include <stdexcept>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "exec/backend.hpp"

namespace eriq {

namespace {

[[noreturn]] void fail(std::string_view scheme, const std::string& what) {
    std::string shown = scheme.empty() ? std::string("<unknown>") : std::string(scheme);
    throw std::invalid_argument("invalid connection URL (" + shown + "): " + what);
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Decodes %XX escapes; `part` names the URL part for the error message.
std::string percent_decode(std::string_view text, std::string_view scheme, const char* part) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        bool complete = i + 2 < text.size();
        int hi = complete ? hex_value(text[i + 1]) : -1;
        int lo = complete ? hex_value(text[i + 2]) : -1;
        if (hi < 0 || lo < 0) fail(scheme, std::string("bad %-escape in the ") + part);
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
    }
    return out;
}

std::string percent_encode(std::string_view text) {
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string out;
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-' || c == '_' || c == '.' || c == '~') {
            out += c;
        } else {
            out += '%';
            out += digits[u >> 4];
            out += digits[u & 15];
        }
    }
    return out;
}

// sqlite: and duckdb: (both embedded) name a file or :memory:.
ConnectionSpec parse_embedded(const char* driver, std::string_view rest) {
    ConnectionSpec spec;
    spec.driver = driver;
    if (rest == ":memory:") {
        spec.database = ":memory:";
    } else if (rest.starts_with("//")) {
        // Only the empty-authority form sqlite:///abs/path is meaningful.
        if (!rest.starts_with("///"))
            fail(driver, fmt::format("use {0}:///absolute/path or {0}:relative", driver));
        spec.database = std::string(rest.substr(2));
    } else {
        spec.database = std::string(rest);
    }
    if (spec.database.empty() || spec.database == "/") fail(driver, "missing database file path");
    return spec;
}

unsigned parse_port(std::string_view text, std::string_view scheme) {
    if (text.empty() || text.size() > 5) fail(scheme, "port must be a number from 1 to 65535");
    unsigned port = 0;
    for (char c : text) {
        if (c < '0' || c > '9') fail(scheme, "port must be a number from 1 to 65535");
        port = port * 10 + static_cast<unsigned>(c - '0');
    }
    if (port == 0 || port > 65535) fail(scheme, "port must be a number from 1 to 65535");
    return port;
}

// scheme://[user[:password]@]host[:port][/database]
ConnectionSpec parse_server(std::string_view scheme, std::string_view rest, const char* driver,
                            unsigned default_port) {
    ConnectionSpec spec;
    spec.driver = driver;
    spec.port = default_port;
    spec.database = "eriq";
    if (!rest.starts_with("//")) fail(scheme, "expected " + std::string(scheme) + "://host");
    rest.remove_prefix(2);
    if (rest.find_first_of("?#") != std::string_view::npos) {
        fail(scheme, "query parameters and fragments are not supported");
    }
    std::size_t slash = rest.find('/');
    std::string_view authority = rest.substr(0, slash);
    std::string_view path = slash == std::string_view::npos ? "" : rest.substr(slash + 1);

    std::size_t at = authority.rfind('@');
    if (at != std::string_view::npos) {
        std::string_view userinfo = authority.substr(0, at);
        authority.remove_prefix(at + 1);
        std::size_t colon = userinfo.find(':');
        spec.user = percent_decode(userinfo.substr(0, colon), scheme, "user name");
        if (colon != std::string_view::npos) {
            spec.password = percent_decode(userinfo.substr(colon + 1), scheme, "password");
        }
    }

    std::string_view host = authority;
    std::string_view port_text;
    bool has_port = false;
    if (authority.starts_with('[')) {
        std::size_t close = authority.find(']');
        if (close == std::string_view::npos) fail(scheme, "unclosed '[' in the host");
        host = authority.substr(1, close - 1);
        std::string_view after = authority.substr(close + 1);
        if (!after.empty()) {
            if (after[0] != ':') fail(scheme, "unexpected text after the host");
            port_text = after.substr(1);
            has_port = true;
        }
    } else if (std::size_t colon = authority.find(':'); colon != std::string_view::npos) {
        host = authority.substr(0, colon);
        port_text = authority.substr(colon + 1);
        has_port = true;
    }
    if (!host.empty()) spec.host = std::string(host);
    if (has_port) spec.port = parse_port(port_text, scheme);

    if (!path.empty()) {
        spec.database = percent_decode(path, scheme, "database name");
        if (spec.database.find_first_of("/`'\"\\") != std::string::npos ||
            spec.database.find('\0') != std::string::npos) {
            fail(scheme, "the database name may not contain / ` ' \" \\ or NUL");
        }
    }
    return spec;
}

}  // namespace

ConnectionSpec ConnectionSpec::parse(const std::string& url) {
    std::string_view text = url;
    std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) {
        fail("", "expected sqlite:..., duckdb:..., mysql://... or postgres://...");
    }
    std::string_view scheme = text.substr(0, colon);
    std::string_view rest = text.substr(colon + 1);
    if (scheme == "sqlite") return parse_embedded("sqlite", rest);
    if (scheme == "duckdb") return parse_embedded("duckdb", rest);
    if (scheme == "mysql" || scheme == "mariadb") return parse_server(scheme, rest, "mysql", 3306);
    if (scheme == "postgres" || scheme == "postgresql") {
        return parse_server(scheme, rest, "postgres", 5432);
    }
    // The scheme is everything before the first ':', so it may hold a user name
    // when "scheme://" was forgotten; only show it when it looks like a scheme.
    bool plain = !scheme.empty() && scheme.size() <= 16 &&
                 scheme.find_first_not_of("abcdefghijklmnopqrstuvwxyz") == std::string_view::npos;
    fail(plain ? scheme : "", "unknown driver; expected sqlite:, duckdb:, mysql:// or postgres://");
}

std::string ConnectionSpec::redacted() const {
    if (driver == "sqlite" || driver == "duckdb") {
        if (database == ":memory:") return driver + "::memory:";
        if (database.starts_with('/')) return driver + "://" + database;
        return driver + ":" + database;
    }
    std::string out = driver + "://";
    if (!user.empty() || !password.empty()) {
        out += percent_encode(user);
        if (!password.empty()) out += ":***";
        out += '@';
    }
    out += host.find(':') != std::string::npos ? "[" + host + "]" : host;
    out += ':' + std::to_string(port) + '/' + percent_encode(database);
    return out;
}

}  // namespace eriq

// eriq-gen: finds logic bugs in a DBMS by comparing equivalent representations
// (VIEW, CTE, temporary table, derived table, ...) of an intermediate result.
// This file only parses flags; src/engine/ does the work.
#include <cstdlib>
#include <iostream>
#include <string>

#include <fmt/format.h>

#include "engine/campaign.hpp"
#include "engine/case_file.hpp"
#include "exec/backend.hpp"
#include "util/allocator_tuning.hpp"
#include "util/duration.hpp"
#include "util/load_error.hpp"

namespace {

const char* kUsage = R"(usage: eriq-gen [options]

Runs a campaign (default: 60 s against embedded in-memory SQLite) or one case.

  --dialect NAME        sqlite (default), mariadb, mysql, postgres, tidb, oceanbase
                        (dialects/NAME.toml)
  --dialect-file FILE   a dialect file other than dialects/NAME.toml
  --grammar FILE        grammar file (default grammars/<dialect>.toml)
  --rules FILE          representation rules (default rules/repr.toml)
  --connect URL         sqlite::memory:, sqlite:///path.db, mysql://user:pass@127.0.0.1:3306/db,
                        postgres://user:pass@127.0.0.1:5432/db
  --seed N              campaign seed; the same seed and files give the same SQL
  --time DURATION       stop after e.g. 90s, 5m, 2h (default 60s when --cases is not given)
  --cases N             stop after N cases
  --jobs N              N parallel workers, each with its own database (<db>_w<i>)
  --generator-thread on|off  generate each worker's next cases on a thread of its own
                        (default: on when the machine has two cores per worker)
  --out DIR             reports, index.jsonl and summary.json (default eriq-out)
  --case FILE           run one hand-written case (TOML) and print every variant;
                        exit 1 on an inconsistency, 0 when consistent, 3 when discarded
  --weight KNOB=VALUE   override a grammar knob (repeatable), e.g. --weight union=0
  --weights FILE        override knobs from a TOML file of knob = value lines
  --stats FILE          write per production, function and type family how many cases used
                        it and how many of those were invalid (JSON), and print a table
                        (coverage, never generated, highest invalid shares, down-weighted)
  --statement-timeout D per-statement timeout (default 10s)
  --allow-foreign-objects  use a database that holds tables eriq did not create
  --log-statements FILE append every statement sent to FILE (NUL-separated; FILE.w<i>
                        per worker with --jobs), for eriq-replay and tools/bench.sh
  --dry-run             print generated cases without running them
  --quiet / --verbose   less / more output
  --help / --version
)";

[[noreturn]] void usage_error(const std::string& what) {
    fmt::print(stderr, "eriq-gen: {}\n(see eriq-gen --help)\n", what);
    std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
    eriq::tune_allocator();
    eriq::RunOptions o;
    bool dialect_given = false, time_given = false, out_given = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        std::string value;
        if (auto eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos) {
            value = a.substr(eq + 1);
            a = a.substr(0, eq);
        } else if (a != "--help" && a != "--version" && a != "--quiet" && a != "--verbose" &&
                   a != "--dry-run" && a != "--allow-foreign-objects" && a != "-h") {
            if (i + 1 >= argc) usage_error(fmt::format("{} needs a value", a));
            value = argv[++i];
        }
        if (a == "--help" || a == "-h") {
            fmt::print("{}", kUsage);
            return 0;
        } else if (a == "--version") {
            fmt::print("eriq-gen {}\n", ERIQ_VERSION);
            return 0;
        } else if (a == "--quiet") {
            o.verbosity = 0;
        } else if (a == "--verbose") {
            o.verbosity = 2;
        } else if (a == "--dry-run") {
            o.dry_run = true;
        } else if (a == "--allow-foreign-objects") {
            o.allow_foreign_objects = true;
        } else if (a == "--dialect") {
            o.dialect = value;
            dialect_given = true;
        } else if (a == "--dialect-file") {
            o.dialect_file = value;
            dialect_given = true;
        } else if (a == "--grammar") {
            o.grammar_file = value;
        } else if (a == "--rules") {
            o.rules_file = value;
        } else if (a == "--connect") {
            o.connect = value;
        } else if (a == "--seed") {
            try {
                o.seed = std::stoull(value);
            } catch (...) {
                usage_error(fmt::format("--seed needs a non-negative integer, got '{}'", value));
            }
        } else if (a == "--time") {
            auto s = eriq::parse_duration_seconds(value);
            if (!s) usage_error(fmt::format("cannot read duration '{}' (try 90s, 5m, 2h)", value));
            o.time_limit_seconds = *s;
            time_given = true;
        } else if (a == "--statement-timeout") {
            auto s = eriq::parse_duration_seconds(value);
            if (!s) usage_error(fmt::format("cannot read duration '{}'", value));
            o.statement_timeout = std::chrono::milliseconds(static_cast<long>(*s * 1000));
        } else if (a == "--cases") {
            try {
                o.max_cases = std::stoll(value);
            } catch (...) {
                usage_error(fmt::format("--cases needs an integer, got '{}'", value));
            }
        } else if (a == "--jobs") {
            try {
                o.jobs = std::stoi(value);
            } catch (...) {
                usage_error(fmt::format("--jobs needs a positive integer, got '{}'", value));
            }
            if (o.jobs < 1) usage_error("--jobs needs a positive integer");
        } else if (a == "--generator-thread") {
            if (value != "on" && value != "off")
                usage_error(fmt::format("--generator-thread takes on or off, got '{}'", value));
            o.generator_thread = value == "on";
        } else if (a == "--log-statements") {
            o.statement_log = value;
        } else if (a == "--out") {
            o.out_dir = value;
            out_given = true;
        } else if (a == "--case") {
            o.case_file = value;
        } else if (a == "--weight") {
            auto eq = value.find('=');
            if (eq == std::string::npos) usage_error("--weight takes KNOB=VALUE");
            try {
                o.weights.emplace_back(value.substr(0, eq), std::stod(value.substr(eq + 1)));
            } catch (...) {
                usage_error(fmt::format("--weight {}: the value must be a number", value));
            }
        } else if (a == "--weights") {
            o.weights_file = value;
        } else if (a == "--stats") {
            o.stats_file = value;
        } else {
            usage_error(fmt::format("unknown option '{}'", a));
        }
    }
    if (!time_given && o.max_cases < 0) o.time_limit_seconds = 60;

    try {
        if (!o.case_file.empty()) {
            if (!out_given) o.out_dir.clear();
            return eriq::run_case_file(o, dialect_given);
        }
        if (o.dry_run) return eriq::run_dry(o);
        return eriq::run_campaign(o);
    } catch (const eriq::LoadError& e) {
        fmt::print(stderr, "eriq-gen: {}\n", e.what());
    } catch (const eriq::BackendError& e) {
        fmt::print(stderr, "eriq-gen: database error ({}): {}\n", e.kind, e.what());
    } catch (const std::exception& e) {
        fmt::print(stderr, "eriq-gen: {}\n", e.what());
    }
    return 2;
}

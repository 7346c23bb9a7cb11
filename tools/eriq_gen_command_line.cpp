#include "eriq_gen_command_line.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "eriq_gen_shard_options.hpp"
#include "util/duration.hpp"
#include "util/strict_number.hpp"

namespace eriq {
namespace {

constexpr int kMaxJobs = 256;
constexpr double kMaxWeight = 1e6;

const char* kDescription =
    "Runs a campaign (default: 60 s against embedded in-memory SQLite) or one case.\n"
    "Durations: 90 (seconds), 90s, 5m, 2h, 250ms, 1h30m; at most 30 days.";

// Reads the whole text as a decimal integer in [min, max]; throws CLI::ValidationError
// naming the range as `range` ("1 to 256").
std::uint64_t integer_in_range(const std::string& option, const std::string& text,
                               std::uint64_t min, std::uint64_t max, const std::string& range) {
    const auto value = parse_decimal_unsigned(text);
    if (!value)
        throw CLI::ValidationError(
            option, fmt::format("'{}' is not a whole number (expected {})", text, range));
    if (*value < min || *value > max)
        throw CLI::ValidationError(option,
                                   fmt::format("{} is out of range (expected {})", text, range));
    return *value;
}

std::chrono::milliseconds duration(const std::string& option, const std::string& text) {
    try {
        return parse_duration(text);
    } catch (const std::invalid_argument& e) {
        throw CLI::ValidationError(option, e.what());
    }
}

std::pair<std::string, double> knob_weight(const std::string& text) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw CLI::ValidationError("--weight", fmt::format("'{}' is not KNOB=VALUE", text));
    const std::string value_text = text.substr(eq + 1);
    const auto value = parse_finite_number(value_text);
    if (!value || *value < 0 || *value > kMaxWeight) {
        throw CLI::ValidationError(
            "--weight", fmt::format("{}: the value must be a number from 0 to {:.0f}, got '{}'",
                                    text.substr(0, eq), kMaxWeight, value_text));
    }
    return {text.substr(0, eq), *value};
}

bool name_is(const char* name, const char* expected) {
    return std::string(name) == expected;
}

// CLI11's own wording for the errors it finds itself, made into one line.
std::string usage_message(const CLI::ParseError& e) {
    std::string message = e.what();
    for (char& c : message)
        if (c == '\n') c = ' ';
    while (!message.empty() && message.back() == ' ') message.pop_back();
    return message;
}

// The target: --dialect, --dialect-file, --grammar, --rules, --connect.
void add_target_options(CLI::App& app, CommandLine& cl) {
    RunOptions& o = cl.options;
    app.add_option_function<std::string>(
           "--dialect",
           [&](const std::string& v) {
               o.dialect = v;
               cl.dialect_given = true;
           },
           "sqlite (default), duckdb, mariadb, mysql, postgres, tidb, oceanbase "
           "(dialects/NAME.toml)")
        ->type_name("NAME");
    app.add_option_function<std::string>(
           "--dialect-file",
           [&](const std::string& v) {
               o.dialect_file = v;
               cl.dialect_given = true;
           },
           "a dialect file other than dialects/NAME.toml")
        ->type_name("FILE");
    app.add_option("--grammar", o.grammar_file, "grammar file (default grammars/<dialect>.toml)")
        ->type_name("FILE");
    app.add_option("--rules", o.rules_file, "representation rules (default rules/repr.toml)")
        ->type_name("FILE");
    app.add_option("--connect", o.connect,
                   "sqlite::memory:, sqlite:///path.db, duckdb::memory:, duckdb:///path.db, "
                   "mysql://user:pass@127.0.0.1:3306/db, postgres://user:pass@127.0.0.1:5432/db")
        ->type_name("URL");
}

// --seed and the budget: --time, --cases, --jobs, --generator-thread.
void add_budget_options(CLI::App& app, RunOptions& o, bool& time_given) {
    app.add_option_function<std::string>(
           "--seed",
           [&](const std::string& v) {
               o.seed = integer_in_range("--seed", v, 0, std::numeric_limits<std::uint64_t>::max(),
                                         "0 to 18446744073709551615");
           },
           "campaign seed (0 to 2^64-1); the same seed and files give the same SQL")
        ->type_name("N");
    app.add_option_function<std::string>(
           "--time",
           [&](const std::string& v) {
               const auto d = duration("--time", v);
               if (d.count() == 0)
                   throw CLI::ValidationError("--time", "the duration must be more than 0");
               o.time_limit_seconds = std::chrono::duration<double>(d).count();
               time_given = true;
           },
           "stop after this long (default 60s when --cases is not given)")
        ->type_name("DURATION");
    app.add_option_function<std::string>(
           "--cases",
           [&](const std::string& v) {
               o.max_cases = static_cast<std::int64_t>(integer_in_range(
                   "--cases", v, 1, std::numeric_limits<std::int64_t>::max(), "1 or more"));
           },
           "stop after N cases (N >= 1)")
        ->type_name("N");
    app.add_option_function<std::string>(
           "--jobs",
           [&](const std::string& v) {
               o.jobs = static_cast<int>(integer_in_range("--jobs", v, 1, kMaxJobs, "1 to 256"));
           },
           "N parallel workers (1 to 256), each with its own database (<db>_w<i>)")
        ->type_name("N");
    app.add_option_function<std::string>(
           "--generator-thread",
           [&](const std::string& v) {
               if (v != "on" && v != "off")
                   throw CLI::ValidationError("--generator-thread",
                                              fmt::format("takes on or off, got '{}'", v));
               o.generator_thread = v == "on";
           },
           "generate each worker's next cases on a thread of its own (default: on when the "
           "machine has two cores per worker)")
        ->type_name("on|off");
}

// Where results go and what the run reads besides the target: --out, --case, knobs, logs.
void add_run_options(CLI::App& app, CommandLine& cl) {
    RunOptions& o = cl.options;
    app.add_option_function<std::string>(
           "--out",
           [&](const std::string& v) {
               o.out_dir = v;
               cl.out_given = true;
           },
           "reports, index.jsonl, summary.json and runs/ (default eriq-out)")
        ->type_name("DIR");
    app.add_option_function<std::vector<std::string>>(
           "--driver-library",
           [&](const std::vector<std::string>& values) {
               for (const auto& v : values) {
                   if (v.empty())
                       throw CLI::ValidationError("--driver-library", "needs a file, got ''");
                   o.driver_libraries.push_back(v);
               }
           },
           "SQLite, DuckDB: the libsqlite3 or libduckdb to load instead of the default (a file "
           "path, or a name the dynamic loader searches for); replay takes it several times and "
           "runs on each")
        ->type_name("PATH")
        ->expected(1)
        ->allow_extra_args(false)  // `reduce --driver-library LIB DIR`: DIR is no library
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app.add_option("--session-profile", o.session_profile,
                   "run the sessions under this one of the dialect's [session_profiles] (e.g. "
                   "mariadb: strict, default) instead of its session_profile")
        ->type_name("NAME");
    app.add_option("--case", o.case_file,
                   "run one hand-written case (TOML) and print every variant; exit 1 on an "
                   "inconsistency, 0 when consistent, 3 when discarded")
        ->type_name("FILE");
    app.add_option_function<std::vector<std::string>>(
           "--weight",
           [&](const std::vector<std::string>& values) {
               for (const auto& v : values) o.weights.push_back(knob_weight(v));
           },
           "override a grammar knob (repeatable), e.g. --weight union=0; VALUE from 0 to 1e6")
        ->type_name("KNOB=VALUE")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app.add_option("--weights", o.weights_file,
                   "override knobs from a TOML file of knob = value lines")
        ->type_name("FILE");
    app.add_option("--stats", o.stats_file,
                   "write per production, function and type family how many cases used it and "
                   "how many were invalid (JSON), and print a table")
        ->type_name("FILE");
    app.add_option_function<std::string>(
           "--statement-timeout",
           [&](const std::string& v) { o.statement_timeout = duration("--statement-timeout", v); },
           "per-statement timeout (default 10s; 0 for none)")
        ->type_name("DURATION");
    app.add_option("--log-statements", o.statement_log,
                   "append every statement sent to FILE (NUL-separated; FILE.w<i> per worker "
                   "with --jobs), for eriq-replay and tools/bench.sh")
        ->type_name("FILE");
}

// Reduction budgets and the on/off flags.
void add_reduce_options_and_flags(CLI::App& app, RunOptions& o) {
    app.add_option_function<std::string>(
           "--reduce",
           [&](const std::string& v) {
               if (v != "on" && v != "off")
                   throw CLI::ValidationError("--reduce",
                                              fmt::format("takes on or off, got '{}'", v));
               o.reduce = v == "on";
           },
           "reduce each finding of a campaign after the round that found it (default on)")
        ->type_name("on|off");
    app.add_option_function<std::string>(
           "--reduce-time",
           [&](const std::string& v) {
               o.reduce_time = duration("--reduce-time", v);
               if (o.reduce_time.count() == 0)
                   throw CLI::ValidationError("--reduce-time", "the duration must be more than 0");
           },
           "time budget per finding for reducing it (default 20s)")
        ->type_name("DURATION");
    app.add_option_function<std::string>(
           "--reduce-crash-time",
           [&](const std::string& v) {
               o.reduce_crash_time = duration("--reduce-crash-time", v);
               if (o.reduce_crash_time.count() == 0)
                   throw CLI::ValidationError("--reduce-crash-time",
                                              "the duration must be more than 0");
           },
           "time budget per server fault, for eriq-gen reduce and a campaign's own reduction "
           "(default 150s: each crash waits for a restart)")
        ->type_name("DURATION");
    app.add_option_function<std::string>(
           "--reduce-tests",
           [&](const std::string& v) {
               o.reduce_tests = static_cast<int>(
                   integer_in_range("--reduce-tests", v, 1, 1000000, "1 to 1000000"));
           },
           "candidate budget per finding for reducing it (default 3000)")
        ->type_name("N");
    app.add_option("--server-log", o.server_log,
                   "MariaDB, MySQL: the server's error log, read after a lost connection; a "
                   "crash it reports is grouped by the function the server crashed in")
        ->type_name("FILE");
    app.add_flag_callback(
        "--allow-foreign-objects", [&] { o.allow_foreign_objects = true; },
        "use a database that holds tables eriq did not create");
    app.add_flag_callback(
        "--dry-run", [&] { o.dry_run = true; }, "print generated cases without running them");
    app.add_flag_callback(
        "--z3", [&] { o.z3_predicates = true; },
        "classify each generated WHERE/ON/HAVING predicate with Z3 and re-draw contradictions "
        "and tautologies (the share in knob z3_redraw); --stats reports the classes");
    app.add_flag_callback(
        "--quiet", [&] { o.verbosity = 0; }, "less output");
    app.add_flag_callback(
        "--verbose", [&] { o.verbosity = 2; }, "more output");
}

// Every option of eriq-gen, in the order --help lists them.
void add_options(CLI::App& app, CommandLine& cl, bool& time_given) {
    add_target_options(app, cl);
    add_budget_options(app, cl.options, time_given);
    add_run_options(app, cl);
    add_reduce_options_and_flags(app, cl.options);
}

void add_subcommands(CLI::App& app, CommandLine& cl) {
    struct Spec {
        const char* name;
        const char* help;
    };
    const Spec specs[] = {
        {"reduce",
         "reduce finding folders on the target (the same representations must keep splitting "
         "into the same groups); writes REPORT_DIR/reduced/"},
        {"replay",
         "run finding folders (or case files) on the target and say whether each reproduces; "
         "with --ladder, on every release of the engine's version ladder"},
        {"triage",
         "merge output folders and list the findings' root-cause groups (text, --json or "
         "--html FILE), marking groups known from known-bugs/<dialect>.toml"},
    };
    for (const Spec& spec : specs) {
        CLI::App* sub = app.add_subcommand(spec.name, spec.help);
        sub->fallthrough();
        sub->callback([&cl, name = std::string(spec.name)] { cl.command = name; });
        sub->add_option("paths", cl.paths,
                        name_is(spec.name, "triage") ? "output folders" : "finding folders")
            ->required()
            ->type_name(name_is(spec.name, "triage") ? "OUT" : "REPORT_DIR");
        if (name_is(spec.name, "replay")) {
            sub->add_option("--ladder", cl.ladder,
                            "run each finding's reduced case on every fetched rung of "
                            "tools/ladders/NAME.toml (sqlite, duckdb) or of a ladder FILE, and "
                            "report the releases where it reproduces")
                ->type_name("NAME|FILE");
            sub->add_option("--rungs", cl.ladder_rungs,
                            "with --ladder: only these rungs (A,B,C or a range A..B, A.., ..B)")
                ->type_name("SELECTION");
        }
        if (name_is(spec.name, "triage")) {
            sub->add_flag("--json", cl.json, "print the groups as JSON");
            sub->add_option("--html", cl.html_file, "write a self-contained triage page")
                ->type_name("FILE");
            sub->add_option("--known-bugs", cl.known_bugs,
                            "folder of known-bug lists (default known-bugs)")
                ->type_name("DIR");
        }
    }
}

// replay --ladder picks the libraries itself; --rungs only narrows a ladder.
std::optional<std::string> ladder_usage_error(const CommandLine& cl) {
    if (!cl.ladder_rungs.empty() && cl.ladder.empty()) return "--rungs needs --ladder";
    if (!cl.ladder.empty() && !cl.options.driver_libraries.empty())
        return "--ladder runs the ladder's libraries: leave out --driver-library";
    return std::nullopt;
}

}  // namespace

CommandLine parse_command_line(int argc, char** argv) {
    CommandLine cl;
    bool time_given = false;
    CLI::App app(kDescription, "eriq-gen");
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    // Not CLI11's version flag: the version names the dialect's client library, so it comes
    // after --dialect and --driver-library have been read.
    app.add_flag("--version", cl.version,
                 "print eriq's version and the dialect's client library (SQLite, DuckDB: the "
                 "default one, or each --driver-library)");
    app.allow_extras();
    add_options(app, cl, time_given);
    ShardFlags shard_flags;
    add_shard_options(app, shard_flags);
    add_subcommands(app, cl);
    try {
        app.parse(argc, argv);
        const auto extras = app.remaining();
        if (!extras.empty()) {
            const std::string& first = extras.front();
            throw CLI::ExtrasError(first.starts_with("-")
                                       ? fmt::format("unknown option '{}' (see --help)", first)
                                       : fmt::format("unexpected argument '{}'", first),
                                   CLI::ExitCodes::ExtrasError);
        }
    } catch (const CLI::CallForHelp&) {
        fmt::print("{}", app.help());
        cl.exit_code = 0;
        return cl;
    } catch (const CLI::ArgumentMismatch& e) {
        // CLI11 says "--seed: 1 required N missing".
        const std::string what = e.what();
        fmt::print(stderr, "eriq-gen: {} needs a value\n", what.substr(0, what.find(':')));
        cl.exit_code = 2;
        return cl;
    } catch (const CLI::ParseError& e) {
        fmt::print(stderr, "eriq-gen: {}\n", usage_message(e));
        cl.exit_code = 2;
        return cl;
    }
    if (auto error = apply_shard_flags(shard_flags, cl)) {
        fmt::print(stderr, "eriq-gen: {}\n", *error);
        cl.exit_code = 2;
        return cl;
    }
    if (cl.options.driver_libraries.size() > 1 && cl.command != "replay" && !cl.version) {
        fmt::print(stderr,
                   "eriq-gen: --driver-library: only replay (and --version) take several "
                   "libraries\n");
        cl.exit_code = 2;
        return cl;
    }
    if (auto error = ladder_usage_error(cl)) {
        fmt::print(stderr, "eriq-gen: {}\n", *error);
        cl.exit_code = 2;
        return cl;
    }
    if (!time_given && cl.options.max_cases < 0) cl.options.time_limit_seconds = 60;
    return cl;
}

}  // namespace eriq

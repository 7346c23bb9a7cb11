#include "report/report_writer.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "report/choice_record.hpp"
#include "report/finding_record.hpp"
#include "report/report_files.hpp"

namespace eriq {

namespace fs = std::filesystem;

namespace {

// Finding folders (and their .tmp forms) start with at least six digits and '-'.
std::uint64_t finding_number(const std::string& name) {
    std::size_t digits = 0;
    while (digits < name.size() && name[digits] >= '0' && name[digits] <= '9') ++digits;
    if (digits < 6 || digits > 18 || digits == name.size() || name[digits] != '-') return 0;
    return std::stoull(name.substr(0, digits));
}

// The number of an id that starts with `prefix`, else 0.
std::uint64_t finding_number(const std::string& name, const std::string& prefix) {
    return name.starts_with(prefix) ? finding_number(name.substr(prefix.size())) : 0;
}

// The highest number among the finding folders and the ids in index.jsonl (a folder the
// user deleted still has its line there) with the given prefix.
std::uint64_t highest_finding_number(const fs::path& dir, const std::string& prefix) {
    std::uint64_t highest = 0;
    for (const auto& entry : fs::directory_iterator(dir))
        highest = std::max(highest, finding_number(entry.path().filename().string(), prefix));
    std::ifstream index(dir / "index.jsonl");
    const std::string id_key = "{\"id\":\"";
    for (std::string line; std::getline(index, line);)
        if (line.starts_with(id_key))
            highest = std::max(highest, finding_number(line.substr(id_key.size()), prefix));
    return highest;
}

void write_file(const fs::path& path, const std::string& content) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.close();
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

// Representation names become file names: keep them to a portable alphabet.
std::string file_stem(const std::string& representation) {
    std::string stem;
    for (const char c : representation) {
        const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                           (c >= '0' && c <= '9') || c == '_' || c == '-';
        stem += plain ? c : '_';
    }
    return stem.empty() ? "variant" : stem;
}

// One write() of the whole line with O_APPEND, so concurrent appenders never
// interleave within a line.
void append_line(const fs::path& path, const std::string& line) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        throw std::runtime_error("cannot open " + path.string() + ": " + std::strerror(errno));
    const ssize_t written = ::write(fd, line.data(), line.size());
    const int write_errno = errno;
    ::close(fd);
    if (written != static_cast<ssize_t>(line.size())) {
        throw std::runtime_error("cannot append to " + path.string() + ": " +
                                 std::strerror(write_errno));
    }
}

void write_finding_files(const fs::path& dir, const std::string& id, const std::string& signature,
                         const TestCase& tc, const CaseOutcome& outcome, const ReportContext& ctx,
                         const std::string& run_id, const ReductionFacts* reduction) {
    write_file(dir / "report.json", report_json(id, signature, tc, outcome, ctx));
    write_file(dir / "case.toml", case_toml(tc, ctx.dialect));
    if (!tc.choices.empty()) write_file(dir / "choices.toml", choices_toml(tc.choices));
    FindingRecord record = make_finding_record(id, signature, tc, outcome, ctx.grouping);
    record.dialect = ctx.dialect;
    record.server_version = ctx.server_version;
    record.driver_library = ctx.driver_library;
    record.run = run_id;
    if (reduction) {
        record.reduced = true;
        record.reduction_seconds = reduction->seconds;
        record.reduction_tests = reduction->tests;
        record.settings_measured = reduction->settings_measured;
        record.setting_dependence = reduction->settings;
        record.evidence = reduction->evidence;
    }
    write_file(dir / "finding.toml", finding_toml(record));
    std::set<std::string> used;
    for (const auto& variant : outcome.variants) {
        const std::string stem = file_stem(variant.variant.representation);
        std::string file_name = stem + ".sql";
        for (int n = 2; used.count(file_name) > 0; ++n)
            file_name = fmt::format("{}_{}.sql", stem, n);
        used.insert(file_name);
        write_file(dir / file_name, reproducer_sql(id, file_name, tc, outcome, variant, ctx));
    }
}

}  // namespace

ReportWriter::ReportWriter(fs::path out_dir, std::string run_id, std::string id_prefix)
    : out_dir_(std::move(out_dir)), run_id_(std::move(run_id)), id_prefix_(std::move(id_prefix)) {
    fs::create_directories(out_dir_);
    next_id_ = highest_finding_number(out_dir_, id_prefix_) + 1;
}

fs::path ReportWriter::write(const TestCase& tc, const CaseOutcome& outcome,
                             const ReportContext& ctx) {
    const std::lock_guard<std::mutex> lock(mutex_);
    const std::string signature = finding_signature(tc, outcome);

    // Claim an id whose folder does not exist yet; create_directory fails on
    // an existing .tmp, so a leftover from a crash is never reused.
    std::string id;
    fs::path final_dir;
    fs::path tmp_dir;
    do {
        id = fmt::format("{}{:06d}-{}", id_prefix_, next_id_++, signature);
        final_dir = out_dir_ / id;
        tmp_dir = out_dir_ / (id + ".tmp");
    } while (fs::exists(final_dir) || !fs::create_directory(tmp_dir));

    try {
        write_finding_files(tmp_dir, id, signature, tc, outcome, ctx, run_id_, nullptr);
        fs::rename(tmp_dir, final_dir);
    } catch (...) {
        std::error_code ignored;
        fs::remove_all(tmp_dir, ignored);
        throw;
    }
    append_line(out_dir_ / "index.jsonl", index_line(id, signature, tc, outcome, ctx, run_id_));
    return final_dir;
}

fs::path ReportWriter::write_reduced(const fs::path& finding_dir, const TestCase& reduced,
                                     const CaseOutcome& outcome, const ReportContext& ctx,
                                     const ReductionFacts& cost) {
    const std::string id = finding_dir.filename().string();
    const fs::path final_dir = finding_dir / "reduced";
    const fs::path tmp_dir = finding_dir / "reduced.tmp";
    std::error_code ignored;
    fs::remove_all(tmp_dir, ignored);
    fs::create_directory(tmp_dir);
    try {
        write_finding_files(tmp_dir, id, finding_signature(reduced, outcome), reduced, outcome, ctx,
                            run_id_, &cost);
        fs::remove_all(final_dir, ignored);
        fs::rename(tmp_dir, final_dir);
    } catch (...) {
        fs::remove_all(tmp_dir, ignored);
        throw;
    }
    return final_dir;
}

void ReportWriter::append_progress(double seconds, std::int64_t cases, std::int64_t valid,
                                   std::int64_t findings) {
    append_line(out_dir_ / "progress.jsonl",
                fmt::format("{{\"run\":\"{}\",\"t\":{:.1f},\"cases\":{},\"valid\":{},"
                            "\"findings\":{}}}\n",
                            run_id_, seconds, cases, valid, findings));
}

void write_file_atomically(const fs::path& path, const std::string& content) {
    fs::path tmp = path;
    tmp += fmt::format(".tmp.{}", ::getpid());
    try {
        write_file(tmp, content);
        fs::rename(tmp, path);
    } catch (...) {
        std::error_code ignored;
        fs::remove(tmp, ignored);
        throw;
    }
}

}  // namespace eriq

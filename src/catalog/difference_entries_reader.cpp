#include "catalog/difference_entries_reader.hpp"

#include <fmt/format.h>

#include "catalog/toml_fields.hpp"
#include "util/version_order.hpp"

namespace eriq {
namespace {

class DifferenceEntriesReader : TomlFields {
  public:
    explicit DifferenceEntriesReader(std::string file) : TomlFields(std::move(file)) {}

    void read(const toml::table& root, Dialect& d) const {
        for (const toml::table* entry : tables_of(root, "benign"))
            d.benign.push_back(read_benign(*entry));
        for (const toml::table* entry : tables_of(root, "expected_error"))
            d.expected_errors.push_back(read_expected_error(*entry));
    }

  private:
    static constexpr std::string_view kBenignKeys[] = {
        "reason",     "query_regex",        "representations",
        "rows_regex", "intermediate_regex", "before_version"};
    static constexpr std::string_view kExpectedErrorKeys[] = {"reason", "error_regex",
                                                              "representations"};

    // The required RE2 regex under `key` of `entry`, compiled; its text goes to `text`.
    BenignPattern regex_of(const toml::table& entry, const char* key, const char* where,
                           std::string& text) const {
        const toml::node& regex = required(entry, key, where);
        text = nonempty_text(regex, key);
        try {
            return BenignPattern(text);
        } catch (const std::invalid_argument& e) {
            fail(regex.source(), fmt::format("'{}' is not a valid RE2 regex: {}", key, e.what()));
        }
    }

    BenignDifference read_benign(const toml::table& entry) const {
        check_keys(entry, kBenignKeys, "[[benign]]");
        BenignDifference benign;
        benign.reason = nonempty_text(required(entry, "reason", "[[benign]]"), "reason");
        benign.pattern = regex_of(entry, "query_regex", "[[benign]]", benign.query_regex);
        const toml::node& representations = required(entry, "representations", "[[benign]]");
        benign.representations = texts(representations, "representations");
        benign.line = representations.source().begin.line;
        benign.column = representations.source().begin.column;
        if (benign.representations.empty())
            fail(representations.source(), "'representations' must name at least one");
        if (entry.contains("rows_regex"))
            benign.rows_pattern = regex_of(entry, "rows_regex", "[[benign]]", benign.rows_regex);
        if (entry.contains("intermediate_regex"))
            benign.intermediate_pattern =
                regex_of(entry, "intermediate_regex", "[[benign]]", benign.intermediate_regex);
        if (const toml::node* bound = entry.get("before_version")) {
            benign.before_version = nonempty_text(*bound, "before_version");
            if (!release_number(benign.before_version))
                fail(bound->source(), "'before_version' must be a release number such as 3.43.0");
        }
        return benign;
    }

    ExpectedError read_expected_error(const toml::table& entry) const {
        check_keys(entry, kExpectedErrorKeys, "[[expected_error]]");
        ExpectedError expected;
        expected.reason = nonempty_text(required(entry, "reason", "[[expected_error]]"), "reason");
        expected.pattern =
            regex_of(entry, "error_regex", "[[expected_error]]", expected.error_regex);
        expected.line = entry.source().begin.line;
        expected.column = entry.source().begin.column;
        if (auto* representations = entry.get("representations")) {
            expected.representations = texts(*representations, "representations");
            expected.line = representations->source().begin.line;
            expected.column = representations->source().begin.column;
        }
        return expected;
    }
};

}  // namespace

void read_difference_entries(const toml::table& root, const std::string& file, Dialect& d) {
    DifferenceEntriesReader(file).read(root, d);
}

}  // namespace eriq

#pragma once
// Typed reads of a parsed catalogue file's nodes, each failing with a LoadError at the node it
// looked at (the file it was written in, which an include may make another than the one
// loaded). Include only from .cpp files: it pulls in toml++.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

namespace eriq {

using Keys = std::span<const std::string_view>;

bool has_key(Keys keys, std::string_view key);
std::string joined_keys(Keys keys);

class TomlFields {
  public:
    explicit TomlFields(std::string file) : file_(std::move(file)) {}

    [[noreturn]] void fail(const toml::source_region& where, const std::string& message) const;
    void check_keys(const toml::table& table, Keys allowed, std::string_view context) const;
    const toml::node& required(const toml::table& table, std::string_view key,
                               std::string_view context) const;
    std::string text(const toml::node& node, std::string_view what) const;
    std::string nonempty_text(const toml::node& node, std::string_view what) const;
    std::vector<std::string> texts(const toml::node& node, std::string_view what) const;
    bool flag(const toml::node& node, std::string_view what) const;
    double number(const toml::node& node, std::string_view what) const;
    // The optional `weight` of an entry: 1 when absent, else from 0 to kMaxWeight.
    double weight(const toml::table& table) const;
    int small_count(const toml::node& node, std::string_view what) const;
    const toml::table& table_of(const toml::node& node, std::string_view what) const;
    // The entries of an array of tables ([[key]]); empty when the key is absent.
    std::vector<const toml::table*> tables_of(const toml::table& root, std::string_view key) const;
    // A statement template that must mention a named placeholder such as {db}.
    std::string statement_with(const toml::node& node, std::string_view what,
                               std::string_view placeholder) const;
    // Fails unless every {k} of the template names one of `arity` arguments.
    void check_template(const toml::node& node, const std::string& tmpl, std::size_t arity) const;

    const std::string& file() const { return file_; }

  private:
    std::string file_;
};

}  // namespace eriq

#pragma once
// A test double that perturbs the results of chosen queries, so tests can show
// that the oracle notices each kind of inconsistency end to end.
#include <memory>
#include <string>
#include <vector>

#include "exec/backend.hpp"

namespace eriq {

class FaultInjectingBackend : public Backend {
  public:
    enum class Fault {
        DropLastRow,
        DuplicateFirstRow,
        // Appends "_fault" to a textual value, adds 1 to a number, turns NULL into 1.
        ChangeFirstValue,
        // Fails the query with a BackendError of kind "injected:error".
        RaiseError,
        // The same rows in the opposite order.
        ReverseRows,
        // Fails the query as a lost connection (a server fault: crashed or killed server).
        LoseConnection,
        // The query runs, but the next reset_workspace() fails as a lost connection: a server
        // killed after the query, while eriq drops its objects.
        LoseConnectionOnReset,
    };
    struct Rule {
        std::string sql_marker;  // the fault applies to queries whose SQL contains this
        Fault fault;
        // Instead: to the queries after an executed statement that contains sql_marker (a
        // session setting), until the next executed statement (the one restoring it).
        bool after_statement = false;
        // A lost connection's crash site, as a server log would give it (innermost first).
        std::vector<std::string> crash_frames = {};
    };

    FaultInjectingBackend(Backend& inner, std::vector<Rule> rules);
    FaultInjectingBackend(std::unique_ptr<Backend> inner, std::vector<Rule> rules);

    std::string driver() const override { return inner_->driver(); }
    std::string server_version() override { return inner_->server_version(); }
    void execute(const std::string& sql) override;
    ResultSet query(const std::string& sql) override;
    void reset_workspace() override;
    bool set_optimizations_off(std::uint64_t mask) override;

    // How many query results were perturbed so far.
    int faults_injected() const { return faults_injected_; }

  protected:
    void cancel_statement_in_flight() override { inner_->interrupt(); }

  private:
    void sync_counters();
    template <typename Call>
    decltype(auto) forwarded(Call&& call);

    std::unique_ptr<Backend> owned_;
    Backend* inner_;
    std::vector<Rule> rules_;
    int faults_injected_ = 0;
    std::string last_executed_;  // the last statement execute() ran
    std::string last_queried_;   // the last query query() ran
};

}  // namespace eriq

// Shards (engine/shard.hpp): disjoint round seeds, K/N from the flag or the scheduler's
// environment, and a sharded campaign's own folder, ids and summary.
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "engine/campaign.hpp"
#include "engine/shard.hpp"
#include "engine/shard_environment.hpp"
#include "gen/rng.hpp"
#include "report/shard_folders.hpp"
#include "test_files.hpp"

using namespace eriq;
namespace fs = std::filesystem;

namespace {

EnvironmentLookup environment(std::map<std::string, std::string> vars) {
    return [vars = std::move(vars)](const std::string& name) -> std::optional<std::string> {
        const auto it = vars.find(name);
        if (it == vars.end()) return std::nullopt;
        return it->second;
    };
}

const std::optional<std::string> kNone;

std::string refusal(const std::optional<std::string>& flag, const std::optional<std::string>& count,
                    std::map<std::string, std::string> vars) {
    try {
        resolve_shard(flag, count, environment(std::move(vars)));
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "accepted";
}

std::map<std::string, std::string> slurm(const std::string& id, const std::string& count,
                                         const std::string& min, const std::string& max,
                                         const std::string& step = "1") {
    return {{"SLURM_ARRAY_TASK_ID", id},
            {"SLURM_ARRAY_TASK_COUNT", count},
            {"SLURM_ARRAY_TASK_MIN", min},
            {"SLURM_ARRAY_TASK_MAX", max},
            {"SLURM_ARRAY_TASK_STEP", step}};
}

}  // namespace

TEST_CASE("the shards of one seed draw disjoint rounds that together are the unsharded ones",
          "[shard]") {
    constexpr std::uint64_t kRounds = 400;
    for (const std::uint64_t seed :
         {std::uint64_t{0}, std::uint64_t{42}, std::numeric_limits<std::uint64_t>::max()}) {
        for (const std::uint64_t n : {1, 2, 3, 4, 7, 64}) {
            std::set<std::uint64_t> drawn;
            for (std::uint64_t k = 0; k < n; ++k)
                for (std::uint64_t i = 0; i < kRounds; ++i)
                    drawn.insert(round_seed(seed, Shard{k, n, "--shard"}, i));
            CHECK(drawn.size() == n * kRounds);  // no shard repeats another's round
            std::set<std::uint64_t> unsharded;
            for (std::uint64_t r = 0; r < n * kRounds; ++r)
                unsharded.insert(round_seed(seed, std::nullopt, r));
            CHECK(drawn == unsharded);
        }
        CHECK(round_seed(seed, std::nullopt, 5) == mix_seed(seed, 5));
        CHECK(round_seed(seed, Shard{0, 1, "--shard"}, 5) == mix_seed(seed, 5));
        CHECK(round_seed(seed, Shard{2, 4, "--shard"}, 3) == mix_seed(seed, 14));
    }
    CHECK(seed_stream(Shard{2, 4, "--shard"}) == "mix_seed(seed, 4*i + 2)");
    CHECK(seed_stream(std::nullopt) == "mix_seed(seed, i)");
}

TEST_CASE("shard K/N is read strictly", "[shard][cli]") {
    const Shard s = parse_shard("2/4");
    CHECK(s.index == 2);
    CHECK(s.count == 4);
    CHECK(parse_shard("0/1").count == 1);
    CHECK(parse_shard("999999/1000000").index == 999999);
    for (const char* bad : {"", "2", "2/", "/4", "4/4", "5/4", "0/0", "-1/4", "1/4x", "1 /4",
                            "1/1000001", "0x1/4", "1/2/3", "off"})
        CHECK_THROWS_AS(parse_shard(bad), std::invalid_argument);
    CHECK(refusal("4/4", kNone, {}) ==
          "--shard: 4/4: K must be less than N (shards are numbered 0 to 3)");
    CHECK(refusal("x", kNone, {}) ==
          "--shard: 'x' is not K/N (shard K of N, K from 0 to N-1, or off)");
    CHECK(refusal("0/0", kNone, {}) == "--shard: 0/0: N must be 1 to 1000000, got 0");
}

TEST_CASE("the shard comes from the flag, else from Slurm or Kubernetes", "[shard][cli]") {
    CHECK_FALSE(resolve_shard(kNone, kNone, environment({})).has_value());
    // The flag wins over the environment; off turns sharding off.
    auto flagged = resolve_shard("1/3", kNone, environment(slurm("7", "8", "0", "7")));
    REQUIRE(flagged);
    CHECK(flagged->index == 1);
    CHECK(flagged->count == 3);
    CHECK(flagged->source == "--shard");
    CHECK_FALSE(resolve_shard("off", kNone, environment(slurm("7", "8", "0", "7"))).has_value());

    SECTION("Slurm: K counts from SLURM_ARRAY_TASK_MIN in steps") {
        auto from_one = resolve_shard(kNone, kNone, environment(slurm("3", "4", "1", "4")));
        REQUIRE(from_one);
        CHECK(from_one->index == 2);
        CHECK(from_one->count == 4);
        CHECK(from_one->source == "SLURM_ARRAY_TASK_ID");
        auto stepped = resolve_shard(kNone, kNone, environment(slurm("14", "4", "8", "14", "2")));
        REQUIRE(stepped);
        CHECK(stepped->index == 3);
        auto minimal = resolve_shard(
            kNone, "2",
            environment({{"SLURM_ARRAY_TASK_ID", "1"}, {"SLURM_ARRAY_TASK_COUNT", "2"}}));
        REQUIRE(minimal);
        CHECK(minimal->index == 1);
        CHECK(resolve_shard(kNone, kNone, environment(slurm("", "", "", "")))  // empty: unset
                  .has_value() == false);
    }
    SECTION("Slurm: malformed or uneven arrays are refused") {
        CHECK(refusal(kNone, kNone, slurm("x", "4", "0", "3")) ==
              "SLURM_ARRAY_TASK_ID: 'x' is not a whole number");
        CHECK(refusal(kNone, kNone, {{"SLURM_ARRAY_TASK_ID", "1"}}) ==
              "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not: give --shard K/N "
              "(or --shard off)");
        CHECK(refusal(kNone, kNone, slurm("1", "0", "0", "0")) ==
              "SLURM_ARRAY_TASK_COUNT: 0 is out of range (expected 1 to 1000000)");
        // --array=1,3,10: three tasks that are not evenly spaced.
        CHECK(refusal(kNone, kNone, slurm("10", "3", "1", "10")) ==
              "SLURM_ARRAY_TASK_ID=10 is not in an evenly spaced array of 3 tasks from 1 (step "
              "1, max 10): give --shard K/N");
        CHECK(refusal(kNone, kNone, slurm("3", "3", "1", "5", "2")) == "accepted");
        CHECK(refusal(kNone, kNone, slurm("0", "4", "1", "4")) != "accepted");
        CHECK(refusal(kNone, kNone, slurm("4", "4", "0", "8", "2")) ==
              "SLURM_ARRAY_TASK_ID=4 is not in an evenly spaced array of 4 tasks from 0 (step "
              "2, max 8): give --shard K/N");
        CHECK(refusal(kNone, "3", slurm("1", "4", "0", "3")) ==
              "--shard-count 3 disagrees with SLURM_ARRAY_TASK_COUNT=4");
    }
    SECTION("Kubernetes: JOB_COMPLETION_INDEX with --shard-count") {
        auto pod = resolve_shard(kNone, "5", environment({{"JOB_COMPLETION_INDEX", "4"}}));
        REQUIRE(pod);
        CHECK(pod->index == 4);
        CHECK(pod->count == 5);
        CHECK(pod->source == "JOB_COMPLETION_INDEX");
        CHECK(refusal(kNone, kNone, {{"JOB_COMPLETION_INDEX", "4"}}) ==
              "JOB_COMPLETION_INDEX is set but the shard count is not: give --shard-count N "
              "(the Indexed Job's completions), or --shard off");
        CHECK(refusal(kNone, "4", {{"JOB_COMPLETION_INDEX", "4"}}) ==
              "JOB_COMPLETION_INDEX=4 is not below --shard-count 4");
        CHECK(refusal(kNone, "4", {{"JOB_COMPLETION_INDEX", "-1"}}) ==
              "JOB_COMPLETION_INDEX: '-1' is not a whole number");
    }
    SECTION("--shard-count needs an index from the environment, and excludes --shard") {
        CHECK(refusal(kNone, "4", {}) ==
              "--shard-count needs SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX in the "
              "environment; give --shard K/N instead");
        CHECK(refusal(kNone, "0", {{"JOB_COMPLETION_INDEX", "0"}}) ==
              "--shard-count: 0 is out of range (expected 1 to 1000000)");
        CHECK(refusal("1/2", "2", {}) ==
              "--shard and --shard-count exclude each other (--shard-count takes K from the "
              "environment)");
    }
}

TEST_CASE("shard folders and ids are named after the shard", "[shard][output]") {
    CHECK(shard_folder_name(3) == "shard-3");
    CHECK(shard_id_prefix(3) == "s3-");
    CHECK(without_shard_prefix("s3-000001-ab") == "000001-ab");
    CHECK(without_shard_prefix("s12-000001-ab") == "000001-ab");
    CHECK(without_shard_prefix("000001-ab") == "000001-ab");
    for (const char* kept : {"s-000001", "sx-1", "s3", "summary.json", "shard-3"})
        CHECK(without_shard_prefix(kept) == kept);

    const fs::path out = test::fresh_dir("shard-folders");
    for (const char* sub : {"shard-10", "shard-2", "shard-x", "runs", "000001-ab"})
        fs::create_directories(out / sub);
    const auto folders = with_shard_folders({out, out / "shard-2", out / ".." / out.filename()});
    REQUIRE(folders.size() == 3);
    CHECK(folders[0] == out);
    CHECK(folders[1] == out / "shard-2");
    CHECK(folders[2] == out / "shard-10");
    fs::remove_all(out);
}

TEST_CASE("a sharded campaign writes into its shard folder and records its seed stream",
          "[shard][engine][campaign]") {
    RunOptions o;
    o.rules_file = test::source("rules/repr.toml");
    o.seed = 7;
    o.max_cases = 60;
    o.shard = Shard{1, 3, "SLURM_ARRAY_TASK_ID"};
    o.out_dir = test::fresh_dir("sharded").string();
    o.verbosity = 0;
    const CampaignResult result = execute_campaign(o);
    CHECK(result.stats.cases == 60);
    CHECK(result.facts.run_id.ends_with("-s1"));
    const fs::path shard_dir = fs::path(o.out_dir) / "shard-1";
    CHECK_FALSE(fs::exists(fs::path(o.out_dir) / "summary.json"));
    const std::string summary = test::slurp(shard_dir / "summary.json");
    CHECK(summary.find("\"seed\": 7,") != std::string::npos);
    CHECK(summary.find("\"shard\": {\n    \"index\": 1,\n    \"count\": 3,\n    \"source\": "
                       "\"SLURM_ARRAY_TASK_ID\",\n    \"seed_stream\": \"mix_seed(seed, 3*i + "
                       "1)\"\n  }") != std::string::npos);
    CHECK(fs::exists(shard_dir / "runs" / (result.facts.run_id + ".json")));
    CHECK(fs::exists(shard_dir / ".lock"));
    for (const auto& entry : fs::directory_iterator(shard_dir))
        if (entry.is_directory() && entry.path().filename() != "runs")
            CHECK(entry.path().filename().string().starts_with("s1-"));
    fs::remove_all(o.out_dir);
}

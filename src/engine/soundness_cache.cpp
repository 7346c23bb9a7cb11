#include "engine/soundness_cache.hpp"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <system_error>

#include <unistd.h>

#include <fmt/format.h>

#include "report/signature.hpp"

namespace eriq {
namespace {

constexpr const char* kProvedMark = "proved sound";

// The running binary's size and modification time: a rebuilt eriq (another prover) has
// another identity.
std::string binary_identity() {
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return "unknown";
    const auto size = std::filesystem::file_size(self, ec);
    if (ec) return "unknown";
    const auto modified = std::filesystem::last_write_time(self, ec);
    if (ec) return "unknown";
    return fmt::format("{}:{}:{}", self.string(), size, modified.time_since_epoch().count());
}

}  // namespace

SoundnessCache SoundnessCache::from_environment() {
    namespace fs = std::filesystem;
    if (const char* dir = std::getenv("ERIQ_CACHE_DIR"); dir != nullptr && *dir != '\0') {
        if (std::string(dir) == "off") return SoundnessCache();
        return SoundnessCache(fs::path(dir) / "rule-soundness");
    }
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0')
        return SoundnessCache(fs::path(xdg) / "eriq" / "rule-soundness");
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return SoundnessCache(fs::path(home) / ".cache" / "eriq" / "rule-soundness");
    return SoundnessCache();
}

// The whole of what a proof depends on; the entry holds it, so that two keys with one hash
// never share an entry.
std::string SoundnessCache::content(const std::string& proof_key) {
    static const std::string identity = binary_identity();
    return fmt::format("{}\n{}\n{}\n", kProvedMark, identity, proof_key);
}

std::filesystem::path SoundnessCache::entry(const std::string& content) const {
    return folder_ / fnv1a64_hex(content);
}

bool SoundnessCache::proved(const std::string& proof_key) const {
    if (folder_.empty()) return false;
    const std::string expected = content(proof_key);
    std::ifstream in(entry(expected), std::ios::binary);
    const std::string stored{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    return stored == expected;
}

// Written to a private temporary file and renamed into place, so a reader never sees half an
// entry, even with parallel eriq-gen runs.
void SoundnessCache::remember(const std::string& proof_key) const {
    if (folder_.empty()) return;
    std::error_code ec;
    std::filesystem::create_directories(folder_, ec);
    if (ec) return;
    const std::string text = content(proof_key);
    const std::filesystem::path target = entry(text);
    const std::filesystem::path temporary =
        target.string() + fmt::format(".tmp{}", static_cast<long>(::getpid()));
    {
        std::ofstream out(temporary, std::ios::trunc);
        out << text;
        if (!out) {
            std::filesystem::remove(temporary, ec);
            return;
        }
    }
    std::filesystem::rename(temporary, target, ec);
    if (ec) std::filesystem::remove(temporary, ec);
}

}  // namespace eriq

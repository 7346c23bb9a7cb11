#pragma once
// A worker's connection to its target, made again after a server fault.
#include <memory>

#include "engine/worker.hpp"
#include "exec/backend.hpp"

namespace eriq {

// Connects, retrying with backoff while the server is unreachable (about a minute, never
// past the campaign's budget). nullptr when the budget ran out first. Any other error,
// such as refused credentials, is thrown at once.
std::unique_ptr<Backend> connect_with_backoff(const CampaignShared& shared,
                                              const ConnectionSpec& spec);

}  // namespace eriq

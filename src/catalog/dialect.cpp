#include "catalog/dialect.hpp"

namespace eriq {

std::vector<const TypeInfo*> Dialect::types_of(const std::string& family) const {
    std::vector<const TypeInfo*> found;
    for (const TypeInfo& type : types)
        if (type.family == family) found.push_back(&type);
    return found;
}

}  // namespace eriq

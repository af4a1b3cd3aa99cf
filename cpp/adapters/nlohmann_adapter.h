// nlohmann-json (Debian nlohmann-json3-dev): records -> json DOM -> text and
// back, through the canonical conventions of cpp/model/canonical_json.h.
#pragma once

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

Library NlohmannLibrary();

}  // namespace serbench::adapters

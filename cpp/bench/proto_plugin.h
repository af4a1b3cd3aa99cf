// A user's protobuf plugin (the bench's --proto-plugin SO --message NAME, which
// `runner mine --proto` builds): the generated code of the user's .proto and
// proto_plugin_entry.cc, compiled at run time into one shared library against
// the libprotobuf this bench links. The timed calls are then the generated
// code's, through the Message interface (virtual calls), not reflection's.
#pragma once

#include <filesystem>
#include <string>

#include <google/protobuf/message.h>

namespace serbench::bench {

// The generated default instance of `message` (a full name) from the plugin,
// which stays loaded. Throws std::invalid_argument when the plugin cannot be
// loaded or does not define the message.
const google::protobuf::Message& LoadPrototype(const std::filesystem::path& plugin,
                                               const std::string& message);

}  // namespace serbench::bench

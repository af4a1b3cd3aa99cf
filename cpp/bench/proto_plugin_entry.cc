// The entry point of a user's protobuf plugin (proto_plugin.h), compiled at
// run time by `runner mine --proto` with the generated code of the user's
// .proto, never into the bench: loading the plugin registers that code with
// libprotobuf's generated pool, and this returns a message's generated default
// instance by full name (nullptr: no such message).
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

extern "C" const google::protobuf::Message* serbench_prototype(const char* name) {
  const google::protobuf::Descriptor* descriptor =
      google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(name);
  if (descriptor == nullptr) return nullptr;
  return google::protobuf::MessageFactory::generated_factory()->GetPrototype(descriptor);
}

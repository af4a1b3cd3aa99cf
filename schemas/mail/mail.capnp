# The `mail` dataset: a string-heavy message of about 10 KB. Twin of
# mail.proto and mail.fbs. date is microseconds since the Unix epoch, UTC.
@0xa5d0d76af1499e4f;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("serbench::mail::capnp");

struct Contact {
  name @0 :Text;
  address @1 :Text;
}

struct Header {
  name @0 :Text;
  value @1 :Text;
}

struct Mail {
  messageId @0 :Text;
  subject @1 :Text;
  sender @2 :Contact;
  to @3 :List(Contact);
  cc @4 :List(Contact);
  date @5 :Int64;
  headers @6 :List(Header);
  body @7 :Text;
}

# One payload: `size` messages.
struct Payload {
  records @0 :List(Mail);
}

// The `mail` dataset: a string-heavy message of about 10 KB (e-mail-like).
// Twin of mail.proto (same field names and numbers), mail.fbs and mail.capnp.
// Timestamps are i64 microseconds since the Unix epoch, UTC.
namespace cpp serbench.mail.thrift
namespace netstd serbench.mail.thrift

struct Contact {
  1: string name
  2: string address
}

struct Header {
  1: string name
  2: string value
}

struct Mail {
  1: string message_id
  2: string subject
  3: Contact sender
  4: list<Contact> to
  5: list<Contact> cc
  6: i64 date
  7: list<Header> headers
  8: string body
}

// One payload: `size` messages.
struct Payload {
  1: list<Mail> records
}

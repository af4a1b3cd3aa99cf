#include "cpp/model/timestamp.h"

#include <chrono>
#include <cstdio>

namespace serbench::model {
namespace {

using std::chrono::days;
using std::chrono::sys_days;
using std::chrono::year_month_day;

constexpr std::int64_t kMicrosPerSecond = 1'000'000;
constexpr std::int64_t kMicrosPerDay = 86'400 * kMicrosPerSecond;
constexpr std::string_view kShape = "dddd-dd-ddTdd:dd:dd.ddddddZ";

// Floor division, so times before 1970 land on the right day.
std::int64_t FloorDiv(std::int64_t a, std::int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

int Digits(std::string_view text, std::size_t pos, std::size_t n) {
  int value = 0;
  for (std::size_t i = pos; i < pos + n; ++i) value = value * 10 + (text[i] - '0');
  return value;
}

bool HasShape(std::string_view text) {
  if (text.size() != kShape.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool digit = text[i] >= '0' && text[i] <= '9';
    if (kShape[i] == 'd' ? !digit : text[i] != kShape[i]) return false;
  }
  return true;
}

}  // namespace

std::string FormatTimestamp(Timestamp t) {
  const std::int64_t day = FloorDiv(t.micros, kMicrosPerDay);
  const std::int64_t in_day = t.micros - day * kMicrosPerDay;
  const year_month_day ymd{sys_days{days{day}}};
  const std::int64_t seconds = in_day / kMicrosPerSecond;
  char out[40];
  std::snprintf(out, sizeof out, "%04d-%02u-%02uT%02d:%02d:%02d.%06dZ",
                static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                static_cast<unsigned>(ymd.day()), static_cast<int>(seconds / 3600),
                static_cast<int>(seconds / 60 % 60), static_cast<int>(seconds % 60),
                static_cast<int>(in_day % kMicrosPerSecond));
  return out;
}

std::optional<Timestamp> ParseTimestamp(std::string_view text) {
  if (!HasShape(text)) return std::nullopt;
  const year_month_day ymd{std::chrono::year{Digits(text, 0, 4)},
                           std::chrono::month{static_cast<unsigned>(Digits(text, 5, 2))},
                           std::chrono::day{static_cast<unsigned>(Digits(text, 8, 2))}};
  const int hour = Digits(text, 11, 2), minute = Digits(text, 14, 2), second = Digits(text, 17, 2);
  if (!ymd.ok() || hour > 23 || minute > 59 || second > 59) return std::nullopt;
  const std::int64_t day = sys_days{ymd}.time_since_epoch().count();
  return Timestamp{day * kMicrosPerDay +
                   (hour * 3600 + minute * 60 + second) * kMicrosPerSecond +
                   Digits(text, 20, 6)};
}

}  // namespace serbench::model

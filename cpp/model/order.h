// The `order` dataset (schemas/order): nested e-commerce orders.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cpp/model/describe.h"
#include "cpp/model/user.h"

namespace serbench::model {

enum class OrderStatus : std::uint8_t { kPending, kPaid, kShipped, kDelivered, kCancelled };

constexpr std::array<std::string_view, 5> EnumNames(OrderStatus) {
  return {"PENDING", "PAID", "SHIPPED", "DELIVERED", "CANCELLED"};
}

struct Customer {
  std::uint64_t id = 0;
  std::string name;
  std::string email;
  std::string phone;

  bool operator==(const Customer&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"id", &Customer::id}, Field{"name", &Customer::name},
                      Field{"email", &Customer::email}, Field{"phone", &Customer::phone}};
  }
};

struct LineItem {
  std::string sku;
  std::string name;
  std::uint32_t quantity = 0;
  double unit_price = 0;

  bool operator==(const LineItem&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"sku", &LineItem::sku}, Field{"name", &LineItem::name},
                      Field{"quantity", &LineItem::quantity},
                      Field{"unit_price", &LineItem::unit_price}};
  }
};

struct Order {
  static constexpr std::string_view kDataset = "order";

  std::uint64_t id = 0;
  Timestamp created_at;
  OrderStatus status = OrderStatus::kPending;
  Customer customer;
  Address shipping_address;  // the same shape as user's Address
  std::vector<LineItem> items;
  double total = 0;
  std::string currency;

  bool operator==(const Order&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"id", &Order::id}, Field{"created_at", &Order::created_at},
                      Field{"status", &Order::status}, Field{"customer", &Order::customer},
                      Field{"shipping_address", &Order::shipping_address},
                      Field{"items", &Order::items}, Field{"total", &Order::total},
                      Field{"currency", &Order::currency}};
  }
};

}  // namespace serbench::model

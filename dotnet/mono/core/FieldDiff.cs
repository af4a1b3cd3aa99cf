using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace Serbench.Mono
{
    /// <summary>The first field where a decoded payload differs from the fixture, by schema
    /// name (records[3].address.city), or null when they are equal. It reads public properties
    /// through reflection, so it sees what a caller of each library sees (ZeroFormatter's lazy
    /// objects included). Doubles compare bit for bit, as every format here carries them exactly.</summary>
    public static class FieldDiff
    {
        public static string First(object expected, object actual) => Compare(expected, actual, "payload");

        private static string Compare(object expected, object actual, string path)
        {
            if (expected == null || actual == null)
            {
                return expected == actual ? null : $"{path}: expected {Show(expected)}, got {Show(actual)}";
            }
            if (expected is string || expected.GetType().IsPrimitive || expected.GetType().IsEnum)
            {
                return expected.Equals(actual) ? null : $"{path}: expected {Show(expected)}, got {Show(actual)}";
            }
            if (expected is IEnumerable items)
            {
                // ZeroFormatter's lazy lists are IList<T> only, not IList.
                return CompareLists(items.Cast<object>().ToList(), ((IEnumerable)actual).Cast<object>().ToList(), path);
            }
            return expected.GetType().GetProperties(BindingFlags.Public | BindingFlags.Instance)
                .Select(p => Compare(p.GetValue(expected), p.GetValue(actual), $"{path}.{Name(p)}"))
                .FirstOrDefault(found => found != null);
        }

        private static string CompareLists(IList<object> expected, IList<object> actual, string path)
        {
            if (expected.Count != actual.Count)
            {
                return $"{path}: expected {expected.Count} items, got {actual.Count}";
            }
            for (var i = 0; i < expected.Count; i++)
            {
                var found = Compare(expected[i], actual[i], $"{path}[{i}]");
                if (found != null)
                {
                    return found;
                }
            }
            return null;
        }

        // The schema's name: the MessagePack key every model property carries.
        private static string Name(PropertyInfo property) =>
            property.GetCustomAttribute<MessagePack.KeyAttribute>()?.StringKey ?? property.Name;

        // Doubles in full (G17): two that differ in the last bit print alike otherwise.
        private static string Show(object value) =>
            value == null ? "null"
            : value is double d ? $"{d.ToString("G17", System.Globalization.CultureInfo.InvariantCulture)} (Double)"
            : $"{value} ({value.GetType().Name})";
    }
}

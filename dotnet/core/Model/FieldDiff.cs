namespace Serbench.Model;

/// <summary>Names the first field where two payloads differ, using the schema's field
/// names (e.g. `users[1].address.city: expected "東京", got "Tokyo"`), so a refused
/// round trip says exactly what a library got wrong.</summary>
public static class FieldDiff
{
    public static string? First(IReadOnlyList<User> expected, IReadOnlyList<User> actual)
    {
        if (expected.Count != actual.Count)
        {
            return $"users: expected {expected.Count} records, got {actual.Count}";
        }
        for (var i = 0; i < expected.Count; i++)
        {
            if (Compare(expected[i], actual[i]) is { } diff)
            {
                return $"users[{i}].{diff}";
            }
        }
        return null;
    }

    private static string? Compare(User expected, User actual) =>
        Field("name", expected.Name, actual.Name)
        ?? Field("email", expected.Email, actual.Email)
        ?? Field("age", expected.Age, actual.Age)
        ?? Tags(expected.Tags, actual.Tags)
        ?? Compare(expected.Address, actual.Address);

    private static string? Compare(Address expected, Address actual) =>
        Field("address.street", expected.Street, actual.Street)
        ?? Field("address.city", expected.City, actual.City)
        ?? Field("address.postcode", expected.Postcode, actual.Postcode)
        ?? Field("address.country", expected.Country, actual.Country);

    private static string? Tags(IReadOnlyList<string> expected, IReadOnlyList<string> actual)
    {
        if (expected.Count != actual.Count)
        {
            return $"tags: expected {expected.Count} tags, got {actual.Count}";
        }
        for (var i = 0; i < expected.Count; i++)
        {
            if (Field($"tags[{i}]", expected[i], actual[i]) is { } diff)
            {
                return diff;
            }
        }
        return null;
    }

    private static string? Field<T>(string name, T expected, T actual) =>
        EqualityComparer<T>.Default.Equals(expected, actual)
            ? null
            : $"{name}: expected {Show(expected)}, got {Show(actual)}";

    private static string Show<T>(T value) => value is string s ? $"\"{s}\"" : $"{value}";
}

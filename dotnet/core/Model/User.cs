namespace Serbench.Model;

/// <summary>The plain native model of the `user` dataset (schemas/user).</summary>
public sealed record Address(string Street, string City, string Postcode, string Country);

/// <summary>One user record. Equality compares <see cref="Tags"/> element by element,
/// which a record's generated equality would not (it compares list references).</summary>
public sealed record User(string Name, string Email, uint Age, IReadOnlyList<string> Tags, Address Address)
{
    public bool Equals(User? other) =>
        other is not null
        && Name == other.Name
        && Email == other.Email
        && Age == other.Age
        && Tags.SequenceEqual(other.Tags)
        && Address == other.Address;

    public override int GetHashCode() => HashCode.Combine(Name, Email, Age, Tags.Count, Address);
}

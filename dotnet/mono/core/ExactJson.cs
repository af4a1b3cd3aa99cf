using System;
using System.Globalization;
using System.IO;
using System.Numerics;
using System.Text;
using Newtonsoft.Json.Linq;

namespace Serbench.Mono
{
    /// <summary>A JSON document read into a JToken with every number exact: Mono 6.8's double.Parse
    /// (which Json.NET calls) can miss the nearest double by one ulp (it reads 74.156212216758 as
    /// 74.156212216758007, not 74.156212216757993), so the fixtures' doubles are read here, the
    /// digits as an integer and the nearest double found by integer division.</summary>
    public sealed class ExactJson
    {
        private static readonly BigInteger TwoTo52 = BigInteger.One << 52;
        private static readonly BigInteger TwoTo53 = BigInteger.One << 53;

        private readonly string text;
        private int at;

        private ExactJson(string text) => this.text = text;

        public static JToken Parse(string text)
        {
            var reader = new ExactJson(text);
            var value = reader.Value();
            reader.Space();
            return reader.at == text.Length ? value : throw reader.Error("text after the value");
        }

        private JToken Value()
        {
            Space();
            var first = at < text.Length ? text[at] : '\0';
            if (first == '{')
            {
                var map = new JObject();
                foreach (var _ in Items('}'))
                {
                    var key = Value();
                    Expect(':');
                    map[key.Type == JTokenType.String ? (string)key : throw Error("a key that is not a string")] = Value();
                }
                return map;
            }
            if (first == '[')
            {
                var array = new JArray();
                foreach (var _ in Items(']'))
                {
                    array.Add(Value());
                }
                return array;
            }
            if (first == '"')
            {
                return new JValue(String());
            }
            foreach (var literal in new[] { "true", "false", "null" })
            {
                if (string.CompareOrdinal(text, at, literal, 0, literal.Length) == 0)
                {
                    at += literal.Length;
                    return literal == "null" ? JValue.CreateNull() : new JValue(literal == "true");
                }
            }
            return Number();
        }

        /// <summary>Steps over the opening bracket, then yields once per item until <paramref name="close"/>.</summary>
        private System.Collections.Generic.IEnumerable<int> Items(char close)
        {
            at++;
            Space();
            for (var n = 0; ; n++)
            {
                if (at < text.Length && text[at] == close)
                {
                    at++;
                    yield break;
                }
                if (n > 0)
                {
                    Expect(',');
                }
                yield return n;
                Space();
            }
        }

        private string String()
        {
            var value = new StringBuilder();
            for (at++; at < text.Length && text[at] != '"'; at++)
            {
                if (text[at] != '\\')
                {
                    value.Append(text[at]);
                    continue;
                }
                var escape = ++at < text.Length ? text[at] : '\0';
                var simple = "\"\\/bfnrt".IndexOf(escape);
                if (simple >= 0)
                {
                    value.Append("\"\\/\b\f\n\r\t"[simple]);
                }
                else if (escape == 'u' && at + 4 < text.Length)
                {
                    value.Append((char)int.Parse(text.Substring(at + 1, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                    at += 4;
                }
                else
                {
                    throw Error($"the escape \\{escape}");
                }
            }
            Expect('"');
            return value.ToString();
        }

        private JValue Number()
        {
            var start = at;
            while (at < text.Length && "+-0123456789.eE".IndexOf(text[at]) >= 0)
            {
                at++;
            }
            var number = text.Substring(start, at - start);
            var exponentAt = number.IndexOfAny(new[] { 'e', 'E' });
            var mantissa = exponentAt < 0 ? number : number.Substring(0, exponentAt);
            if (mantissa.Length == 0 || mantissa == "-")
            {
                throw Error("no value");
            }
            var point = mantissa.IndexOf('.');
            var exponent = (exponentAt < 0 ? 0 : int.Parse(number.Substring(exponentAt + 1), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture))
                - (point < 0 ? 0 : mantissa.Length - point - 1);
            var digits = BigInteger.Parse(mantissa.Replace(".", ""), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
            if (point < 0 && exponentAt < 0)
            {
                return digits >= long.MinValue && digits <= long.MaxValue ? new JValue((long)digits) : new JValue((ulong)digits);
            }
            var scale = BigInteger.Pow(10, Math.Abs(exponent));
            var nearest = exponent >= 0 ? Nearest(BigInteger.Abs(digits) * scale, BigInteger.One) : Nearest(BigInteger.Abs(digits), scale);
            return new JValue(mantissa.StartsWith("-") ? -nearest : nearest);
        }

        /// <summary>The double nearest to numerator/denominator (ties to even): q * 2^-shift with q of
        /// 53 bits (fewer below the normal range), the remainder rounding q.</summary>
        private static double Nearest(BigInteger numerator, BigInteger denominator)
        {
            if (numerator.IsZero)
            {
                return 0.0;
            }
            var shift = 52 - (int)Math.Floor(BigInteger.Log(numerator, 2) - BigInteger.Log(denominator, 2));
            while (true)
            {
                shift = Math.Min(shift, 1074);
                var scaled = shift >= 0 ? numerator << shift : numerator;
                var divisor = shift >= 0 ? denominator : denominator << -shift;
                var q = BigInteger.DivRem(scaled, divisor, out var remainder);
                if (q >= TwoTo53)
                {
                    shift--;
                }
                else if (q < TwoTo52 && shift < 1074)
                {
                    shift++;
                }
                else
                {
                    var twice = remainder * 2;
                    if (twice > divisor || (twice == divisor && !q.IsEven))
                    {
                        q += 1;
                    }
                    return (double)(long)q * Math.Pow(2, -shift);
                }
            }
        }

        private void Space()
        {
            while (at < text.Length && " \t\r\n".IndexOf(text[at]) >= 0)
            {
                at++;
            }
        }

        private void Expect(char c)
        {
            Space();
            if (at >= text.Length || text[at] != c)
            {
                throw Error($"expected '{c}'");
            }
            at++;
        }

        private InvalidDataException Error(string what) => new InvalidDataException($"JSON at {at}: {what}");
    }
}

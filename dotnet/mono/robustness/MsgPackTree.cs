using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using MessagePack;
using Newtonsoft.Json.Linq;
using ProGaudi.MsgPack.Light;

namespace Serbench.Mono.Robustness
{
    /// <summary>The corpus's MessagePack is the interop layout (map mode: the canonical JSON tree
    /// written as MessagePack, timestamps as RFC 3339 text, enums as names), not the Mono suite's
    /// contracts (integer timestamps and enums). So, as the .NET worker does, each library reads
    /// it with its own schema-less reader into a JSON tree, and the model is read from the tree
    /// strictly (<see cref="Dataset.Parse"/>).</summary>
    public static class MessagePackTree
    {
        /// <summary>MessagePack-CSharp's reader of untyped values under <paramref name="options"/>
        /// (its security setting: depth limit, hashing).</summary>
        public static JToken Read(byte[] bytes, MessagePackSerializerOptions options)
        {
            var value = MessagePackSerializer.Deserialize<object>(bytes, options, out var read);
            return read == bytes.Length ? ToToken(value) : throw new InvalidDataException($"{bytes.Length - read} bytes after the value");
        }

        // The reader returns the smallest integer type of the wire encoding.
        private static readonly HashSet<Type> Integers = new HashSet<Type>
        {
            typeof(byte), typeof(sbyte), typeof(short), typeof(ushort), typeof(int), typeof(uint), typeof(long),
        };

        private static JToken ToToken(object value)
        {
            if (value == null)
            {
                return JValue.CreateNull();
            }
            if (value is IDictionary<object, object> map)
            {
                return new JObject(map.Select(p => new JProperty(Key(p.Key), ToToken(p.Value))));
            }
            if (value is object[] array)
            {
                return new JArray(array.Select(ToToken));
            }
            if (value is string || value is bool || value is double || value is ulong)
            {
                return new JValue(value);
            }
            if (value is float single)
            {
                return new JValue((double)single);
            }
            if (Integers.Contains(value.GetType()))
            {
                return new JValue(Convert.ToInt64(value, CultureInfo.InvariantCulture));
            }
            throw new InvalidDataException($"a MessagePack value of type {value.GetType().Name} has no JSON value");
        }

        private static string Key(object key) =>
            key as string ?? throw new InvalidDataException($"a map key of type {key?.GetType().Name ?? "nil"}");
    }

    /// <summary>The same with MsgPack.Light: its own reader and converters read every value, map
    /// and array header; this converter only looks at a value's first byte to pick the converter.
    /// MsgPack.Light ignores bytes after the value.</summary>
    public sealed class MsgPackLightTree : IMsgPackConverter<JToken>
    {
        private static readonly MsgPackContext Context = NewContext();

        private IMsgPackConverter<string> strings;
        private IMsgPackConverter<long> signed;
        private IMsgPackConverter<ulong> unsigned;
        private IMsgPackConverter<double> floats;
        private IMsgPackConverter<bool> flags;

        public static JToken Read(byte[] bytes) => MsgPackSerializer.Deserialize<JToken>(bytes, Context);

        private static MsgPackContext NewContext()
        {
            var context = new MsgPackContext();
            context.RegisterConverter(new MsgPackLightTree());
            return context;
        }

        public void Initialize(MsgPackContext context)
        {
            strings = context.GetConverter<string>();
            signed = context.GetConverter<long>();
            unsigned = context.GetConverter<ulong>();
            floats = context.GetConverter<double>();
            flags = context.GetConverter<bool>();
        }

        public void Write(JToken value, IMsgPackWriter writer) => throw new NotSupportedException("read only");

        public JToken Read(IMsgPackReader reader)
        {
            var first = reader.ReadByte();
            reader.Seek(-1, SeekOrigin.Current);
            if (first == 0xc0)
            {
                reader.ReadByte();
                return JValue.CreateNull();
            }
            if (first == 0xc2 || first == 0xc3)
            {
                return new JValue(flags.Read(reader));
            }
            if (first <= 0x7f || (first >= 0xcc && first <= 0xcf))
            {
                return new JValue(unsigned.Read(reader));
            }
            if (first >= 0xe0 || (first >= 0xd0 && first <= 0xd3))
            {
                return new JValue(signed.Read(reader));
            }
            if (first == 0xca || first == 0xcb)
            {
                return new JValue(floats.Read(reader));
            }
            if ((first >= 0xa0 && first <= 0xbf) || (first >= 0xd9 && first <= 0xdb))
            {
                return new JValue(strings.Read(reader));
            }
            if ((first >= 0x80 && first <= 0x8f) || first == 0xde || first == 0xdf)
            {
                return Map(reader);
            }
            if ((first >= 0x90 && first <= 0x9f) || first == 0xdc || first == 0xdd)
            {
                return Array(reader);
            }
            throw new InvalidDataException($"MessagePack type byte 0x{first:x2} has no JSON value (bin, ext)");
        }

        private JObject Map(IMsgPackReader reader)
        {
            var map = new JObject();
            var count = reader.ReadMapLength() ?? 0;
            for (var i = 0u; i < count; i++)
            {
                var key = Read(reader);
                if (key.Type != JTokenType.String)
                {
                    throw new InvalidDataException("a map key that is not a string");
                }
                map[(string)key] = Read(reader); // a repeated key: the last value, as a dictionary would keep it
            }
            return map;
        }

        private JArray Array(IMsgPackReader reader)
        {
            var array = new JArray();
            var count = reader.ReadArrayLength() ?? 0;
            for (var i = 0u; i < count; i++)
            {
                array.Add(Read(reader));
            }
            return array;
        }
    }
}

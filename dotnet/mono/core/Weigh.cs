using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using System.Reflection;

namespace Serbench.Mono
{
    /// <summary>What reading a value adds up, as the .NET suite's Weigh: a string's length, an
    /// integer's or enum's value, a floating-point value's bits. The readers are compiled once per
    /// type from the model (expression trees), so reading costs property calls, not reflection.</summary>
    public static class Weigh
    {
        /// <summary>Every value of the payload read once: a lazy library's full decode.</summary>
        public static Func<T, long> All<T>() => (Func<T, long>)Reader(typeof(T));

        /// <summary>The catalog's access paths (e.g. "address.city") of every record.</summary>
        public static Func<IList<TRecord>, long> Paths<TRecord>(IEnumerable<string> paths)
        {
            var record = Expression.Parameter(typeof(TRecord), "record");
            var sum = paths.Select(path => Path(record, path.Split('.'))).Aggregate(Expression.Add);
            var perRecord = Expression.Lambda<Func<TRecord, long>>(sum, record).Compile();
            return records => SumList(records, perRecord);
        }

        private static readonly Dictionary<Type, Delegate> Readers = new Dictionary<Type, Delegate>();

        private static Delegate Reader(Type type)
        {
            lock (Readers)
            {
                if (!Readers.TryGetValue(type, out var reader))
                {
                    var value = Expression.Parameter(type, "value");
                    reader = Expression.Lambda(Value(value, type), value).Compile();
                    Readers[type] = reader;
                }
                return reader;
            }
        }

        private static Expression Path(Expression value, string[] names)
        {
            if (names.Length == 0)
            {
                return Value(value, value.Type);
            }
            var property = value.Type.GetProperties().Single(p => p.GetCustomAttribute<MessagePack.KeyAttribute>()?.StringKey == names[0]);
            return NullOrElse(value, Path(Expression.Property(value, property), names.Skip(1).ToArray()));
        }

        private static Expression Value(Expression value, Type type)
        {
            if (type == typeof(string))
            {
                return NullOrElse(value, Expression.Convert(Expression.Property(value, "Length"), typeof(long)));
            }
            if (type == typeof(double) || type == typeof(float))
            {
                var bits = typeof(BitConverter).GetMethod(nameof(BitConverter.DoubleToInt64Bits));
                return Expression.Call(bits, Expression.Convert(value, typeof(double)));
            }
            if (type.IsEnum)
            {
                return Expression.Convert(Expression.Convert(value, Enum.GetUnderlyingType(type)), typeof(long));
            }
            if (type.IsPrimitive)
            {
                return Expression.Convert(value, typeof(long));
            }
            var item = type.GetInterfaces().Concat(new[] { type })
                .FirstOrDefault(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IList<>))?.GetGenericArguments()[0];
            if (item != null)
            {
                var sum = typeof(Weigh).GetMethod(nameof(SumList), BindingFlags.NonPublic | BindingFlags.Static).MakeGenericMethod(item);
                return NullOrElse(value, Expression.Call(sum, value, Expression.Constant(Reader(item))));
            }
            var fields = type.GetProperties().Where(p => p.IsDefined(typeof(MessagePack.KeyAttribute)))
                .Select(p => Value(Expression.Property(value, p), p.PropertyType));
            return NullOrElse(value, fields.Aggregate((Expression)Expression.Constant(0L), Expression.Add));
        }

        private static Expression NullOrElse(Expression value, Expression read) =>
            value.Type.IsValueType
                ? read
                : Expression.Condition(Expression.Equal(value, Expression.Constant(null, value.Type)), Expression.Constant(0L), read);

        private static long SumList<T>(IList<T> items, Func<T, long> read)
        {
            long sum = 0;
            for (var i = 0; i < items.Count; i++)
            {
                sum += read(items[i]);
            }
            return sum;
        }
    }
}

using System;
using System.Linq;
using System.Linq.Expressions;
using ZeroFormatter;
using ZeroFormatter.Formatters;
using ZeroFormatter.Internal;

namespace Serbench.Mono.Libraries
{
    /// <summary>An int enum as ZeroFormatter's own Int32EnumFormatter writes it (4 bytes, little
    /// endian). Needed on Mono: the built-in one binds a delegate to a method returning the
    /// enum's underlying type, which Mono refuses ("method return type is incompatible").</summary>
    public sealed class ZeroFormatterEnumFormatter<T> : Formatter<DefaultResolver, T> where T : struct
    {
        private static readonly Func<T, int> ToInt = Cast<T, int>();
        private static readonly Func<int, T> FromInt = Cast<int, T>();

        public override int? GetLength() => 4;

        public override int Serialize(ref byte[] bytes, int offset, T value) => BinaryUtil.WriteInt32(ref bytes, offset, ToInt(value));

        public override T Deserialize(ref byte[] bytes, int offset, DirtyTracker tracker, out int byteSize)
        {
            byteSize = 4;
            return FromInt(BinaryUtil.ReadInt32(ref bytes, offset));
        }

        private static Func<TFrom, TTo> Cast<TFrom, TTo>()
        {
            var value = Expression.Parameter(typeof(TFrom));
            return Expression.Lambda<Func<TFrom, TTo>>(Expression.Convert(value, typeof(TTo)), value).Compile();
        }

        /// <summary>Registers this formatter for every enum of the model.</summary>
        public static void RegisterModelEnums()
        {
            foreach (var type in typeof(ZeroFormatterLibrary).Assembly.GetTypes().Where(t => t.IsEnum && t.Namespace?.StartsWith("Serbench.Mono.Model") == true))
            {
                var formatter = Activator.CreateInstance(typeof(ZeroFormatterEnumFormatter<>).MakeGenericType(type));
                typeof(Formatter<,>).MakeGenericType(typeof(DefaultResolver), type).GetMethod("Register").Invoke(null, new[] { formatter });
            }
        }
    }
}

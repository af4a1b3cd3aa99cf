using System.Collections.Generic;
using System.IO;
using ProGaudi.MsgPack.Light;

namespace Serbench.Mono.Libraries
{
    /// <summary>The model's IList&lt;T&gt; (ZeroFormatter's list type) as a msgpack array, read into a
    /// List&lt;T&gt;: MsgPack.Light's own array converter cannot make an interface.</summary>
    public sealed class MsgPackLightListConverter<T> : IMsgPackConverter<IList<T>>
    {
        private IMsgPackConverter<T> items;

        public void Initialize(MsgPackContext context) => items = context.GetConverter<T>();

        public void Write(IList<T> value, IMsgPackWriter writer)
        {
            writer.WriteArrayHeader((uint)value.Count);
            foreach (var item in value)
            {
                items.Write(item, writer);
            }
        }

        public IList<T> Read(IMsgPackReader reader)
        {
            var length = reader.ReadArrayLength() ?? throw new InvalidDataException("a list must be an array, not nil");
            var list = new List<T>((int)length);
            for (var i = 0; i < length; i++)
            {
                list.Add(items.Read(reader));
            }
            return list;
        }
    }
}

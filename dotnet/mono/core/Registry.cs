using System.Collections.Generic;
using Serbench.Mono.Libraries;

namespace Serbench.Mono
{
    /// <summary>The libraries of the Mono suite: one line each.</summary>
    public static class Registry
    {
        public static readonly IReadOnlyList<ILibrary> All = new ILibrary[]
        {
            new ZeroFormatterLibrary(),
            new MessagePackLibrary(),
            new MsgPackLightLibrary(),
            new ProtobufNetLibrary(),
            new NewtonsoftJsonLibrary(),
        };
    }
}

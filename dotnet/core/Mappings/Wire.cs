namespace Serbench.Mappings;

/// <summary>A number on its way between the model and a generated class whose width or
/// signedness may differ from the model's (Thrift has no unsigned types and no float32;
/// protobuf has no 16-bit integers). <c>Wire.Of(x)</c> converts implicitly to whichever
/// type it is assigned to, so the generated mappings need not know either width: integers
/// are range-checked (<see cref="OverflowException"/>), floats are narrowed as a cast does.</summary>
internal static class Wire
{
    public static Signed Of(short value) => new(value);

    public static Signed Of(int value) => new(value);

    public static Signed Of(long value) => new(value);

    public static Unsigned Of(uint value) => new(value);

    public static Unsigned Of(ulong value) => new(value);

    public static Real Of(float value) => new(value);

    public static Real Of(double value) => new(value);

    public readonly struct Signed(long value)
    {
        public static implicit operator short(Signed v) => checked((short)v.Value);

        public static implicit operator int(Signed v) => checked((int)v.Value);

        public static implicit operator long(Signed v) => v.Value;

        public static implicit operator uint(Signed v) => checked((uint)v.Value);

        public static implicit operator ulong(Signed v) => checked((ulong)v.Value);

        private long Value => value;
    }

    public readonly struct Unsigned(ulong value)
    {
        public static implicit operator int(Unsigned v) => checked((int)v.Value);

        public static implicit operator long(Unsigned v) => checked((long)v.Value);

        public static implicit operator uint(Unsigned v) => checked((uint)v.Value);

        public static implicit operator ulong(Unsigned v) => v.Value;

        private ulong Value => value;
    }

    public readonly struct Real(double value)
    {
        public static implicit operator float(Real v) => (float)v.Value;

        public static implicit operator double(Real v) => v.Value;

        private double Value => value;
    }
}

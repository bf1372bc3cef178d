#include "clusterslot.h"

#include <array>

namespace {
// One entry per value of the high byte of the running CRC, worked out once at compile time
// from the polynomial, so hashing a key costs one lookup per byte rather than eight shifts.
constexpr std::array<quint16, 256> crcTable()
{
    std::array<quint16, 256> table{};
    for (int byte = 0; byte < 256; ++byte) {
        quint16 crc = quint16(byte << 8);
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc & 0x8000) ? quint16((crc << 1) ^ 0x1021) : quint16(crc << 1);
        table[std::size_t(byte)] = crc;
    }
    return table;
}

constexpr std::array<quint16, 256> table = crcTable();
} // namespace

quint16 ClusterSlot::crc16(QByteArrayView bytes)
{
    quint16 crc = 0;
    for (const char c : bytes)
        crc = quint16((crc << 8) ^ table[std::size_t(((crc >> 8) ^ quint8(c)) & 0xff)]);
    return crc;
}

QByteArrayView ClusterSlot::hashedPart(QByteArrayView key)
{
    const qsizetype open = key.indexOf('{');
    if (open < 0)
        return key;
    const qsizetype close = key.indexOf('}', open + 1);
    // "{}" (nothing between the braces) is no tag: the spec hashes the whole key then, which
    // is how binary keys starting with "{}" opt out of tags altogether.
    if (close < 0 || close == open + 1)
        return key;
    return key.sliced(open + 1, close - open - 1);
}

quint16 ClusterSlot::forKey(QByteArrayView key)
{
    // 16384 is a power of two: the modulo keeps the low 14 bits.
    return quint16(crc16(hashedPart(key)) & (count - 1));
}

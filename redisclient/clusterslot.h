#pragma once

#include <QByteArrayView>

// Which of Redis Cluster's 16384 hash slots a key lives in, as the cluster specification
// defines it: CRC16 (the XMODEM variant) of the key modulo 16384, where a key holding a
// non-empty hash tag "{...}" is hashed by its tag alone, so related keys can share a slot.
class ClusterSlot final
{
public:
    static constexpr int count = 16384;

    static quint16 forKey(QByteArrayView key);
    // The bytes that decide the slot: what lies between the first '{' and the first '}'
    // after it when that is not empty, otherwise the whole key.
    static QByteArrayView hashedPart(QByteArrayView key);
    // CRC-16/XMODEM: polynomial 0x1021, initial value 0, no reflection, no final xor.
    static quint16 crc16(QByteArrayView bytes);
};

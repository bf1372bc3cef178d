#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

enum class RedisType { None, String, Hash, List, Set, ZSet, Stream, Other };

RedisType redisTypeFromName(const QByteArray &name);
QByteArray redisTypeName(RedisType type);

// What discovery read about one key in one round trip: its type, PTTL and a size-capped view
// of its value. Dialects decide from this alone whether the key is a lock, and whose.
struct KeySample
{
    using Entry = QPair<QByteArray, QByteArray>;

    QByteArray key;
    RedisType type = RedisType::None;
    qint64 pttlMs = -2;       // as PTTL: -1 no expiry, -2 no such key
    qint64 size = 0;          // STRLEN, HLEN, LLEN, SCARD or ZCARD
    QByteArray value;         // a string's value, at most the read cap
    QList<Entry> entries;     // hash field->value, zset member->score, list or set item->""
    bool truncated = false;   // value or entries were capped
    qint64 observedAtMs = 0;  // MonotonicClock time of the read

    bool exists() const { return type != RedisType::None; }
};

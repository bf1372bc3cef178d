#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

enum class RedisType { None, String, Hash, List, Set, ZSet, Stream, Other };

// What became of one read of a key. A failed read (an error reply, a timeout, a lost
// connection, a read that could not complete) says nothing about the key: it is never data.
enum class ObservationStatus { Ok, Vanished, Failed };

RedisType redisTypeFromName(const QByteArray &name);
QByteArray redisTypeName(RedisType type);

// What discovery read about one key: its type, PTTL and a size-capped view of its value, or
// why it could not be read. Dialects decide from an Ok sample alone whether the key is a
// lock, and whose.
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
    // How long before observedAtMs the read was sent: Redis answered somewhere within it, so a
    // deadline taken from its PTTL is at most this much later than Redis's own.
    qint64 readSpanMs = 0;
    ObservationStatus status = ObservationStatus::Ok;
    QString error;            // why a Failed read failed
    QString node;             // host:port of the server that answered (a cluster's master)

    bool exists() const { return type != RedisType::None; }
    bool isFailed() const { return status == ObservationStatus::Failed; }
    // A read that failed: nothing but the key and the reason.
    static KeySample failed(const QByteArray &key, const QString &why, qint64 atMs);
    static QString statusId(ObservationStatus status);
};

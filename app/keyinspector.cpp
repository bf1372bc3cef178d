#include "keyinspector.h"

#include "monotonicclock.h"
#include "redisconnection.h"

#include <QPointer>

namespace {
// The second round trip for a key that is not a plain short string: its type, and the
// size and a capped view for every collection type a lock can be. Only the one matching
// the type answers; the others are cheap WRONGTYPE errors, which saves a third round trip.
constexpr int secondRoundCommands = 10;
} // namespace

KeyInspector::KeyInspector(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
{
}

void KeyInspector::setCaps(int valueCap, int elementCap)
{
    m_valueCap = std::max(1, valueCap);
    m_elementCap = std::max(1, elementCap);
}

void KeyInspector::inspect(const QList<QByteArray> &keys, QObject *context, SamplesHandler handler)
{
    if (keys.isEmpty()) {
        QMetaObject::invokeMethod(this, [handler] { handler({}, QString()); }, Qt::QueuedConnection);
        return;
    }
    QList<RedisCommand> first;
    first.reserve(keys.size() * 2);
    const QByteArray last = QByteArray::number(m_valueCap - 1);
    for (const QByteArray &key : keys) {
        first.append({"PTTL", key});
        first.append({"GETRANGE", key, "0", last});
    }
    QPointer<QObject> owner(context);
    const bool hasOwner = context != nullptr;
    m_connection->pipeline(first, this, [this, keys, owner, hasOwner, handler](const QList<RedisReply> &replies) {
        if (hasOwner && !owner)
            return;
        const qint64 now = MonotonicClock::nowMs();
        QList<KeySample> samples(keys.size());
        QList<qsizetype> todo;
        for (qsizetype i = 0; i < keys.size(); ++i) {
            const RedisReply &pttl = replies.at(2 * i);
            const RedisReply &value = replies.at(2 * i + 1);
            if (pttl.isError()) {
                handler({}, pttl.errorMessage());
                return;
            }
            KeySample &s = samples[i];
            s.key = keys.at(i);
            s.observedAtMs = now;
            s.pttlMs = pttl.integer();
            if (s.pttlMs == -2)
                continue; // gone between SCAN and now: not a lock any more
            if (value.isString()) {
                s.type = RedisType::String;
                s.value = value.bytes();
                s.size = s.value.size();
                if (s.size >= m_valueCap)
                    todo << i; // at the cap: ask for the real length
            } else {
                todo << i; // WRONGTYPE: a collection
            }
        }
        if (todo.isEmpty())
            handler(samples, QString());
        else
            readCollections(std::move(samples), todo, owner.data(), handler);
    });
}

void KeyInspector::readCollections(QList<KeySample> samples, const QList<qsizetype> &todo, QObject *context,
                                   SamplesHandler handler)
{
    const QByteArray ecap = QByteArray::number(m_elementCap);
    const QByteArray elast = QByteArray::number(m_elementCap - 1);
    QList<RedisCommand> second;
    second.reserve(todo.size() * secondRoundCommands);
    for (qsizetype i : todo) {
        const QByteArray &k = samples.at(i).key;
        if (samples.at(i).type == RedisType::String) {
            second << RedisCommand{"STRLEN", k};
            continue;
        }
        second << RedisCommand{"TYPE", k} << RedisCommand{"HLEN", k} << RedisCommand{"HSCAN", k, "0", "COUNT", ecap}
               << RedisCommand{"ZCARD", k} << RedisCommand{"ZRANGE", k, "0", elast, "WITHSCORES"}
               << RedisCommand{"LLEN", k} << RedisCommand{"LRANGE", k, "0", elast} << RedisCommand{"SCARD", k}
               << RedisCommand{"SSCAN", k, "0", "COUNT", ecap} << RedisCommand{"XLEN", k};
    }
    QPointer<QObject> owner(context);
    const bool hasOwner = context != nullptr;
    m_connection->pipeline(second, this, [this, samples, todo, owner, hasOwner, handler](const QList<RedisReply> &replies) mutable {
        if (hasOwner && !owner)
            return;
        qsizetype at = 0;
        for (qsizetype i : todo) {
            KeySample &s = samples[i];
            if (s.type == RedisType::String) {
                const RedisReply &length = replies.at(at++);
                s.size = length.isInteger() ? length.integer() : s.value.size();
                s.truncated = s.size > m_valueCap;
                continue;
            }
            fillCollection(s, replies.mid(at, secondRoundCommands));
            at += secondRoundCommands;
        }
        handler(samples, QString());
    });
}

void KeyInspector::fillCollection(KeySample &s, const QList<RedisReply> &r) const
{
    s.type = redisTypeFromName(r.at(0).bytes());
    const RedisReply *size = nullptr;
    QList<RedisReply> view;
    bool pairs = false;
    switch (s.type) {
    case RedisType::Hash:
        size = &r.at(1);
        view = r.at(2).at(1).elements();
        pairs = true;
        break;
    case RedisType::ZSet:
        size = &r.at(3);
        view = r.at(4).elements();
        pairs = true;
        break;
    case RedisType::List:
        size = &r.at(5);
        view = r.at(6).elements();
        break;
    case RedisType::Set:
        size = &r.at(7);
        view = r.at(8).at(1).elements();
        break;
    case RedisType::Stream:
        size = &r.at(9);
        break;
    default:
        return; // gone (or changed) since the first round: the next refresh reads it afresh
    }
    s.size = size->integer();
    s.entries.reserve(pairs ? view.size() / 2 : view.size());
    for (qsizetype j = 0; j + (pairs ? 1 : 0) < view.size(); j += pairs ? 2 : 1) {
        KeySample::Entry e{view.at(j).bytes(), pairs ? view.at(j + 1).bytes() : QByteArray()};
        if (e.first.size() > m_valueCap || e.second.size() > m_valueCap) {
            e.first.truncate(m_valueCap);
            e.second.truncate(m_valueCap);
            s.truncated = true;
        }
        s.entries.append(e);
    }
    s.truncated = s.truncated || s.size > qint64(s.entries.size());
}

#include "keyinspector.h"

#include "luascripts.h"
#include "monotonicclock.h"
#include "redisconnection.h"

#include <QPointer>

namespace {
void setEntries(KeySample &sample, const QList<RedisReply> &flat, bool pairs)
{
    sample.entries.reserve(pairs ? flat.size() / 2 : flat.size());
    if (pairs) {
        for (qsizetype i = 0; i + 1 < flat.size(); i += 2)
            sample.entries.append({flat.at(i).bytes(), flat.at(i + 1).bytes()});
    } else {
        for (const RedisReply &item : flat)
            sample.entries.append({item.bytes(), QByteArray()});
    }
}

bool hasPairs(RedisType type)
{
    return type == RedisType::Hash || type == RedisType::ZSet;
}
} // namespace

KeyInspector::KeyInspector(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_script(LuaScripts::load(QStringLiteral("inspect")))
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
    if (m_useScript)
        inspectWithScript(keys, context, std::move(handler));
    else
        inspectWithPipeline(keys, context, std::move(handler));
}

void KeyInspector::inspectWithScript(const QList<QByteArray> &keys, QObject *context, SamplesHandler handler)
{
    QPointer<QObject> owner(context);
    const QList<QByteArray> args = {QByteArray::number(m_valueCap), QByteArray::number(m_elementCap)};
    m_script.run(m_connection, keys, args, this, [this, keys, owner, hasOwner = context != nullptr, handler](const RedisReply &reply) {
        if (hasOwner && !owner)
            return;
        if (reply.isError() || !reply.isArray() || reply.size() != keys.size()) {
            if (!m_connection->isReady()) {
                handler({}, reply.isError() ? reply.errorMessage() : QStringLiteral("connection lost"));
                return;
            }
            // Scripting refused (ACL, disabled EVAL, read-only replica quirks): read without it.
            m_useScript = false;
            inspectWithPipeline(keys, owner.data(), handler);
            return;
        }
        const qint64 now = MonotonicClock::nowMs();
        QList<KeySample> samples;
        samples.reserve(keys.size());
        for (qsizetype i = 0; i < keys.size(); ++i)
            samples.append(fromScriptReply(keys.at(i), reply.at(i), now));
        handler(samples, QString());
    });
}

KeySample KeyInspector::fromScriptReply(const QByteArray &key, const RedisReply &reply, qint64 now) const
{
    KeySample sample;
    sample.key = key;
    sample.observedAtMs = now;
    sample.type = redisTypeFromName(reply.at(0).bytes());
    if (!sample.exists() || reply.size() < 5)
        return sample;
    sample.pttlMs = reply.at(1).integer();
    sample.size = reply.at(2).integer();
    const QList<RedisReply> &view = reply.at(3).elements();
    if (sample.type == RedisType::String)
        sample.value = view.isEmpty() ? QByteArray() : view.first().bytes();
    else
        setEntries(sample, view, hasPairs(sample.type));
    sample.truncated = reply.at(4).integer() != 0;
    return sample;
}

void KeyInspector::inspectWithPipeline(const QList<QByteArray> &keys, QObject *context, SamplesHandler handler)
{
    QList<RedisCommand> first;
    first.reserve(keys.size() * 2);
    for (const QByteArray &key : keys) {
        first.append({"TYPE", key});
        first.append({"PTTL", key});
    }
    QPointer<QObject> owner(context);
    const bool hasOwner = context != nullptr;
    m_connection->pipeline(first, this, [this, keys, owner, hasOwner, handler](const QList<RedisReply> &replies) {
        if (hasOwner && !owner)
            return;
        QList<KeySample> samples(keys.size());
        QList<RedisCommand> second;
        QList<qsizetype> secondFor;
        const QByteArray cap = QByteArray::number(m_valueCap - 1);
        const QByteArray ecap = QByteArray::number(m_elementCap);
        const QByteArray elast = QByteArray::number(m_elementCap - 1);
        for (qsizetype i = 0; i < keys.size(); ++i) {
            if (replies.at(2 * i).isError()) {
                handler({}, replies.at(2 * i).errorMessage());
                return;
            }
            KeySample &s = samples[i];
            s.key = keys.at(i);
            s.type = redisTypeFromName(replies.at(2 * i).bytes());
            s.pttlMs = replies.at(2 * i + 1).integer();
            const QByteArray &k = s.key;
            switch (s.type) {
            case RedisType::String:
                second << RedisCommand{"STRLEN", k} << RedisCommand{"GETRANGE", k, "0", cap};
                break;
            case RedisType::Hash:
                second << RedisCommand{"HLEN", k} << RedisCommand{"HSCAN", k, "0", "COUNT", ecap};
                break;
            case RedisType::ZSet:
                second << RedisCommand{"ZCARD", k} << RedisCommand{"ZRANGE", k, "0", elast, "WITHSCORES"};
                break;
            case RedisType::List:
                second << RedisCommand{"LLEN", k} << RedisCommand{"LRANGE", k, "0", elast};
                break;
            case RedisType::Set:
                second << RedisCommand{"SCARD", k} << RedisCommand{"SSCAN", k, "0", "COUNT", ecap};
                break;
            case RedisType::Stream:
                second << RedisCommand{"XLEN", k} << RedisCommand{"PTTL", k};
                break;
            default:
                continue;
            }
            secondFor << i;
        }
        m_connection->pipeline(second, this, [this, samples, secondFor, owner, hasOwner, handler](const QList<RedisReply> &typed) mutable {
            if (hasOwner && !owner)
                return;
            const qint64 now = MonotonicClock::nowMs();
            for (qsizetype j = 0; j < secondFor.size(); ++j) {
                KeySample &s = samples[secondFor.at(j)];
                const RedisReply &size = typed.at(2 * j);
                const RedisReply &view = typed.at(2 * j + 1);
                if (size.isError() || view.isError()) {
                    // Changed type or vanished between the two round trips: report it as gone;
                    // the next refresh reads it afresh.
                    s.type = RedisType::None;
                    continue;
                }
                s.size = size.integer();
                if (s.type == RedisType::String) {
                    s.value = view.bytes();
                    s.truncated = s.size > m_valueCap;
                } else if (s.type != RedisType::Stream) {
                    const bool scanned = s.type == RedisType::Hash || s.type == RedisType::Set;
                    setEntries(s, scanned ? view.at(1).elements() : view.elements(), hasPairs(s.type));
                    for (KeySample::Entry &e : s.entries) {
                        if (e.first.size() > m_valueCap || e.second.size() > m_valueCap) {
                            e.first.truncate(m_valueCap);
                            e.second.truncate(m_valueCap);
                            s.truncated = true;
                        }
                    }
                    s.truncated = s.truncated || s.size > m_elementCap;
                }
            }
            for (KeySample &s : samples)
                s.observedAtMs = now;
            handler(samples, QString());
        });
    });
}

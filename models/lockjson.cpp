#include "lockjson.h"

#include "jsonwriter.h"
#include "tokentext.h"

void LockJson::write(JsonWriter &out, const LockInfo &lock, qint64 nowMs)
{
    out.beginObject();
    out.field("key", QByteArrayView(TokenText::escapeBytes(lock.key())));
    // ok, or stale: the read failed and these are the last good values.
    out.field("status", lock.stale ? QStringLiteral("stale") : QStringLiteral("ok"));
    if (!lock.node().isEmpty())
        out.field("node", lock.node());
    if (lock.stale)
        out.field("error", lock.staleReason);
    out.field("dialect", lock.dialect);
    out.field("redis_type", QByteArrayView(redisTypeName(lock.sample.type)));
    out.field("ttl_ms", lock.remainingTtlMs(nowMs));
    out.field("state", LockInfo::stateId(lock.state(nowMs)));
    out.key("holders").beginArray();
    for (const LockHolder &h : lock.holders) {
        out.beginObject();
        out.field("token", QByteArrayView(TokenText::escapeBytes(h.token)));
        out.field("holder", h.holder);
        out.field("count", h.count);
        if (h.ttlMs != LockHolder::noOwnTtl)
            out.field("ttl_ms", h.ttlMs);
        if (!h.fields.isEmpty()) {
            out.key("fields").beginObject();
            for (const auto &f : h.fields)
                out.field(f.first.toUtf8().constData(), f.second);
            out.endObject();
        }
        out.endObject();
    }
    out.endArray();
    if (!lock.details.isEmpty()) {
        out.key("details").beginObject();
        for (const auto &d : lock.details)
            out.field(d.first.toUtf8().constData(), d.second);
        out.endObject();
    }
    if (lock.waiters != LockInfo::waitersUnknown)
        out.field("waiters", qint64(lock.waiters));
    out.key("warnings").beginArray();
    for (const QString &w : lock.warnings)
        out.value(w);
    out.endArray();
    out.field("size", lock.sample.size);
    if (lock.sample.truncated)
        out.field("read_entries", qint64(lock.sample.entries.size()));
    if (lock.holdersReadInPart())
        out.field("holder_count", lock.holderCount());
    out.endObject();
}

QByteArray LockJson::failedLine(const KeySample &sample)
{
    JsonWriter out;
    out.beginObject();
    out.field("key", QByteArrayView(TokenText::escapeBytes(sample.key)));
    out.field("status", KeySample::statusId(sample.status));
    if (!sample.node.isEmpty())
        out.field("node", sample.node);
    out.field("error", sample.error);
    out.endObject();
    QByteArray line = out.take();
    line += '\n';
    return line;
}

QByteArray LockJson::line(const LockInfo &lock, qint64 nowMs)
{
    JsonWriter out;
    write(out, lock, nowMs);
    QByteArray line = out.take();
    line += '\n';
    return line;
}

#include "lockeventjson.h"

#include "jsonwriter.h"
#include "tokentext.h"

QByteArray LockEventJson::line(const LockEvent &e)
{
    JsonWriter out;
    out.beginObject();
    out.field("ts", e.timeMs);
    out.field("event", LockEvent::kindId(e.kind));
    if (e.isServerEvent()) {
        // About the server, not a lock: what happened to it, in a word and in words.
        out.field("state", e.reason);
        out.field("server", e.node);
        out.field("message", e.message);
        out.endObject();
        QByteArray line = out.take();
        line += '\n';
        return line;
    }
    out.field("key", TokenText::escape(e.key));
    out.field("dialect", e.dialect);
    out.field("holder", e.holder);
    // null: no token is known (seen only through notifications, a value no dialect decodes
    // or one longer than was read), which "" would pass off as a token.
    const auto token = [&out](const char *name, const QByteArray &value) {
        if (value.isEmpty())
            out.key(name).null();
        else
            out.field(name, TokenText::escape(value));
    };
    token("token", e.token);
    if (e.ttlMs == LockEvent::unknown)
        out.key("ttl_ms").null();
    else
        out.field("ttl_ms", e.ttlMs);
    if (e.kind == LockEventKind::HandedOver) {
        token("previous_token", e.previousToken);
        out.field("previous_holder", e.previousHolder);
    }
    const auto optional = [&out](const char *name, qint64 value) {
        if (value != LockEvent::unknown)
            out.field(name, value);
    };
    optional("held_ms", e.heldMs);
    if (e.heldAtLeast && e.heldMs != LockEvent::unknown) // held_ms is a floor
        out.field(e.heldSinceOutage ? "held_since_outage" : "held_since_before_watch", true);
    optional("ttl_left_ms", e.ttlLeftMs);
    optional("lease_ms", e.leaseMs);
    optional("renew_interval_ms", e.intervalMs);
    optional("waiters", e.waiters);
    optional("failed_attempts", e.failedAttempts);
    if (!e.reason.isEmpty())
        out.field("reason", e.reason);
    if (e.inferred)
        out.field("inferred", true);
    if (!e.node.isEmpty())
        out.field("node", e.node);
    if (!e.previousNode.isEmpty())
        out.field("previous_node", e.previousNode);
    out.endObject();
    QByteArray line = out.take();
    line += '\n';
    return line;
}

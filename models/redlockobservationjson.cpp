#include "redlockobservationjson.h"

#include "jsonwriter.h"
#include "tokentext.h"

QByteArray RedlockObservationJson::line(const RedlockObservation &observation, double driftFactor)
{
    using Quorum = RedlockObservation::Quorum;
    const RedlockObservation::Assessment a = observation.assess(driftFactor);
    const bool majority = a.quorum == Quorum::Held || a.quorum == Quorum::Degraded;

    JsonWriter out;
    out.beginObject();
    out.field("key", QByteArrayView(TokenText::escapeBytes(observation.key)));
    out.field("quorum", RedlockObservation::quorumId(a.quorum));
    out.field("quorum_size", a.quorumSize);
    if (majority) {
        // -1: none of the majority's keys expires, so Redlock's validity does not apply.
        out.field("validity_ms", a.validityMs);
        out.field("token", QByteArrayView(TokenText::escapeBytes(a.token)));
    }
    // The majority token's holder, decoded as on one of its nodes (they hold the same value).
    const RedlockObservation::Node *decoded = majority ? &observation.nodes.at(a.tokenNodes.first()) : nullptr;
    if (decoded && !decoded->dialect.isEmpty())
        out.field("dialect", decoded->dialect);
    out.key("holders").beginArray();
    if (decoded) {
        for (const LockHolder &h : decoded->holders) {
            out.beginObject();
            out.field("token", QByteArrayView(TokenText::escapeBytes(h.token)));
            out.field("holder", h.holder);
            out.field("count", h.count);
            out.endObject();
        }
    }
    out.endArray();
    writeNodes(out, observation);
    out.endObject();
    QByteArray line = out.take();
    line += '\n';
    return line;
}

void RedlockObservationJson::writeNodes(JsonWriter &out, const RedlockObservation &observation)
{
    using Status = RedlockObservation::Node::Status;
    out.key("nodes").beginArray();
    for (const RedlockObservation::Node &n : observation.nodes) {
        out.beginObject();
        out.field("node", n.name);
        switch (n.status) {
        case Status::Holding:
            out.field("token", QByteArrayView(TokenText::escapeBytes(n.token)));
            out.field("ttl_ms", n.ttlMs);
            out.key("warnings").beginArray();
            for (const QString &w : n.warnings)
                out.value(w);
            out.endArray();
            break;
        case Status::Absent:
            out.field("absent", true);
            break;
        case Status::Unreadable:
            out.field("error", n.error);
            break;
        }
        out.endObject();
    }
    out.endArray();
}

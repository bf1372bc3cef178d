#include "redlockeventjson.h"

#include "jsonwriter.h"
#include "redlockobservationjson.h"
#include "tokentext.h"

QByteArray RedlockEventJson::line(const RedlockEvent &event, double driftFactor)
{
    JsonWriter out;
    out.beginObject();
    out.field("ts", event.timeMs);
    out.field("event", RedlockEvent::kindId(event.kind));
    if (event.isNodeEvent()) {
        out.field("node", event.nodeName);
        out.field("node_index", event.node + 1);
        if (!event.error.isEmpty())
            out.field("error", event.error);
        if (!event.message.isEmpty())
            out.field("message", event.message);
    } else {
        out.field("key", QByteArrayView(TokenText::escapeBytes(event.key)));
        if (!event.token.isNull())
            out.field("token", QByteArrayView(TokenText::escapeBytes(event.token)));
        if (!event.previousToken.isNull())
            out.field("previous_token", QByteArrayView(TokenText::escapeBytes(event.previousToken)));
        const RedlockObservation::Assessment a = event.observation.assess(driftFactor);
        out.field("quorum", RedlockObservation::quorumId(a.quorum));
        if (a.quorum == RedlockObservation::Quorum::Held || a.quorum == RedlockObservation::Quorum::Degraded)
            out.field("validity_ms", a.validityMs);
        if (event.kind == RedlockEvent::Kind::Lost)
            out.field("reason", QStringLiteral("node-restarted")).field("message", event.message);
        RedlockObservationJson::writeNodes(out, event.observation);
    }
    out.endObject();
    QByteArray line = out.take();
    line += '\n';
    return line;
}

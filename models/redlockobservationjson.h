#pragma once

#include "redlockobservation.h"

#include <QByteArray>

class JsonWriter;

// The JSON Lines shape of a Redlock group's lock, for `lockscope scan --redlock … --json`:
// {"key", "quorum", "validity_ms" (held, degraded), "token" and "holders" (the majority
// token's, as its dialect decoded them), "nodes": [{"node", "token", "ttl_ms"} |
// {"node", "absent": true} | {"node", "error"}], one per node in the group's order}.
class RedlockObservationJson final
{
public:
    // One line, newline included.
    static QByteArray line(const RedlockObservation &observation, double driftFactor);
    // "nodes": [...] as in line(), into an open object.
    static void writeNodes(JsonWriter &out, const RedlockObservation &observation);
};

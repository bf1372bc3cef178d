#pragma once

#include "redlockevent.h"

#include <QByteArray>

// The JSON Lines shape of a Redlock group's event, for `lockscope watch --redlock … --events
// --json`: {"ts" (epoch ms, as watch --events --json), "event" (RedlockEvent::kindId), then for a lock event
// "key", "token", "previous_token" (handed over), "quorum", "validity_ms" (where a majority
// holds it) and "nodes" as scan --redlock --json writes them; for a node event "node"
// (host:port), "node_index" (from 1, as the table numbers them) and "error" (node down)}.
class RedlockEventJson final
{
public:
    // One line, newline included.
    static QByteArray line(const RedlockEvent &event, double driftFactor);
};

#pragma once

#include "lockevent.h"

#include <QByteArray>

// The JSON Lines shape of a lock event, as `lockscope watch --events --json` prints it:
// always ts, event, key, dialect, holder, token and ttl_ms; previous_token (and
// previous_holder) for handovers; the other details only where they were observed.
// Keys and tokens are escaped as redis-cli shows bytes, like scan --json.
class LockEventJson final
{
public:
    // One line, newline included.
    static QByteArray line(const LockEvent &event);
};

#pragma once

#include "lockinfo.h"

#include <QByteArray>

class JsonWriter;

// The JSON Lines shape of a lock, shared by `lockscope scan --json` and exports.
class LockJson final
{
public:
    // One line, newline included.
    static QByteArray line(const LockInfo &lock, qint64 nowMs);
    static void write(JsonWriter &out, const LockInfo &lock, qint64 nowMs);
    // A key whose read failed: {"key", "status": "failed", "error"}, newline included.
    static QByteArray failedLine(const KeySample &sample);
};

#pragma once

#include <QtGlobal>

// Milliseconds on a monotonic clock shared by the whole process: TTL countdowns are
// computed against it, never against wall time, which can jump.
class MonotonicClock final
{
public:
    static qint64 nowMs();
};

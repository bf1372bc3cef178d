#pragma once

#include "timeseries.h"

// The time series a demo run feeds its charts with (times in ms since the epoch): workers
// inside the critical section, per-second counts of acquisitions, give-ups, attempts and
// violations, every wait, and the stock left in a sale.
struct DemoSeries
{
    static constexpr qint64 windowMs = 600'000;

    TimeSeries occupancy{windowMs};
    TimeSeries acquisitions{windowMs, 1000};
    TimeSeries failures{windowMs, 1000};
    TimeSeries attempts{windowMs, 1000};
    TimeSeries violations{windowMs, 1000};
    TimeSeries waits{windowMs};
    TimeSeries stock{windowMs};

    // Closes quiet buckets up to now, so an idle second shows as zero.
    void advanceTo(qint64 nowMs);
};

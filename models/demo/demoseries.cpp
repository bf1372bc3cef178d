#include "demoseries.h"

void DemoSeries::advanceTo(qint64 nowMs)
{
    for (TimeSeries *s : {&acquisitions, &failures, &attempts, &violations})
        s->advanceTo(nowMs);
}

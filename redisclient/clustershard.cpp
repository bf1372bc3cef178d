#include "clustershard.h"

int ClusterShard::slotCount() const
{
    int n = 0;
    for (const SlotRange &range : ranges)
        n += range.size();
    return n;
}

bool ClusterShard::servesSlot(quint16 slot) const
{
    for (const SlotRange &range : ranges)
        if (slot >= range.first && slot <= range.last)
            return true;
    return false;
}

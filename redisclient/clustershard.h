#pragma once

#include "clusternode.h"

#include <QList>

// The nodes that serve one set of slots: one master and the replicas copying it. A shard
// may serve no slots at all (a new master, or a failed one whose replica took over).
struct ClusterShard
{
    // Inclusive, as the server writes them: {5461, 10922} is 5462 slots.
    struct SlotRange
    {
        quint16 first = 0;
        quint16 last = 0;
        int size() const { return int(last) - int(first) + 1; }
        bool operator==(const SlotRange &other) const = default;
    };

    QList<SlotRange> ranges;
    ClusterNode master;
    QList<ClusterNode> replicas;

    int slotCount() const;
    bool servesSlot(quint16 slot) const;

    bool operator==(const ClusterShard &other) const = default;
};

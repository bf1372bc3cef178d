#pragma once

#include "connectionoptions.h"
#include "criticalsection.h"
#include "demorecipe.h"
#include "demoscenario.h"
#include "demostats.h"
#include "fencedresource.h"

#include <QByteArray>
#include <QList>
#include <QRandomGenerator>

// What the workers of one run share, owned by the DemoRun: the recipe and knobs, where the
// servers are, the sandbox's own accounting (occupancy, counters, the protected resource),
// the seeded random source, and the fault armed for the next worker to reach its point.
class DemoRunContext final
{
public:
    DemoRunContext(const DemoScenario &scenario, DemoVariant variant, const DemoParameters &parameters);

    // Arms a fault; the first worker that reaches its point claims it.
    void armFault(DemoRecipe::Fault fault);
    // Claims the armed fault if it is this one. With sentAt (the fault generation when the
    // worker sent its attempt), only an attempt sent after the arming can claim it.
    bool claimFault(DemoRecipe::Fault fault, quint64 sentAt = ~quint64(0));
    DemoRecipe::Fault armedFault() const { return m_armed; }
    quint64 faultGeneration() const { return m_generation; }

    DemoScenario scenario;
    DemoVariant variant;
    DemoRecipe recipe;
    DemoParameters parameters;
    QList<ConnectionOptions> lockServers; // the servers the lock lives on, master first
    QByteArray lockKey;
    QByteArray stockKey;
    QByteArray fenceKey;
    CriticalSection section;
    DemoStats stats;
    FencedResource resource;
    QRandomGenerator rng;
    int owner = -1; // the worker the sandbox last saw take the lock

private:
    DemoRecipe::Fault m_armed = DemoRecipe::Fault::None;
    quint64 m_generation = 0;
};

#include "demoruncontext.h"

DemoRunContext::DemoRunContext(const DemoScenario &s, DemoVariant v, const DemoParameters &p)
    : scenario(s)
    , variant(v)
    , recipe(s.variant(v) ? s.variant(v)->recipe : DemoRecipe{})
    , parameters(p)
    , lockKey("lock:demo:" + s.id.toLatin1())
    , stockKey("demo:stock")
    , fenceKey("demo:fence:" + s.id.toLatin1())
    , resource(recipe.resourceChecksFence)
    , rng(p.seed)
{
}

void DemoRunContext::armFault(DemoRecipe::Fault fault)
{
    m_armed = fault;
    ++m_generation;
}

bool DemoRunContext::claimFault(DemoRecipe::Fault fault, quint64 sentAt)
{
    if (fault == DemoRecipe::Fault::None || m_armed != fault)
        return false;
    if (sentAt != ~quint64(0) && sentAt < m_generation)
        return false;
    m_armed = DemoRecipe::Fault::None;
    return true;
}

#include "democontroller.h"

#include "demorun.h"
#include "sessionmanager.h"

DemoController::DemoController(QObject *parent)
    : QObject(parent)
{
}

DemoController::~DemoController()
{
    // The run's servers are child processes told to exit with us; the run itself goes with
    // its parent.
    if (m_run)
        m_run->disconnect(this);
}

void DemoController::followWith(SessionManager *sessions)
{
    connect(this, &DemoController::serverChanged, sessions, [sessions](const ConnectionProfile &server) {
        sessions->connectTo(server);
        Q_EMIT sessions->notice(tr("Showing the demo's server %1").arg(server.endpoint()));
    });
}

DemoRun *DemoController::run() const
{
    return m_run;
}

DemoRun *DemoController::prepare(const DemoScenario &scenario, DemoVariant variant, const DemoParameters &parameters)
{
    retire(m_run);
    m_run = new DemoRun(scenario, variant, parameters, this);
    connect(m_run, &DemoRun::ready, this, [this] { Q_EMIT serverChanged(m_run->primaryServer()); });
    connect(m_run, &DemoRun::primaryChanged, this, &DemoController::serverChanged);
    Q_EMIT runPrepared(m_run);
    return m_run;
}

void DemoController::retire(DemoRun *run)
{
    if (!run)
        return;
    run->disconnect();
    connect(run, &DemoRun::shutDown, run, &QObject::deleteLater);
    run->shutdown();
}

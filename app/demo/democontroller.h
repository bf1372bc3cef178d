#pragma once

#include "connectionprofile.h"
#include "demoscenario.h"

#include <QObject>
#include <QPointer>

class DemoRun;
class SessionManager;

// Owns the training panel's runs: starts one (retiring the previous one, whose servers stop
// once its workers have), and says which server the run's lock lives on now, so the session
// layer can follow it through a failover. The panel shows and drives the run it is given.
class DemoController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoController)

public:
    explicit DemoController(QObject *parent = nullptr);
    ~DemoController() override;

    DemoRun *run() const;
    // Has sessions follow the run's lock from server to server.
    void followWith(SessionManager *sessions);
    // A run of scenario's variant, not started yet (its owner wires it, then starts it);
    // the previous run is shut down.
    DemoRun *prepare(const DemoScenario &scenario, DemoVariant variant, const DemoParameters &parameters);

Q_SIGNALS:
    void runPrepared(DemoRun *run);
    // Where the run's lock lives: once its servers are up, and again after a failover.
    void serverChanged(const ConnectionProfile &server);

private:
    static void retire(DemoRun *run);

    QPointer<DemoRun> m_run;
};

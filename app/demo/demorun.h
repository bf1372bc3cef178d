#pragma once

#include "connectionprofile.h"
#include "criticalsection.h"
#include "demonodeinfo.h"
#include "demorecipe.h"
#include "demoscenario.h"
#include "demoseries.h"
#include "demostats.h"
#include "demosummary.h"
#include "demoworkerinfo.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QTimer>

#include <memory>

class DemoNodeMonitor;
class DemoRunContext;
class DemoSandbox;
class DemoWorker;

// One run of one scenario variant: its own sandbox servers (or a server it is given), the
// simulated workers, the fault the scenario injects on schedule, and the sandbox's own
// accounting of what went wrong. It ends after the run's duration (or when stopped, or when
// a sale is over) with a DemoSummary; live controls serve the demo panel. Servers are named
// as ConnectionProfiles: how the workers reach them is the run's own business.
class DemoRun final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoRun)

public:
    DemoRun(const DemoScenario &scenario, DemoVariant variant, const DemoParameters &parameters, QObject *parent = nullptr);
    ~DemoRun() override;

    // Before start(): run on this server instead of starting a sandbox (single-server
    // scenarios only; the embedded default's background workers use it).
    void useServer(const ConnectionProfile &server);

    void start();
    // Stops the workers; finished() follows with the summary. Servers stay up for a look.
    void stop();
    // Stops too, then the servers; shutDown() follows once every process has exited.
    void shutdown();

    bool isRunning() const { return m_phase == Phase::Running; }
    bool isFinished() const { return m_phase == Phase::Stopped || m_phase == Phase::ShuttingDown || m_phase == Phase::Down; }

    const DemoScenario &scenario() const;
    DemoVariant variant() const;
    const DemoRecipe &recipe() const;
    const DemoParameters &parameters() const;
    const QByteArray &lockKey() const;
    // Whether the run started servers of its own (which can be stopped and started live).
    bool hasSandbox() const { return m_sandbox != nullptr; }
    // The server the lock lives on now (the master, after a failover the promoted replica).
    ConnectionProfile primaryServer() const;
    QList<qint64> serverProcessIds() const;

    // Live controls.
    void setWorkerCount(int workers);
    void setTtlMs(int ms);
    void setPauseMs(int ms);
    void setAutomaticFaults(bool on);
    // Arms the scenario's fault now, for the next worker to reach it.
    void injectFault();
    // Crashes this worker, or with -1 a holder (else anyone alive). Returns its id, or -1.
    int crashWorker(int id = -1);
    void setServerUp(int index, bool up);

    QList<DemoWorkerInfo> workers() const;
    QList<DemoNodeInfo> nodes() const;
    const DemoStats &stats() const;
    const CriticalSection &section() const;
    const DemoSeries &series() const { return m_series; }
    qint64 elapsedMs() const;
    DemoSummary summary() const;

Q_SIGNALS:
    void ready();
    void failed(const QString &message);
    // The primary server changed (failover): the lock table should follow it.
    void primaryChanged(const ConnectionProfile &server);
    void acquired(int worker, qint64 waitMs);
    void violationOccurred(qint64 timeMs, const QString &what);
    void eventLogged(qint64 timeMs, const QString &text, bool bad);
    void finished(const DemoSummary &summary);
    void shutDown();

private:
    enum class Phase { Idle, Starting, Running, Stopped, ShuttingDown, Down };

    void sandboxReady();
    void prepareData();
    void launch();
    DemoWorker *addWorker();
    void armScheduledFault();
    void onFaultClaimed(int worker, DemoRecipe::Fault fault);
    void scheduleRedlockOutages();
    void onFailedOver(int newMaster);
    void tick();
    void violation(const QString &what);
    void log(const QString &text, bool bad = false);
    void finishIfAllDone();
    qint64 wallNow() const;

    // What the workers share; its header names the connections, so it stays out of this one.
    std::unique_ptr<DemoRunContext> m_ctx;
    Phase m_phase = Phase::Idle;
    DemoSandbox *m_sandbox = nullptr;
    bool m_external = false;
    ConnectionProfile m_externalServer;
    QList<DemoWorker *> m_workers;
    DemoNodeMonitor *m_monitor = nullptr;
    DemoSeries m_series;
    QTimer m_tick;
    QTimer m_faultTimer;
    QTimer m_durationTimer;
    QElapsedTimer m_clock;
    qint64 m_elapsedAtStop = -1;
    qint64 m_lastOccupancyPointMs = 0;
    int m_nextWorkerId = 1;
    bool m_failoverDone = false;
    DemoSummary m_summary;
};

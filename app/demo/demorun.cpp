#include "demorun.h"

#include "demonodemonitor.h"
#include "demoruncontext.h"
#include "demosandbox.h"
#include "demoworker.h"
#include "monotonicclock.h"
#include "profileoptions.h"
#include "redisconnection.h"

#include <QDateTime>

namespace {
using Fault = DemoRecipe::Fault;
constexpr int tickMs = 100;
constexpr int occupancyRefreshMs = 250;

// How the run's own connections reach a sandbox server.
ConnectionOptions serverOptions(const DemoSandbox *sandbox, int index)
{
    return ProfileOptions::toOptions(sandbox->serverProfile(index), QStringLiteral("lockscope-demo"));
}

QString workerList(const QList<int> &ids)
{
    QStringList names;
    for (int id : ids)
        names << DemoWorkerInfo::workerName(id);
    return names.join(QStringLiteral(", "));
}
} // namespace

DemoRun::DemoRun(const DemoScenario &scenario, DemoVariant variant, const DemoParameters &parameters, QObject *parent)
    : QObject(parent)
    , m_ctx(std::make_unique<DemoRunContext>(scenario, variant, parameters))
{
    m_tick.setInterval(tickMs);
    connect(&m_tick, &QTimer::timeout, this, &DemoRun::tick);
    m_faultTimer.setSingleShot(true);
    connect(&m_faultTimer, &QTimer::timeout, this, [this] {
        armScheduledFault();
        if (m_ctx->parameters.faultEveryMs > 0 && m_ctx->parameters.automaticFaults)
            m_faultTimer.start(m_ctx->parameters.faultEveryMs);
    });
    m_durationTimer.setSingleShot(true);
    connect(&m_durationTimer, &QTimer::timeout, this, &DemoRun::stop);
}

DemoRun::~DemoRun()
{
    // Workers first: they close their connections before the servers go.
    qDeleteAll(m_workers);
    m_workers.clear();
}

void DemoRun::useServer(const ConnectionProfile &server)
{
    m_external = true;
    m_externalServer = server;
}

const DemoScenario &DemoRun::scenario() const
{
    return m_ctx->scenario;
}

DemoVariant DemoRun::variant() const
{
    return m_ctx->variant;
}

const DemoRecipe &DemoRun::recipe() const
{
    return m_ctx->recipe;
}

const DemoParameters &DemoRun::parameters() const
{
    return m_ctx->parameters;
}

const QByteArray &DemoRun::lockKey() const
{
    return m_ctx->lockKey;
}

const DemoStats &DemoRun::stats() const
{
    return m_ctx->stats;
}

const CriticalSection &DemoRun::section() const
{
    return m_ctx->section;
}

qint64 DemoRun::wallNow() const
{
    return QDateTime::currentMSecsSinceEpoch();
}

qint64 DemoRun::elapsedMs() const
{
    if (m_elapsedAtStop >= 0)
        return m_elapsedAtStop;
    return m_clock.isValid() ? m_clock.elapsed() : 0;
}

ConnectionProfile DemoRun::primaryServer() const
{
    if (!m_ctx->lockServers.isEmpty())
        return ProfileOptions::fromOptions(m_ctx->lockServers.first());
    return m_external ? m_externalServer : ConnectionProfile{};
}

QList<qint64> DemoRun::serverProcessIds() const
{
    return m_sandbox ? m_sandbox->processIds() : QList<qint64>{};
}

void DemoRun::start()
{
    if (m_phase != Phase::Idle)
        return;
    m_phase = Phase::Starting;
    if (m_external) {
        m_ctx->lockServers = {ProfileOptions::toOptions(m_externalServer, QStringLiteral("lockscope-demo"))};
        prepareData();
        return;
    }
    m_sandbox = new DemoSandbox(m_ctx->recipe.servers, m_ctx->recipe.replicated, this);
    connect(m_sandbox, &DemoSandbox::ready, this, &DemoRun::sandboxReady);
    connect(m_sandbox, &DemoSandbox::failed, this, [this](const QString &message) {
        if (m_phase == Phase::Starting) {
            m_phase = Phase::Stopped;
            Q_EMIT failed(message);
        } else {
            log(message, true);
        }
    });
    connect(m_sandbox, &DemoSandbox::serverChanged, this, [this](int index, bool up) {
        if (m_phase == Phase::Running)
            log(up ? tr("node %1 is up (empty: no persistence)").arg(index + 1) : tr("node %1 is down").arg(index + 1), !up);
    });
    connect(m_sandbox, &DemoSandbox::failedOver, this, &DemoRun::onFailedOver);
    connect(m_sandbox, &DemoSandbox::stopped, this, [this] {
        m_phase = Phase::Down;
        Q_EMIT shutDown();
    });
    m_sandbox->start();
}

void DemoRun::sandboxReady()
{
    if (m_phase != Phase::Starting)
        return;
    m_ctx->lockServers.clear();
    const int master = m_sandbox->masterIndex();
    if (m_ctx->recipe.lock == DemoRecipe::Lock::Redlock) {
        for (int i = 0; i < m_sandbox->serverCount(); ++i)
            m_ctx->lockServers << serverOptions(m_sandbox, i);
    } else {
        m_ctx->lockServers << serverOptions(m_sandbox, master);
    }
    prepareData();
}

// Clears what an earlier run left under the demo's keys (never anything else: the embedded
// sandbox's sample locks live next to them) and puts the stock on sale.
void DemoRun::prepareData()
{
    ConnectionOptions options = m_ctx->lockServers.first();
    options.clientName = QStringLiteral("lockscope-demo-setup");
    auto *setup = new RedisConnection(options, this);
    QList<RedisCommand> commands = {{"DEL", m_ctx->lockKey, m_ctx->fenceKey}};
    if (m_ctx->recipe.job == DemoRecipe::Job::Purchase)
        commands.append({"SET", m_ctx->stockKey, QByteArray::number(m_ctx->parameters.stock)});
    setup->open();
    setup->pipeline(commands, this, [this, setup](const QList<RedisReply> &replies) {
        setup->close();
        setup->deleteLater();
        for (const RedisReply &r : replies) {
            if (r.isError() && m_phase == Phase::Starting) {
                m_phase = Phase::Stopped;
                Q_EMIT failed(tr("could not prepare the demo keys: %1").arg(r.errorMessage()));
                return;
            }
        }
        if (m_phase == Phase::Starting)
            launch();
    });
}

void DemoRun::launch()
{
    m_phase = Phase::Running;
    m_clock.start();
    const qint64 t = wallNow();
    m_series.occupancy.add(t, 0);
    if (m_ctx->recipe.job == DemoRecipe::Job::Purchase)
        m_series.stock.add(t, m_ctx->parameters.stock);

    m_monitor = new DemoNodeMonitor(m_ctx->lockKey, this);
    QList<ConnectionOptions> all;
    if (m_sandbox) {
        for (int i = 0; i < m_sandbox->serverCount(); ++i)
            all << serverOptions(m_sandbox, i);
        m_monitor->setProcessState([sandbox = m_sandbox](int i) { return sandbox->isUp(i); });
    } else {
        all = m_ctx->lockServers;
    }
    m_monitor->setServers(all);
    m_monitor->start();

    for (int i = 0; i < m_ctx->parameters.workers; ++i)
        addWorker();
    for (DemoWorker *w : std::as_const(m_workers))
        w->start();
    m_tick.start();
    if (m_ctx->recipe.fault != Fault::None && m_ctx->parameters.automaticFaults)
        m_faultTimer.start(std::max(0, m_ctx->parameters.faultFirstMs));
    if (m_ctx->parameters.durationMs > 0)
        m_durationTimer.start(int(std::min<qint64>(m_ctx->parameters.durationMs, std::numeric_limits<int>::max())));
    log(tr("%1 / %2: %3 workers on %4").arg(m_ctx->scenario.id, DemoScenario::variantId(m_ctx->variant)).arg(m_workers.size())
            .arg(m_sandbox ? tr("%n sandbox server(s)", nullptr, m_sandbox->serverCount()) : primaryServer().displayName()));
    Q_EMIT ready();
}

DemoWorker *DemoRun::addWorker()
{
    auto *w = new DemoWorker(m_nextWorkerId++, m_ctx.get(), this);
    m_workers.append(w);
    connect(w, &DemoWorker::attempted, this, [this] { m_series.attempts.add(wallNow()); });
    connect(w, &DemoWorker::acquired, this, [this](int worker, qint64 waitMs) {
        const qint64 t = wallNow();
        m_series.acquisitions.add(t);
        m_series.waits.add(t, double(waitMs));
        Q_EMIT acquired(worker, waitMs);
    });
    connect(w, &DemoWorker::gaveUp, this, [this] { m_series.failures.add(wallNow()); });
    connect(w, &DemoWorker::entered, this, [this](int worker, bool overlapped) {
        const qint64 t = wallNow();
        m_series.occupancy.add(t, m_ctx->section.occupancy());
        m_lastOccupancyPointMs = t;
        if (overlapped && m_ctx->recipe.violation == DemoRecipe::Violation::Overlap) {
            QList<int> others = m_ctx->section.occupants();
            others.removeOne(worker);
            violation((others.size() == 1 ? tr("%1 entered the critical section while %2 was inside")
                                           : tr("%1 entered the critical section while %2 were inside"))
                          .arg(DemoWorkerInfo::workerName(worker), workerList(others)));
        }
        // A late releaser waits for exactly this moment (unsafe-release).
        for (DemoWorker *other : std::as_const(m_workers))
            other->otherEntered(worker);
    });
    connect(w, &DemoWorker::left, this, [this] {
        const qint64 t = wallNow();
        m_series.occupancy.add(t, m_ctx->section.occupancy());
        m_lastOccupancyPointMs = t;
    });
    connect(w, &DemoWorker::sold, this, [this](int worker, qint64 stockLeft) {
        m_series.stock.add(wallNow(), double(stockLeft));
        const qint64 beyond = m_ctx->stats.sold - m_ctx->parameters.stock;
        if (beyond > 0) {
            m_ctx->stats.oversold = beyond;
            violation(tr("%1 bought item %2 of %3: the stock is at %4")
                          .arg(DemoWorkerInfo::workerName(worker))
                          .arg(m_ctx->stats.sold)
                          .arg(m_ctx->parameters.stock)
                          .arg(stockLeft));
        }
    });
    connect(w, &DemoWorker::staleWrite, this, [this](int worker, bool accepted, qint64 fence) {
        if (accepted)
            violation(tr("%1's stale write (fencing token %2) landed over a newer holder's work")
                          .arg(DemoWorkerInfo::workerName(worker))
                          .arg(fence));
    });
    connect(w, &DemoWorker::faultClaimed, this, &DemoRun::onFaultClaimed);
    connect(w, &DemoWorker::crashed, this, [this](int worker) {
        if (m_ctx->parameters.restartAfterMs <= 0)
            finishIfAllDone();
        Q_UNUSED(worker);
    });
    connect(w, &DemoWorker::finishedAll, this, &DemoRun::finishIfAllDone);
    connect(w, &DemoWorker::narrated, this, &DemoRun::log);
    return w;
}

void DemoRun::armScheduledFault()
{
    if (m_phase != Phase::Running)
        return;
    const Fault fault = m_ctx->recipe.fault;
    switch (fault) {
    case Fault::None:
        return;
    case Fault::Failover:
        if (m_failoverDone || !m_sandbox)
            return;
        m_sandbox->holdReplication();
        log(tr("the replication link is held: what the master writes from now on does not reach the replica"));
        break;
    case Fault::NodeRestart:
        if (m_ctx->recipe.lock == DemoRecipe::Lock::Redlock && m_ctx->armedFault() != Fault::NodeRestart)
            scheduleRedlockOutages();
        break;
    default:
        break;
    }
    m_ctx->armFault(fault);
}

void DemoRun::onFaultClaimed(int worker, DemoRecipe::Fault fault)
{
    if (!m_sandbox)
        return;
    const QString who = DemoWorkerInfo::workerName(worker);
    if (fault == Fault::NodeRestart) {
        log(tr("node 1 crashes and restarts empty while %1 holds the lock (no persistence: the lock is gone there)").arg(who), true);
        m_sandbox->crashServer(0);
    } else if (fault == Fault::Failover) {
        // Let a WAIT in flight give its verdict first, so the fixed variant shows it refusing.
        log(tr("%1's lock is on the master only").arg(who), true);
        QTimer::singleShot(m_ctx->recipe.waitTimeoutMs + 50, this, [this] {
            if (m_phase != Phase::Running || !m_sandbox)
                return;
            log(tr("the master is failed over: the replica is promoted (REPLICAOF NO ONE)"), true);
            m_sandbox->failOver();
        });
    }
}

// Redlock's availability lesson, after the crash: two servers down are survivable, three are
// not. The stopped servers return one TTL after the last one went (delayed restart), so no
// lock they held can still be valid.
void DemoRun::scheduleRedlockOutages()
{
    if (!m_sandbox || m_sandbox->serverCount() < 5)
        return;
    const int ttl = m_ctx->parameters.ttlMs;
    struct Step
    {
        int atMs;
        int server;
        bool up;
        QString text;
    };
    const QList<Step> steps = {
        {1400, 1, false, tr("node 2 stops: 4 of 5 up, a majority of 3 is still possible")},
        {1900, 2, false, tr("node 3 stops: 3 of 5 up, still a majority")},
        {2400, 3, false, tr("node 4 stops: 2 of 5 up, no majority: every acquisition fails")},
        {2400 + ttl + 100, 1, true, tr("nodes 2, 3 and 4 return one TTL later (delayed restart): work resumes")},
        {2400 + ttl + 100, 2, true, QString()},
        {2400 + ttl + 100, 3, true, QString()},
    };
    for (const Step &step : steps) {
        QTimer::singleShot(step.atMs, this, [this, step] {
            if (m_phase != Phase::Running || !m_ctx->parameters.automaticFaults)
                return;
            if (!step.text.isEmpty())
                log(step.text, !step.up);
            setServerUp(step.server, step.up);
        });
    }
}

void DemoRun::onFailedOver(int newMaster)
{
    m_failoverDone = true;
    m_ctx->lockServers = {serverOptions(m_sandbox, newMaster)};
    for (DemoWorker *w : std::as_const(m_workers))
        w->retarget();
    log(tr("failover done: node %1 is the master and the clients reconnect to it; what the old master had not "
           "replicated is lost")
            .arg(newMaster + 1),
        true);
    Q_EMIT primaryChanged(primaryServer());
}

void DemoRun::tick()
{
    const qint64 t = wallNow();
    m_series.advanceTo(t);
    if (t - m_lastOccupancyPointMs >= occupancyRefreshMs) {
        m_series.occupancy.add(t, m_ctx->section.occupancy());
        m_lastOccupancyPointMs = t;
    }
    if (m_phase == Phase::Running && m_ctx->recipe.detectsStuck) {
        const qint64 mono = MonotonicClock::nowMs();
        const qint64 idle = m_ctx->section.idleWithWaitersMs(mono);
        if (m_ctx->section.checkStuck(mono, m_ctx->parameters.stuckAfterMs)) {
            ++m_ctx->stats.stuck;
            violation(tr("the lock is stuck: nobody could enter for %1 ms while %n worker(s) waited", nullptr,
                         m_ctx->section.waiters())
                          .arg(idle));
        }
    }
}

void DemoRun::violation(const QString &what)
{
    ++m_ctx->stats.violations;
    const qint64 t = wallNow();
    m_series.violations.add(t);
    log(tr("VIOLATION: %1").arg(what), true);
    Q_EMIT violationOccurred(t, what);
}

void DemoRun::log(const QString &text, bool bad)
{
    Q_EMIT eventLogged(wallNow(), text, bad);
}

void DemoRun::finishIfAllDone()
{
    if (m_phase != Phase::Running)
        return;
    for (const DemoWorker *w : std::as_const(m_workers)) {
        const DemoWorkerState s = w->state();
        const bool over = s == DemoWorkerState::Done || (s == DemoWorkerState::Crashed && m_ctx->parameters.restartAfterMs <= 0);
        if (!over)
            return;
    }
    if (m_ctx->recipe.job == DemoRecipe::Job::Purchase)
        log(tr("the sale is over: %1 sold of %2").arg(m_ctx->stats.sold).arg(m_ctx->parameters.stock), m_ctx->stats.oversold > 0);
    stop();
}

void DemoRun::stop()
{
    if (m_phase != Phase::Running && m_phase != Phase::Starting)
        return;
    const bool ran = m_phase == Phase::Running;
    m_phase = Phase::Stopped;
    m_elapsedAtStop = m_clock.isValid() ? m_clock.elapsed() : 0;
    m_faultTimer.stop();
    m_durationTimer.stop();
    for (DemoWorker *w : std::as_const(m_workers))
        w->stop();
    tick();
    m_tick.stop();
    m_summary = summary();
    if (ran)
        log(tr("stopped after %1 s: %2 violation(s)").arg(m_elapsedAtStop / 1000.0, 0, 'f', 1).arg(m_ctx->stats.violations),
            m_ctx->stats.violations > 0);
    Q_EMIT finished(m_summary);
}

void DemoRun::shutdown()
{
    if (m_phase == Phase::ShuttingDown || m_phase == Phase::Down)
        return;
    stop();
    m_phase = Phase::ShuttingDown;
    if (m_monitor)
        m_monitor->stop();
    if (m_sandbox) {
        m_sandbox->shutdown();
        return;
    }
    QMetaObject::invokeMethod(this, [this] {
        m_phase = Phase::Down;
        Q_EMIT shutDown();
    }, Qt::QueuedConnection);
}

void DemoRun::setWorkerCount(int workers)
{
    workers = std::clamp(workers, 1, 64);
    m_ctx->parameters.workers = workers;
    if (m_phase != Phase::Running)
        return;
    while (m_workers.size() < workers)
        addWorker()->start();
    while (m_workers.size() > workers) {
        DemoWorker *w = m_workers.takeLast();
        w->stop();
        w->deleteLater();
    }
}

void DemoRun::setTtlMs(int ms)
{
    m_ctx->parameters.ttlMs = std::max(20, ms);
}

void DemoRun::setPauseMs(int ms)
{
    m_ctx->parameters.pauseMs = std::max(0, ms);
}

void DemoRun::setAutomaticFaults(bool on)
{
    m_ctx->parameters.automaticFaults = on;
    if (!on) {
        m_faultTimer.stop();
        return;
    }
    if (m_phase == Phase::Running && m_ctx->recipe.fault != Fault::None && !m_faultTimer.isActive())
        m_faultTimer.start(std::max(1, m_ctx->parameters.faultEveryMs > 0 ? m_ctx->parameters.faultEveryMs : m_ctx->parameters.faultFirstMs));
}

void DemoRun::injectFault()
{
    armScheduledFault();
}

int DemoRun::crashWorker(int id)
{
    if (m_phase != Phase::Running)
        return -1;
    DemoWorker *victim = nullptr;
    for (DemoWorker *w : std::as_const(m_workers)) {
        if (id >= 0 ? w->id() == id : m_ctx->section.contains(w->id())) {
            victim = w;
            break;
        }
    }
    if (!victim && id < 0) {
        for (DemoWorker *w : std::as_const(m_workers))
            if (w->state() != DemoWorkerState::Crashed && w->state() != DemoWorkerState::Done)
                victim = w;
    }
    if (!victim || victim->state() == DemoWorkerState::Crashed)
        return -1;
    log(tr("%1 is killed (kill -9)").arg(DemoWorkerInfo::workerName(victim->id())), true);
    victim->crash();
    return victim->id();
}

void DemoRun::setServerUp(int index, bool up)
{
    if (!m_sandbox || index < 0 || index >= m_sandbox->serverCount())
        return;
    if (up)
        m_sandbox->startServer(index);
    else
        m_sandbox->stopServer(index);
}

QList<DemoWorkerInfo> DemoRun::workers() const
{
    QList<DemoWorkerInfo> list;
    list.reserve(m_workers.size());
    for (const DemoWorker *w : m_workers)
        list << w->info();
    return list;
}

QList<DemoNodeInfo> DemoRun::nodes() const
{
    return m_monitor ? m_monitor->nodes() : QList<DemoNodeInfo>{};
}

DemoSummary DemoRun::summary() const
{
    return DemoSummary::from(m_ctx->scenario, m_ctx->variant, m_ctx->parameters, m_ctx->stats, elapsedMs());
}

#include "demoworker.h"

#include "demoruncontext.h"
#include "monotonicclock.h"
#include "reentrantlock.h"
#include "redisconnection.h"
#include "redlock.h"
#include "tokenlock.h"

#include <utility>

namespace {
using Fault = DemoRecipe::Fault;

qint64 now()
{
    return MonotonicClock::nowMs();
}
} // namespace

// Wraps a callback so it runs only in the incarnation that made it: after a crash, stop or
// restart, replies and timers still in flight fall silent, as they would for a dead process.
template<typename F>
auto DemoWorker::live(F f)
{
    return [this, epoch = m_epoch, f = std::move(f)](auto &&...args) mutable {
        if (epoch == m_epoch && m_running)
            f(std::forward<decltype(args)>(args)...);
    };
}

DemoWorker::DemoWorker(int id, DemoRunContext *context, QObject *parent)
    : QObject(parent)
    , m_id(id)
    , m_ctx(context)
{
    m_watchdog.setTimerType(Qt::PreciseTimer);
    connect(&m_watchdog, &QTimer::timeout, this, &DemoWorker::renew);
    m_restart.setSingleShot(true);
    connect(&m_restart, &QTimer::timeout, this, &DemoWorker::restart);
    createLock();
}

DemoWorker::~DemoWorker()
{
    ++m_epoch;
    for (RedisConnection *c : std::as_const(m_connections))
        c->close();
}

QString DemoWorker::name() const
{
    return DemoWorkerInfo::workerName(m_id);
}

int DemoWorker::ttlMs() const
{
    return std::max(20, m_ctx->parameters.ttlMs);
}

QByteArray DemoWorker::newToken()
{
    // A random UUID (version 4) from the run's seeded source, then ":<worker>", the shape
    // the lock table reads as "client, thread".
    QByteArray bytes(16, '\0');
    m_ctx->rng.fillRange(reinterpret_cast<quint32 *>(bytes.data()), 4);
    bytes[6] = char((bytes.at(6) & 0x0f) | 0x40);
    bytes[8] = char((bytes.at(8) & 0x3f) | 0x80);
    const QByteArray hex = bytes.toHex();
    return hex.left(8) + '-' + hex.mid(8, 4) + '-' + hex.mid(12, 4) + '-' + hex.mid(16, 4) + '-' + hex.mid(20);
}

void DemoWorker::createLock()
{
    const DemoRecipe &r = m_ctx->recipe;
    switch (r.lock) {
    case DemoRecipe::Lock::None:
        return;
    case DemoRecipe::Lock::Token:
        m_lock = new TokenLock(r, m_ctx->lockKey, m_ctx->fenceKey, this);
        break;
    case DemoRecipe::Lock::Reentrant:
        m_lock = new ReentrantLock(m_ctx->lockKey, this);
        break;
    case DemoRecipe::Lock::Redlock:
        m_lock = new Redlock(m_ctx->lockKey, this);
        break;
    }
    m_lock->setCrashPoint([this] {
        if (!m_ctx->claimFault(Fault::CrashAfterAcquire))
            return false;
        ++m_ctx->stats.faults;
        narrate(m_ctx->recipe.acquire == DemoRecipe::Acquire::SetNxThenExpire
                    ? tr("%1 crashes between SETNX and PEXPIRE: its lock has no TTL").arg(name())
                    : tr("%1 crashes right after SET NX PX: its lock expires in %2 ms").arg(name()).arg(ttlMs()),
                true);
        return true;
    });
    m_lock->setWrittenHook([this] {
        if (!m_ctx->claimFault(Fault::Failover, m_attemptGeneration))
            return;
        ++m_ctx->stats.faults;
        // This lock reached the master but not the replica: its holder is the victim.
        m_stallOnEntry = true;
        Q_EMIT faultClaimed(m_id, Fault::Failover);
    });
}

void DemoWorker::start()
{
    if (m_running)
        return;
    m_running = true;
    boot();
}

void DemoWorker::boot()
{
    ++m_epoch;
    m_clientId = newToken();
    openConnections();
    setState(DemoWorkerState::Idle);
    QTimer::singleShot(0, this, live([this] { beginJob(); }));
}

void DemoWorker::openConnections()
{
    const bool all = m_ctx->recipe.lock == DemoRecipe::Lock::Redlock;
    QList<RedisConnection *> fresh;
    for (qsizetype i = 0; i < (all ? m_ctx->lockServers.size() : std::min<qsizetype>(1, m_ctx->lockServers.size())); ++i) {
        ConnectionOptions o = m_ctx->lockServers.at(i);
        o.clientName = QStringLiteral("lockscope-demo-") + name();
        o.connectTimeoutMs = 1000;
        o.commandTimeoutMs = 5000;
        auto *c = new RedisConnection(o, this);
        c->open();
        fresh << c;
    }
    const QList<RedisConnection *> old = std::exchange(m_connections, fresh);
    if (m_lock)
        m_lock->setConnections(m_connections);
    // Closing fails what was in flight there; those handlers already see the new connections.
    for (RedisConnection *c : old) {
        c->close();
        c->deleteLater();
    }
}

void DemoWorker::closeConnections()
{
    const QList<RedisConnection *> old = std::exchange(m_connections, {});
    if (m_lock)
        m_lock->setConnections({});
    for (RedisConnection *c : old) {
        c->close();
        c->deleteLater();
    }
}

void DemoWorker::retarget()
{
    if (m_running && m_state != DemoWorkerState::Crashed)
        openConnections();
}

void DemoWorker::beginJob()
{
    if (m_soldOut) {
        setState(DemoWorkerState::Done, tr("the sale is over"));
        Q_EMIT finishedAll(m_id);
        return;
    }
    m_waiting = true;
    m_waitStartMs = now();
    m_failedAttempts = 0;
    m_ctx->section.waitStarted(m_waitStartMs);
    setState(DemoWorkerState::Waiting);
    if (!m_lock) {
        DemoLock::Attempt unlocked;
        unlocked.outcome = DemoLock::Outcome::Acquired;
        acquiredNow(unlocked);
        return;
    }
    m_token = (m_ctx->recipe.lock == DemoRecipe::Lock::Reentrant ? m_clientId : newToken()) + ':' + QByteArray::number(m_id);
    tryAcquire();
}

void DemoWorker::tryAcquire()
{
    ++m_ctx->stats.attempts;
    m_attemptGeneration = m_ctx->faultGeneration();
    Q_EMIT attempted(m_id);
    if (m_failedAttempts > 0)
        m_note = tr("attempt %1").arg(m_failedAttempts + 1);
    m_lock->acquire(m_token, ttlMs(), this, live([this](const DemoLock::Attempt &a) { onAttempt(a); }));
}

void DemoWorker::onAttempt(const DemoLock::Attempt &a)
{
    switch (a.outcome) {
    case DemoLock::Outcome::Acquired:
        acquiredNow(a);
        return;
    case DemoLock::Outcome::Crashed:
        crash();
        return;
    case DemoLock::Outcome::NotReplicated:
        ++m_ctx->stats.notReplicated;
        narrate(tr("%1: WAIT saw no replica acknowledge its lock; released it and will retry").arg(name()));
        break;
    case DemoLock::Outcome::NoQuorum:
        ++m_ctx->stats.quorumFailures;
        break;
    case DemoLock::Outcome::Busy:
    case DemoLock::Outcome::Error:
        break;
    }
    m_stallOnEntry = false; // a victim that never got in is no victim
    retryLater();
}

void DemoWorker::retryLater()
{
    ++m_failedAttempts;
    if (now() - m_waitStartMs >= m_ctx->parameters.acquireTimeoutMs) {
        giveUp();
        return;
    }
    const int delay = m_ctx->recipe.retry.delayMs(m_failedAttempts, m_ctx->rng);
    QTimer::singleShot(delay, Qt::PreciseTimer, this, live([this] { tryAcquire(); }));
}

void DemoWorker::giveUp()
{
    m_waiting = false;
    m_ctx->section.waitEnded();
    ++m_ctx->stats.failures;
    ++m_failures;
    Q_EMIT gaveUp(m_id);
    narrate(tr("%1 gives up after waiting %2 ms").arg(name()).arg(now() - m_waitStartMs));
    think();
}

void DemoWorker::acquiredNow(const DemoLock::Attempt &a)
{
    m_waiting = false;
    m_ctx->section.waitEnded();
    const qint64 t = now();
    m_lastWaitMs = t - m_waitStartMs;
    m_ctx->stats.waits.add(double(m_lastWaitMs));
    ++m_ctx->stats.acquisitions;
    ++m_acquisitions;
    m_acquiredAtMs = t;
    m_fence = a.fence;
    m_granted = a.granted;
    m_lockLost = false;
    m_ctx->owner = m_id;
    Q_EMIT acquired(m_id, m_lastWaitMs);
    enter();
}

void DemoWorker::enter()
{
    const qint64 t = now();
    m_entry = m_ctx->section.enter(m_id, t);
    const bool overlapped = m_ctx->section.lastEntryOverlapped();
    if (overlapped)
        ++m_ctx->stats.overlaps;
    QString note = m_lock ? tr("holds the lock") : tr("inside, no lock");
    if (m_fence > 0)
        note = tr("holds the lock, fencing token %1").arg(m_fence);
    if (m_granted > 0)
        note = tr("holds the lock on %1 of %2 servers").arg(m_granted).arg(m_connections.size());
    setState(DemoWorkerState::Holding, note);
    Q_EMIT entered(m_id, overlapped);
    if (m_lock && m_ctx->recipe.watchdog)
        m_watchdog.start(std::max(10, ttlMs() / 3));

    if (m_ctx->claimFault(Fault::CrashInside)) {
        ++m_ctx->stats.faults;
        narrate(tr("%1 crashes while holding the lock").arg(name()), true);
        QTimer::singleShot(std::max(1, m_ctx->parameters.workMs / 2), this, live([this] { crash(); }));
        return;
    }
    m_stallNext = std::exchange(m_stallOnEntry, false);
    if (m_ctx->claimFault(Fault::StallInside)) {
        ++m_ctx->stats.faults;
        m_stallNext = true;
    }
    if (m_ctx->claimFault(Fault::NodeRestart)) {
        ++m_ctx->stats.faults;
        m_stallNext = true;
        Q_EMIT faultClaimed(m_id, Fault::NodeRestart);
    }
    runJob();
}

void DemoWorker::runJob()
{
    switch (m_ctx->recipe.job) {
    case DemoRecipe::Job::Plain:
        work(m_ctx->parameters.workMs, [this] {
            leave();
            releaseLock();
        });
        return;
    case DemoRecipe::Job::Purchase:
        purchase();
        return;
    case DemoRecipe::Job::FencedWrite:
        fencedWrite();
        return;
    case DemoRecipe::Job::Recursive:
        recursive();
        return;
    }
}

// Work inside the section for ms, stalled first if a stall was claimed.
void DemoWorker::work(int ms, std::function<void()> then)
{
    if (!std::exchange(m_stallNext, false)) {
        QTimer::singleShot(std::max(0, ms), Qt::PreciseTimer, this, live(std::move(then)));
        return;
    }
    const int pause = m_ctx->parameters.pauseMs;
    const bool frozen = m_ctx->recipe.stallFreezesWatchdog;
    m_stallStartedMs = now();
    setState(DemoWorkerState::Paused, frozen ? tr("frozen for %1 ms (stop-the-world pause)").arg(pause)
                                             : tr("stalled for %1 ms inside (slow I/O)").arg(pause));
    narrate(frozen ? tr("%1 freezes for %2 ms with a %3 ms TTL; its watchdog freezes too").arg(name()).arg(pause).arg(ttlMs())
                   : tr("%1 stalls inside for %2 ms with a %3 ms TTL").arg(name()).arg(pause).arg(ttlMs()));
    if (frozen)
        m_watchdog.stop();
    QTimer::singleShot(pause, Qt::PreciseTimer, this, live([this, ms, frozen, then = std::move(then)]() mutable {
        setState(DemoWorkerState::Holding, m_note);
        if (frozen && m_lock && m_ctx->recipe.watchdog) {
            m_watchdog.start();
            renew(); // overdue timers fire at once when a frozen process wakes up
        }
        QTimer::singleShot(std::max(0, ms), Qt::PreciseTimer, this, live(std::move(then)));
    }));
}

void DemoWorker::purchase()
{
    dataConnection()->send({"GET", m_ctx->stockKey}, this, live([this](const RedisReply &r) {
        bool ok = false;
        const qint64 stock = r.toInteger(&ok);
        if (!ok || stock <= 0) {
            m_soldOut = ok;
            leave();
            releaseLock();
            return;
        }
        m_note = tr("buying; the stock shows %1").arg(stock);
        setState(m_state, m_note);
        work(m_ctx->parameters.workMs, [this] {
            dataConnection()->send({"DECR", m_ctx->stockKey}, this, live([this](const RedisReply &d) {
                if (d.isInteger()) {
                    ++m_ctx->stats.sold;
                    Q_EMIT sold(m_id, d.integer());
                }
                leave();
                releaseLock();
            }));
        });
    }));
}

void DemoWorker::fencedWrite()
{
    // The resource sees the holder's token on the first access, so a later stale write by an
    // older holder meets a higher number already.
    if (!m_ctx->resource.read(m_fence))
        narrate(tr("the resource refuses %1's read: fencing token %2 is stale").arg(name()).arg(m_fence));
    work(m_ctx->parameters.workMs, [this] {
        const bool superseded = m_ctx->section.isSuperseded(m_entry);
        const bool accepted = m_ctx->resource.write(m_fence);
        if (!accepted) {
            ++m_ctx->stats.staleWritesRejected;
            narrate(tr("the resource rejects %1's write: fencing token %2 < %3").arg(name()).arg(m_fence).arg(m_ctx->resource.highestToken()));
        } else if (superseded) {
            ++m_ctx->stats.staleWritesAccepted;
        }
        if (superseded || !accepted)
            Q_EMIT staleWrite(m_id, accepted, m_fence);
        leave();
        releaseLock();
    });
}

void DemoWorker::recursive()
{
    const int half = std::max(1, m_ctx->parameters.workMs / 2);
    work(half, [this, half] {
        // The outer method calls a helper that takes the same lock.
        m_lock->acquire(m_token, ttlMs(), this, live([this, half](const DemoLock::Attempt &inner) {
            if (inner.outcome != DemoLock::Outcome::Acquired) {
                m_note = tr("could not re-enter its own lock");
                leave();
                releaseLock();
                return;
            }
            ++m_ctx->stats.reentries;
            setState(DemoWorkerState::Holding, tr("inner call, hold count %1").arg(inner.holdCount));
            QTimer::singleShot(half, Qt::PreciseTimer, this, live([this] {
                m_lock->release(this, live([this](DemoLock::ReleaseOutcome o) {
                    if (o == DemoLock::ReleaseOutcome::Released) {
                        narrate(tr("%1's inner release deleted the lock; its outer method runs on unprotected").arg(name()), true);
                        setState(DemoWorkerState::Holding, tr("outer method; the lock is gone"));
                    } else {
                        setState(DemoWorkerState::Holding, tr("outer method, hold count 1"));
                    }
                    QTimer::singleShot(std::max(0, m_ctx->parameters.pauseMs), Qt::PreciseTimer, this, live([this] {
                        leave();
                        releaseLock();
                    }));
                }));
            }));
        }));
    });
}

void DemoWorker::leave()
{
    m_ctx->section.leave(m_id, now());
    Q_EMIT left(m_id);
}

void DemoWorker::releaseLock()
{
    if (!m_lock) {
        think();
        return;
    }
    if (m_ctx->claimFault(Fault::StallBeforeRelease)) {
        ++m_ctx->stats.faults;
        m_stallStartedMs = now();
        setState(DemoWorkerState::Paused, tr("done, but stalled before releasing"));
        narrate(tr("%1 finished its work but stalls before releasing (%2 ms TTL)").arg(name()).arg(ttlMs()));
        QTimer::singleShot(std::max(0, m_ctx->parameters.pauseMs), Qt::PreciseTimer, this, live([this] { waitForWorstMoment(); }));
        return;
    }
    doRelease();
}

// The stall ends while another worker is inside with most of its work ahead of it: the
// moment a late release does the most harm. In production that is bad luck; here it is
// chosen, so the lesson shows every time.
void DemoWorker::waitForWorstMoment()
{
    const CriticalSection &s = m_ctx->section;
    const qint64 t = now();
    const bool worst = s.occupancy() > 0 && !s.contains(m_id) && m_ctx->owner != m_id
                       && t - s.lastEntryMs() < std::max(1, m_ctx->parameters.workMs / 3);
    if (worst || t - m_stallStartedMs > 4 * std::max(100, m_ctx->parameters.pauseMs)) {
        doRelease();
        return;
    }
    QTimer::singleShot(5, Qt::PreciseTimer, this, live([this] { waitForWorstMoment(); }));
}

void DemoWorker::doRelease()
{
    m_watchdog.stop();
    const DemoRecipe &r = m_ctx->recipe;
    const bool expiring = r.lock != DemoRecipe::Lock::None && r.acquire != DemoRecipe::Acquire::SetNxNoTtl;
    if (expiring && !r.watchdog && now() - m_acquiredAtMs > ttlMs()) {
        ++m_ctx->stats.expiredWhileHeld;
        narrate(tr("%1 still believed it held the lock %2 ms after it expired").arg(name()).arg(now() - m_acquiredAtMs - ttlMs()));
    }
    m_lock->release(this, live([this](DemoLock::ReleaseOutcome o) {
        const int owner = m_ctx->owner;
        switch (o) {
        case DemoLock::ReleaseOutcome::Released:
            if (m_ctx->recipe.release == DemoRecipe::Release::PlainDel && owner >= 0 && owner != m_id) {
                ++m_ctx->stats.foreignDeletes;
                narrate(tr("%1's late DEL deleted %2's lock").arg(name(), DemoWorkerInfo::workerName(owner)), true);
            }
            break;
        case DemoLock::ReleaseOutcome::NotOwner:
            ++m_ctx->stats.releasesRefused;
            if (m_ctx->recipe.fault == Fault::StallBeforeRelease)
                narrate(tr("%1's late release is refused: the lock holds %2's token now")
                            .arg(name(), owner >= 0 ? DemoWorkerInfo::workerName(owner) : tr("another worker's")));
            break;
        case DemoLock::ReleaseOutcome::StillHeld:
        case DemoLock::ReleaseOutcome::Gone:
        case DemoLock::ReleaseOutcome::Error:
            break;
        }
        if (m_ctx->owner == m_id)
            m_ctx->owner = -1;
        m_lock->forget();
        think();
    }));
}

void DemoWorker::think()
{
    setState(DemoWorkerState::Idle, m_soldOut ? tr("the sale is over") : QString());
    QTimer::singleShot(std::max(0, m_ctx->parameters.thinkMs), Qt::PreciseTimer, this, live([this] { beginJob(); }));
}

void DemoWorker::renew()
{
    if (!m_lock || !m_running)
        return;
    m_lock->renew(ttlMs(), this, live([this](DemoLock::RenewOutcome o) {
        if (o != DemoLock::RenewOutcome::Lost || m_lockLost)
            return;
        m_lockLost = true;
        ++m_ctx->stats.locksLost;
        m_watchdog.stop();
        narrate(tr("%1's watchdog finds its lock gone or taken; the job does not know and carries on").arg(name()), true);
    }));
}

void DemoWorker::crash()
{
    if (!m_running || m_state == DemoWorkerState::Crashed)
        return;
    const qint64 t = now();
    const bool inside = m_ctx->section.contains(m_id);
    ++m_epoch;
    m_watchdog.stop();
    if (inside) {
        m_ctx->section.abandon(m_id, t);
        Q_EMIT left(m_id);
    }
    if (std::exchange(m_waiting, false))
        m_ctx->section.waitEnded();
    ++m_ctx->stats.crashes;
    closeConnections();
    if (m_lock)
        m_lock->forget();
    m_stallNext = m_stallOnEntry = false;
    setState(DemoWorkerState::Crashed, inside ? tr("crashed holding the lock") : tr("crashed"));
    Q_EMIT crashed(m_id);
    if (m_ctx->parameters.restartAfterMs > 0)
        m_restart.start(m_ctx->parameters.restartAfterMs);
}

void DemoWorker::restart()
{
    if (!m_running)
        return;
    narrate(tr("%1 is restarted by its supervisor").arg(name()));
    boot();
}

void DemoWorker::stop()
{
    if (!m_running)
        return;
    ++m_epoch;
    m_watchdog.stop();
    m_restart.stop();
    const qint64 t = now();
    if (m_ctx->section.contains(m_id)) {
        m_ctx->section.abandon(m_id, t);
        Q_EMIT left(m_id);
    }
    if (std::exchange(m_waiting, false))
        m_ctx->section.waitEnded();
    closeConnections();
    m_running = false;
}

DemoWorkerInfo DemoWorker::info() const
{
    DemoWorkerInfo i;
    i.id = m_id;
    i.state = m_state;
    i.acquisitions = m_acquisitions;
    i.failures = m_failures;
    i.lastWaitMs = m_lastWaitMs;
    i.note = m_note;
    if (m_lockLost && (m_state == DemoWorkerState::Holding || m_state == DemoWorkerState::Paused))
        i.note += tr(" (lock lost)");
    return i;
}

void DemoWorker::setState(DemoWorkerState state, const QString &note)
{
    m_state = state;
    m_note = note;
}

void DemoWorker::narrate(const QString &text, bool bad)
{
    Q_EMIT narrated(text, bad);
}

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
using State = DemoWorkerMachine::State;
using Event = DemoWorkerMachine::Event;
using Action = DemoWorkerMachine::Action;

qint64 now()
{
    return MonotonicClock::nowMs();
}
} // namespace

// Wraps a reply handler so it runs only in the incarnation that made it: after a crash, stop
// or restart, replies still in flight fall silent, as they would for a dead process.
template<typename F>
auto DemoWorker::thisLife(F f)
{
    return [this, life = m_life, f = std::move(f)](auto &&...args) mutable {
        if (life == m_life)
            f(std::forward<decltype(args)>(args)...);
    };
}

DemoWorker::DemoWorker(int id, DemoRunContext *context, QObject *parent)
    : QObject(parent)
    , m_id(id)
    , m_ctx(context)
    , m_machine(DemoWorkerMachine::Config::from(context->recipe))
{
    m_stateTimer.setSingleShot(true);
    m_stateTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_stateTimer, &QTimer::timeout, this, [this] { dispatch(Event::Timer); });
    m_watchdog.setTimerType(Qt::PreciseTimer);
    connect(&m_watchdog, &QTimer::timeout, this, [this] { dispatch(Event::WatchdogTick); });
    createLock();
}

DemoWorker::~DemoWorker()
{
    ++m_life;
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
        m_notReplicated = true;
        Q_EMIT faultClaimed(m_id, Fault::Failover);
    });
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

void DemoWorker::start()
{
    dispatch(Event::Start);
}

void DemoWorker::stop()
{
    dispatch(Event::Stop);
}

void DemoWorker::crash()
{
    dispatch(Event::Crash);
}

void DemoWorker::retarget()
{
    const State s = m_machine.state();
    if (s != State::Stopped && s != State::Crashed)
        openConnections();
}

void DemoWorker::otherEntered(int worker)
{
    if (worker != m_id)
        dispatch(Event::OtherEntered);
}

void DemoWorker::dispatch(Event event)
{
    m_queue.append(event);
    if (m_dispatching)
        return;
    m_dispatching = true;
    while (!m_queue.isEmpty()) {
        m_previous = m_machine.state();
        const QList<Action> actions = m_machine.handle(m_queue.takeFirst(), facts());
        const State next = m_machine.state();
        const bool changed = next != m_previous;
        if (changed) {
            m_stateTimer.stop();
            // A retired worker keeps showing what it was doing when the run ended.
            if (next != State::Stopped)
                m_display = DemoWorkerMachine::display(next);
        }
        for (Action action : actions)
            perform(action);
        if (changed)
            stateEntered(next);
    }
    m_dispatching = false;
}

DemoWorkerMachine::Facts DemoWorker::facts() const
{
    const qint64 t = now();
    const CriticalSection &s = m_ctx->section;
    DemoWorkerMachine::Facts f;
    f.armedFault = m_ctx->armedFault();
    f.lockNotReplicated = m_notReplicated;
    f.waitedTooLong = t - m_waitStartMs >= m_ctx->parameters.acquireTimeoutMs;
    // The moment a late release does the most harm: another worker is inside with most of its
    // work ahead of it. In production that is bad luck; here it is chosen, so the lesson shows
    // every time.
    f.worstMoment = s.occupancy() > 0 && !s.contains(m_id) && m_ctx->owner != m_id
                    && t - s.lastEntryMs() < std::max(1, m_ctx->parameters.workMs / 3);
    return f;
}

void DemoWorker::stateEntered(State state)
{
    switch (state) {
    case State::Thinking:
        m_note = m_machine.saleOver() ? tr("the sale is over") : QString();
        break;
    case State::Lingering:
        m_lingerStartedMs = now();
        break;
    default:
        break;
    }
    const DemoWorkerMachine::Wait wait = DemoWorkerMachine::waitsFor(state);
    if (wait != DemoWorkerMachine::Wait::Timer && wait != DemoWorkerMachine::Wait::EntryOrTimer)
        return;
    if (const int ms = stateTimeMs(state); ms >= 0)
        m_stateTimer.start(ms);
}

int DemoWorker::stateTimeMs(State state) const
{
    const DemoParameters &p = m_ctx->parameters;
    const int half = std::max(1, p.workMs / 2);
    switch (state) {
    case State::Idle:
        // Not a time span: the first job waits for the next turn of the event loop, so the
        // run has announced itself before anyone enters.
        return 0;
    case State::Thinking:
        return std::max(0, p.thinkMs);
    case State::Backoff:
        return m_ctx->recipe.retry.delayMs(m_failedAttempts, m_ctx->rng);
    case State::Doomed:
    case State::HoldingInner:
        return half;
    case State::Working:
        return m_ctx->recipe.job == DemoRecipe::Job::Recursive ? half : std::max(0, p.workMs);
    case State::Stalled:
    case State::FinishingOuter:
    case State::Lingering:
        return std::max(0, p.pauseMs);
    case State::Lurking: {
        // Nobody came: give up on the worst moment and release anyway.
        const qint64 deadline = m_lingerStartedMs + 4 * std::max(100, p.pauseMs);
        return int(std::max<qint64>(0, deadline - now())) + 1;
    }
    case State::Crashed:
        return p.restartAfterMs > 0 ? p.restartAfterMs : -1;
    default:
        return -1;
    }
}

void DemoWorker::perform(Action action)
{
    switch (action) {
    case Action::Boot:
        boot();
        return;
    case Action::Restart:
        narrate(tr("%1 is restarted by its supervisor").arg(name()));
        boot();
        return;
    case Action::BeginWait:
        m_waitStartMs = now();
        m_failedAttempts = 0;
        m_ctx->section.waitStarted(m_waitStartMs);
        m_note.clear();
        if (m_lock)
            m_token = (m_ctx->recipe.lock == DemoRecipe::Lock::Reentrant ? m_clientId : newToken()) + ':' + QByteArray::number(m_id);
        return;
    case Action::Acquire:
        acquire();
        return;
    case Action::GiveUp:
        m_ctx->section.waitEnded();
        ++m_ctx->stats.failures;
        ++m_failures;
        Q_EMIT gaveUp(m_id);
        narrate(tr("%1 gives up after waiting %2 ms").arg(name()).arg(now() - m_waitStartMs));
        return;
    case Action::Enter:
        enter();
        return;
    case Action::StartWatchdog:
        m_watchdog.start(std::max(10, ttlMs() / 3));
        return;
    case Action::StopWatchdog:
        m_watchdog.stop();
        return;
    case Action::Renew:
        m_lock->renew(ttlMs(), this, thisLife([this](DemoLock::RenewOutcome o) { onRenew(o); }));
        return;
    case Action::NoteLockLost:
        ++m_ctx->stats.locksLost;
        narrate(tr("%1's watchdog finds its lock gone or taken; the job does not know and carries on").arg(name()), true);
        return;
    case Action::ClaimFault:
        claimFault();
        return;
    case Action::Stall:
        stall();
        return;
    case Action::Resume:
        m_note = m_holdingNote;
        return;
    case Action::ReadResource:
        // The resource sees the holder's token on the first access, so a later stale write by
        // an older holder meets a higher number already.
        if (!m_ctx->resource.read(m_fence))
            narrate(tr("the resource refuses %1's read: fencing token %2 is stale").arg(name()).arg(m_fence));
        return;
    case Action::WriteResource:
        writeResource();
        return;
    case Action::ReadStock:
        dataConnection()->send({"GET", m_ctx->stockKey}, this, thisLife([this](const RedisReply &r) { onStock(r); }));
        return;
    case Action::Decrement:
        dataConnection()->send({"DECR", m_ctx->stockKey}, this, thisLife([this](const RedisReply &r) { onBought(r); }));
        return;
    case Action::AcquireInner:
        m_lock->acquire(m_token, ttlMs(), this, thisLife([this](const DemoLock::Attempt &a) { onInnerAttempt(a); }));
        return;
    case Action::ReleaseInner:
        m_lock->release(this, thisLife([this](DemoLock::ReleaseOutcome o) { onInnerRelease(o); }));
        return;
    case Action::Leave:
        m_ctx->section.leave(m_id, now());
        Q_EMIT left(m_id);
        return;
    case Action::Release:
        release();
        return;
    case Action::Finish:
        m_note = tr("the sale is over");
        Q_EMIT finishedAll(m_id);
        return;
    case Action::StopWaiting:
        m_ctx->section.waitEnded();
        return;
    case Action::Abandon:
        m_ctx->section.abandon(m_id, now());
        Q_EMIT left(m_id);
        return;
    case Action::Die:
        die();
        return;
    case Action::Retire:
        ++m_life;
        m_notReplicated = false;
        closeConnections();
        return;
    }
}

void DemoWorker::boot()
{
    ++m_life;
    m_clientId = newToken();
    openConnections();
    m_note.clear();
}

void DemoWorker::acquire()
{
    ++m_ctx->stats.attempts;
    m_attemptGeneration = m_ctx->faultGeneration();
    Q_EMIT attempted(m_id);
    if (m_failedAttempts > 0)
        m_note = tr("attempt %1").arg(m_failedAttempts + 1);
    m_lock->acquire(m_token, ttlMs(), this, thisLife([this](const DemoLock::Attempt &a) { onAttempt(a); }));
}

void DemoWorker::onAttempt(const DemoLock::Attempt &a)
{
    switch (a.outcome) {
    case DemoLock::Outcome::Acquired:
        m_fence = a.fence;
        m_granted = a.granted;
        dispatch(Event::Granted);
        return;
    case DemoLock::Outcome::Crashed:
        dispatch(Event::CrashPoint);
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
    m_notReplicated = false; // a victim that never got in is no victim
    ++m_failedAttempts;
    dispatch(Event::Refused);
}

void DemoWorker::enter()
{
    const qint64 t = now();
    m_ctx->section.waitEnded();
    m_lastWaitMs = t - m_waitStartMs;
    m_ctx->stats.waits.add(double(m_lastWaitMs));
    ++m_ctx->stats.acquisitions;
    ++m_acquisitions;
    m_acquiredAtMs = t;
    if (!m_lock)
        m_fence = m_granted = 0;
    m_notReplicated = false; // the machine has taken it into account
    m_ctx->owner = m_id;
    Q_EMIT acquired(m_id, m_lastWaitMs);

    m_entry = m_ctx->section.enter(m_id, t);
    const bool overlapped = m_ctx->section.lastEntryOverlapped();
    if (overlapped)
        ++m_ctx->stats.overlaps;
    m_holdingNote = m_lock ? tr("holds the lock") : tr("inside, no lock");
    if (m_fence > 0)
        m_holdingNote = tr("holds the lock, fencing token %1").arg(m_fence);
    if (m_granted > 0)
        m_holdingNote = tr("holds the lock on %1 of %2 servers").arg(m_granted).arg(m_connections.size());
    m_note = m_holdingNote;
    Q_EMIT entered(m_id, overlapped);
}

void DemoWorker::claimFault()
{
    const Fault fault = m_ctx->armedFault();
    if (!m_ctx->claimFault(fault))
        return;
    ++m_ctx->stats.faults;
    switch (fault) {
    case Fault::CrashInside:
        narrate(tr("%1 crashes while holding the lock").arg(name()), true);
        break;
    case Fault::NodeRestart:
        Q_EMIT faultClaimed(m_id, Fault::NodeRestart);
        break;
    case Fault::StallBeforeRelease:
        m_note = tr("done, but stalled before releasing");
        narrate(tr("%1 finished its work but stalls before releasing (%2 ms TTL)").arg(name()).arg(ttlMs()));
        break;
    default: // a stall inside tells its own story
        break;
    }
}

void DemoWorker::stall()
{
    const int pause = m_ctx->parameters.pauseMs;
    const bool frozen = m_ctx->recipe.stallFreezesWatchdog;
    m_note = frozen ? tr("frozen for %1 ms (stop-the-world pause)").arg(pause) : tr("stalled for %1 ms inside (slow I/O)").arg(pause);
    narrate(frozen ? tr("%1 freezes for %2 ms with a %3 ms TTL; its watchdog freezes too").arg(name()).arg(pause).arg(ttlMs())
                   : tr("%1 stalls inside for %2 ms with a %3 ms TTL").arg(name()).arg(pause).arg(ttlMs()));
}

void DemoWorker::writeResource()
{
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
}

void DemoWorker::onStock(const RedisReply &r)
{
    bool ok = false;
    const qint64 stock = r.toInteger(&ok);
    if (!ok) {
        dispatch(Event::StockUnknown);
        return;
    }
    if (stock <= 0) {
        dispatch(Event::SoldOut);
        return;
    }
    m_note = tr("buying; the stock shows %1").arg(stock);
    dispatch(Event::StockRead);
}

void DemoWorker::onBought(const RedisReply &r)
{
    if (r.isInteger()) {
        ++m_ctx->stats.sold;
        Q_EMIT sold(m_id, r.integer());
    }
    dispatch(Event::Bought);
}

void DemoWorker::onInnerAttempt(const DemoLock::Attempt &inner)
{
    if (inner.outcome != DemoLock::Outcome::Acquired) {
        m_note = tr("could not re-enter its own lock");
        dispatch(Event::InnerRefused);
        return;
    }
    ++m_ctx->stats.reentries;
    m_note = tr("inner call, hold count %1").arg(inner.holdCount);
    dispatch(Event::InnerGranted);
}

void DemoWorker::onInnerRelease(DemoLock::ReleaseOutcome o)
{
    if (o == DemoLock::ReleaseOutcome::Released) {
        narrate(tr("%1's inner release deleted the lock; its outer method runs on unprotected").arg(name()), true);
        m_note = tr("outer method; the lock is gone");
    } else {
        m_note = tr("outer method, hold count 1");
    }
    dispatch(Event::InnerReleased);
}

void DemoWorker::release()
{
    const DemoRecipe &r = m_ctx->recipe;
    const bool expiring = r.lock != DemoRecipe::Lock::None && r.acquire != DemoRecipe::Acquire::SetNxNoTtl;
    if (expiring && !r.watchdog && now() - m_acquiredAtMs > ttlMs()) {
        ++m_ctx->stats.expiredWhileHeld;
        narrate(tr("%1 still believed it held the lock %2 ms after it expired").arg(name()).arg(now() - m_acquiredAtMs - ttlMs()));
    }
    m_lock->release(this, thisLife([this](DemoLock::ReleaseOutcome o) { onRelease(o); }));
}

void DemoWorker::onRelease(DemoLock::ReleaseOutcome o)
{
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
    dispatch(Event::Released);
}

void DemoWorker::onRenew(DemoLock::RenewOutcome o)
{
    if (o == DemoLock::RenewOutcome::Lost)
        dispatch(Event::LockLost);
}

void DemoWorker::die()
{
    ++m_life;
    ++m_ctx->stats.crashes;
    closeConnections();
    if (m_lock)
        m_lock->forget();
    m_notReplicated = false;
    m_note = DemoWorkerMachine::isInside(m_previous) ? tr("crashed holding the lock") : tr("crashed");
    Q_EMIT crashed(m_id);
}

DemoWorkerInfo DemoWorker::info() const
{
    DemoWorkerInfo i;
    i.id = m_id;
    i.state = m_display;
    i.acquisitions = m_acquisitions;
    i.failures = m_failures;
    i.lastWaitMs = m_lastWaitMs;
    i.note = m_note;
    if (m_machine.lockLost() && (m_display == DemoWorkerState::Holding || m_display == DemoWorkerState::Paused))
        i.note += tr(" (lock lost)");
    return i;
}

void DemoWorker::narrate(const QString &text, bool bad)
{
    Q_EMIT narrated(text, bad);
}

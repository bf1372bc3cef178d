#include "demoscenario.h"

#include <QCoreApplication>

namespace {
// The catalogue is data in English (`demo --list --json` prints it as it is); the window and
// the terminal's text show it through DemoScenario::translated(), and lupdate finds it here.
QString english(const char *text)
{
    return QString::fromUtf8(text);
}

using Fault = DemoRecipe::Fault;
using Lock = DemoRecipe::Lock;
using Job = DemoRecipe::Job;
using Violation = DemoRecipe::Violation;

// The full safe pattern: SET NX PX with a unique token, compare-and-delete, watchdog.
DemoRecipe safePattern()
{
    return DemoRecipe{};
}

DemoParameters params(int workers, int ttlMs, int workMs, int pauseMs, qint64 durationMs)
{
    DemoParameters p;
    p.workers = workers;
    p.ttlMs = ttlMs;
    p.workMs = workMs;
    p.pauseMs = pauseMs;
    p.durationMs = durationMs;
    return p;
}

DemoScenario safe()
{
    DemoScenario s;
    s.id = QStringLiteral("safe");
    s.title = english(QT_TRANSLATE_NOOP("DemoScenario", "The safe pattern"));
    s.summary = english(QT_TRANSLATE_NOOP("DemoScenario", "SET NX PX with a unique token, Lua compare-and-delete release, watchdog every ttl/3: zero violations"));
    s.lesson = english(QT_TRANSLATE_NOOP("DemoScenario",
        "The reference pattern that every other scenario breaks one piece of. Acquire with one atomic "
        "SET key token NX PX ttl, where the token is unique to this holder; release with a Lua script that "
        "deletes the key only while it still holds that token; and while the job runs, a watchdog extends the "
        "TTL every ttl/3, so a slow job keeps its lock and a crashed one loses it within one TTL."));
    DemoRecipe none;
    none.lock = Lock::None;
    none.watchdog = false;
    DemoRecipe fixed = safePattern();
    fixed.fault = Fault::StallInside;
    const DemoParameters p = params(4, 1000, 150, 2000, 5000);
    s.variants = {
        {DemoVariant::Broken,
         english(QT_TRANSLATE_NOOP("DemoScenario", "No lock at all: every worker walks straight into the critical section, and the "
                        "occupancy chart climbs above 1 at once. This is the race a lock exists to stop.")),
         none, p},
        {DemoVariant::Fixed,
         english(QT_TRANSLATE_NOOP("DemoScenario", "The full pattern. Every few seconds one holder stalls for %pause% ms, longer than its "
                        "%ttl% ms TTL; its watchdog keeps extending the lock, so nobody else gets in and "
                        "occupancy never exceeds 1.")),
         fixed, p},
    };
    return s;
}

DemoScenario noTtlCrash()
{
    DemoScenario s;
    s.id = QStringLiteral("no-ttl-crash");
    s.title = english(QT_TRANSLATE_NOOP("DemoScenario", "Crash with no expiry"));
    s.summary = english(QT_TRANSLATE_NOOP("DemoScenario", "a holder crashes while holding a lock with no TTL: stuck forever; fixed by a TTL"));
    s.lesson = english(QT_TRANSLATE_NOOP("DemoScenario",
        "A lock taken with SET key token NX and no expiry lives until somebody deletes it. When its holder "
        "crashes (kill -9, out of memory, a container rescheduled) nobody ever will, and every other worker "
        "waits forever. Several libraries default to no TTL. A TTL bounds the damage: a crashed holder's lock "
        "is gone within one TTL, and its watchdog, which died with it, no longer extends it."));
    DemoRecipe broken = safePattern();
    broken.acquire = DemoRecipe::Acquire::SetNxNoTtl;
    broken.watchdog = false;
    broken.fault = Fault::CrashInside;
    broken.violation = Violation::Stuck;
    broken.detectsStuck = true;
    DemoRecipe fixed = safePattern();
    fixed.fault = Fault::CrashInside;
    fixed.violation = Violation::Stuck;
    fixed.detectsStuck = true;
    DemoParameters p = params(4, 800, 150, 0, 5000);
    p.faultFirstMs = 300;
    p.acquireTimeoutMs = 1500;
    s.variants = {
        {DemoVariant::Broken,
         english(QT_TRANSLATE_NOOP("DemoScenario", "SET NX without PX. A holder crashes inside the critical section; its lock stays for "
                        "good, the others wait and give up, and after %stuck% ms of a section that nobody "
                        "can enter the sandbox counts the lock as stuck.")),
         broken, p},
        {DemoVariant::Fixed,
         english(QT_TRANSLATE_NOOP("DemoScenario", "SET NX PX %ttl%: the same crash, but the lock expires after its TTL and the next "
                        "worker carries on. A supervisor restarts the crashed worker.")),
         fixed, p},
    };
    return s;
}

DemoScenario nonAtomicAcquire()
{
    DemoScenario s;
    s.id = QStringLiteral("non-atomic-acquire");
    s.title = english(QT_TRANSLATE_NOOP("DemoScenario", "SETNX, then EXPIRE"));
    s.summary = english(QT_TRANSLATE_NOOP("DemoScenario", "SETNX then EXPIRE as two commands, a crash between them: stuck; fixed by SET NX PX"));
    s.lesson = english(QT_TRANSLATE_NOOP("DemoScenario",
        "Older code takes the lock with SETNX and sets its TTL with a second command, EXPIRE. The two are not "
        "atomic: a crash, a timeout or a lost connection between them leaves a lock with no expiry, stuck "
        "forever exactly as if there had never been a TTL. SET key token NX PX ttl does both in one command, "
        "so there is no gap to fall into."));
    DemoRecipe broken = safePattern();
    broken.acquire = DemoRecipe::Acquire::SetNxThenExpire;
    broken.fault = Fault::CrashAfterAcquire;
    broken.violation = Violation::Stuck;
    broken.detectsStuck = true;
    DemoRecipe fixed = safePattern();
    fixed.fault = Fault::CrashAfterAcquire;
    fixed.violation = Violation::Stuck;
    fixed.detectsStuck = true;
    DemoParameters p = params(4, 800, 150, 0, 5000);
    p.faultFirstMs = 300;
    p.acquireTimeoutMs = 1500;
    s.variants = {
        {DemoVariant::Broken,
         english(QT_TRANSLATE_NOOP("DemoScenario", "SETNX, then PEXPIRE. A worker crashes right after its SETNX succeeded, before the "
                        "PEXPIRE went out: the lock has no TTL and nobody can ever take it.")),
         broken, p},
        {DemoVariant::Fixed,
         english(QT_TRANSLATE_NOOP("DemoScenario", "SET NX PX %ttl%, one command. The same crash at the same point leaves a lock that "
                        "expires after its TTL.")),
         fixed, p},
    };
    return s;
}

DemoScenario unsafeRelease()
{
    DemoScenario s;
    s.id = QStringLiteral("unsafe-release");
    s.title = english(QT_TRANSLATE_NOOP("DemoScenario", "Releasing someone else's lock"));
    s.summary = english(QT_TRANSLATE_NOOP("DemoScenario", "a slow job's plain DEL after its TTL ran out deletes the next holder's lock; fixed by the token check"));
    s.lesson = english(QT_TRANSLATE_NOOP("DemoScenario",
        "A lock's TTL can run out before its holder releases it: a slow network call, a GC pause, a busy "
        "machine. If the release is a plain DEL, the late holder deletes whatever is under the key by then — "
        "the next holder's lock — and a third worker walks in while the second is still inside. Release with "
        "a script that deletes the key only while it still holds your token (GET, compare, DEL, atomically "
        "in Lua)."));
    DemoRecipe broken = safePattern();
    broken.release = DemoRecipe::Release::PlainDel;
    broken.watchdog = false;
    broken.fault = Fault::StallBeforeRelease;
    DemoRecipe fixed = broken;
    fixed.release = DemoRecipe::Release::CompareAndDelete;
    DemoParameters p = params(4, 500, 150, 700, 5000);
    p.faultFirstMs = 300;
    p.faultEveryMs = 2500;
    s.variants = {
        {DemoVariant::Broken,
         english(QT_TRANSLATE_NOOP("DemoScenario", "Release with plain DEL. Every few seconds a worker finishes its work but stalls "
                        "before releasing, for %pause% ms and until the next holder is inside (the worst "
                        "moment, chosen on purpose so it shows every time). Its DEL removes that holder's "
                        "lock and another worker walks in; every later DEL can repeat it.")),
         broken, p},
        {DemoVariant::Fixed,
         english(QT_TRANSLATE_NOOP("DemoScenario", "Release with the compare-and-delete script. The same late release finds another "
                        "holder's token and deletes nothing; the sandbox counts it as a refused release.")),
         fixed, p},
    };
    return s;
}

DemoScenario expiryWhileHeld()
{
    DemoScenario s;
    s.id = QStringLiteral("expiry-while-held");
    s.title = english(QT_TRANSLATE_NOOP("DemoScenario", "The lock expires while held"));
    s.summary = english(QT_TRANSLATE_NOOP("DemoScenario", "a pause longer than the TTL with no watchdog: the lock expires and another worker enters; fixed by a watchdog"));
    s.lesson = english(QT_TRANSLATE_NOOP("DemoScenario",
        "A TTL is a guess at how long the work takes. When the holder takes longer (slow I/O, a long query, "
        "a retry loop) the lock expires under it and the next worker enters while the first is still "
        "working. A watchdog that extends the TTL every ttl/3 while the work runs, as Redisson's does, keeps "
        "the lock for as long as the holder is alive, and still lets it expire within one TTL if the holder "
        "dies. It cannot help if the whole process freezes: see fencing."));
    DemoRecipe broken = safePattern();
    broken.watchdog = false;
    broken.fault = Fault::StallInside;
    DemoRecipe fixed = safePattern();
    fixed.fault = Fault::StallInside;
    DemoParameters p = params(4, 500, 150, 1500, 5000);
    p.faultFirstMs = 300;
    p.faultEveryMs = 3000;
    s.variants = {
        {DemoVariant::Broken,
         english(QT_TRANSLATE_NOOP("DemoScenario", "No watchdog. Every few seconds a holder's work takes %pause% ms against a %ttl% ms "
                        "TTL: the lock expires, another worker enters, and two are inside.")),
         broken, p},
        {DemoVariant::Fixed,
         english(QT_TRANSLATE_NOOP("DemoScenario", "A watchdog extends the lock every ttl/3 with the token-checked extend script during "
                        "the same slow work; nobody else gets in.")),
         fixed, p},
    };
    return s;
}

DemoScenario fencing()
{
    DemoScenario s;
    s.id = QStringLiteral("fencing");
    s.title = english(QT_TRANSLATE_NOOP("DemoScenario", "Fencing tokens"));
    s.summary = english(QT_TRANSLATE_NOOP("DemoScenario", "a frozen holder's lock expires; the resource checks a fencing token (INCR) and rejects the stale writer"));
    s.lesson = english(QT_TRANSLATE_NOOP("DemoScenario",
        "A watchdog cannot help when the whole process stops (a stop-the-world GC, a suspended VM): the "
        "watchdog freezes too, the lock expires, and the holder wakes up believing it still holds it. The "
        "defence has to be at the protected resource. With the lock, each holder takes a fencing number "
        "(INCR on a counter, in the same Lua script as the SET), and the resource rejects any access with a "
        "lower number than one it has already seen. The lock still expired — two workers were inside — but "
        "the stale one can no longer do damage."));
    DemoRecipe broken = safePattern();
    broken.fencing = true;
    broken.watchdog = false;
    broken.stallFreezesWatchdog = true;
    broken.job = Job::FencedWrite;
    broken.fault = Fault::StallInside;
    broken.violation = Violation::StaleWrite;
    DemoRecipe fixed = broken;
    fixed.resourceChecksFence = true;
    DemoParameters p = params(4, 500, 150, 1500, 5000);
    p.faultFirstMs = 300;
    p.faultEveryMs = 3000;
    s.variants = {
        {DemoVariant::Broken,
         english(QT_TRANSLATE_NOOP("DemoScenario", "The resource accepts every write. Every few seconds a holder freezes for %pause% ms "
                        "(%ttl% ms TTL); the next worker takes the lock and starts its work; the frozen one "
                        "wakes and writes over it. The sandbox counts each write by a holder that had been "
                        "overtaken.")),
         broken, p},
        {DemoVariant::Fixed,
         english(QT_TRANSLATE_NOOP("DemoScenario", "The resource checks fencing tokens. The same freeze, the same second holder — but "
                        "the stale writer's number is lower than one the resource has seen, so its write is "
                        "rejected.")),
         fixed, p},
    };
    return s;
}

DemoScenario oversell()
{
    DemoScenario s;
    s.id = QStringLiteral("oversell");
    s.title = english(QT_TRANSLATE_NOOP("DemoScenario", "Flash sale"));
    s.summary = english(QT_TRANSLATE_NOOP("DemoScenario", "N items, many buyers: no lock / a lock that expires mid-purchase / a correct lock; counts items sold beyond stock"));
    s.lesson = english(QT_TRANSLATE_NOOP("DemoScenario",
        "Buying is check-then-act: read the stock, charge the card, decrement. Two buyers between the check "
        "and the decrement both see the last item and both buy it, and the stock goes below zero. A lock "
        "around the whole purchase makes check-and-act one step, but only if it really excludes: a TTL "
        "shorter than the slowest purchase lets the next buyer in halfway through. (For a bare counter, one "
        "Lua script that checks and decrements is simpler still; the lock is the tool when the purchase is "
        "more than one Redis command.)"));
    DemoRecipe unlocked;
    unlocked.lock = Lock::None;
    unlocked.watchdog = false;
    unlocked.job = Job::Purchase;
    unlocked.violation = Violation::Oversold;
    DemoRecipe broken = safePattern();
    broken.watchdog = false;
    broken.job = Job::Purchase;
    broken.violation = Violation::Oversold;
    broken.retry = RetryPolicy::fixed(15, 0.25);
    DemoRecipe fixed = safePattern();
    fixed.job = Job::Purchase;
    fixed.violation = Violation::Oversold;
    fixed.retry = RetryPolicy::fixed(15, 0.25);
    DemoParameters p = params(8, 1000, 200, 0, 15000);
    p.thinkMs = 0;
    p.stock = 20;
    DemoParameters shortTtl = p;
    shortTtl.ttlMs = 80;
    s.variants = {
        {DemoVariant::Unlocked,
         english(QT_TRANSLATE_NOOP("DemoScenario", "No lock: all %workers% buyers check the stock and buy at once.")), unlocked, p},
        {DemoVariant::Broken,
         english(QT_TRANSLATE_NOOP("DemoScenario", "A lock with a %ttl% ms TTL and no watchdog around a %work% ms purchase: it expires "
                        "mid-purchase, so near the end of the sale several buyers see the last items.")),
         broken, shortTtl},
        {DemoVariant::Fixed,
         english(QT_TRANSLATE_NOOP("DemoScenario", "The safe pattern around the purchase: exactly %stock% items sold, then the buyers "
                        "see the sale is over.")),
         fixed, p},
    };
    return s;
}

DemoScenario retryBackoff()
{
    DemoScenario s;
    s.id = QStringLiteral("retry-backoff");
    s.title = english(QT_TRANSLATE_NOOP("DemoScenario", "Retry: fixed interval or backoff"));
    s.summary = english(QT_TRANSLATE_NOOP("DemoScenario", "fixed-interval retry against exponential backoff with jitter: throughput, Redis load and wait percentiles"));
    s.lesson = english(QT_TRANSLATE_NOOP("DemoScenario",
        "A client that finds the lock taken must try again. Retrying on a short fixed interval hammers Redis "
        "with commands that cannot succeed: every waiter, in step, every few milliseconds. Exponential "
        "backoff with jitter (wait base·2ⁿ, half of it random, up to a cap) sends a fraction of the commands "
        "for about the same throughput; the price is a longer tail of wait times. Both variants use the safe "
        "lock, so neither has violations: compare attempts per acquisition, lock commands per second and the "
        "wait percentiles."));
    DemoRecipe broken = safePattern();
    broken.retry = RetryPolicy::fixed(5, 0.0);
    broken.violation = Violation::None;
    DemoRecipe fixed = safePattern();
    fixed.retry = RetryPolicy::exponential(10, 400);
    fixed.violation = Violation::None;
    DemoParameters p = params(8, 1000, 50, 0, 5000);
    p.thinkMs = 0;
    s.variants = {
        {DemoVariant::Broken, english(QT_TRANSLATE_NOOP("DemoScenario", "Every waiter retries every 5 ms, in step.")), broken, p},
        {DemoVariant::Fixed, english(QT_TRANSLATE_NOOP("DemoScenario", "Exponential backoff from 10 ms to 400 ms with jitter.")), fixed, p},
    };
    return s;
}

DemoScenario reentrant()
{
    DemoScenario s;
    s.id = QStringLiteral("reentrant");
    s.title = english(QT_TRANSLATE_NOOP("DemoScenario", "Re-entrant locking"));
    s.summary = english(QT_TRANSLATE_NOOP("DemoScenario", "a Redisson-style reentrant lock taken recursively and released level by level"));
    s.lesson = english(QT_TRANSLATE_NOOP("DemoScenario",
        "Code that holds a lock often calls code that takes the same lock again. A plain token lock does not "
        "count: the inner call sees its own token and goes ahead, and the inner release deletes the lock "
        "while the outer method is still working. A re-entrant lock (Redisson's RLock) keeps a hash "
        "{holder → count}: each acquire by the same holder increments it, each release decrements it, and "
        "only the last release deletes the key. The lock table shows the count."));
    DemoRecipe broken = safePattern();
    broken.ownTokenShortcut = true;
    broken.job = Job::Recursive;
    DemoRecipe fixed = safePattern();
    fixed.lock = Lock::Reentrant;
    fixed.job = Job::Recursive;
    const DemoParameters p = params(4, 1000, 100, 300, 5000);
    s.variants = {
        {DemoVariant::Broken,
         english(QT_TRANSLATE_NOOP("DemoScenario", "A token lock with an \"it is mine already\" shortcut: the inner release deletes the "
                        "key, and another worker enters during the outer method's remaining %pause% ms.")),
         broken, p},
        {DemoVariant::Fixed,
         english(QT_TRANSLATE_NOOP("DemoScenario", "A Redisson-style hash lock: the hold count goes to 2 for the inner call and back to "
                        "1; only the outer release deletes the key.")),
         fixed, p},
    };
    return s;
}

DemoScenario redlock()
{
    DemoScenario s;
    s.id = QStringLiteral("redlock");
    s.title = english(QT_TRANSLATE_NOOP("DemoScenario", "Redlock on five servers"));
    s.summary = english(QT_TRANSLATE_NOOP("DemoScenario", "five redis-servers, majority quorum, validity = TTL - elapsed - drift; survives two node failures, not three"));
    s.lesson = english(QT_TRANSLATE_NOOP("DemoScenario",
        "A lock on one Redis is only as durable as that server: without persistence a restart forgets every "
        "lock, and the next client takes one that is still held. Redlock takes the same key with the same "
        "token on N independent masters (here 5) and holds the lock only if a majority (3) said yes in less "
        "time than the TTL; the holder may then use it for validity = TTL − time spent acquiring − clock "
        "drift. One or two servers can fail and the lock still works; with three down nobody can acquire "
        "it — the price of safety. A crashed server should stay down for one TTL before it rejoins "
        "(\"delayed restart\"), or it can hand out a lock that the others still hold."));
    DemoRecipe broken = safePattern();
    broken.servers = 5;
    broken.fault = Fault::NodeRestart;
    broken.retry = RetryPolicy::exponential(20, 200);
    DemoRecipe fixed = broken;
    fixed.lock = Lock::Redlock;
    fixed.lockServers = 5;
    fixed.watchdog = false;
    DemoParameters p = params(4, 1500, 100, 800, 5000);
    p.faultEveryMs = 0;
    p.acquireTimeoutMs = 1000;
    s.variants = {
        {DemoVariant::Broken,
         english(QT_TRANSLATE_NOOP("DemoScenario", "One server (node 1) holds the lock. A holder is inside when node 1 crashes and "
                        "restarts empty; the next worker takes the now \"free\" lock while the first is "
                        "still working.")),
         broken, p},
        {DemoVariant::Fixed,
         english(QT_TRANSLATE_NOOP("DemoScenario", "Redlock on all five. The same crash costs the holder one copy of five and nobody "
                        "gets a majority. Then nodes 2, 3 and 4 stop one after another: with two down the "
                        "lock still works, with three down every acquisition fails; one TTL later they "
                        "return (delayed restart) and work resumes.")),
         fixed, p},
    };
    return s;
}

DemoScenario failover()
{
    DemoScenario s;
    s.id = QStringLiteral("failover");
    s.title = english(QT_TRANSLATE_NOOP("DemoScenario", "Failover loses the lock"));
    s.summary = english(QT_TRANSLATE_NOOP("DemoScenario", "a lock written to the master is lost when the replica is promoted before replication: two holders"));
    s.lesson = english(QT_TRANSLATE_NOOP("DemoScenario",
        "Redis replicates asynchronously: the master says OK before its replica has the write. If the master "
        "fails in that window and the replica is promoted (by Sentinel or an operator), the new master has "
        "never seen the lock and the next client takes it while the first still holds it. Here the "
        "replication link runs through LockScope, which holds it back when a lock is written and promotes "
        "the replica (REPLICAOF NO ONE) before letting anything through, so the loss is certain, not luck. "
        "WAIT narrows the window but does not make Redis consistent: where it matters, use fencing tokens "
        "or Redlock."));
    DemoRecipe broken = safePattern();
    broken.servers = 2;
    broken.replicated = true;
    broken.fault = Fault::Failover;
    DemoRecipe fixed = broken;
    fixed.waitReplicas = 1;
    // The victim stays inside longer than one TTL: the promoted replica may still hold the
    // previous holder's lock (its release never replicated either) until that expires.
    DemoParameters p = params(4, 1000, 100, 2500, 4500);
    p.faultFirstMs = 800;
    p.faultEveryMs = 0;
    s.variants = {
        {DemoVariant::Broken,
         english(QT_TRANSLATE_NOOP("DemoScenario", "The holder enters as soon as the master says OK and works for %pause% ms. The "
                        "master is failed over before the lock replicated, and a second worker takes the "
                        "same lock on the promoted replica while the first is still inside.")),
         broken, p},
        {DemoVariant::Fixed,
         english(QT_TRANSLATE_NOOP("DemoScenario", "After SET the holder runs WAIT 1 100 and enters only when the replica acknowledged "
                        "the lock. Here it did not, so the holder releases and retries, and takes the lock "
                        "again on the new master.")),
         fixed, p},
    };
    return s;
}
} // namespace

const DemoScenario::Variant *DemoScenario::variant(DemoVariant v) const
{
    for (const Variant &candidate : variants)
        if (candidate.variant == v)
            return &candidate;
    return nullptr;
}

QStringList DemoScenario::variantIds() const
{
    QStringList ids;
    for (const Variant &v : variants)
        ids << variantId(v.variant);
    return ids;
}

QString DemoScenario::variantText(DemoVariant v, const DemoParameters &p) const
{
    const Variant *found = variant(v);
    if (!found)
        return QString();
    QString text = translated(found->text);
    text.replace(QLatin1String("%ttl%"), QString::number(p.ttlMs))
        .replace(QLatin1String("%pause%"), QString::number(p.pauseMs))
        .replace(QLatin1String("%work%"), QString::number(p.workMs))
        .replace(QLatin1String("%stock%"), QString::number(p.stock))
        .replace(QLatin1String("%stuck%"), QString::number(p.stuckAfterMs))
        .replace(QLatin1String("%workers%"), QString::number(p.workers));
    return text;
}

QString DemoScenario::variantId(DemoVariant v)
{
    switch (v) {
    case DemoVariant::Unlocked:
        return QStringLiteral("unlocked");
    case DemoVariant::Broken:
        return QStringLiteral("broken");
    case DemoVariant::Fixed:
        return QStringLiteral("fixed");
    }
    return QString();
}

QString DemoScenario::variantTitle(DemoVariant v)
{
    switch (v) {
    case DemoVariant::Unlocked:
        return QCoreApplication::translate("DemoScenario", "No lock");
    case DemoVariant::Broken:
        return QCoreApplication::translate("DemoScenario", "Broken");
    case DemoVariant::Fixed:
        return QCoreApplication::translate("DemoScenario", "Fixed");
    }
    return QString();
}

std::optional<DemoVariant> DemoScenario::parseVariant(const QString &id)
{
    for (DemoVariant v : {DemoVariant::Unlocked, DemoVariant::Broken, DemoVariant::Fixed})
        if (variantId(v) == id)
            return v;
    return std::nullopt;
}

const QList<DemoScenario> &DemoScenario::catalog()
{
    // Constant data built once; nothing mutable is shared.
    static const QList<DemoScenario> scenarios = {safe(), noTtlCrash(), nonAtomicAcquire(), unsafeRelease(),
                                                  expiryWhileHeld(), fencing(), oversell(), retryBackoff(),
                                                  reentrant(), redlock(), failover()};
    return scenarios;
}

const DemoScenario *DemoScenario::find(const QString &id)
{
    for (const DemoScenario &s : catalog())
        if (s.id == id)
            return &s;
    return nullptr;
}

QString DemoScenario::translated(const QString &english)
{
    return QCoreApplication::translate("DemoScenario", english.toUtf8().constData());
}

#include "eventderiver.h"
#include "lockevent.h"

#include <QTest>

// Every rule of the deriver, as scripts of what LockScope saw and the events that must come
// out. Times are made up (monotonic ms; wall offset 0, so event times equal them).
//
// Script steps, separated by ';':
//   obs KEY tok=T pttl=N at=T [waiters=N] [holders=a,b]   a read that found the lock
//   base KEY ...                                          a lock already there at the start
//   gone KEY at=T                                         a read that found the key gone
//   lost KEY at=T                                         gone with its server's restart
// obs takes span=N (the read was in flight N ms before at), loss=R (the first read since a restart), holders= (a key with no holder) and
// truncated=1 (a value read only in part, no dialect's; size=N its length), of=N (the holders listed are only
// those read of N).
//   note KEY EVENT at=T                                   a keyspace notification
//   fail KEY N at=T                                       failed attempts from the sampler
//   tick at=T                                             time passing (stuck checks)
// Events are written as "kind key token @time" plus the fields that were observed.
namespace {
QString S(const char *text)
{
    return QString::fromUtf8(text);
}

QStringList L(std::initializer_list<const char *> texts)
{
    QStringList out;
    for (const char *t : texts)
        out << QString::fromUtf8(t);
    return out;
}
} // namespace

class TestEventDeriver : public QObject
{
    Q_OBJECT

private:
    static QHash<QString, QString> fields(const QStringList &words)
    {
        QHash<QString, QString> f;
        for (const QString &w : words) {
            const qsizetype eq = w.indexOf(QLatin1Char('='));
            if (eq > 0)
                f.insert(w.left(eq), w.mid(eq + 1));
        }
        return f;
    }

    static LockInfo lockFrom(const QString &key, const QHash<QString, QString> &f)
    {
        LockInfo lock;
        lock.sample.key = key.toUtf8();
        lock.sample.pttlMs = f.value(QStringLiteral("pttl"), QStringLiteral("-1")).toLongLong();
        lock.sample.observedAtMs = f.value(QStringLiteral("at")).toLongLong();
        lock.sample.readSpanMs = f.value(QStringLiteral("span"), QStringLiteral("0")).toLongLong();
        lock.dialect = QStringLiteral("plain");
        lock.waiters = f.value(QStringLiteral("waiters"), QStringLiteral("-1")).toInt();
        lock.lossCheck = f.value(QStringLiteral("loss"));
        const QStringList tokens = f.contains(QStringLiteral("holders"))
                                       ? f.value(QStringLiteral("holders")).split(QLatin1Char(','), Qt::SkipEmptyParts)
                                       : QStringList{f.value(QStringLiteral("tok"))};
        lock.sample.type = tokens.size() == 1 ? RedisType::String : RedisType::Hash;
        if (tokens.size() == 1)
            lock.sample.value = tokens.first().toUtf8();
        if (tokens.isEmpty() && f.contains(QStringLiteral("tok"))) { // a value with no holder in it
            lock.sample.type = RedisType::String;
            lock.sample.value = f.value(QStringLiteral("tok")).toUtf8();
        }
        // As the classifier warns: a held lock without expiry.
        if (lock.sample.pttlMs == -1 && !tokens.isEmpty() && !f.contains(QStringLiteral("truncated")))
            lock.addWarning(QStringLiteral("no-ttl"));
        if (f.contains(QStringLiteral("dialect")))
            lock.dialect = f.value(QStringLiteral("dialect"));
        // The Redis type where it matters (the key made anew as another); else from the tokens.
        static const QHash<QString, RedisType> types{{QStringLiteral("string"), RedisType::String},
                                                     {QStringLiteral("hash"), RedisType::Hash},
                                                     {QStringLiteral("list"), RedisType::List}};
        if (f.contains(QStringLiteral("type")))
            lock.sample.type = types.value(f.value(QStringLiteral("type")));
        if (f.contains(QStringLiteral("truncated"))) {
            lock.sample.truncated = true;
            lock.sample.size = f.value(QStringLiteral("size"), QStringLiteral("5000")).toLongLong();
            return lock; // no dialect's: no holder
        }
        if (f.contains(QStringLiteral("of"))) { // a read of only these holders, of=N in all
            lock.sample.truncated = true;
            lock.sample.size = f.value(QStringLiteral("of")).toLongLong();
            for (const QString &t : tokens)
                lock.sample.entries.append({t.toUtf8(), QByteArray("1")});
        }
        for (const QString &t : tokens) {
            LockHolder h;
            h.token = t.toUtf8();
            h.holder = QStringLiteral("h-") + t;
            lock.holders << h;
        }
        return lock;
    }

    static QString describe(const LockEvent &e)
    {
        QString s = QStringLiteral("%1 %2 %3 @%4").arg(LockEvent::kindId(e.kind), QString::fromUtf8(e.key),
                                                       e.token.isEmpty() ? QStringLiteral("-") : QString::fromUtf8(e.token))
                        .arg(e.timeMs);
        const auto add = [&s](const char *name, qint64 v) {
            if (v != LockEvent::unknown)
                s += QStringLiteral(" %1=%2").arg(QLatin1String(name)).arg(v);
        };
        add("ttl", e.ttlMs);
        add("left", e.ttlLeftMs);
        add("lease", e.leaseMs);
        add("interval", e.intervalMs);
        if (!e.previousToken.isEmpty())
            s += QStringLiteral(" prev=") + QString::fromUtf8(e.previousToken);
        add("held", e.heldMs);
        add("waiters", e.waiters);
        add("failed", e.failedAttempts);
        if (!e.reason.isEmpty())
            s += QStringLiteral(" reason=") + e.reason;
        if (e.inferred)
            s += QStringLiteral(" inferred");
        if (e.heldAtLeast)
            s += QStringLiteral(" at-least");
        if (e.heldSinceOutage)
            s += QStringLiteral(" since-outage");
        return s;
    }

    static QStringList run(EventDeriver &d, const QString &script)
    {
        QList<LockEvent> out;
        for (const QString &step : script.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            const QStringList w = step.simplified().split(QLatin1Char(' '));
            const QHash<QString, QString> f = fields(w);
            const qint64 at = f.value(QStringLiteral("at")).toLongLong();
            const QString &op = w.at(0);
            if (op == QLatin1String("obs"))
                d.observe(lockFrom(w.at(1), f), out);
            else if (op == QLatin1String("base"))
                d.baseline(lockFrom(w.at(1), f), out);
            else if (op == QLatin1String("after-outage"))
                d.appearedAfterOutage(lockFrom(w.at(1), f), out);
            else if (op == QLatin1String("gone"))
                d.gone(w.at(1).toUtf8(), at, out);
            else if (op == QLatin1String("lost")) {
                LockInfo gone;
                gone.sample.key = w.at(1).toUtf8();
                gone.goneAs = LockState::Lost;
                gone.goneAtMs = at;
                gone.goneReason = QStringLiteral("server-restarted");
                d.lost(gone, out);
            } else if (op == QLatin1String("note"))
                d.notify(w.at(1).toUtf8(), w.at(2).toUtf8(), at, out);
            else if (op == QLatin1String("fail"))
                d.failedAttempts(w.at(1).toUtf8(), w.at(2).toLongLong(), at, out);
            else if (op == QLatin1String("tick"))
                d.tick(at, out);
            else
                qFatal("bad step %s", qPrintable(step));
        }
        QStringList described;
        for (const LockEvent &e : std::as_const(out))
            described << describe(e);
        return described;
    }

private Q_SLOTS:
    void derives_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QStringList>("events");

        // Polling: what two reads show.
        QTest::newRow("acquired, then released before its deadline")
            << S("obs k tok=a pttl=10000 at=0; obs k tok=a pttl=9000 at=1000; gone k at=2000")
            << L({"acquired k a @0 ttl=10000", "released k a @2000 ttl=8000 held=2000"});
        QTest::newRow("expired: gone after its deadline, dated at the deadline")
            << S("obs k tok=a pttl=1000 at=0; gone k at=1100")
            << L({"acquired k a @0 ttl=1000", "expired k a @1000 ttl=0 held=1000"});
        // The deadline is known to within the span of the read that measured it.
        QTest::newRow("expired: gone within the span of the read that measured its deadline")
            << S("obs k tok=a pttl=1000 at=0 span=250; gone k at=800")
            << L({"acquired k a @0 ttl=1000", "expired k a @800 ttl=0 held=800"});
        QTest::newRow("released: gone before its deadline, by more than that span")
            << S("obs k tok=a pttl=1000 at=0 span=150; gone k at=800")
            << L({"acquired k a @0 ttl=1000", "released k a @800 ttl=200 held=800"});
        QTest::newRow("released: gone 10 ms before its deadline, read in 1 ms")
            << S("obs k tok=a pttl=1000 at=0 span=1; gone k at=990")
            << L({"acquired k a @0 ttl=1000", "released k a @990 ttl=10 held=990"});
        QTest::newRow("a lock without expiry can only be released")
            << S("obs k tok=a pttl=-1 at=0; gone k at=5000")
            << L({"acquired k a @0 ttl=-1", "released k a @5000 ttl=-1 held=5000"});
        // Reads overtaking each other: a poll taken before a newer re-read lands after it.
        QTest::newRow("an older read of the previous holder does not hand it back")
            << S("obs k tok=a pttl=5000 at=0; obs k tok=b pttl=5000 at=500; obs k tok=a pttl=4700 at=300")
            << L({"acquired k a @0 ttl=5000", "handed-over k b @500 ttl=5000 prev=a held=500"});
        QTest::newRow("an older read does not bring a released lock back")
            << S("obs k tok=a pttl=5000 at=0; gone k at=500; obs k tok=a pttl=4700 at=300")
            << L({"acquired k a @0 ttl=5000", "released k a @500 ttl=4500 held=500"});
        QTest::newRow("an older read of absence does not release a newer holding")
            << S("obs k tok=a pttl=5000 at=500; gone k at=300")
            << L({"acquired k a @500 ttl=5000"});
        QTest::newRow("a newer read after the release is a new acquisition")
            << S("obs k tok=a pttl=5000 at=0; gone k at=500; obs k tok=b pttl=5000 at=600")
            << L({"acquired k a @0 ttl=5000", "released k a @500 ttl=4500 held=500", "acquired k b @600 ttl=5000"});
        QTest::newRow("counting down as predicted is not news")
            << S("obs k tok=a pttl=3000 at=0; obs k tok=a pttl=2000 at=1000; obs k tok=a pttl=1000 at=2000")
            << L({"acquired k a @0 ttl=3000"});
        QTest::newRow("a deadline moved by less than the tolerance is jitter")
            << S("obs k tok=a pttl=3000 at=0; obs k tok=a pttl=2200 at=1000")
            << L({"acquired k a @0 ttl=3000"});
        QTest::newRow("renewed: dated by the lease the PTTL fell from")
            << S("obs k tok=a pttl=3000 at=0; obs k tok=a pttl=2000 at=1000; obs k tok=a pttl=2900 at=2500")
            << L({"acquired k a @0 ttl=3000", "renewed k a @2400 ttl=3000 left=600 lease=3000 interval=2400"});
        QTest::newRow("renewed twice: interval since the last renewal")
            << S("obs k tok=a pttl=3000 at=0; obs k tok=a pttl=3000 at=1000; obs k tok=a pttl=3000 at=2000")
            << L({"acquired k a @0 ttl=3000", "renewed k a @1000 ttl=3000 left=2000 lease=3000 interval=1000",
                           "renewed k a @2000 ttl=3000 left=2000 lease=3000 interval=1000"});
        QTest::newRow("near-miss: renewed with under 10% of the lease left")
            << S("obs k tok=a pttl=3000 at=0; obs k tok=a pttl=2950 at=2900")
            << L({"acquired k a @0 ttl=3000", "renewed k a @2850 ttl=3000 left=150 lease=3000 interval=2850",
                           "near-miss k a @2850 ttl=3000 left=150 lease=3000 interval=2850"});
        QTest::newRow("exactly 10% left is not a near-miss")
            << S("obs k tok=a pttl=3000 at=0; obs k tok=a pttl=3000 at=2700")
            << L({"acquired k a @0 ttl=3000", "renewed k a @2700 ttl=3000 left=300 lease=3000 interval=2700"});
        QTest::newRow("renewal of a baseline lock: the lease is learned from the renewal")
            << S("base k tok=a pttl=2000 at=0; obs k tok=a pttl=9900 at=1000")
            << L({"renewed k a @1000 ttl=9900 left=1000 lease=9900 interval=1000"});
        QTest::newRow("handed over: another token, never seen free")
            << S("obs k tok=a pttl=10000 at=0; obs k tok=b pttl=10000 at=1000")
            << L({"acquired k a @0 ttl=10000", "handed-over k b @1000 ttl=10000 prev=a held=1000"});
        QTest::newRow("handed over, then the new holding is measured from the handover")
            << S("obs k tok=a pttl=10000 at=0; obs k tok=b pttl=10000 at=1000; gone k at=1500")
            << L({"acquired k a @0 ttl=10000", "handed-over k b @1000 ttl=10000 prev=a held=1000",
                           "released k b @1500 ttl=9500 held=500"});
        QTest::newRow("shared lock: holders come and go on their own")
            << S("obs k holders=a,b pttl=10000 at=0; obs k holders=b,c pttl=9000 at=1000")
            << L({"acquired k a @0 ttl=10000", "acquired k b @0 ttl=10000", "released k a @1000 ttl=9000 held=1000",
                  "acquired k c @1000 ttl=9000"});
        // Each holder's held time is its own: one that joined later is not credited with the
        // time of those before it.
        QTest::newRow("shared lock: each holder's held time is its own")
            << S("obs k holders=a type=hash pttl=10000 at=0; obs k holders=a,b type=hash pttl=9000 at=1000;"
                 "obs k holders=b type=hash pttl=8000 at=2000; gone k at=4000")
            << L({"acquired k a @0 ttl=10000", "acquired k b @1000 ttl=9000", "released k a @2000 ttl=8000 held=2000",
                  "released k b @4000 ttl=6000 held=3000"});
        QTest::newRow("shared lock: several holders at its end end each")
            << S("base k holders=a,b pttl=10000 at=0; obs k holders=a,b,c pttl=9000 at=1000; gone k at=3000")
            << L({"acquired k c @1000 ttl=9000", "released k a @3000 ttl=7000 held=3000 at-least",
                  "released k b @3000 ttl=7000 held=3000 at-least", "released k c @3000 ttl=7000 held=2000"});
        QTest::newRow("baseline: no acquired event, but its end is seen")
            << S("base k tok=a pttl=5000 at=0; gone k at=1000")
            << L({"released k a @1000 ttl=4000 held=1000 at-least"});
        QTest::newRow("baseline of a lock already tracked is an observation")
            << S("obs k tok=a pttl=5000 at=0; base k tok=b pttl=5000 at=100")
            << L({"acquired k a @0 ttl=5000", "handed-over k b @100 ttl=5000 prev=a held=100"});
        // First read after the server could not be read: taken meanwhile, when nobody saw.
        QTest::newRow("after an outage: acquired during it, its end held at least since")
            << S("after-outage k tok=a pttl=5000 at=0; gone k at=1000")
            << L({"acquired k a @0 ttl=5000 reason=during-outage", "released k a @1000 ttl=4000 held=1000 at-least since-outage"});
        QTest::newRow("after an outage, a lock already tracked is an observation")
            << S("obs k tok=a pttl=5000 at=0; after-outage k tok=a pttl=4000 at=1000; gone k at=2000")
            << L({"acquired k a @0 ttl=5000", "released k a @2000 ttl=3000 held=2000"});
        QTest::newRow("after an outage, a new holder of a tracked lock is a handover during it")
            << S("obs k tok=a pttl=5000 at=0; after-outage k tok=b pttl=5000 at=1000; gone k at=2000")
            << L({"acquired k a @0 ttl=5000", "handed-over k b @1000 ttl=5000 prev=a held=1000 reason=during-outage",
                  "released k b @2000 ttl=4000 held=1000 at-least since-outage"});
        QTest::newRow("a key never seen going is not news")
            << S("gone k at=100") << QStringList();

        // Keyspace notifications: what Redis says happened between reads.
        QTest::newRow("notified release is dated by the notification")
            << S("obs k tok=a pttl=10000 at=0; note k del at=500; gone k at=510")
            << L({"acquired k a @0 ttl=10000", "released k a @500 ttl=9500 held=500"});
        QTest::newRow("notified expiry is dated at the deadline, not when Redis noticed")
            << S("obs k tok=a pttl=1000 at=0; note k expired at=1300")
            << L({"acquired k a @0 ttl=1000", "expired k a @1000 ttl=0 held=1000"});
        QTest::newRow("notified expiry before the predicted deadline keeps its own time")
            << S("obs k tok=a pttl=1000 at=0; note k expired at=900")
            << L({"acquired k a @0 ttl=1000", "expired k a @900 ttl=0 held=900"});
        QTest::newRow("evicted under memory pressure")
            << S("obs k tok=a pttl=10000 at=0; note k evicted at=400")
            << L({"acquired k a @0 ttl=10000", "expired k a @400 ttl=0 held=400 reason=evicted"});
        QTest::newRow("acquired is dated by the write notification")
            << S("note k set at=100; note k expire at=100; obs k tok=a pttl=4990 at=110")
            << L({"acquired k a @100 ttl=5000"});
        // Redis answered the read somewhere in its span: its TTL is counted back from the
        // sending, never from the reply (that read 1 ms over the TTL set, on real servers).
        QTest::newRow("acquired: its TTL counted back from when the read was sent")
            << S("note k set at=100; obs k tok=a pttl=4990 at=130 span=20")
            << L({"acquired k a @100 ttl=5000"});
        QTest::newRow("acquired: notified while the read was in flight")
            << S("note k set at=100; obs k tok=a pttl=4990 at=105 span=10")
            << L({"acquired k a @100 ttl=4990"});
        QTest::newRow("released and re-acquired between reads: both seen")
            << S("obs k tok=a pttl=10000 at=0; note k del at=100; note k set at=200; obs k tok=b pttl=5000 at=205")
            << L({"acquired k a @0 ttl=10000", "released k a @100 ttl=9900 held=100", "acquired k b @200 ttl=5005"});
        QTest::newRow("renewal notified: the read right after it dates it")
            << S("obs k tok=a pttl=3000 at=0; note k expire at=2000; obs k tok=a pttl=2999 at=2001")
            << L({"acquired k a @0 ttl=3000", "renewed k a @2000 ttl=3000 left=1000 lease=3000 interval=2000"});
        QTest::newRow("held too briefly to read: inferred from the notifications")
            << S("note k set at=100; note k del at=102")
            << L({"acquired k - @100 inferred", "released k - @102 held=2 inferred"});
        QTest::newRow("the read found nothing, the deletion came after it")
            << S("note k set at=100; gone k at=105; note k del at=106")
            << L({"acquired k - @100 inferred", "released k - @106 held=6 inferred"});
        QTest::newRow("a short-lived lock that expired")
            << S("note k set at=100; note k expired at=150")
            << L({"acquired k - @100 inferred", "expired k - @150 ttl=0 held=50 inferred"});
        QTest::newRow("a deletion of a key never written or seen is not news")
            << S("note k del at=100") << QStringList();
        QTest::newRow("a write note no read explains is forgotten")
            << S("note k set at=0; tick at=20000; note k del at=20001") << QStringList();
        QTest::newRow("an unknown notification is a write")
            << S("note k hincrby at=10; obs k tok=a pttl=1000 at=12") << L({"acquired k a @10 ttl=1002"});
        // A restart (or failover) between two reads.
        QTest::newRow("lost with its server")
            << S("obs k tok=a pttl=10000 at=0; lost k at=500")
            << L({"acquired k a @0 ttl=10000", "lost k a @500 ttl=9500 held=500 reason=server-restarted"});
        QTest::newRow("another holder after a restart: the first holding was lost")
            << S("obs k tok=a pttl=10000 at=0; obs k tok=b pttl=10000 at=1000 loss=server-restarted")
            << L({"acquired k a @0 ttl=10000", "lost k a @1000 ttl=9000 held=1000 reason=server-restarted",
                  "acquired k b @1000 ttl=10000 reason=during-outage"});
        QTest::newRow("another holder after a restart: its end is held at least since")
            << S("obs k tok=a pttl=10000 at=0; obs k tok=b pttl=10000 at=1000 loss=server-restarted; gone k at=2000")
            << L({"acquired k a @0 ttl=10000", "lost k a @1000 ttl=9000 held=1000 reason=server-restarted",
                  "acquired k b @1000 ttl=10000 reason=during-outage", "released k b @2000 ttl=9000 held=1000 at-least since-outage"});
        QTest::newRow("the same holder after a restart: nothing lost")
            << S("obs k tok=a pttl=10000 at=0; obs k tok=a pttl=9000 at=1000 loss=server-restarted")
            << L({"acquired k a @0 ttl=10000"});
        QTest::newRow("a key nobody held is not lost")
            << S("obs k holders= pttl=10000 at=0; lost k at=500") << L({"acquired k - @0 ttl=10000"});
        QTest::newRow("nobody held it before a restart: a holder after is no loss")
            << S("obs k holders= type=hash pttl=10000 at=0; obs k holders=b type=hash pttl=10000 at=1000 loss=server-restarted")
            << L({"acquired k - @0 ttl=10000", "acquired k b @1000 ttl=10000"});
        QTest::newRow("a holder gone from a key that stays: released")
            << S("obs k holders=a type=hash pttl=10000 at=0; obs k holders= type=hash pttl=9000 at=1000")
            << L({"acquired k a @0 ttl=10000", "released k a @1000 ttl=9000 held=1000"});
        QTest::newRow("holders read in part: another part read is no change of holders")
            << S("obs k holders=a,b,c of=100 pttl=10000 at=0; obs k holders=c,d,e of=100 pttl=9000 at=1000;"
                 "obs k holders=f,g of=100 pttl=8000 at=2000")
            << L({"acquired k a @0 ttl=10000"});
        QTest::newRow("from a part to the whole: who left is told, who came is not known")
            << S("obs k holders=a,b,c of=100 pttl=10000 at=0; obs k holders=b,x pttl=9000 at=1000")
            << L({"acquired k a @0 ttl=10000", "released k a @1000 ttl=9000 held=1000", "released k c @1000 ttl=9000 held=1000"});
        QTest::newRow("from the whole to a part: who came is told")
            << S("obs k holders=a,b pttl=10000 at=0; obs k holders=a,x of=100 pttl=9000 at=1000")
            << L({"acquired k a @0 ttl=10000", "acquired k b @0 ttl=10000", "acquired k x @1000 ttl=9000"});
        QTest::newRow("read as no known layout and back: nobody came or went")
            << S("obs k holders=a,b,c pttl=10000 at=0; obs k holders= dialect=unknown pttl=9000 at=1000;"
                 "obs k holders=a,b,c pttl=8000 at=2000; gone k at=3000")
            << L({"acquired k a @0 ttl=10000", "acquired k b @0 ttl=10000", "acquired k c @0 ttl=10000",
                  "released k a @3000 ttl=7000 held=1000 at-least", "released k b @3000 ttl=7000 held=1000 at-least",
                  "released k c @3000 ttl=7000 held=1000 at-least"});
        QTest::newRow("made anew as another type: the holding before ended")
            << S("obs k tok=a pttl=10000 at=0; obs k holders= dialect=unknown type=list pttl=-1 at=1000; gone k at=2000")
            << L({"acquired k a @0 ttl=10000", "released k a @1000 ttl=9000 held=1000", "acquired k - @1000 ttl=-1",
                  "released k - @2000 ttl=-1 held=1000"});
        QTest::newRow("a string lock made anew as a hash by another holder: released, then acquired")
            << S("obs k tok=a pttl=10000 at=0; obs k holders=b,c pttl=9000 at=1000")
            << L({"acquired k a @0 ttl=10000", "released k a @1000 ttl=9000 held=1000", "acquired k b @1000 ttl=9000",
                  "acquired k c @1000 ttl=9000"});
        QTest::newRow("its TTL ran out while the server was away; another took it after")
            << S("obs k tok=a pttl=1000 at=0; obs k tok=b pttl=10000 at=5000 loss=expired")
            << L({"acquired k a @0 ttl=1000", "expired k a @1000 ttl=0 held=1000", "acquired k b @5000 ttl=10000 reason=during-outage"});
        QTest::newRow("made anew as another type across a restart: lost, not released")
            << S("obs k tok=a pttl=10000 at=0; obs k holders=b type=hash pttl=10000 at=1000 loss=server-restarted")
            << L({"acquired k a @0 ttl=10000", "lost k a @1000 ttl=9000 held=1000 reason=server-restarted",
                  "acquired k b @1000 ttl=10000 reason=during-outage"});
        QTest::newRow("an empty value is nobody's token")
            << S("obs k tok= holders= dialect=unknown pttl=-1 at=0; lost k at=500") << L({"acquired k - @0 ttl=-1"});
        QTest::newRow("a value read in part is held by someone: lost with its server")
            << S("obs k tok=0123456789 truncated=1 pttl=10000 at=0; lost k at=500")
            << L({"acquired k - @0 ttl=10000", "lost k - @500 ttl=9500 held=500 reason=server-restarted"});
        // What was read of such a value, and its length, tell one from another.
        QTest::newRow("values read in part that differ where read: handed over, not renewed")
            << S("obs k tok=aaaa truncated=1 pttl=5000 at=0; obs k tok=aaab truncated=1 pttl=10000 at=1000")
            << L({"acquired k - @0 ttl=5000", "handed-over k - @1000 ttl=10000 held=1000"});
        QTest::newRow("values read in part of other lengths: handed over")
            << S("obs k tok=aaaa truncated=1 size=5000 pttl=5000 at=0; obs k tok=aaaa truncated=1 size=5001 pttl=10000 at=1000")
            << L({"acquired k - @0 ttl=5000", "handed-over k - @1000 ttl=10000 held=1000"});
        QTest::newRow("a handover from a holder that joined later: its own held time")
            << S("obs k holders=a type=hash pttl=10000 at=0; obs k holders=a,b type=hash pttl=10000 at=1000;"
                 "obs k holders=b type=hash pttl=10000 at=2000; obs k holders=c type=hash pttl=10000 at=3000")
            << L({"acquired k a @0 ttl=10000", "acquired k b @1000 ttl=10000", "released k a @2000 ttl=9000 held=2000",
                  "handed-over k c @3000 ttl=10000 prev=b held=2000"});

        // Contention.
        QTest::newRow("contended when waiters appear and when they grow")
            << S("obs k tok=a pttl=10000 at=0 waiters=0; obs k tok=a pttl=9000 at=1000 waiters=2;"
               "obs k tok=a pttl=8000 at=2000 waiters=1; obs k tok=a pttl=7000 at=3000 waiters=3")
            << L({"acquired k a @0 ttl=10000", "contended k a @1000 ttl=9000 waiters=2",
                           "contended k a @3000 ttl=7000 waiters=3"});
        QTest::newRow("waiters already there when it is acquired")
            << S("obs k tok=a pttl=10000 at=0 waiters=4")
            << L({"acquired k a @0 ttl=10000", "contended k a @0 ttl=10000 waiters=4"});
        QTest::newRow("waiters not observable (-1) never contend")
            << S("obs k tok=a pttl=10000 at=0; obs k tok=a pttl=9000 at=1000 waiters=-1")
            << L({"acquired k a @0 ttl=10000"});
        QTest::newRow("failed attempts from the sampler")
            << S("obs k tok=a pttl=10000 at=0; fail k 5 at=500; fail k 0 at=600")
            << L({"acquired k a @0 ttl=10000", "contended k a @500 ttl=9500 failed=5"});
        QTest::newRow("failed attempts on a lock not (yet) tracked")
            << S("fail k 2 at=500") << L({"contended k - @500 failed=2"});

        // Stuck.
        QTest::newRow("stuck: no expiry for 30 s, reported once")
            << S("obs k tok=a pttl=-1 at=0; tick at=29999; tick at=30000; tick at=60000")
            << L({"acquired k a @0 ttl=-1", "stuck k a @30000 ttl=-1 held=30000 reason=no-ttl"});
        QTest::newRow("stuck: held longer than the threshold, though renewed")
            << S("obs k tok=a pttl=30000 at=0; obs k tok=a pttl=30000 at=300000; tick at=600000")
            << L({"acquired k a @0 ttl=30000",
                           "renewed k a @300000 ttl=30000 left=0 lease=30000 interval=300000",
                           "near-miss k a @300000 ttl=30000 left=0 lease=30000 interval=300000",
                           "stuck k a @600000 ttl=0 held=600000 reason=held-too-long"});
        QTest::newRow("stuck again only after a new holding")
            << S("obs k tok=a pttl=-1 at=0; tick at=30000; obs k tok=b pttl=-1 at=31000; tick at=61000")
            << L({"acquired k a @0 ttl=-1", "stuck k a @30000 ttl=-1 held=30000 reason=no-ttl",
                           "handed-over k b @31000 ttl=-1 prev=a held=31000", "stuck k b @61000 ttl=-1 held=30000 reason=no-ttl"});
        QTest::newRow("a first TTL soon after the taking completes the acquisition; it renews nothing")
            << S("obs k tok=a pttl=-1 at=0; obs k tok=a pttl=30000 at=20; obs k tok=a pttl=30000 at=10000")
            << L({"acquired k a @0 ttl=-1", "renewed k a @10000 ttl=30000 left=20020 lease=30000 interval=10000"});
        QTest::newRow("a TTL given to a lock stuck without one renews it")
            << S("obs k tok=a pttl=-1 at=0; tick at=30000; obs k tok=a pttl=5000 at=31000")
            << L({"acquired k a @0 ttl=-1", "stuck k a @30000 ttl=-1 held=30000 reason=no-ttl",
                  "renewed k a @31000 ttl=5000 lease=5000 interval=31000"});
        QTest::newRow("PERSIST took its expiry away: stuck later")
            << S("obs k tok=a pttl=5000 at=0; obs k tok=a pttl=-1 at=1000; tick at=30000")
            << L({"acquired k a @0 ttl=5000", "stuck k a @30000 ttl=-1 held=30000 reason=no-ttl"});
        QTest::newRow("nobody holds it: without expiry, never stuck")
            << S("obs k holders= pttl=-1 at=0; tick at=30000; tick at=900000") << L({"acquired k - @0 ttl=-1"});
        QTest::newRow("a semaphore's count of free permits is nobody's token")
            << S("obs k tok=3 dialect=redisson-semaphore holders= pttl=-1 at=0; obs k tok=2 dialect=redisson-semaphore holders= pttl=-1 at=1000; tick at=900000")
            << L({"acquired k - @0 ttl=-1"});
        QTest::newRow("a value no dialect reads is still one holder's")
            << S("obs k tok=abc holders= dialect=unknown pttl=5000 at=0; obs k tok=def holders= dialect=unknown pttl=5000 at=1000")
            << L({"acquired k abc @0 ttl=5000", "handed-over k def @1000 ttl=5000 prev=abc held=1000"});
        QTest::newRow("a baseline lock without expiry is stuck after the grace")
            << S("base k tok=a pttl=-1 at=0; tick at=30000")
            << L({"stuck k a @30000 ttl=-1 held=30000 reason=no-ttl at-least"});
        QTest::newRow("held before the watch began: its held time is a floor, the next holder's is not")
            << S("base k tok=a pttl=10000 at=0; obs k tok=b pttl=10000 at=2000; gone k at=3000")
            << L({"handed-over k b @2000 ttl=10000 prev=a held=2000 at-least", "released k b @3000 ttl=9000 held=1000"});
    }

    void derives()
    {
        QFETCH(QString, script);
        QFETCH(QStringList, events);
        EventDeriver deriver;
        const QStringList actual = run(deriver, script);
        if (actual != events)
            qWarning().noquote() << S("actual:\n  ") << actual.join(QStringLiteral("\n   "));
        QCOMPARE(actual, events);
    }

    void eventsAreDatedInWallTime()
    {
        EventDeriver deriver;
        deriver.setWallOffset(1'700'000'000'000);
        const QStringList events = run(deriver, QStringLiteral("obs k tok=a pttl=1000 at=5; gone k at=2000"));
        QCOMPARE(events, (L({"acquired k a @1700000000005 ttl=1000", "expired k a @1700000001005 ttl=0 held=1000"})));
    }

    void thresholdsAreConfigurable()
    {
        EventDeriver::Options options;
        options.stuckAfterMs = 5000;
        options.noTtlStuckAfterMs = 1000;
        options.nearMissFraction = 0.5;
        EventDeriver deriver(options);
        QCOMPARE(run(deriver, QStringLiteral("obs k tok=a pttl=-1 at=0; tick at=1000")),
                 (L({"acquired k a @0 ttl=-1", "stuck k a @1000 ttl=-1 held=1000 reason=no-ttl"})));
        QCOMPARE(run(deriver, QStringLiteral("obs j tok=a pttl=4000 at=0; obs j tok=a pttl=4000 at=2500; tick at=5000")),
                 (L({"acquired j a @0 ttl=4000", "renewed j a @2500 ttl=4000 left=1500 lease=4000 interval=2500",
                              "near-miss j a @2500 ttl=4000 left=1500 lease=4000 interval=2500",
                              "stuck j a @5000 ttl=1500 held=5000 reason=held-too-long"})));
    }

    void keysAreIndependent()
    {
        EventDeriver deriver;
        const QStringList events = run(deriver, QStringLiteral("obs a tok=x pttl=1000 at=0; obs b tok=y pttl=5000 at=0; gone a at=1200;"
                                                               "obs b tok=y pttl=3800 at=1200"));
        QCOMPARE(events, (L({"acquired a x @0 ttl=1000", "acquired b y @0 ttl=5000", "expired a x @1000 ttl=0 held=1000"})));
        QVERIFY(!deriver.isTracked("a"));
        QVERIFY(deriver.isTracked("b"));
        QCOMPARE(deriver.trackedCount(), qsizetype(1));
        deriver.clear();
        QCOMPARE(deriver.trackedCount(), qsizetype(0));
    }

    void notificationsAreClassified_data()
    {
        QTest::addColumn<QByteArray>("event");
        QTest::addColumn<int>("kind");
        QTest::newRow("del") << QByteArray("del") << int(EventDeriver::Notification::Deleted);
        QTest::newRow("rename_from") << QByteArray("rename_from") << int(EventDeriver::Notification::Deleted);
        QTest::newRow("move_from") << QByteArray("move_from") << int(EventDeriver::Notification::Deleted);
        QTest::newRow("expired") << QByteArray("expired") << int(EventDeriver::Notification::Expired);
        QTest::newRow("evicted") << QByteArray("evicted") << int(EventDeriver::Notification::Evicted);
        QTest::newRow("set") << QByteArray("set") << int(EventDeriver::Notification::Write);
        QTest::newRow("expire") << QByteArray("expire") << int(EventDeriver::Notification::Write);
        QTest::newRow("hincrby") << QByteArray("hincrby") << int(EventDeriver::Notification::Write);
        QTest::newRow("rename_to") << QByteArray("rename_to") << int(EventDeriver::Notification::Write);
        QTest::newRow("binary junk") << QByteArray("\xff\x00", 2) << int(EventDeriver::Notification::Write);
        QTest::newRow("empty") << QByteArray() << int(EventDeriver::Notification::Ignored);
    }

    void notificationsAreClassified()
    {
        QFETCH(QByteArray, event);
        QFETCH(int, kind);
        QCOMPARE(int(EventDeriver::classify(event)), kind);
    }

    void kindIdsRoundTrip()
    {
        QCOMPARE(LockEvent::allKinds().size(), LockEvent::kindCount);
        for (LockEventKind k : LockEvent::allKinds()) {
            QCOMPARE(LockEvent::kindFromId(LockEvent::kindId(k)), std::optional<LockEventKind>(k));
            QVERIFY(!LockEvent::kindText(k).isEmpty());
        }
        QCOMPARE(LockEvent::kindFromId(QStringLiteral("nope")), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestEventDeriver)
#include "tst_eventderiver.moc"

#include "dialectregistry.h"
#include "redlockwatchservice.h"
#include "testredlockgroup.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QScopeGuard>
#include <QTest>

#include <csignal>

namespace {
using Kind = RedlockEvent::Kind;
using Quorum = RedlockObservation::Quorum;
using Status = RedlockObservation::Node::Status;

// node-redlock's tokens: randomBytes(16).toString("hex").
const QByteArray tokenA = "fbe243bd8034c5406498dfe459014205";
const QByteArray tokenB = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";
} // namespace

// A live watch over five real servers, with locks written as node-redlock and redsync write
// them, and servers stopped and started under it.
class TestRedlockWatchService : public QObject
{
    Q_OBJECT

private:
    TestRedlockGroup m_group;
    DialectRegistry m_registry;
    std::unique_ptr<RedlockWatchService> m_watch;
    QList<RedlockEvent> m_log;

    // Walks for new keys every half second here, to see them soon; every 5 s by default.
    void watch(int rescanMs = 500)
    {
        m_log.clear();
        m_watch = std::make_unique<RedlockWatchService>(m_group.group(), &m_registry);
        m_watch->setInterval(100);
        m_watch->setRescanInterval(rescanMs);
        connect(m_watch.get(), &RedlockWatchService::eventsDerived, this, [this](const QList<RedlockEvent> &events) { m_log << events; });
        QSignalSpy observed(m_watch.get(), &RedlockWatchService::observed);
        m_watch->start();
        QVERIFY(observed.wait(30000));
    }

    const RedlockObservation *observation(const QByteArray &key) const
    {
        for (const RedlockObservation &o : m_watch->observations())
            if (o.key == key)
                return &o;
        return nullptr;
    }
    Quorum quorum(const QByteArray &key) const
    {
        const RedlockObservation *o = observation(key);
        return o ? o->assess().quorum : Quorum::Free;
    }
    QList<Kind> kinds(const QByteArray &key) const
    {
        QList<Kind> out;
        for (const RedlockEvent &e : m_log)
            if (!e.isNodeEvent() && e.key == key)
                out << e.kind;
        return out;
    }
    qsizetype count(Kind kind, int node = -1) const
    {
        return std::count_if(m_log.cbegin(), m_log.cend(), [&](const RedlockEvent &e) { return e.kind == kind && (node < 0 || e.node == node); });
    }
    QString logText() const
    {
        QStringList out;
        for (const RedlockEvent &e : m_log)
            out << RedlockEvent::kindId(e.kind) + QLatin1Char(' ') + (e.isNodeEvent() ? QString::number(e.node) : QString::fromUtf8(e.key));
        return out.join(QStringLiteral(", "));
    }

private Q_SLOTS:
    void initTestCase()
    {
        // With append-only files: a server killed and started again has its locks back.
        QVERIFY(m_group.start(true));
    }

    void init()
    {
        m_group.flushAll();
    }

    void cleanup()
    {
        m_watch.reset();
    }

    // The four states made on purpose, each seen by the watch; only a majority is a lock
    // that was acquired.
    void statesSeenLive()
    {
        watch();
        QVERIFY(m_watch->observations().isEmpty());
        QVERIFY(m_group.lock("locks:held", tokenA, {0, 1, 2, 3, 4}));
        QVERIFY(m_group.lock("locks:degraded", tokenA, {0, 2, 4}));
        QVERIFY(m_group.lock("locks:split", tokenA, {0, 1}));
        QVERIFY(m_group.lock("locks:split", tokenB, {2, 3}));
        QVERIFY(m_group.lock("locks:leftover", tokenB, {3}));
        QTRY_COMPARE_WITH_TIMEOUT(quorum("locks:held"), Quorum::Held, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(quorum("locks:degraded"), Quorum::Degraded, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(quorum("locks:split"), Quorum::Split, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(quorum("locks:leftover"), Quorum::Leftover, 10000);
        QCOMPARE(observation("locks:degraded")->nodes.at(1).status, Status::Absent);
        QCOMPARE(kinds("locks:held"), QList<Kind>{Kind::Acquired});
        QCOMPARE(kinds("locks:degraded"), QList<Kind>{Kind::Acquired});
        QVERIFY(kinds("locks:split").isEmpty());
        QVERIFY(kinds("locks:leftover").isEmpty());
        const RedlockEvent acquired = *std::find_if(m_log.cbegin(), m_log.cend(), [](const RedlockEvent &e) { return e.key == "locks:held"; });
        QCOMPARE(acquired.token, tokenA);
        QCOMPARE(acquired.observation.nodes.size(), 5);
        QVERIFY(acquired.validityMs > 0 && acquired.validityMs <= 60000 - 602);
    }

    // Between two walks the watch reads only what it knows, by key: a known lock's release
    // is seen at once, a new key not before the next walk (a minute away here), however many
    // rounds go by.
    void knownLocksBetweenWalks()
    {
        QVERIFY(m_group.lock("locks:known", tokenA, {0, 1, 2, 3, 4}));
        QVERIFY(m_group.lock("locks:split", tokenA, {0, 1}));
        QVERIFY(m_group.lock("locks:split", tokenB, {2, 3}));
        watch(60000);
        QCOMPARE(quorum("locks:known"), Quorum::Held);
        QCOMPARE(quorum("locks:split"), Quorum::Split);
        QVERIFY(m_group.lock("locks:new", tokenB, {0, 1, 2, 3, 4}));
        m_group.unlock("locks:known");
        QTRY_COMPARE_WITH_TIMEOUT(kinds("locks:known"), QList<Kind>{Kind::Released}, 10000);
        QSignalSpy rounds(m_watch.get(), &RedlockWatchService::observed);
        QTRY_VERIFY_WITH_TIMEOUT(rounds.size() >= 3, 10000);
        QVERIFY(!observation("locks:new"));
        QCOMPARE(quorum("locks:split"), Quorum::Split); // not tracked, still read: no gap in the table
    }

    // One read round per --interval, however fast the servers answer: the watch must not
    // turn into a loop that floods the nodes (a lower bound on time: never flaky when slow).
    void pacedByTheInterval()
    {
        QVERIFY(m_group.lock("locks:known", tokenA, {0, 1, 2, 3, 4}));
        watch(60000);
        m_watch->setInterval(400);
        QSignalSpy rounds(m_watch.get(), &RedlockWatchService::observed);
        QTRY_VERIFY_WITH_TIMEOUT(rounds.size() >= 1, 10000); // the round already under way, then paced ones
        QElapsedTimer paced;
        paced.start();
        QTRY_VERIFY_WITH_TIMEOUT(rounds.size() >= 4, 10000);
        QVERIFY2(paced.elapsed() >= 2 * 400, qPrintable(QStringLiteral("3 rounds in %1 ms").arg(paced.elapsed())));
    }

    // Renewed, handed over and released at group level, as the holder's library does them
    // node after node; every step seen once.
    void lifeOfALock()
    {
        QVERIFY(m_group.lock("locks:job", tokenA, {0, 1, 2, 3, 4}, 20000));
        watch();
        QCOMPARE(quorum("locks:job"), Quorum::Held);
        QVERIFY(m_log.isEmpty()); // there before the watch: not seen acquired

        for (int i = 0; i < TestRedlockGroup::size; ++i) // node-redlock's extend: PEXPIRE where the token is
            m_group.node(i).command({"PEXPIRE", "locks:job", "60000"});
        QTRY_COMPARE_WITH_TIMEOUT(kinds("locks:job"), QList<Kind>{Kind::Renewed}, 10000);

        for (int i = 0; i < TestRedlockGroup::size; ++i) // another holder takes over, node after node
            m_group.node(i).command({"SET", "locks:job", tokenB, "PX", "60000"});
        QTRY_COMPARE_WITH_TIMEOUT(kinds("locks:job"), (QList<Kind>{Kind::Renewed, Kind::HandedOver}), 10000);
        QCOMPARE(m_log.last().previousToken, tokenA);
        QCOMPARE(m_log.last().token, tokenB);

        m_group.unlock("locks:job");
        QTRY_COMPARE_WITH_TIMEOUT(kinds("locks:job"), (QList<Kind>{Kind::Renewed, Kind::HandedOver, Kind::Released}), 10000);
        QCOMPARE(m_log.last().token, tokenB);
    }

    void expiry()
    {
        watch();
        QVERIFY(m_group.lock("locks:short", tokenA, {0, 1, 2, 3, 4}, 1500));
        QTRY_COMPARE_WITH_TIMEOUT(kinds("locks:short"), QList<Kind>{Kind::Acquired}, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(kinds("locks:short"), (QList<Kind>{Kind::Acquired, Kind::Expired}), 10000);
    }

    // Three servers that hang (stopped processes: their connections stay open, nothing
    // answers): the watch goes on without them once a command has waited too long, reports
    // them down and the quorum lost, and gets both back when they answer again.
    void serversThatHangWhileWatching()
    {
        QVERIFY(m_group.lock("locks:h", tokenA, {0, 1, 2, 3, 4}, 120000));
        watch();
        QCOMPARE(quorum("locks:h"), Quorum::Held);
        const QList<int> hung{0, 2, 4};
        const auto cont = [this, hung] {
            for (int i : hung)
                ::kill(pid_t(m_group.node(i).pid()), SIGCONT);
        };
        auto resume = qScopeGuard(cont); // never leave a server stopped
        for (int i : hung)
            QCOMPARE(::kill(pid_t(m_group.node(i).pid()), SIGSTOP), 0);
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::QuorumLost), 1, 15000);
        for (int i : hung)
            QTRY_COMPARE_WITH_TIMEOUT(count(Kind::NodeDown, i), 1, 10000);
        QCOMPARE(quorum("locks:h"), Quorum::Unknown);
        QVERIFY(observation("locks:h")->nodes.at(2).error.contains(QLatin1String("not answering")));

        cont(); // answering again
        resume.dismiss();
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::QuorumRegained), 1, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::NodeUp), 3, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(quorum("locks:h"), Quorum::Held, 10000);
        QVERIFY2(count(Kind::Released) == 0 && count(Kind::Expired) == 0 && count(Kind::Acquired) == 0, qPrintable(logText()));
    }

    // A lock released while one node of five hangs is gone: that node alone cannot hold a
    // majority, so the key is free and leaves the table, not "unknown" until the node answers.
    void aLockReleasedWhileOneNodeHangsIsFree()
    {
        QVERIFY(m_group.lock("locks:r", tokenA, {0, 1, 2, 3, 4}, 120000));
        watch();
        QCOMPARE(quorum("locks:r"), Quorum::Held);
        auto resume = qScopeGuard([this] { ::kill(pid_t(m_group.node(4).pid()), SIGCONT); });
        QCOMPARE(::kill(pid_t(m_group.node(4).pid()), SIGSTOP), 0);
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::NodeDown, 4), 1, 15000);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(m_group.node(i).command({"DEL", "locks:r"}).integer(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::Released), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(quorum("locks:r"), Quorum::Free, 10000);
        QCOMPARE(count(Kind::QuorumLost), 0);
    }

    // One and then three servers stopped under a running watch: the nodes go down, the lock
    // stays held until the third (a majority can no longer be seen), never released; the
    // servers back with their locks give the quorum back. Last: it stops servers.
    void serversStoppedWhileWatching()
    {
        QVERIFY(m_group.lock("locks:a", tokenA, {0, 1, 2, 3, 4}, 120000));
        watch();
        QCOMPARE(quorum("locks:a"), Quorum::Held);

        m_group.node(0).kill();
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::NodeDown, 0), 1, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(observation("locks:a")->nodes.at(0).status, Status::Unreadable, 10000);
        QCOMPARE(quorum("locks:a"), Quorum::Held); // four of five

        m_group.node(1).kill();
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::NodeDown, 1), 1, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(quorum("locks:a"), Quorum::Degraded, 10000); // three of five: one more loses it
        QCOMPARE(count(Kind::QuorumLost), 0);

        m_group.node(2).kill();
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::QuorumLost), 1, 15000);
        QCOMPARE(quorum("locks:a"), Quorum::Unknown);
        // A key read that failed may tell before the node's whole walk fails: the node down may come second.
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::NodeDown, 2), 1, 15000);
        const RedlockEvent lost = *std::find_if(m_log.cbegin(), m_log.cend(), [](const RedlockEvent &e) { return e.kind == Kind::QuorumLost; });
        QCOMPARE(lost.key, QByteArray("locks:a"));
        QCOMPARE(lost.token, tokenA);
        QCOMPARE(lost.observation.assess().unreadable, 3);
        QCOMPARE(lost.observation.assess().holding, 2);

        QVERIFY(m_group.node(2).restart());
        QCOMPARE(m_group.node(2).command({"GET", "locks:a"}).bytes(), tokenA); // its append-only file brought it back
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::QuorumRegained), 1, 15000);
        QCOMPARE(count(Kind::NodeUp, 2), 1);
        QCOMPARE(quorum("locks:a"), Quorum::Degraded);
        QVERIFY(m_group.node(0).restart());
        QVERIFY(m_group.node(1).restart());
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::NodeUp), 3, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(quorum("locks:a"), Quorum::Held, 10000);

        // Nothing was released, expired or taken while the servers were away.
        QVERIFY2(count(Kind::Released) == 0 && count(Kind::Expired) == 0 && count(Kind::Acquired) == 0 && count(Kind::HandedOver) == 0,
                 qPrintable(logText()));
        QCOMPARE(count(Kind::QuorumLost), 1);

        m_group.unlock("locks:a");
        QTRY_COMPARE_WITH_TIMEOUT(count(Kind::Released), 1, 10000);
    }
};

QTEST_GUILESS_MAIN(TestRedlockWatchService)
#include "tst_redlockwatchservice.moc"

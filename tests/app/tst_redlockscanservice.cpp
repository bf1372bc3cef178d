#include "dialectregistry.h"
#include "redlockscanservice.h"
#include "testredlockgroup.h"

#include <QSignalSpy>
#include <QTest>

namespace {
using Quorum = RedlockObservation::Quorum;
using Status = RedlockObservation::Node::Status;

const QByteArray &tokenA = TestRedlockGroup::tokenA;
const QByteArray &tokenB = TestRedlockGroup::tokenB;
} // namespace

// A Redlock group of five real servers, written as node-redlock writes a lock (SET key token
// NX PX on each node, the same token everywhere), read back by one group scan.
class TestRedlockScanService : public QObject
{
    Q_OBJECT

private:
    TestRedlockGroup m_group;
    DialectRegistry m_registry;

    QList<ConnectionProfile> profiles() const { return m_group.profiles(); }

    // The lock as node-redlock's acquire leaves it on the nodes named.
    void lock(const QByteArray &key, const QByteArray &token, const QList<int> &on, qint64 ttlMs = 60000)
    {
        QVERIFY(m_group.lock(key, token, on, ttlMs));
    }

    QList<RedlockObservation> scan(RedlockScanService &service, bool walk = true)
    {
        QSignalSpy finished(&service, &RedlockScanService::finished);
        service.start(walk);
        if (!finished.wait(30000))
            return {};
        return finished.first().first().value<QList<RedlockObservation>>();
    }

    static const RedlockObservation *find(const QList<RedlockObservation> &all, const QByteArray &key)
    {
        for (const RedlockObservation &o : all)
            if (o.key == key)
                return &o;
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_group.start());
    }

    void init()
    {
        m_group.flushAll();
    }

    void theFourStatesProducedOnPurpose()
    {
        lock("locks:held", tokenA, {0, 1, 2, 3, 4});
        lock("locks:degraded", tokenA, {0, 2, 4});
        lock("locks:split", tokenA, {0, 1});
        lock("locks:split", tokenB, {2, 3});
        lock("locks:leftover", tokenB, {3});
        m_group.node(1).command({"SET", "user:1", "not a lock"});

        RedlockScanService service(profiles(), &m_registry);
        const QList<RedlockObservation> all = scan(service);
        QCOMPARE(all.size(), 4); // one per key, whatever the number of nodes holding it
        QCOMPARE(all.first().key, QByteArray("locks:degraded")); // sorted by key

        const RedlockObservation *held = find(all, "locks:held");
        QVERIFY(held);
        QCOMPARE(held->nodes.size(), 5);
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(held->nodes.at(i).name, QStringLiteral("127.0.0.1:%1").arg(m_group.node(i).port())); // in the order given
            QCOMPARE(held->nodes.at(i).status, Status::Holding);
            QCOMPARE(held->nodes.at(i).token, tokenA);
            QVERIFY(held->nodes.at(i).ttlMs > 0 && held->nodes.at(i).ttlMs <= 60000);
            QCOMPARE(held->nodes.at(i).dialect, QStringLiteral("node-redlock"));
        }
        RedlockObservation::Assessment a = held->assess();
        QCOMPARE(a.quorum, Quorum::Held);
        QCOMPARE(a.token, tokenA);
        QVERIFY(a.validityMs > 0 && a.validityMs <= 60000 - 602);

        a = find(all, "locks:degraded")->assess();
        QCOMPARE(a.quorum, Quorum::Degraded);
        QCOMPARE(a.tokenNodes, (QList<int>{0, 2, 4}));
        QCOMPARE(find(all, "locks:degraded")->nodes.at(1).status, Status::Absent);

        a = find(all, "locks:split")->assess();
        QCOMPARE(a.quorum, Quorum::Split);
        QCOMPARE(a.tokens, 2);
        QCOMPARE(find(all, "locks:split")->nodes.at(2).token, tokenB);

        a = find(all, "locks:leftover")->assess();
        QCOMPARE(a.quorum, Quorum::Leftover);
        QCOMPARE(a.tokenNodes, QList<int>{3});
    }

    // The drift factor is the application's: a larger one leaves less validity.
    void driftFactorShortensValidity()
    {
        lock("locks:held", tokenA, {0, 1, 2, 3, 4}, 10000);
        RedlockScanService service(profiles(), &m_registry);
        const QList<RedlockObservation> all = scan(service);
        QCOMPARE(all.size(), 1);
        const qint64 small = all.first().assess(0.01).validityMs;
        const qint64 large = all.first().assess(0.1).validityMs;
        QVERIFY2(small > large && small <= 10000 - 102 && large <= 10000 - 1002, qPrintable(QStringLiteral("%1 %2").arg(small).arg(large)));
    }

    // The same service scans again and sees what changed: a lock released on two nodes.
    void scansAgain()
    {
        lock("locks:held", tokenA, {0, 1, 2, 3, 4});
        RedlockScanService service(profiles(), &m_registry);
        QCOMPARE(scan(service).first().assess().quorum, Quorum::Held);
        m_group.node(0).command({"DEL", "locks:held"});
        m_group.node(1).command({"DEL", "locks:held"});
        const QList<RedlockObservation> again = scan(service);
        QCOMPARE(again.size(), 1);
        QCOMPARE(again.first().assess().quorum, Quorum::Degraded);
        QCOMPARE(again.first().nodes.at(0).status, Status::Absent);
    }

    // Without a walk only the known keys are read, by key, on every node: a watch's round
    // between two walks. A key no node has any more reads as absent everywhere (free).
    void readsOnlyKnownKeysWithoutAWalk()
    {
        lock("locks:known", tokenA, {0, 1, 2});
        lock("locks:unknown", tokenB, {0, 1, 2, 3, 4});
        RedlockScanService service(profiles(), &m_registry);
        service.setKnownKeys({"locks:known", "locks:gone"});
        const QList<RedlockObservation> read = scan(service, false);
        QCOMPARE(read.size(), 2);
        QVERIFY(!find(read, "locks:unknown"));
        QCOMPARE(find(read, "locks:known")->assess().quorum, Quorum::Degraded);
        QCOMPARE(find(read, "locks:known")->nodes.at(3).status, Status::Absent);
        QCOMPARE(find(read, "locks:gone")->assess().quorum, Quorum::Free);
        // With a walk, the unknown key is found too.
        QVERIFY(find(scan(service, true), "locks:unknown"));
    }

    // A node that refuses the connection's setup is unreadable with the server's own reason,
    // not a bare "not connected".
    void aRefusedNodeSaysWhy()
    {
        QList<ConnectionProfile> nodes = profiles();
        nodes[1].database = 99;
        RedlockScanService service(nodes, &m_registry);
        QSignalSpy failed(&service, &RedlockScanService::nodeFailed);
        scan(service);
        QCOMPARE(failed.size(), 1);
        QVERIFY2(failed.first().at(1).toString().contains(QStringLiteral("DB index is out of range")), qPrintable(failed.first().at(1).toString()));
    }

    // Keys under the lock patterns that no dialect decodes still block an acquire: a list
    // on every node is held (with no token), a binary string on three of five is degraded,
    // its value its token, so that a force-release can be guarded by exactly it.
    void undecodedKeysStillHold()
    {
        for (int i = 0; i < TestRedlockGroup::size; ++i) {
            QVERIFY(m_group.node(i).command({"RPUSH", "locks:list", "x"}).isInteger());
            QVERIFY(m_group.node(i).command({"PEXPIRE", "locks:list", "60000"}).isInteger());
        }
        for (int i : {0, 1, 2})
            QVERIFY(m_group.node(i).command({"SET", "locks:binary", QByteArray("\xff\xfe\x01", 3), "PX", "60000"}).isStatus("OK"));
        RedlockScanService service(profiles(), &m_registry);
        const QList<RedlockObservation> all = scan(service);
        QVERIFY(find(all, "locks:list"));
        QCOMPARE(find(all, "locks:list")->assess().quorum, Quorum::Held);
        QVERIFY(find(all, "locks:binary"));
        const RedlockObservation::Assessment binary = find(all, "locks:binary")->assess();
        QCOMPARE(binary.quorum, Quorum::Degraded);
        QCOMPARE(binary.token, QByteArray("\xff\xfe\x01", 3));
    }

    // One server under two names (an address and a host name, as a DNS alias does): its second
    // node is not counted, and said so, or a lock on one server of three would be "held".
    void oneServerTwiceDoesNotVoteTwice()
    {
        lock("locks:one", tokenA, {0});
        QList<ConnectionProfile> nodes = {profiles().at(0), profiles().at(0), profiles().at(1)};
        nodes[1].host = QStringLiteral("localhost");
        RedlockScanService service(nodes, &m_registry);
        QSignalSpy failed(&service, &RedlockScanService::nodeFailed);
        const RedlockObservation *o = nullptr;
        const QList<RedlockObservation> all = scan(service);
        o = find(all, "locks:one");
        QVERIFY(o);
        QCOMPARE(o->nodes.at(0).status, Status::Holding);
        QCOMPARE(o->nodes.at(1).status, Status::Unreadable);
        QVERIFY2(o->nodes.at(1).error.contains(QStringLiteral("the same server as node 1 (127.0.0.1:%1").arg(m_group.node(0).port())),
                 qPrintable(o->nodes.at(1).error));
        QCOMPARE(o->nodes.at(2).status, Status::Absent);
        QVERIFY(o->assess().quorum != Quorum::Held && o->assess().quorum != Quorum::Degraded);
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.first().first().toInt(), 1);

        // Where an ACL refuses INFO (no run_id to compare), the address the two connections
        // reached still tells: the same ip:port is the same server.
        QVERIFY(m_group.node(0).command({"ACL", "SETUSER", "noinfo", "on", ">pw", "~*", "+@all", "-info"}).isStatus("OK"));
        for (ConnectionProfile &n : nodes) {
            n.user = QStringLiteral("noinfo");
            n.password = QStringLiteral("pw");
        }
        nodes[2] = profiles().at(1);
        RedlockScanService restricted(nodes, &m_registry);
        const QList<RedlockObservation> seen = scan(restricted);
        const RedlockObservation *r = find(seen, "locks:one");
        QVERIFY(r);
        QCOMPARE(r->nodes.at(1).status, Status::Unreadable);
        QVERIFY2(r->nodes.at(1).error.contains(QStringLiteral("address 127.0.0.1:%1").arg(m_group.node(0).port())),
                 qPrintable(r->nodes.at(1).error));
        QVERIFY(m_group.node(0).command({"ACL", "DELUSER", "noinfo"}).isInteger());

        // Three distinct servers: nothing refused.
        RedlockScanService distinct({profiles().at(0), profiles().at(1), profiles().at(2)}, &m_registry);
        QSignalSpy none(&distinct, &RedlockScanService::nodeFailed);
        QCOMPARE(find(scan(distinct), "locks:one")->assess().quorum, Quorum::Leftover);
        QCOMPARE(none.size(), 0);
    }

    // A node that is down is an error on every key, never "absent": the quorum does not count
    // it as not holding. Last: it stops a server.
    void aNodeDownIsAnErrorNotAbsent()
    {
        lock("locks:held", tokenA, {0, 1, 2, 3, 4});
        lock("locks:degraded", tokenA, {0, 1, 2});
        lock("locks:split", tokenA, {0, 1});
        lock("locks:split", tokenB, {2});
        lock("locks:leftover", tokenB, {4});
        m_group.node(3).kill();

        RedlockScanService service(profiles(), &m_registry);
        QSignalSpy failed(&service, &RedlockScanService::nodeFailed);
        const QList<RedlockObservation> all = scan(service);
        QCOMPARE(all.size(), 4);
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.first().first().toInt(), 3);
        for (const RedlockObservation &o : all) {
            QCOMPARE(o.nodes.at(3).status, Status::Unreadable);
            QVERIFY(!o.nodes.at(3).error.isEmpty());
            QCOMPARE(o.nodes.at(3).name, QStringLiteral("127.0.0.1:%1").arg(m_group.node(3).port()));
        }
        QCOMPARE(find(all, "locks:held")->assess().quorum, Quorum::Held); // four of five still
        QCOMPARE(find(all, "locks:degraded")->assess().quorum, Quorum::Degraded);
        // Two of A, one of B and the dead node might hold A: no split can be claimed.
        QCOMPARE(find(all, "locks:split")->assess().quorum, Quorum::Unknown);
        // One of B, and even with the dead node two: a minority either way.
        QCOMPARE(find(all, "locks:leftover")->assess().quorum, Quorum::Leftover);
    }
};

QTEST_GUILESS_MAIN(TestRedlockScanService)
#include "tst_redlockscanservice.moc"

#include "auditlog.h"
#include "dialectregistry.h"
#include "grouptransport.h"
#include "redlockadminservice.h"
#include "redlockscanservice.h"
#include "testredis.h"
#include "testredlockgroup.h"
#include "testsshd.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

// A Redlock group whose nodes are saved connections of every kind, against the real things
// started by the test: a redis-server reached straight, one on a Unix socket only, and one
// behind an sshd on loopback (the bastion, with throwaway keys). Each node is read and written
// the way its connection says, never straight to its host:port.
namespace {
using Quorum = RedlockObservation::Quorum;
using Status = RedlockObservation::Node::Status;
constexpr int waitMs = 20000;
const QByteArray &token = TestRedlockGroup::tokenA;

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

class TestGroupTransport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    QTemporaryDir m_socketDir;
    TestRedis m_straight;
    TestRedis m_local; // on a Unix socket
    TestRedis m_behind; // behind the bastion
    TestSshd m_sshd;
    DialectRegistry m_registry;
    std::unique_ptr<AuditLog> m_audit;

    QString knownHosts() const { return m_home.filePath(QStringLiteral(".ssh/known_hosts")); }
    QString socketPath() const { return m_socketDir.filePath(QStringLiteral("redis.sock")); }

    ConnectionProfile onSocket() const
    {
        ConnectionProfile p = m_local.profile();
        p.socketPath = socketPath();
        p.port = 1; // nothing listens there: only the socket can answer
        return p;
    }

    ConnectionProfile throughBastion(const TestRedis &redis) const
    {
        ConnectionProfile p = redis.profile();
        p.ssh.host = QStringLiteral("127.0.0.1");
        p.ssh.port = m_sshd.port();
        p.ssh.user = m_sshd.userName();
        p.ssh.keyFile = m_sshd.userKeyFile();
        return p;
    }

    // Straight, socket, tunnel: in that order.
    QList<ConnectionProfile> mixedGroup() const { return {m_straight.profile(), onSocket(), throughBastion(m_behind)}; }

    void trustTheBastion() { QVERIFY(m_sshd.trustIn(knownHosts())); }

    void lockEverywhere(const QByteArray &key)
    {
        for (TestRedis *redis : {&m_straight, &m_local, &m_behind})
            QVERIFY(redis->command({"SET", key, token, "PX", "60000"}).isStatus("OK"));
    }

    QList<RedlockObservation> scan(RedlockScanService &service, bool walk = true)
    {
        QSignalSpy finished(&service, &RedlockScanService::finished);
        service.start(walk);
        if (!finished.wait(waitMs))
            return {};
        return finished.first().first().value<QList<RedlockObservation>>();
    }

    static RedlockObservation only(const QList<RedlockObservation> &all, const QByteArray &key)
    {
        for (const RedlockObservation &o : all)
            if (o.key == key)
                return o;
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QVERIFY(TestSshd::useHome(m_home.path()));
        m_audit = std::make_unique<AuditLog>(m_home.filePath(QStringLiteral("audit.log")));
        QVERIFY(m_straight.start());
        QVERIFY(m_local.start({QStringLiteral("--unixsocket"), socketPath(), QStringLiteral("--unixsocketperm"), QStringLiteral("700")}));
        QVERIFY(m_behind.start());
        QVERIFY2(m_sshd.start(), qPrintable(m_sshd.log()));
    }

    void init()
    {
        QFile::remove(knownHosts());
        for (TestRedis *redis : {&m_straight, &m_local, &m_behind})
            redis->command({"FLUSHALL"});
    }

    // The group scan reads each node its own way: all three hold the lock, the socket node
    // by its socket (its port has nothing behind it), the third through the bastion.
    void scanReadsEachNodeItsOwnWay()
    {
        trustTheBastion();
        lockEverywhere("lock:orders");
        RedlockScanService service(mixedGroup(), &m_registry);
        const RedlockObservation o = only(scan(service), "lock:orders");
        QCOMPARE(o.nodes.size(), 3);
        for (const RedlockObservation::Node &n : o.nodes) {
            QCOMPARE(n.status, Status::Holding);
            QCOMPARE(n.token, token);
        }
        QCOMPARE(o.assess().quorum, Quorum::Held);
        QVERIFY(m_local.command({"CLIENT", "LIST"}).bytes().contains("addr=" + socketPath().toUtf8()));
        QCOMPARE(o.nodes.at(1).name, QStringLiteral("unix:") + socketPath()); // named by its socket, not an idle port
    }

    // Two nodes behind one unknown bastion: one question, and its answer lets both through.
    void oneQuestionPerBastion()
    {
        GroupTransport transport({throughBastion(m_straight), onSocket(), throughBastion(m_behind)});
        QSignalSpy asked(&transport, &GroupTransport::hostKeyUnknown);
        QSignalSpy settled(&transport, &GroupTransport::settled);
        transport.start();
        QVERIFY(asked.wait(waitMs));
        QCOMPARE(asked.first().at(2).toString(), m_sshd.hostKeyFingerprint());
        QVERIFY(transport.isReady(1)); // the socket node waits for nobody
        QVERIFY(!transport.isSettled());
        transport.acceptHostKey(asked.first().at(0).toInt(), false);
        QVERIFY(settled.wait(waitMs));
        QVERIFY(transport.isReady(0) && transport.isReady(2));
        QCOMPARE(asked.size(), 1);
        QVERIFY(!readFile(knownHosts()).contains(m_sshd.knownHostsName().toUtf8())); // trusted this time only
    }

    // A refused bastion fails its nodes, with the reason, and only them: the group scan reads
    // them as unreadable (never absent), and admin actions do not write there.
    void refusedBastionFailsItsNodesOnly()
    {
        lockEverywhere("lock:orders");
        GroupTransport transport(mixedGroup());
        connect(&transport, &GroupTransport::hostKeyUnknown, &transport, [&transport](int node) { transport.rejectHostKey(node); });
        RedlockScanService service(mixedGroup(), &m_registry, nullptr, &transport);
        const RedlockObservation o = only(scan(service), "lock:orders");
        QCOMPARE(o.nodes.size(), 3);
        QCOMPARE(o.nodes.at(0).status, Status::Holding);
        QCOMPARE(o.nodes.at(1).status, Status::Holding);
        QCOMPARE(o.nodes.at(2).status, Status::Unreadable);
        QVERIFY2(!o.nodes.at(2).error.isEmpty() && o.nodes.at(2).error == transport.failure(2), qPrintable(o.nodes.at(2).error));
        QCOMPARE(o.assess().quorum, Quorum::Degraded);

        RedlockGroup group;
        group.nodes = mixedGroup();
        group.retryCount = 0;
        RedlockAdminService admin(group, &m_registry, m_audit.get(), nullptr, &transport);
        const RedlockAdminResult released = TestRedlockGroup::run(admin, admin.planForceRelease(o));
        QCOMPARE(released.nodes.size(), 3);
        QCOMPARE(released.nodes.at(0).outcome, RedlockNodeResult::Outcome::Done);
        QCOMPARE(released.nodes.at(1).outcome, RedlockNodeResult::Outcome::Done);
        QVERIFY(released.nodes.at(2).outcome != RedlockNodeResult::Outcome::Done);
        QVERIFY(m_straight.command({"EXISTS", "lock:orders"}).integer() == 0);
        QVERIFY(m_local.command({"EXISTS", "lock:orders"}).integer() == 0);
        QCOMPARE(m_behind.command({"GET", "lock:orders"}).bytes(), token); // never reached, never touched
    }

    // LockScope's own acquire writes every node its own way, through the scan's tunnels.
    void acquireWritesThroughTheSharedTransport()
    {
        trustTheBastion();
        RedlockGroup group;
        group.nodes = mixedGroup();
        group.retryCount = 0;
        GroupTransport transport(group.nodes);
        RedlockScanService service(group.nodes, &m_registry, nullptr, &transport);
        QVERIFY(only(scan(service), "lock:jobs").key.isEmpty());
        RedlockAdminService admin(group, &m_registry, m_audit.get(), nullptr, &transport);
        const RedlockAdminResult r = TestRedlockGroup::run(admin, admin.planAcquire("lock:jobs", token, 60000));
        QCOMPARE(r.result.outcome, AdminResult::Outcome::Done);
        for (TestRedis *redis : {&m_straight, &m_local, &m_behind})
            QCOMPARE(redis->command({"GET", "lock:jobs"}).bytes(), token);
    }

    // An action first in line (no scan has opened the tunnels) waits for them: while the
    // bastion's key is still being asked about, nothing is decided; once it is trusted, the
    // node behind it is released like the other, not skipped as "not connected".
    void actionWaitsForTheTunnels()
    {
        lockEverywhere("lock:orders");
        RedlockGroup group;
        group.nodes = {m_straight.profile(), throughBastion(m_behind)};
        GroupTransport transport(group.nodes);
        QSignalSpy asked(&transport, &GroupTransport::hostKeyUnknown);
        RedlockAdminService admin(group, &m_registry, m_audit.get(), nullptr, &transport);
        std::optional<RedlockAdminResult> result;
        admin.execute(admin.planRelease("lock:orders", token), nullptr, [&](const RedlockAdminResult &r) { result = r; });
        QVERIFY(asked.wait(waitMs));
        QVERIFY(!result); // nothing decided, nothing written, while the question waits
        QCOMPARE(m_straight.command({"GET", "lock:orders"}).bytes(), token);
        transport.acceptHostKey(asked.first().at(0).toInt(), false);
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), waitMs);
        QCOMPARE(result->nodes.size(), 2);
        for (const RedlockNodeResult &n : result->nodes)
            QVERIFY2(n.outcome == RedlockNodeResult::Outcome::Done, qPrintable(n.node + QLatin1Char(' ') + n.message));
        for (TestRedis *redis : {&m_straight, &m_behind})
            QCOMPARE(redis->command({"EXISTS", "lock:orders"}).integer(), qint64(0));
    }

    // The bastion goes away under a running group: its node reads as unreadable from then
    // on, not as released; a straight connection to the same server would still read it.
    void lostTunnelIsUnreadableNotAbsent()
    {
        trustTheBastion();
        lockEverywhere("lock:orders");
        RedlockScanService service(mixedGroup(), &m_registry);
        service.setKnownKeys({"lock:orders"}); // as a watch does: read by key between walks
        QCOMPARE(only(scan(service), "lock:orders").assess().quorum, Quorum::Held);
        m_sshd.stop();
        // Unreadable, and said why: the tunnel through the bastion, not a local port's refusal.
        QTRY_VERIFY_WITH_TIMEOUT(only(scan(service, false), "lock:orders").nodes.value(2).error.contains(QStringLiteral("SSH tunnel through")),
                                 waitMs);
        const RedlockObservation o = only(scan(service, false), "lock:orders");
        QCOMPARE(o.nodes.at(0).status, Status::Holding);
        QCOMPARE(o.nodes.at(1).status, Status::Holding);
        QCOMPARE(o.nodes.at(2).status, Status::Unreadable);
        QCOMPARE(o.assess().quorum, Quorum::Degraded);
        QCOMPARE(m_behind.command({"GET", "lock:orders"}).bytes(), token);
    }
};

QTEST_GUILESS_MAIN(TestGroupTransport)
#include "tst_grouptransport.moc"

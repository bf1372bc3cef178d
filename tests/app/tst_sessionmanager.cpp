#include "keyspacenotifications.h"
#include "servertopology.h"
#include "auditlog.h"
#include "dialectregistry.h"
#include "keyspacenotifier.h"
#include "lockeventservice.h"
#include "sandboxserver.h"
#include "serverlauncher.h"
#include "session.h"
#include "sessionmanager.h"
#include "testredis.h"
#include "watchservice.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
QByteArray flags(TestRedis &redis)
{
    return redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes();
}

// The embedded sandbox's stand-in: a private redis-server, started once per launcher.
class TestLauncher final : public ServerLauncher
{
public:
    static inline int started = 0;

    explicit TestLauncher(QObject *parent)
        : ServerLauncher(parent)
        , m_server(new SandboxServer(this))
    {
        connect(m_server, &SandboxServer::ready, this, [this](quint16 port) {
            ConnectionProfile p;
            p.port = port;
            Q_EMIT ready(p);
        });
        connect(m_server, &SandboxServer::failed, this, &ServerLauncher::failed);
    }
    void start() override
    {
        ++started;
        m_server->start();
    }

private:
    SandboxServer *m_server;
};
} // namespace

class TestSessionManager : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    DialectRegistry m_registry;
    std::unique_ptr<AuditLog> m_audit;

    // Waits for the session to be ready and, when asked, live with notifications it turned on.
    static bool settle(SessionManager &m, bool live)
    {
        Session *s = m.session();
        if (!s || !QTest::qWaitFor([s] { return s->isReady(); }, 5000))
            return false;
        if (!live)
            return true;
        s->events()->notifier()->setMayEnable(true);
        return QTest::qWaitFor([s] { return s->events()->isLive() && s->events()->notifier()->changedServer(); }, 5000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_audit = std::make_unique<AuditLog>(m_dir.filePath(QStringLiteral("audit.log")));
    }

    // Once a use-after-free: the notifier's destructor reached for a connection Qt had
    // already destroyed. Run under AddressSanitizer (LOCKSCOPE_SANITIZE=address) in CI.
    void switchesRepeatedlyWithNotificationsOn()
    {
        TestRedis a, b;
        QVERIFY(a.start());
        QVERIFY(b.start());
        a.command({"SET", "lock:a", "token-a", "PX", "600000"});
        b.command({"SET", "lock:b", "token-b", "PX", "600000"});
        SessionManager m(&m_registry, m_audit.get());
        QSignalSpy changed(&m, &SessionManager::sessionChanged);
        QList<QPointer<Session>> old;
        for (int round = 0; round < 8; ++round) {
            TestRedis &server = round % 2 == 0 ? a : b;
            TestRedis &other = round % 2 == 0 ? b : a;
            m.connectTo(server.profile());
            QCOMPARE(changed.size(), round + 1);
            QCOMPARE(changed.last().at(0).value<Session *>(), m.session());
            // Switching leaves nothing of LockScope's on the server it left.
            QTRY_COMPARE(flags(other), QByteArray());
            QVERIFY(settle(m, true));
            QVERIFY(!flags(server).isEmpty());
            old << m.session();
        }
        // Every session but the current one has been deleted; none outlived its switch.
        for (qsizetype i = 0; i + 1 < old.size(); ++i)
            QTRY_VERIFY(old.at(i).isNull());
        bool done = false;
        m.shutdown(this, [&] {
            // By the time shutdown says it is done, the server has its setting back.
            QCOMPARE(flags(b), QByteArray());
            done = true;
        });
        QTRY_VERIFY(done);
        QVERIFY(!m.session());
        QCOMPARE(changed.last().at(0).value<Session *>(), nullptr);
    }

    void aSwitchMidScanDeliversNothingOfTheOldServer()
    {
        TestRedis a, b;
        QVERIFY(a.start());
        QVERIFY(b.start());
        // Enough locks on a that its scan is still running when the switch comes.
        QList<QByteArray> mset{"MSET"};
        for (int i = 0; i < 20000; ++i)
            mset << "lock:a:" + QByteArray::number(i) << "t";
        a.command(mset);
        b.command({"SET", "lock:b", "token-b"});
        SessionManager m(&m_registry, m_audit.get());
        QList<QByteArray> seen;
        connect(&m, &SessionManager::sessionChanged, this, [&seen](Session *s) {
            if (s)
                connect(s->watch(), &WatchService::locksChanged, s, [&seen](const QList<LockInfo> &locks) {
                    for (const LockInfo &l : locks)
                        seen << l.key();
                });
        });
        m.connectTo(a.profile());
        QTRY_VERIFY(!seen.isEmpty()); // a's scan has begun delivering
        m.connectTo(b.profile());
        seen.clear();
        Session *now = m.session();
        QSignalSpy scanned(now->watch()->discovery(), &DiscoveryService::finished);
        QVERIFY(scanned.wait(10000));
        // Give anything of a's still in flight every chance to arrive: two refreshes of b.
        now->watch()->setRefreshInterval(100);
        QSignalSpy refreshed(now->watch(), &WatchService::refreshed);
        QTRY_VERIFY(refreshed.size() >= 2);
        QCOMPARE(seen, QList<QByteArray>{"lock:b"});
    }

    void sandboxStartsOnceAndIsReused()
    {
        TestRedis other;
        QVERIFY(other.start());
        TestLauncher::started = 0;
        SessionManager m(&m_registry, m_audit.get());
        QVERIFY(!m.hasSandbox());
        m.setSandboxFactory([](QObject *parent) { return new TestLauncher(parent); });
        QVERIFY(m.hasSandbox());
        QSignalSpy starting(&m, &SessionManager::sandboxStarting);
        m.openSandbox();
        QCOMPARE(starting.size(), 1);
        QTRY_VERIFY(m.session() && m.isSandbox());
        const quint16 port = m.session()->profile().port;
        m.connectTo(other.profile());
        QVERIFY(!m.isSandbox());
        m.openSandbox();
        QVERIFY(m.isSandbox());
        QCOMPARE(m.session()->profile().port, port);
        QCOMPARE(TestLauncher::started, 1);
        QVERIFY(settle(m, false));
    }

    void reconnectOpensAFreshSessionOnTheSameServer()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        SessionManager m(&m_registry, m_audit.get());
        m.connectTo(redis.profile());
        QVERIFY(settle(m, false));
        const QPointer<Session> first = m.session();
        m.reconnect();
        QVERIFY(m.session() != first.data());
        QCOMPARE(m.session()->profile(), redis.profile());
        QVERIFY(settle(m, false));
        QTRY_VERIFY(first.isNull());
    }

    void aRefusedServerIsOneErrorAndAState()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        ConnectionProfile refused = redis.profile();
        redis.kill();
        SessionManager m(&m_registry, m_audit.get());
        QSignalSpy errors(&m, &SessionManager::errorOccurred);
        QSignalSpy retries(&m, &SessionManager::reconnectScheduled);
        m.connectTo(refused);
        QTRY_COMPARE(m.session()->state(), Session::State::Reconnecting);
        QCOMPARE(errors.size(), 1);
        QVERIFY(errors.first().at(0).toString().contains(QLatin1String("refused")));
        // It keeps retrying, at most a second apart, quietly: a second failure is not a
        // second message.
        QTRY_VERIFY_WITH_TIMEOUT(retries.count() >= 4, 5000);
        for (const QList<QVariant> &retry : std::as_const(retries))
            QVERIFY(retry.at(1).toInt() <= 1200);
        QCOMPARE(errors.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestSessionManager)
#include "tst_sessionmanager.moc"

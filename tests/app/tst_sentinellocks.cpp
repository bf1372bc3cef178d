#include "auditlog.h"
#include "dialectregistry.h"
#include "lockevent.h"
#include "lockeventservice.h"
#include "redistopology.h"
#include "session.h"
#include "sessionmanager.h"
#include "testsentinel.h"
#include "watchedsession.h"
#include "watchservice.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

// Locks behind Sentinel, on real servers: a master, its replica and three sentinels. The
// session finds the master by name, the watch follows SENTINEL FAILOVER without a false
// event, and a lock the replica never got is reported lost in the failover.
class TestSentinelLocks : public QObject
{
    Q_OBJECT

private:
    static constexpr int lockCount = 200;

    TestSentinel m_sentinel;
    DialectRegistry m_registry;
    QTemporaryDir m_dir;
    std::unique_ptr<AuditLog> m_audit;

    ConnectionProfile profile() const
    {
        ConnectionProfile p;
        p.kind = ConnectionProfile::Kind::Sentinel;
        p.host = QStringLiteral("127.0.0.1");
        p.port = m_sentinel.sentinelPorts().first();
        for (int i = 1; i < m_sentinel.sentinelCount(); ++i)
            p.moreNodes << ConnectionProfile::Endpoint{QStringLiteral("127.0.0.1"), m_sentinel.sentinelPorts().at(i)};
        p.masterName = QString::fromLatin1(m_sentinel.masterName());
        return p;
    }

    QString nodeName(int dataNode) const { return QStringLiteral("127.0.0.1:%1").arg(m_sentinel.dataPort(dataNode)); }

    std::unique_ptr<WatchedSession> watch()
    {
        auto w = std::make_unique<WatchedSession>(&m_registry, m_audit.get(), 500);
        if (!w->watch(profile(), lockCount))
            qWarning("the watch did not see the locks");
        return w;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(m_sentinel.start(), qPrintable(m_sentinel.errorString()));
        m_audit = std::make_unique<AuditLog>(m_dir.filePath(QStringLiteral("audit.jsonl")));
        const int master = m_sentinel.currentMaster();
        QCOMPARE(m_sentinel.command(master, {"EVAL", "for i = 1, 200 do redis.call('SET', 'lock:job:' .. i, 'owner-' .. i, 'PX', 600000) end "
                                                     "return redis.call('DBSIZE')", "0"}).integer(),
                 qint64(lockCount));
        QCOMPARE(m_sentinel.command(master, {"WAIT", "1", "5000"}).integer(), qint64(1));
    }

    // The command line by master name: the sentinels say where it is, and each lock names it.
    void commandLineFindsTheMasterByName()
    {
        QProcess p;
        QStringList args{QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--master"), QString::fromLatin1(m_sentinel.masterName())};
        for (quint16 port : m_sentinel.sentinelPorts())
            args << QStringLiteral("--sentinel") << QStringLiteral("127.0.0.1:%1").arg(port);
        p.start(QStringLiteral(LOCKSCOPE_BINARY), args);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), qsizetype(lockCount));
        const QJsonObject first = QJsonDocument::fromJson(lines.first()).object();
        QCOMPARE(first.value(QStringLiteral("node")).toString(), nodeName(m_sentinel.currentMaster()));

        // A name the sentinels do not know is one clear error, exit code 2 or 3, no lines.
        QProcess wrong;
        wrong.start(QStringLiteral(LOCKSCOPE_BINARY), {QStringLiteral("scan"), QStringLiteral("--sentinel"),
                                                       QStringLiteral("127.0.0.1:%1").arg(m_sentinel.sentinelPorts().first()),
                                                       QStringLiteral("--master"), QStringLiteral("no-such-master")});
        QVERIFY(wrong.waitForFinished(60000));
        QVERIFY(wrong.exitCode() != 0);
        QVERIFY(wrong.readAllStandardOutput().isEmpty());
        const QByteArray error = wrong.readAllStandardError();
        QVERIFY2(error.contains("no-such-master"), error.constData());

        // A master the sentinels name but that does not answer: the error says which server
        // that is, for an operator who gave only sentinels and a name.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 closed = probe.serverPort();
        probe.close();
        QVERIFY(m_sentinel.sentinelCommand(0, {"SENTINEL", "MONITOR", "ghost", "127.0.0.1", QByteArray::number(closed), "2"}).isStatus("OK"));
        const auto forget = qScopeGuard([this] { m_sentinel.sentinelCommand(0, {"SENTINEL", "REMOVE", "ghost"}); });
        QProcess ghost;
        ghost.start(QStringLiteral(LOCKSCOPE_BINARY), {QStringLiteral("scan"), QStringLiteral("--sentinel"),
                                                       QStringLiteral("127.0.0.1:%1").arg(m_sentinel.sentinelPorts().first()),
                                                       QStringLiteral("--master"), QStringLiteral("ghost")});
        QVERIFY(ghost.waitForFinished(60000));
        QCOMPARE(ghost.exitCode(), 3);
        const QByteArray down = ghost.readAllStandardError();
        QVERIFY2(down.contains("the master of \"ghost\", as the sentinels name it") && down.contains(QByteArray::number(closed)), down.constData());

        // Sentinels told to monitor a replica name it as the master: an error within the
        // connect timeout, never a scan that waits for ever, and nothing read from it.
        const int replica = 1 - m_sentinel.currentMaster();
        QVERIFY(m_sentinel.sentinelCommand(0, {"SENTINEL", "MONITOR", "stale", "127.0.0.1",
                                               QByteArray::number(m_sentinel.dataPort(replica)), "2"}).isStatus("OK"));
        const auto forgetStale = qScopeGuard([this] { m_sentinel.sentinelCommand(0, {"SENTINEL", "REMOVE", "stale"}); });
        QProcess stale;
        stale.start(QStringLiteral(LOCKSCOPE_BINARY), {QStringLiteral("scan"), QStringLiteral("--connect-timeout"), QStringLiteral("1500"),
                                                       QStringLiteral("--sentinel"),
                                                       QStringLiteral("127.0.0.1:%1").arg(m_sentinel.sentinelPorts().first()),
                                                       QStringLiteral("--master"), QStringLiteral("stale")});
        QVERIFY(stale.waitForFinished(30000));
        QCOMPARE(stale.exitCode(), 3);
        QVERIFY(stale.readAllStandardOutput().isEmpty());
        const QByteArray notMaster = stale.readAllStandardError();
        QVERIFY2(notMaster.contains(nodeName(replica).toUtf8() + ", named by the sentinels as the master of \"stale\", is a slave, not a master"),
                 notMaster.constData());
    }

    // SENTINEL FAILOVER while watching: the session follows the promoted replica, the event
    // log records the failover, and no lock is reported released, expired or lost.
    void watchFollowsSentinelFailover()
    {
        auto w = watch();
        QVERIFY(w->session());
        const int before = m_sentinel.currentMaster();
        QVERIFY(w->session()->topologySummary().contains(QString::fromLatin1(m_sentinel.masterName())));
        QVERIFY2(m_sentinel.failover(), qPrintable(m_sentinel.errorString()));
        const int after = m_sentinel.currentMaster();
        QVERIFY(after != before);
        QTRY_VERIFY_WITH_TIMEOUT(w->find(LockEventKind::Server, QStringLiteral("failover")), 20000);
        const LockEvent *failover = w->find(LockEventKind::Server, QStringLiteral("failover"));
        QCOMPARE(failover->node, nodeName(after));
        // The old master's connection was lost (when the watch saw it go): that is the old
        // master's event, though the connection follows the new one by now.
        if (const LockEvent *lost = w->find(LockEventKind::Server, QStringLiteral("connection-lost")))
            QCOMPARE(lost->node, nodeName(before));
        QTRY_VERIFY_WITH_TIMEOUT(w->session()->watch()->locks().value("lock:job:1").node() == nodeName(after), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(w->live(), qsizetype(lockCount), 20000);
        QSignalSpy refreshed(w->session()->watch(), &WatchService::refreshed);
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.size() >= 3, 20000);
        QCOMPARE(w->falseEvents(), QStringList());
    }

    // A lock the replica does not have when it is promoted: lost in the failover, named so.
    void aLockTheReplicaDoesNotHaveIsLost()
    {
        auto w = watch();
        QVERIFY(w->session());
        const int master = m_sentinel.currentMaster();
        const int replica = 1 - master;
        const QByteArray key = "lock:unreplicated";
        // The replica must not have the lock when it is promoted. Holding back its stream
        // with CLIENT PAUSE WRITE also holds back Sentinel's promotion (its MULTI … EXEC), so
        // the replica drops its copy itself, as a writable replica may: the state it is
        // promoted in is the same as if the write had never reached it.
        // Two more the same way: a lock handed to "newer" on the master while the replica
        // still has the older holder, and a lock released on the master that the replica still
        // holds. The watch has seen the handover and the release when the failover comes.
        const QByteArray handed = "lock:handed", released = "lock:released";
        QVERIFY(m_sentinel.command(master, {"SET", key, "held-by-a", "PX", "600000"}).isStatus("OK"));
        QVERIFY(m_sentinel.command(master, {"SET", handed, "older", "PX", "600000"}).isStatus("OK"));
        QVERIFY(m_sentinel.command(master, {"SET", released, "gone-on-master", "PX", "600000"}).isStatus("OK"));
        QCOMPARE(m_sentinel.command(master, {"WAIT", "1", "5000"}).integer(), qint64(1));
        QTRY_VERIFY_WITH_TIMEOUT(w->session()->watch()->locks().contains(released), 20000);
        QVERIFY(m_sentinel.command(master, {"SET", handed, "newer", "PX", "600000"}).isStatus("OK"));
        QCOMPARE(m_sentinel.command(master, {"DEL", released}).integer(), qint64(1));
        QCOMPARE(m_sentinel.command(master, {"WAIT", "1", "5000"}).integer(), qint64(1));
        QTRY_VERIFY_WITH_TIMEOUT(w->find(LockEventKind::HandedOver, QString::fromLatin1(handed)), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(w->find(LockEventKind::Released, QString::fromLatin1(released)), 20000);
        QVERIFY(m_sentinel.command(replica, {"CONFIG", "SET", "replica-read-only", "no"}).isStatus("OK"));
        QCOMPARE(m_sentinel.command(replica, {"DEL", key}).integer(), qint64(1));
        QVERIFY(m_sentinel.command(replica, {"SET", handed, "older", "PX", "600000"}).isStatus("OK"));
        QVERIFY(m_sentinel.command(replica, {"SET", released, "gone-on-master", "PX", "600000"}).isStatus("OK"));
        QVERIFY(m_sentinel.command(replica, {"CONFIG", "SET", "replica-read-only", "yes"}).isStatus("OK"));
        // The watch sees the exposure before the failover: the replica does not hold it.
        QTRY_VERIFY_WITH_TIMEOUT(w->session()->watch()->locks().value(key).warnings.contains(QStringLiteral("not-replicated")), 15000);
        QVERIFY(!w->session()->watch()->locks().value("lock:job:1").warnings.contains(QStringLiteral("not-replicated")));
        QVERIFY2(m_sentinel.failover(), qPrintable(m_sentinel.errorString()));
        QCOMPARE(m_sentinel.currentMaster(), replica);
        QCOMPARE(m_sentinel.command(replica, {"EXISTS", key}).integer(), qint64(0));
        QTRY_VERIFY_WITH_TIMEOUT(w->find(LockEventKind::Lost, QString::fromLatin1(key)), 30000);
        const LockEvent *lost = w->find(LockEventKind::Lost, QString::fromLatin1(key));
        QCOMPARE(lost->reason, QStringLiteral("failover"));
        QCOMPARE(lost->previousNode, nodeName(master));
        QCOMPARE(lost->node, nodeName(replica));
        // "newer" thinks it holds the lock, but the failover gave it back to "older": lost, then
        // taken, never an ordinary handover. The released lock is held again: acquired.
        const auto eventsOf = [&w](const QByteArray &k) {
            QStringList out;
            for (const LockEvent &e : w->log())
                if (e.key == k)
                    out << LockEvent::kindId(e.kind) + QLatin1Char(' ') + QString::fromUtf8(e.token);
            return out;
        };
        QTRY_COMPARE_WITH_TIMEOUT(eventsOf(handed).size(), 4, 30000);
        QCOMPARE(eventsOf(handed), (QStringList{QStringLiteral("acquired older"), QStringLiteral("handed-over newer"),
                                                QStringLiteral("lost newer"), QStringLiteral("acquired older")}));
        QCOMPARE(w->find(LockEventKind::Lost, QString::fromLatin1(handed))->reason, QStringLiteral("failover"));
        QTRY_COMPARE_WITH_TIMEOUT(eventsOf(released).size(), 3, 30000);
        QCOMPARE(eventsOf(released), (QStringList{QStringLiteral("acquired gone-on-master"), QStringLiteral("released gone-on-master"),
                                                  QStringLiteral("acquired gone-on-master")}));
        QCOMPARE(w->falseEvents({key, handed, released}), QStringList());
    }

    // The master demoted by hand (REPLICAOF), its replica promoted, without the sentinels'
    // say: the node the watch reads is a replica now. Said, and its locks are no longer read
    // as the master's, within seconds; it was watched as the master, with no word, until
    // the sentinels acted half a minute later. Last: the sentinels reconfigure after it.
    void aMasterDemotedByHandIsSaid()
    {
        auto w = watch();
        QVERIFY(w->session());
        QStringList said;
        connect(w->session(), &Session::errorOccurred, this, [&said](const QString &message) { said << message; });
        const int master = m_sentinel.currentMaster();
        const int replica = master == 0 ? 1 : 0;
        QVERIFY(m_sentinel.command(replica, {"REPLICAOF", "NO", "ONE"}).isStatus("OK"));
        QVERIFY(m_sentinel.command(master, {"REPLICAOF", "127.0.0.1", QByteArray::number(m_sentinel.dataPort(replica))}).isStatus("OK"));
        QTRY_VERIFY2_WITH_TIMEOUT(std::any_of(said.cbegin(), said.cend(),
                                              [](const QString &m) { return m.contains(QLatin1String("says it is a slave")); }),
                                  qPrintable(said.join(QStringLiteral("; "))), 10000);
        // Not read as the master meanwhile: the topology is down until the sentinels name one.
        QCOMPARE(w->session()->topology()->state(), RedisTopology::State::Down);
        QCOMPARE(w->falseEvents(), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestSentinelLocks)
#include "tst_sentinellocks.moc"

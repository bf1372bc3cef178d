#include "auditlog.h"
#include "dialectregistry.h"
#include "redlockadminservice.h"
#include "testredlockgroup.h"

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

// node-redlock itself (npm "redlock" v5 on ioredis, installed by the noderedlock_install
// fixture) against five real servers: what it writes, LockScope reads as the group's lock,
// and what LockScope does to the lock, the library accepts.
class TestNodeRedlock : public QObject
{
    Q_OBJECT

private:
    TestRedlockGroup m_group;
    DialectRegistry m_registry;
    QTemporaryDir m_dir;
    std::unique_ptr<AuditLog> m_audit;

    struct NodeRun
    {
        int code = -1;
        QByteArray out;
        QByteArray err;
    };

    NodeRun client(const QStringList &args)
    {
        QStringList ports;
        for (int i = 0; i < TestRedlockGroup::size; ++i)
            ports << QString::number(m_group.node(i).port());
        QProcess p;
        p.start(QStringLiteral(LOCKSCOPE_NODE),
                QStringList{QStringLiteral(LOCKSCOPE_NODEREDLOCK_DIR "/redlock-client.mjs"), args.first(), ports.join(QLatin1Char(','))}
                    + args.mid(1));
        p.closeWriteChannel();
        if (!p.waitForFinished(60000))
            p.kill();
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput().trimmed(), p.readAllStandardError()};
    }

    RedlockObservation observe(const QByteArray &key) { return m_group.observe(key, &m_registry); }

    RedlockAdminResult run(const RedlockAdminPlan &plan)
    {
        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        return TestRedlockGroup::run(admin, plan);
    }

    RedlockAdminService planner() { return RedlockAdminService(m_group.group(), &m_registry, m_audit.get()); }

private Q_SLOTS:
    void initTestCase()
    {
        // The fixture installs the library; without it this test fails rather than skips.
        QVERIFY2(QFileInfo(QStringLiteral(LOCKSCOPE_NODE)).isExecutable(), "node is not installed (apt-get install nodejs npm)");
        QVERIFY2(QFileInfo::exists(QStringLiteral(LOCKSCOPE_NODEREDLOCK_DIR "/node_modules/redlock/package.json")),
                 "node-redlock is not installed in the build tree: run the noderedlock_install test (ctest -R noderedlock)");
        QVERIFY(m_dir.isValid());
        m_audit = std::make_unique<AuditLog>(m_dir.filePath(QStringLiteral("audit.log")));
        QVERIFY(m_group.start());
    }

    void init() { m_group.flushAll(); }

    // node-redlock's acquire, read by LockScope's group scan: held, its token, on every node.
    void aLockItTookIsReadAsHeld()
    {
        const NodeRun acquired = client({QStringLiteral("acquire"), QStringLiteral("locks:invoice"), QStringLiteral("60000")});
        QVERIFY2(acquired.code == 0, acquired.err.constData());
        QCOMPARE(acquired.out.size(), 32);
        const RedlockObservation seen = observe("locks:invoice");
        QCOMPARE(seen.nodes.size(), 5);
        const RedlockObservation::Assessment a = seen.assess();
        QCOMPARE(a.quorum, RedlockObservation::Quorum::Held);
        QCOMPARE(a.token, acquired.out);
        QCOMPARE(a.tokenNodes, (QList<int>{0, 1, 2, 3, 4}));
        QVERIFY(a.validityMs > 0 && a.validityMs <= 60000 - 602);
        for (const RedlockObservation::Node &n : seen.nodes) {
            QCOMPARE(n.dialect, QStringLiteral("node-redlock"));
            QCOMPARE(n.holders.size(), 1);
            QCOMPARE(n.holders.first().token, acquired.out);
        }
    }

    // LockScope's force-release, guarded by what it saw, frees it: the library can take it again.
    void forceReleaseFreesIt()
    {
        const NodeRun first = client({QStringLiteral("acquire"), QStringLiteral("locks:invoice"), QStringLiteral("60000")});
        QVERIFY2(first.code == 0, first.err.constData());
        // Held: the library's own acquire is refused.
        QCOMPARE(client({QStringLiteral("acquire"), QStringLiteral("locks:invoice"), QStringLiteral("60000")}).code, 1);
        const RedlockAdminResult r = run(planner().planForceRelease(observe("locks:invoice")));
        QCOMPARE(r.result.outcome, AdminResult::Outcome::Done);
        QCOMPARE(m_group.tokens("locks:invoice"), QList<QByteArray>(5, QByteArray()));
        const NodeRun again = client({QStringLiteral("acquire"), QStringLiteral("locks:invoice"), QStringLiteral("60000")});
        QVERIFY2(again.code == 0, again.err.constData());
        QVERIFY(again.out != first.out);
    }

    // LockScope extends node-redlock's lock; the library's own release of it then works.
    void itsReleaseWorksOnALockLockScopeExtended()
    {
        const NodeRun acquired = client({QStringLiteral("acquire"), QStringLiteral("locks:invoice"), QStringLiteral("10000")});
        QVERIFY2(acquired.code == 0, acquired.err.constData());
        const RedlockAdminResult extended = run(planner().planExtend("locks:invoice", acquired.out, 120000));
        QCOMPARE(extended.result.outcome, AdminResult::Outcome::Done);
        for (int i = 0; i < TestRedlockGroup::size; ++i)
            QVERIFY(m_group.node(i).command({"PTTL", "locks:invoice"}).integer() > 10000);
        const NodeRun released = client({QStringLiteral("release"), QStringLiteral("locks:invoice"), QString::fromLatin1(acquired.out),
                                         QStringLiteral("120000")});
        QVERIFY2(released.code == 0, released.err.constData());
        QCOMPARE(m_group.tokens("locks:invoice"), QList<QByteArray>(5, QByteArray()));
    }

    // And the other way round: a lock LockScope acquired is the library's to release.
    void itReleasesALockLockScopeAcquired()
    {
        const RedlockAdminResult acquired = run(planner().planAcquire("locks:invoice", {}, 60000));
        QCOMPARE(acquired.result.outcome, AdminResult::Outcome::Done);
        const QByteArray token = m_group.tokens("locks:invoice").first();
        QCOMPARE(token.size(), 32);
        // The library sees it held...
        QCOMPARE(client({QStringLiteral("acquire"), QStringLiteral("locks:invoice"), QStringLiteral("60000")}).code, 1);
        // ...and releases it with its token.
        const NodeRun released = client({QStringLiteral("release"), QStringLiteral("locks:invoice"), QString::fromLatin1(token),
                                         QStringLiteral("60000")});
        QVERIFY2(released.code == 0, released.err.constData());
        QCOMPARE(m_group.tokens("locks:invoice"), QList<QByteArray>(5, QByteArray()));
    }
};

QTEST_GUILESS_MAIN(TestNodeRedlock)
#include "tst_noderedlock.moc"

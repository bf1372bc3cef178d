#include "auditlog.h"
#include "dialectregistry.h"
#include "redlockadminservice.h"
#include "testredlockgroup.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

namespace {
using NodeOutcome = RedlockNodeResult::Outcome;
using Outcome = AdminResult::Outcome;

const QByteArray &tokenA = TestRedlockGroup::tokenA;
const QByteArray &tokenB = TestRedlockGroup::tokenB;
} // namespace

// Acquire, extend and force-release on five real servers, with node-redlock's semantics:
// what lands on each node is checked on the node itself.
class TestRedlockAdminService : public QObject
{
    Q_OBJECT

private:
    TestRedlockGroup m_group;
    DialectRegistry m_registry;
    QTemporaryDir m_dir;
    std::unique_ptr<AuditLog> m_audit;

    static RedlockAdminResult run(RedlockAdminService &admin, const RedlockAdminPlan &plan) { return TestRedlockGroup::run(admin, plan); }
    RedlockObservation observe(const QByteArray &key) { return m_group.observe(key, &m_registry); }

    QList<QJsonObject> auditLinesOf(const QString &id)
    {
        QFile file(m_audit->path());
        QList<QJsonObject> out;
        if (!file.open(QIODevice::ReadOnly))
            return out;
        for (const QByteArray &line : file.readAll().split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o.value(QStringLiteral("id")).toString() == id)
                out << o;
        }
        return out;
    }

    static QList<NodeOutcome> outcomes(const RedlockAdminResult &r)
    {
        QList<NodeOutcome> out;
        for (const RedlockNodeResult &n : r.nodes)
            out << n.outcome;
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_audit = std::make_unique<AuditLog>(m_dir.filePath(QStringLiteral("audit.log")));
        QVERIFY(m_group.start());
    }

    void init() { m_group.flushAll(); }

    // One server under two nodes' names (an address and a host name): an extend would be
    // "done" on both while it alone holds the key. Refused before anything is sent, and said why.
    void aServerUnderTwoNamesIsNotActedOn()
    {
        RedlockGroup aliased = m_group.group();
        aliased.nodes = {aliased.nodes.at(0), aliased.nodes.at(0), aliased.nodes.at(1)};
        aliased.nodes[1].host = QStringLiteral("localhost");
        QVERIFY(m_group.lock("locks:orders", tokenA, {0}, 5000));
        RedlockAdminService admin(aliased, &m_registry, m_audit.get());
        const RedlockAdminPlan extend = admin.planExtend("locks:orders", tokenA, 600000);
        const RedlockAdminResult r = run(admin, extend);
        QCOMPARE(r.result.outcome, AdminResult::Outcome::Refused);
        QVERIFY2(r.result.message.contains(QStringLiteral("node 2 (localhost:%1) is the same server as node 1").arg(m_group.node(0).port())),
                 qPrintable(r.result.message));
        QVERIFY(m_group.node(0).command({"PTTL", "locks:orders"}).integer() <= 5000); // not extended
        const QList<QJsonObject> audit = auditLinesOf(extend.action.id);
        QCOMPARE(audit.size(), 2); // intent and outcome
        QVERIFY(audit.last().value(QStringLiteral("message")).toString().contains(QStringLiteral("same server")));

        const RedlockAdminResult acquired = run(admin, admin.planAcquire("locks:jobs", tokenB, 60000));
        QCOMPARE(acquired.result.outcome, AdminResult::Outcome::Refused);

        // An ACL that refuses INFO hides the run_id, not the address both names reached.
        QVERIFY(m_group.node(0).command({"ACL", "SETUSER", "noinfo", "on", ">pw", "~*", "+@all", "-info"}).isStatus("OK"));
        for (int i : {0, 1}) {
            aliased.nodes[i].user = QStringLiteral("noinfo");
            aliased.nodes[i].password = QStringLiteral("pw");
        }
        RedlockAdminService restricted(aliased, &m_registry, m_audit.get());
        const RedlockAdminResult refused = run(restricted, restricted.planExtend("locks:orders", tokenA, 600000));
        QCOMPARE(refused.result.outcome, AdminResult::Outcome::Refused);
        QVERIFY2(refused.result.message.contains(QStringLiteral("address 127.0.0.1:%1").arg(m_group.node(0).port())),
                 qPrintable(refused.result.message));
        QVERIFY(m_group.node(0).command({"PTTL", "locks:orders"}).integer() <= 5000);
        QVERIFY(m_group.node(0).command({"ACL", "DELUSER", "noinfo"}).isInteger());
        QCOMPARE(m_group.tokens("locks:jobs").value(1), QByteArray()); // nothing written anywhere
        QCOMPARE(m_group.tokens("locks:jobs").value(0), QByteArray());
    }

    // The session closes while an action waits for its answers: the audit log's outcome is
    // unknown, with a command that looks at this very group again.
    void closedWhileWaitingSaysHowToLook()
    {
        // Node 1 with a password: the command has its place, never the password itself.
        QVERIFY(m_group.node(0).command({"ACL", "SETUSER", "looker", "on", ">s3cret", "~*", "+@all"}).isStatus("OK"));
        const auto dropUser = qScopeGuard([this] { m_group.node(0).command({"ACL", "DELUSER", "looker"}); });
        RedlockGroup group = m_group.group();
        group.nodes[0].user = QStringLiteral("looker");
        group.nodes[0].password = QStringLiteral("s3cret");
        auto admin = std::make_unique<RedlockAdminService>(group, &m_registry, m_audit.get());
        const RedlockAdminPlan plan = admin->planAcquire("locks:waiting", tokenA, 60000);
        QVERIFY(plan.action.allowed);
        for (int i = 0; i < 5; ++i)
            QVERIFY(m_group.node(i).command({"CLIENT", "PAUSE", "20000", "WRITE"}).isStatus("OK"));
        const auto unpause = qScopeGuard([this] {
            for (int i = 0; i < 5; ++i)
                m_group.node(i).command({"CLIENT", "UNPAUSE"});
        });
        admin->execute(plan, nullptr, {});
        QTRY_VERIFY_WITH_TIMEOUT(m_group.node(0).command({"CLIENT", "LIST"}).bytes().contains("cmd=set"), 15000);
        QCOMPARE(admin->inFlightCount(), 1);
        admin.reset();
        const QList<QJsonObject> audit = auditLinesOf(plan.action.id);
        QCOMPARE(audit.size(), 2);
        QCOMPARE(audit.last().value(QStringLiteral("result")).toString(), QStringLiteral("unknown"));
        QStringList urls{QStringLiteral("redis://looker:PASSWORD@127.0.0.1:%1").arg(m_group.node(0).port())};
        for (int i = 1; i < 5; ++i)
            urls << QStringLiteral("redis://127.0.0.1:%1").arg(m_group.node(i).port());
        const QString message = audit.last().value(QStringLiteral("message")).toString();
        QVERIFY(!message.contains(QLatin1String("s3cret")));
        QVERIFY2(message.endsWith(QStringLiteral("Look with: lockscope scan --redlock ") + urls.join(QLatin1Char(','))
                                      + QStringLiteral(" --no-default-patterns --pattern locks:waiting")),
                 qPrintable(message));
    }

    void acquireWritesOneTokenEverywhere()
    {
        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        const RedlockAdminPlan plan = admin.planAcquire("locks:orders", {}, 60000);
        QVERIFY(plan.action.allowed);
        // node-redlock's token format: 16 random bytes in hex.
        QVERIFY(QRegularExpression(QStringLiteral("^[0-9a-f]{32}$")).match(QString::fromLatin1(plan.action.token)).hasMatch());
        const RedlockAdminResult r = run(admin, plan);
        QCOMPARE(r.result.outcome, Outcome::Done);
        QCOMPARE(outcomes(r), QList<NodeOutcome>(5, NodeOutcome::Done));
        QVERIFY(r.validityMs > 0 && r.validityMs <= 60000 - 602);
        QCOMPARE(m_group.tokens("locks:orders"), QList<QByteArray>(5, plan.action.token));
        for (int i = 0; i < 5; ++i) {
            const qint64 pttl = m_group.node(i).command({"PTTL", "locks:orders"}).integer();
            QVERIFY(pttl > 0 && pttl <= 60000);
        }
        // The group scan reads what acquire wrote as held by that token.
        const RedlockObservation::Assessment seen = observe("locks:orders").assess();
        QCOMPARE(seen.quorum, RedlockObservation::Quorum::Held);
        QCOMPARE(seen.token, plan.action.token);
    }

    // Held by another token on a majority: refused there with the token found, and undone on
    // the nodes that did take it.
    void acquireOfAHeldLockIsRefusedAndUndone()
    {
        QVERIFY(m_group.lock("locks:orders", tokenB, {0, 1, 2}));
        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        const RedlockAdminResult r = run(admin, admin.planAcquire("locks:orders", tokenA, 60000));
        QCOMPARE(r.result.outcome, Outcome::Refused);
        QCOMPARE(outcomes(r), (QList<NodeOutcome>{NodeOutcome::Refused, NodeOutcome::Refused, NodeOutcome::Refused,
                                                  NodeOutcome::Done, NodeOutcome::Done}));
        QCOMPARE(r.nodes.at(0).found, tokenB);
        QVERIFY(r.nodes.at(0).message.contains(QLatin1String(tokenB)));
        QCOMPARE(m_group.tokens("locks:orders"), (QList<QByteArray>{tokenB, tokenB, tokenB, {}, {}}));
    }

    // A TTL within the drift allowance: a majority accepts, but no validity is left. Not
    // acquired, undone everywhere, and a refusal (every node answered, exit 1), saying why.
    void aMajorityWithNoValidityLeftIsRefused()
    {
        RedlockGroup group = m_group.group();
        group.retryCount = 0;
        RedlockAdminService admin(group, &m_registry, m_audit.get());
        const RedlockAdminResult r = run(admin, admin.planAcquire("locks:brief", tokenA, 2));
        QCOMPARE(r.result.outcome, Outcome::Refused);
        QVERIFY2(r.result.message.contains(QLatin1String("after the validity was gone")), qPrintable(r.result.message));
        int accepted = 0;
        for (const RedlockNodeResult &node : r.nodes) {
            if (node.outcome != NodeOutcome::Done)
                continue;
            ++accepted;
            QVERIFY2(node.message.contains(QLatin1String("the majority came after the validity was gone")), qPrintable(node.message));
        }
        QVERIFY(accepted >= 3);
        QCOMPARE(m_group.tokens("locks:brief"), QList<QByteArray>(5));
    }

    // Retries as configured: two attempts, both refused, nothing left behind.
    void acquireRetries()
    {
        QVERIFY(m_group.lock("locks:orders", tokenB, {0, 1, 2}));
        RedlockGroup group = m_group.group();
        group.retryCount = 2;
        group.retryDelayMs = 10;
        group.retryJitterMs = 10;
        RedlockAdminService admin(group, &m_registry, m_audit.get());
        const RedlockAdminResult r = run(admin, admin.planAcquire("locks:orders", tokenA, 60000));
        QCOMPARE(r.result.outcome, Outcome::Refused);
        QCOMPARE(r.attempts, 3);
        QCOMPARE(m_group.tokens("locks:orders"), (QList<QByteArray>{tokenB, tokenB, tokenB, {}, {}}));
    }

    void extendWithAMajority()
    {
        QVERIFY(m_group.lock("locks:orders", tokenA, {0, 1, 2}, 10000));
        QVERIFY(m_group.lock("locks:orders", tokenB, {3}, 10000));
        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        const RedlockAdminResult r = run(admin, admin.planExtend("locks:orders", tokenA, 60000));
        QCOMPARE(r.result.outcome, Outcome::Done);
        QCOMPARE(outcomes(r), (QList<NodeOutcome>{NodeOutcome::Done, NodeOutcome::Done, NodeOutcome::Done,
                                                  NodeOutcome::Refused, NodeOutcome::Absent}));
        QCOMPARE(r.nodes.at(3).found, tokenB);
        QVERIFY(r.validityMs > 10000);
        for (int i : {0, 1, 2})
            QVERIFY(m_group.node(i).command({"PTTL", "locks:orders"}).integer() > 10000);
        QVERIFY(m_group.node(3).command({"PTTL", "locks:orders"}).integer() <= 10000); // another holder's: untouched
        QVERIFY(!m_group.node(4).command({"EXISTS", "locks:orders"}).integer());
    }

    void extendWithoutAMajorityIsRefused()
    {
        QVERIFY(m_group.lock("locks:orders", tokenA, {0, 1}, 10000));
        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        const RedlockAdminResult r = run(admin, admin.planExtend("locks:orders", tokenA, 60000));
        QCOMPARE(r.result.outcome, Outcome::Refused);
        QCOMPARE(r.nodes.at(0).outcome, NodeOutcome::Done); // as the libraries do: no undo of an extend
        QCOMPARE(r.nodes.at(4).outcome, NodeOutcome::Absent);
    }

    // Each node guarded by the token seen there: one node now holding another token refuses
    // and says which; the others are released.
    void forceReleaseRefusesWhereAnotherTokenHolds()
    {
        QVERIFY(m_group.lock("locks:orders", tokenA, {0, 1, 2, 3}));
        const RedlockObservation seen = observe("locks:orders");
        QCOMPARE(seen.nodes.size(), 5);
        // After the operator looked: node 2's key expired and another client took it.
        m_group.node(2).command({"DEL", "locks:orders"});
        QVERIFY(m_group.lock("locks:orders", tokenB, {2}));

        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        const RedlockAdminPlan plan = admin.planForceRelease(seen);
        QVERIFY(plan.action.allowed);
        QCOMPARE(plan.guards, (QList<QByteArray>{tokenA, tokenA, tokenA, tokenA, {}}));
        const RedlockAdminResult r = run(admin, plan);
        QCOMPARE(r.result.outcome, Outcome::Refused);
        QCOMPARE(outcomes(r), (QList<NodeOutcome>{NodeOutcome::Done, NodeOutcome::Done, NodeOutcome::Refused,
                                                  NodeOutcome::Done, NodeOutcome::Absent}));
        QCOMPARE(r.nodes.at(2).found, tokenB);
        QVERIFY(r.result.message.contains(QLatin1String(tokenB)));
        QCOMPARE(m_group.tokens("locks:orders"), (QList<QByteArray>{{}, {}, tokenB, {}, {}}));
    }

    void readOnlyRefusesAll_data()
    {
        QTest::addColumn<int>("readOnlyNode"); // -1: read-only mode on the service
        QTest::addColumn<QString>("says");
        QTest::newRow("read-only mode") << -1 << QStringLiteral("read-only mode is on");
        QTest::newRow("one node's saved connection") << 2 << QStringLiteral("node 3 (%1) is a read-only connection");
    }

    void readOnlyRefusesAll()
    {
        QFETCH(int, readOnlyNode);
        QFETCH(QString, says);
        QVERIFY(m_group.lock("locks:orders", tokenA, {0, 1, 2, 3, 4}));
        const RedlockObservation seen = observe("locks:orders");
        RedlockGroup group = m_group.group();
        if (readOnlyNode >= 0) {
            group.nodes[readOnlyNode].readOnly = true;
            says = says.arg(group.nodeName(readOnlyNode));
        }
        RedlockAdminService admin(group, &m_registry, m_audit.get());
        admin.setReadOnly(readOnlyNode < 0);
        QCOMPARE(admin.readOnlyReason(), says);
        const QList<RedlockAdminPlan> plans{admin.planAcquire("other", {}, 60000), admin.planExtend("locks:orders", tokenA, 90000),
                                            admin.planForceRelease(seen)};
        for (const RedlockAdminPlan &plan : plans) {
            QVERIFY(!plan.action.allowed);
            const RedlockAdminResult r = run(admin, plan);
            QCOMPARE(r.result.outcome, Outcome::Refused);
            QVERIFY2(r.result.message.contains(says), qPrintable(r.result.message));
            QCOMPARE(plan.action.refusal, says);
        }
        QCOMPARE(m_group.tokens("locks:orders"), QList<QByteArray>(5, tokenA));
        QCOMPARE(m_group.tokens("other"), QList<QByteArray>(5, QByteArray()));
        for (int i = 0; i < 5; ++i)
            QVERIFY(m_group.node(i).command({"PTTL", "locks:orders"}).integer() <= 60000);
    }

    void auditHasIntentAndOutcome()
    {
        QVERIFY(m_group.lock("locks:orders", tokenA, {0, 1, 2, 3, 4}));
        const RedlockObservation seen = observe("locks:orders");
        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        const RedlockAdminPlan plan = admin.planForceRelease(seen);
        QCOMPARE(run(admin, plan).result.outcome, Outcome::Done);
        const QList<QJsonObject> lines = auditLinesOf(plan.action.id);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0).value(QStringLiteral("phase")).toString(), QStringLiteral("intent"));
        QCOMPARE(lines.at(1).value(QStringLiteral("phase")).toString(), QStringLiteral("outcome"));
        QCOMPARE(lines.at(1).value(QStringLiteral("result")).toString(), QStringLiteral("done"));
        QCOMPARE(lines.at(1).value(QStringLiteral("action")).toString(), QStringLiteral("force-release"));
        QCOMPARE(lines.at(1).value(QStringLiteral("key")).toString(), QStringLiteral("locks:orders"));
        // Every node named, with what happened there and the token it was guarded by.
        const QString node0 = m_group.profiles().first().endpoint();
        QVERIFY(lines.at(0).value(QStringLiteral("guard")).toString().contains(node0));
        QVERIFY(lines.at(0).value(QStringLiteral("guard")).toString().contains(QLatin1String(tokenA)));
        QVERIFY(lines.at(1).value(QStringLiteral("message")).toString().contains(node0 + QStringLiteral(" done")));
    }

    // A node that does not answer in time is a "no" whose outcome is unknown (it may have
    // run): the majority of the others holds the lock all the same.
    void aSlowNodeIsUnknown()
    {
        QVERIFY(m_group.node(4).command({"CLIENT", "PAUSE", "1500", "WRITE"}).isStatus("OK"));
        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        admin.setNodeTimeoutMs(300);
        const RedlockAdminPlan plan = admin.planAcquire("locks:orders", {}, 10000);
        const RedlockAdminResult r = run(admin, plan);
        QCOMPARE(r.result.outcome, Outcome::Done);
        QCOMPARE(outcomes(r), (QList<NodeOutcome>{NodeOutcome::Done, NodeOutcome::Done, NodeOutcome::Done, NodeOutcome::Done,
                                                  NodeOutcome::Unknown}));
        const QList<QJsonObject> lines = auditLinesOf(plan.action.id);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines.at(1).value(QStringLiteral("message")).toString().contains(m_group.profiles().at(4).endpoint() + QStringLiteral(" unknown")));
        QVERIFY2(r.nodes.at(4).message.contains(QLatin1String("may or may not have run")), qPrintable(r.nodes.at(4).message));
    }

    // A release is done when the nodes that may still hold the lock (not reached, or left
    // alone because they could not be read) are too few to be a majority; otherwise it failed.
    void releaseWithNodesDown_data()
    {
        QTest::addColumn<QList<int>>("down");
        QTest::addColumn<bool>("observed");
        QTest::addColumn<int>("outcome");
        QTest::addColumn<QString>("says");
        QTest::newRow("by token, one down") << QList<int>{4} << false << int(Outcome::Done) << QStringLiteral("1 node(s) could not be reached or read whole: too few");
        QTest::newRow("by token, three down") << QList<int>{2, 3, 4} << false << int(Outcome::Failed) << QStringLiteral("may still hold it");
        QTest::newRow("as seen, one unread") << QList<int>{4} << true << int(Outcome::Done) << QStringLiteral("too few to hold it");
        QTest::newRow("as seen, three unread") << QList<int>{2, 3, 4} << true << int(Outcome::Failed) << QStringLiteral("3 node(s) could not be reached or read whole");
    }

    void releaseWithNodesDown()
    {
        QFETCH(QList<int>, down);
        QFETCH(bool, observed);
        QFETCH(int, outcome);
        QFETCH(QString, says);
        QVERIFY(m_group.lock("locks:orders", tokenA, {0, 1, 2, 3, 4}));
        for (int i : down)
            m_group.node(i).kill();
        const auto restart = qScopeGuard([&] {
            for (int i : down)
                QVERIFY(m_group.node(i).restart());
        });
        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        admin.setNodeTimeoutMs(2000);
        const RedlockAdminPlan plan = observed ? admin.planForceRelease(observe("locks:orders")) : admin.planRelease("locks:orders", tokenA);
        const RedlockAdminResult r = run(admin, plan);
        QCOMPARE(int(r.result.outcome), outcome);
        QVERIFY2(r.result.message.contains(says), qPrintable(r.result.message));
        for (int i = 0; i < 5; ++i)
            if (!down.contains(i))
                QVERIFY(!m_group.node(i).command({"EXISTS", "locks:orders"}).integer());
        // Released by its token or forced as observed: the audit says which was asked for.
        const QList<QJsonObject> audit = auditLinesOf(plan.action.id);
        QVERIFY(!audit.isEmpty());
        QCOMPARE(audit.first().value(QStringLiteral("action")).toString(), observed ? QStringLiteral("force-release") : QStringLiteral("release"));
    }

    // Nodes that take the command and never answer may have done it: extend and release are
    // unknown there, not "not extended", and say how to look at the key on the group.
    void unansweredNodesMakeItUnknown()
    {
        QVERIFY(m_group.lock("locks:orders", tokenA, {0, 1, 2, 3, 4}));
        QVERIFY(m_group.lock("locks:jobs", tokenA, {0, 1, 2, 3, 4}));
        for (int i : {2, 3, 4})
            QVERIFY(m_group.node(i).command({"CLIENT", "PAUSE", "20000", "WRITE"}).isStatus("OK"));
        const auto unpause = qScopeGuard([this] {
            for (int i : {2, 3, 4})
                m_group.node(i).command({"CLIENT", "UNPAUSE"});
        });
        // Each action on connections of its own: a node that timed out is reconnected first.
        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        admin.setNodeTimeoutMs(1000);
        RedlockAdminService other(m_group.group(), &m_registry, m_audit.get());
        other.setNodeTimeoutMs(1000);
        QStringList urls;
        for (int i = 0; i < 5; ++i)
            urls << QStringLiteral("redis://127.0.0.1:%1").arg(m_group.node(i).port());
        const QString look = QStringLiteral("lockscope scan --redlock ") + urls.join(QLatin1Char(','))
                             + QStringLiteral(" --no-default-patterns --pattern ");
        const RedlockAdminResult extended = run(admin, admin.planExtend("locks:jobs", tokenA, 600000));
        QCOMPARE(extended.result.outcome, Outcome::Unknown);
        QVERIFY2(extended.result.message.startsWith(QStringLiteral("Unknown whether \"locks:jobs\" was extended: done on 2 of 5 nodes, "
                                                                   "no answer from 3 (3 needed)"))
                     && extended.result.message.endsWith(look + QStringLiteral("locks:jobs")),
                 qPrintable(extended.result.message));
        const RedlockAdminResult released = run(other, other.planRelease("locks:orders", tokenA));
        QCOMPARE(released.result.outcome, Outcome::Unknown);
        QVERIFY2(released.result.message.endsWith(QStringLiteral("look again before acting, with: ") + look + QStringLiteral("locks:orders")),
                 qPrintable(released.result.message));
    }

    // What --observed cannot guard is left alone and said so: a value too long to read whole
    // has no token to compare; another library's hash under the name refuses the script.
    void observedReleaseLeavesWhatItCannotGuard()
    {
        QVERIFY(m_group.lock("locks:orders", tokenA, {0, 1}));
        QVERIFY(m_group.node(2).command({"SET", "locks:orders", tokenA + QByteArray(8192, 'x'), "PX", "60000"}).isStatus("OK"));
        QCOMPARE(m_group.node(3).command({"HSET", "locks:orders", "8743c9c0-0795-4907-87fd-123456789abc:1", "1"}).integer(), qint64(1));
        QVERIFY(m_group.node(3).command({"PEXPIRE", "locks:orders", "60000"}).integer() == 1);
        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        const RedlockAdminPlan plan = admin.planForceRelease(observe("locks:orders"));
        QVERIFY2(plan.notActed.at(2).contains(QLatin1String("longer than the 4096 bytes LockScope reads"))
                     && plan.notActed.at(2).endsWith(QLatin1String("left alone)")),
                 qPrintable(plan.notActed.at(2)));
        const RedlockAdminResult r = run(admin, plan);
        QCOMPARE(outcomes(r), (QList<NodeOutcome>{NodeOutcome::Done, NodeOutcome::Done, NodeOutcome::LeftAlone, NodeOutcome::Refused,
                                                  NodeOutcome::Absent}));
        QVERIFY2(r.nodes.at(3).message.contains(QLatin1String("another kind of value")), qPrintable(r.nodes.at(3).message));
        QCOMPARE(r.result.outcome, Outcome::Refused); // reached, and holding something else: not a connection error
        for (int i : {2, 3})
            QCOMPARE(m_group.node(i).command({"EXISTS", "locks:orders"}).integer(), qint64(1));
    }

    // Two of five down: three answer, a majority: acquired, the dead nodes reported as errors.
    void acquireWithTwoNodesDown()
    {
        m_group.node(3).kill();
        m_group.node(4).kill();
        RedlockAdminService admin(m_group.group(), &m_registry, m_audit.get());
        admin.setNodeTimeoutMs(2000);
        const RedlockAdminPlan plan = admin.planAcquire("locks:orders", {}, 60000);
        const RedlockAdminResult r = run(admin, plan);
        QCOMPARE(r.result.outcome, Outcome::Done);
        QCOMPARE(outcomes(r), (QList<NodeOutcome>{NodeOutcome::Done, NodeOutcome::Done, NodeOutcome::Done,
                                                  NodeOutcome::Error, NodeOutcome::Error}));
        QVERIFY(!r.nodes.at(3).message.isEmpty());
        for (int i : {0, 1, 2})
            QCOMPARE(m_group.node(i).command({"GET", "locks:orders"}).bytes(), plan.action.token);
        QVERIFY(m_group.node(3).restart());
        QVERIFY(m_group.node(4).restart());
    }

    // Three of five down: two is no majority: not acquired, and nothing left on the live two.
    void acquireWithThreeNodesDownLeavesNothing()
    {
        for (int i : {2, 3, 4})
            m_group.node(i).kill();
        RedlockGroup group = m_group.group();
        group.retryCount = 1;
        group.retryDelayMs = 10;
        RedlockAdminService admin(group, &m_registry, m_audit.get());
        admin.setNodeTimeoutMs(2000);
        const RedlockAdminResult r = run(admin, admin.planAcquire("locks:orders", {}, 60000));
        QCOMPARE(r.result.outcome, Outcome::Failed); // the nodes could not be reached: not a refusal by a holder
        QCOMPARE(r.attempts, 2);
        QCOMPARE(r.nodes.at(0).outcome, NodeOutcome::Done);
        QVERIFY(r.nodes.at(0).message.contains(QLatin1String("released again")));
        QCOMPARE(r.nodes.at(2).outcome, NodeOutcome::Error);
        for (int i : {0, 1})
            QVERIFY(!m_group.node(i).command({"EXISTS", "locks:orders"}).integer());
        for (int i : {2, 3, 4})
            QVERIFY(m_group.node(i).restart());
    }
};

QTEST_GUILESS_MAIN(TestRedlockAdminService)
#include "tst_redlockadminservice.moc"

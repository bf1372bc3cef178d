#include "connectionstore.h"
#include "lockscopecli.h"
#include "secretstore.h"
#include "testredlockgroup.h"
#include "testsshd.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QScopeGuard>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {
using Run = LockscopeRun;
const QByteArray &tokenA = TestRedlockGroup::tokenA;
const QByteArray &tokenB = TestRedlockGroup::tokenB;
} // namespace

// lockscope scan --redlock against five real servers, as a script reads it.
class TestRedlockScanCommand : public QObject
{
    Q_OBJECT

private:
    TestRedlockGroup m_group;
    QTemporaryDir m_home;

    Run lockscope(const QStringList &args) { return LockscopeRun::run(args, m_home.path()); }

    QString node(int i) { return QStringLiteral("127.0.0.1:%1").arg(m_group.node(i).port()); }

    QStringList group() const { return {QStringLiteral("--redlock"), m_group.urls()}; }

    void lock(const QByteArray &key, const QByteArray &token, const QList<int> &on) { QVERIFY(m_group.lock(key, token, on)); }

    static QHash<QString, QJsonObject> byKey(const QByteArray &out)
    {
        QHash<QString, QJsonObject> lines;
        for (const QByteArray &line : out.split('\n'))
            if (!line.isEmpty()) {
                const QJsonObject o = QJsonDocument::fromJson(line).object();
                lines.insert(o.value(QStringLiteral("key")).toString(), o);
            }
        return lines;
    }

private Q_SLOTS:
    void initTestCase()
    {
        // ~/.ssh (known_hosts) is this test's own, for its runs of lockscope too.
        QVERIFY(TestSshd::useHome(m_home.path()));
        QVERIFY(m_group.start());
        lock("locks:held", tokenA, {0, 1, 2, 3, 4});
        lock("locks:degraded", tokenA, {1, 2, 3});
        lock("locks:split", tokenA, {0, 1});
        lock("locks:split", tokenB, {3, 4});
        lock("locks:leftover", tokenB, {2});
    }

    void jsonLinePerKey()
    {
        const Run r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + group());
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.out.count('\n'), 4);
        const QHash<QString, QJsonObject> lines = byKey(r.out);
        QCOMPARE(lines.size(), 4);

        const QJsonObject held = lines.value(QStringLiteral("locks:held"));
        QCOMPARE(held.value(QStringLiteral("quorum")).toString(), QStringLiteral("held"));
        QVERIFY(held.value(QStringLiteral("validity_ms")).toInteger() > 0);
        QVERIFY(held.value(QStringLiteral("validity_ms")).toInteger() <= 60000 - 602);
        QCOMPARE(held.value(QStringLiteral("token")).toString(), QString::fromLatin1(tokenA));
        QCOMPARE(held.value(QStringLiteral("dialect")).toString(), QStringLiteral("node-redlock"));
        QCOMPARE(held.value(QStringLiteral("holders")).toArray().first().toObject().value(QStringLiteral("token")).toString(),
                 QString::fromLatin1(tokenA));
        const QJsonArray nodes = held.value(QStringLiteral("nodes")).toArray();
        QCOMPARE(nodes.size(), 5);
        for (int i = 0; i < 5; ++i) {
            const QJsonObject n = nodes.at(i).toObject();
            QCOMPARE(n.value(QStringLiteral("node")).toString(), node(i)); // in the order given
            QCOMPARE(n.value(QStringLiteral("token")).toString(), QString::fromLatin1(tokenA));
            QVERIFY(n.value(QStringLiteral("ttl_ms")).toInteger() > 0);
        }

        const QJsonObject degraded = lines.value(QStringLiteral("locks:degraded"));
        QCOMPARE(degraded.value(QStringLiteral("quorum")).toString(), QStringLiteral("degraded"));
        QVERIFY(degraded.contains(QStringLiteral("validity_ms")));
        QCOMPARE(degraded.value(QStringLiteral("nodes")).toArray().at(0).toObject().value(QStringLiteral("absent")).toBool(), true);

        const QJsonObject split = lines.value(QStringLiteral("locks:split"));
        QCOMPARE(split.value(QStringLiteral("quorum")).toString(), QStringLiteral("split"));
        QVERIFY(!split.contains(QStringLiteral("validity_ms")));
        QCOMPARE(split.value(QStringLiteral("holders")).toArray().size(), 0);
        QCOMPARE(split.value(QStringLiteral("nodes")).toArray().at(4).toObject().value(QStringLiteral("token")).toString(),
                 QString::fromLatin1(tokenB));

        QCOMPARE(lines.value(QStringLiteral("locks:leftover")).value(QStringLiteral("quorum")).toString(), QStringLiteral("leftover"));
    }

    void tableWithAColumnPerNode()
    {
        const Run r = lockscope(QStringList{QStringLiteral("scan")} + group());
        QVERIFY2(r.code == 0, r.err.constData());
        const QList<QByteArray> lines = r.out.split('\n');
        QVERIFY(lines.first().startsWith("KEY"));
        QVERIFY(lines.first().contains("QUORUM") && lines.first().contains("NODE 5"));
        QVERIFY(lines.at(1).startsWith("locks:degraded") && lines.at(1).contains("degraded"));
        QVERIFY(r.out.contains(QStringLiteral("NODE 3: %1").arg(node(2)).toUtf8()));
        QVERIFY2(r.err.contains("4 lock(s) on a Redlock group of 5 nodes: 1 held, 1 degraded, 1 split, 1 leftover"), r.err.constData());
    }

    // Values longer than the read cap that differ only past it are no majority: they cannot
    // be compared, and the nodes say why rather than count for one token.
    void valuesTooLongToCompareAreNoMajority()
    {
        const QByteArray common(5000, 't');
        lock("locks:long", common + 'A', {0, 1});
        lock("locks:long", common + 'B', {2, 3, 4});
        const auto cleanup = qScopeGuard([this] {
            for (int i = 0; i < 5; ++i)
                m_group.node(i).command({"DEL", "locks:long"});
        });
        const Run r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + group());
        QCOMPARE(r.code, 0); // every node answered: no reading failed
        const QJsonObject o = byKey(r.out).value(QStringLiteral("locks:long"));
        QCOMPARE(o.value(QStringLiteral("quorum")).toString(), QStringLiteral("unknown"));
        for (const QJsonValue &n : o.value(QStringLiteral("nodes")).toArray())
            QVERIFY2(n.toObject().value(QStringLiteral("error")).toString().contains(QLatin1String("longer than the 4096 bytes")),
                     QJsonDocument(n.toObject()).toJson().constData());
        QVERIFY2(r.err.contains("5 value(s) on a node were longer than LockScope reads"), r.err.constData());
        QCOMPARE(byKey(r.out).value(QStringLiteral("locks:held")).value(QStringLiteral("quorum")).toString(), QStringLiteral("held"));
        // Not released as observed: no guard rests on part of a value; the message says how.
        const Run release = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("locks:long"), QStringLiteral("--observed")} + group());
        QCOMPARE(release.code, 1);
        QVERIFY2(release.err.contains("Release it by its whole value, given as --token"), release.err.constData());
    }

    // Output that cannot be written ends the command with one message, and no summary of a
    // table nobody saw.
    void lostOutputIsAnError_data()
    {
        QTest::addColumn<bool>("json");
        QTest::newRow("table") << false;
        QTest::newRow("json") << true;
    }

    void lostOutputIsAnError()
    {
        QFETCH(bool, json);
        QProcess p;
        p.setStandardOutputFile(QStringLiteral("/dev/full"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), m_home.path());
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LOCKSCOPE_BINARY),
                QStringList{QStringLiteral("scan")} + group() + (json ? QStringList{QStringLiteral("--json")} : QStringList()));
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 1);
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(err.count("could not write the output"), 1);
        QVERIFY2(!err.contains("Redlock group of 5 nodes"), err.constData());
    }

    void driftFactorIsTheApplications()
    {
        const Run usual = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + group());
        const Run wide = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--drift-factor"),
                                               QStringLiteral("0.5")} + group());
        QCOMPARE(wide.code, 0);
        // Half the TTL goes to drift: at most 30 s − 2 ms of 60 s, whenever the scans ran.
        QVERIFY(byKey(wide.out).value(QStringLiteral("locks:held")).value(QStringLiteral("validity_ms")).toInteger() <= 30000 - 2);
        QVERIFY(byKey(usual.out).value(QStringLiteral("locks:held")).value(QStringLiteral("validity_ms")).toInteger() > 30000);
    }

    // --group NAME: a group saved in the window, its nodes saved connections, the last one
    // behind a bastion whose key is not known yet.
    void savedGroupByName()
    {
        TestSshd sshd;
        QVERIFY2(sshd.start(), qPrintable(sshd.log()));
        const QString file = m_home.filePath(QStringLiteral("config/lockscope/lockscope.ini"));
        QVERIFY(QDir().mkpath(QFileInfo(file).path()));
        {
            SecretStore secrets;
            ConnectionStore store(&secrets, file);
            QString error;
            RedlockGroup saved;
            saved.name = QStringLiteral("payments");
            for (int i = 0; i < TestRedlockGroup::size; ++i) {
                ConnectionProfile p = m_group.profiles().at(i);
                p.id.clear();
                p.name = QStringLiteral("lock node %1").arg(i + 1);
                if (i == 4) {
                    p.ssh.host = QStringLiteral("127.0.0.1");
                    p.ssh.port = sshd.port();
                    p.ssh.user = sshd.userName();
                    p.ssh.keyFile = sshd.userKeyFile();
                }
                const std::optional<ConnectionProfile> node = store.save(p, &error);
                QVERIFY2(node, qPrintable(error));
                saved.nodes << *node;
            }
            QVERIFY2(store.saveGroup(saved, &error), qPrintable(error));
        }

        // Nobody at a terminal to compare the fingerprint: refused, and said how to accept it.
        Run r = lockscope({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--group"), QStringLiteral("PAYMENTS")});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(sshd.hostKeyFingerprint().toUtf8()) && r.err.contains("--ssh-accept-new"), r.err.constData());
        QVERIFY(r.out.isEmpty());

        r = lockscope({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--group"), QStringLiteral("payments"),
                       QStringLiteral("--ssh-accept-new")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains(QStringLiteral("%1 of the SSH server").arg(sshd.hostKeyFingerprint()).toUtf8()), r.err.constData());
        const QJsonObject held = byKey(r.out).value(QStringLiteral("locks:held"));
        QCOMPARE(held.value(QStringLiteral("quorum")).toString(), QStringLiteral("held"));
        const QJsonArray nodes = held.value(QStringLiteral("nodes")).toArray();
        QCOMPARE(nodes.size(), 5);
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(nodes.at(i).toObject().value(QStringLiteral("node")).toString(), node(i)); // in the saved order
            QCOMPARE(nodes.at(i).toObject().value(QStringLiteral("token")).toString(), QString::fromLatin1(tokenA));
        }
        // The fifth node was reached through the bastion, whose key is recorded now.
        QFile knownHosts(m_home.filePath(QStringLiteral(".ssh/known_hosts")));
        QVERIFY(knownHosts.open(QIODevice::ReadOnly));
        QVERIFY(knownHosts.readAll().contains(sshd.knownHostsName().toUtf8()));

        r = lockscope({QStringLiteral("scan"), QStringLiteral("--group"), QStringLiteral("nowhere")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("\"nowhere\"") && r.err.contains("payments"), r.err.constData());
        r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--group"), QStringLiteral("payments")} + group());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--group NAME or by its URLs"), r.err.constData());
        r = lockscope({QStringLiteral("scan"), QStringLiteral("--group"), QStringLiteral("payments"), QStringLiteral("-p"), QStringLiteral("6379")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("-p does not go with it"), r.err.constData());
    }

    // Last: a server stopped. Its entries say error, not absent, and the scan is incomplete.
    // A dialect's warnings are per node: one node's copy without a TTL is named on that node.
    void warningsPerNode()
    {
        lock("locks:forever", tokenA, {0, 1, 2});
        QCOMPARE(m_group.node(1).command({"PERSIST", "locks:forever"}).integer(), 1);
        const auto cleanup = qScopeGuard([this] { m_group.unlock("locks:forever"); });
        const Run r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + group());
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray nodes = byKey(r.out).value(QStringLiteral("locks:forever")).value(QStringLiteral("nodes")).toArray();
        QCOMPARE(nodes.size(), 5);
        const QJsonValue noWarnings = QJsonArray();
        QCOMPARE(nodes.at(0).toObject().value(QStringLiteral("warnings")), noWarnings);
        QCOMPARE(nodes.at(1).toObject().value(QStringLiteral("warnings")), QJsonValue(QJsonArray{QStringLiteral("no-ttl")}));
        QCOMPARE(nodes.at(1).toObject().value(QStringLiteral("ttl_ms")).toInteger(), -1);
        QVERIFY(!nodes.at(3).toObject().contains(QStringLiteral("warnings"))); // absent: nothing to warn of
    }

    void aNodeDownIsAnError()
    {
        m_group.node(4).kill();
        const Run r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + group());
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(QStringLiteral("node 5 (%1) could not be scanned").arg(node(4)).toUtf8()), r.err.constData());
        QVERIFY2(!r.err.contains("master"), r.err.constData()); // a Redlock node is a server of its own
        const QHash<QString, QJsonObject> lines = byKey(r.out);
        QCOMPARE(lines.size(), 4);
        for (const QJsonObject &o : lines) {
            const QJsonObject dead = o.value(QStringLiteral("nodes")).toArray().at(4).toObject();
            QCOMPARE(dead.value(QStringLiteral("node")).toString(), node(4));
            QVERIFY(!dead.value(QStringLiteral("error")).toString().isEmpty());
            QVERIFY(!dead.contains(QStringLiteral("absent")));
        }
        QCOMPARE(lines.value(QStringLiteral("locks:held")).value(QStringLiteral("quorum")).toString(), QStringLiteral("held"));
        QCOMPARE(lines.value(QStringLiteral("locks:degraded")).value(QStringLiteral("quorum")).toString(), QStringLiteral("degraded"));
        // A on two, B on one and the dead node may hold B: no one can tell.
        QCOMPARE(lines.value(QStringLiteral("locks:split")).value(QStringLiteral("quorum")).toString(), QStringLiteral("unknown"));
        // No lock seen on the nodes that answer is no proof of none: still incomplete.
        const Run none = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--no-default-patterns"),
                                               QStringLiteral("--pattern"), QStringLiteral("nothing:*")} + group());
        QCOMPARE(none.code, 3);
        QVERIFY(none.out.isEmpty());
        QVERIFY2(none.err.contains("1 node(s) could not be scanned; what they hold is not in this list"), none.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestRedlockScanCommand)
#include "tst_redlockscancommand.moc"

#include "testredlockgroup.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {
struct Run {
    int code = -1;
    QByteArray out;
    QByteArray err;
};

const QByteArray tokenA = "fbe243bd8034c5406498dfe459014205";
const QByteArray tokenB = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";
} // namespace

// lockscope scan --redlock against five real servers, as a script reads it.
class TestRedlockScanCommand : public QObject
{
    Q_OBJECT

private:
    TestRedlockGroup m_nodes;
    QTemporaryDir m_home;

    Run lockscope(const QStringList &args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        env.remove(QStringLiteral("REDISCLI_AUTH"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LOCKSCOPE_BINARY), args);
        p.closeWriteChannel();
        if (!p.waitForFinished(60000))
            p.kill();
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
    }

    QString node(int i) const { return m_nodes.nodeName(i); }
    QStringList group() const { return {QStringLiteral("--redlock"), m_nodes.urls()}; }
    void lock(const QByteArray &key, const QByteArray &token, const QList<int> &on) { QVERIFY(m_nodes.lock(key, token, on)); }

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
        QVERIFY(m_nodes.start());
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

    // Last: a server stopped. Its entries say error, not absent, and the scan is incomplete.
    void aNodeDownIsAnError()
    {
        m_nodes.node(4).kill();
        const Run r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + group());
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(QStringLiteral("node 5 (%1) could not be scanned").arg(node(4)).toUtf8()), r.err.constData());
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
    }
};

QTEST_GUILESS_MAIN(TestRedlockScanCommand)
#include "tst_redlockscancommand.moc"

#include "testredlockgroup.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

namespace {
const QByteArray tokenA = "fbe243bd8034c5406498dfe459014205";
} // namespace

// lockscope watch --redlock against five real servers, as a script follows it: the process runs
// while the test changes the group under it.
class TestRedlockWatchCommand : public QObject
{
    Q_OBJECT

private:
    TestRedlockGroup m_group;
    QTemporaryDir m_home;

    void start(QProcess &p, const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LOCKSCOPE_BINARY), QStringList{QStringLiteral("watch"), QStringLiteral("--redlock"), m_group.urls()} + args);
    }

    // The JSON lines printed so far (the process keeps running).
    static QList<QJsonObject> lines(QProcess &p, QByteArray &buffer)
    {
        buffer += p.readAllStandardOutput();
        QList<QJsonObject> out;
        for (const QByteArray &line : buffer.split('\n'))
            if (!line.isEmpty())
                out << QJsonDocument::fromJson(line).object();
        return out;
    }
    static qsizetype count(const QList<QJsonObject> &all, const QString &event)
    {
        return std::count_if(all.cbegin(), all.cend(), [&](const QJsonObject &o) { return o.value(QStringLiteral("event")).toString() == event; });
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_group.start());
    }

    void tableAfterEveryScan()
    {
        QVERIFY(m_group.lock("locks:table", tokenA, {0, 1, 2}));
        QProcess p;
        start(p, {QStringLiteral("--interval"), QStringLiteral("200"), QStringLiteral("--duration"), QStringLiteral("1")});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray out = p.readAllStandardOutput();
        QVERIFY2(out.count("KEY") >= 2, out.constData()); // redrawn
        QVERIFY(out.contains("NODE 5"));
        QVERIFY(out.contains("locks:table") && out.contains("degraded"));
        m_group.unlock("locks:table");
    }

    // --lang zh_CN: the headers and the quorum in words; English keeps the ids (above).
    void tableInChinese()
    {
        QVERIFY(m_group.lock("locks:table", tokenA, {0, 1, 2}));
        QProcess p;
        start(p, {QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--duration"), QStringLiteral("0.5")});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 0);
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(out.contains(QStringLiteral("节点 5")) && out.contains(QStringLiteral("降级")), qUtf8Printable(out));
        QVERIFY(out.contains(QStringLiteral("locks:table")) && !out.contains(QStringLiteral("degraded")));
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains(QStringLiteral("正在监视")));
        m_group.unlock("locks:table");
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("budget") << QStringList{QStringLiteral("--budget"), QStringLiteral("5")} << QByteArray("--budget is for the watch of one deployment");
        QTest::newRow("rescan too often") << QStringList{QStringLiteral("--rescan"), QStringLiteral("100")} << QByteArray("--rescan wants at least 500 ms");
        QTest::newRow("drift") << QStringList{QStringLiteral("--drift-factor"), QStringLiteral("2")} << QByteArray("--drift-factor wants a fraction");
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        QProcess p;
        start(p, args);
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains(message), err.constData());
        QVERIFY(p.readAllStandardOutput().isEmpty());
    }

    // Three of the five holders restart empty (no persistence) under a watch: the lock is
    // lost, with the restarts named, never "released" (Redlock's restart hazard).
    void holdersThatRestartEmptyLoseTheLock()
    {
        QProcess p;
        start(p, {QStringLiteral("--events"), QStringLiteral("--json"), QStringLiteral("--interval"), QStringLiteral("100")});
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT((err += p.readAllStandardError()).contains("watching 0 lock(s)"), 20000);
        QByteArray buffer;
        // A failure here must not leave the lock to the next test's empty start.
        const auto cleanup = qScopeGuard([this] { m_group.unlock("locks:restart"); });
        QVERIFY(m_group.lock("locks:restart", tokenA, {0, 1, 2, 3, 4}));
        QTRY_COMPARE_WITH_TIMEOUT(count(lines(p, buffer), QStringLiteral("acquired")), 1, 10000);
        for (int i = 0; i < 3; ++i) {
            m_group.node(i).kill();
            QVERIFY(m_group.node(i).restart());
        }
        QTRY_COMPARE_WITH_TIMEOUT(count(lines(p, buffer), QStringLiteral("lost")), 1, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(count(lines(p, buffer), QStringLiteral("node-restarted")), 3, 10000);
        const QList<QJsonObject> all = lines(p, buffer);
        const QJsonObject lost = *std::find_if(all.cbegin(), all.cend(), [](const QJsonObject &o) { return o.value(QStringLiteral("event")) == QStringLiteral("lost"); });
        QCOMPARE(lost.value(QStringLiteral("key")).toString(), QStringLiteral("locks:restart"));
        QCOMPARE(lost.value(QStringLiteral("token")).toString(), QString::fromLatin1(tokenA));
        QCOMPARE(lost.value(QStringLiteral("reason")).toString(), QStringLiteral("node-restarted"));
        // The loss is declared once a majority is gone, which may be before the third restart
        // is seen: any two of the three restarted nodes make it.
        const QString message = lost.value(QStringLiteral("message")).toString();
        int named = 0;
        for (int i = 0; i < 3; ++i)
            named += message.contains(m_group.nodeName(i)) ? 1 : 0;
        QVERIFY2(named >= 2, qPrintable(message));
        QCOMPARE(count(all, QStringLiteral("released")), 0);
        QCOMPARE(count(all, QStringLiteral("expired")), 0);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 0);
    }

    // Last: it stops a server.
    void eventsAsJsonLinesWithEveryNode()
    {
        QProcess p;
        start(p, {QStringLiteral("--events"), QStringLiteral("--json"), QStringLiteral("--interval"), QStringLiteral("100")});
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT((err += p.readAllStandardError()).contains("watching 0 lock(s) on a Redlock group of 5 nodes"), 20000);
        QByteArray buffer;
        QVERIFY(m_group.lock("locks:job", tokenA, {0, 1, 2, 3, 4}));
        QTRY_COMPARE_WITH_TIMEOUT(count(lines(p, buffer), QStringLiteral("acquired")), 1, 10000);
        const QJsonObject acquired = lines(p, buffer).first();
        QCOMPARE(acquired.value(QStringLiteral("key")).toString(), QStringLiteral("locks:job"));
        QCOMPARE(acquired.value(QStringLiteral("token")).toString(), QString::fromLatin1(tokenA));
        // The test writes node after node: the watch may see the majority before the last two.
        QVERIFY(QStringList({QStringLiteral("held"), QStringLiteral("degraded")}).contains(acquired.value(QStringLiteral("quorum")).toString()));
        QVERIFY(acquired.value(QStringLiteral("validity_ms")).toInteger() > 0);
        const QJsonArray nodes = acquired.value(QStringLiteral("nodes")).toArray();
        QCOMPARE(nodes.size(), 5);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(nodes.at(i).toObject().value(QStringLiteral("node")).toString(), m_group.nodeName(i));
        for (int i = 0; i < 3; ++i)
            QVERIFY(nodes.at(i).toObject().value(QStringLiteral("ttl_ms")).toInteger() > 0);

        m_group.node(4).kill();
        QTRY_COMPARE_WITH_TIMEOUT(count(lines(p, buffer), QStringLiteral("node-down")), 1, 15000);
        m_group.unlock("locks:job", {0, 1, 2, 3});
        QTRY_COMPARE_WITH_TIMEOUT(count(lines(p, buffer), QStringLiteral("released")), 1, 10000);
        const QList<QJsonObject> all = lines(p, buffer);
        const QJsonObject down = *std::find_if(all.cbegin(), all.cend(), [](const QJsonObject &o) { return o.value(QStringLiteral("event")) == QStringLiteral("node-down"); });
        QCOMPARE(down.value(QStringLiteral("node")).toString(), m_group.nodeName(4));
        QCOMPARE(down.value(QStringLiteral("node_index")).toInt(), 5);
        const QJsonObject released = all.last();
        QCOMPARE(released.value(QStringLiteral("event")).toString(), QStringLiteral("released"));
        QCOMPARE(released.value(QStringLiteral("nodes")).toArray().at(0).toObject().value(QStringLiteral("absent")).toBool(), true);
        QVERIFY(!released.value(QStringLiteral("nodes")).toArray().at(4).toObject().value(QStringLiteral("error")).toString().isEmpty());
        QCOMPARE(count(all, QStringLiteral("released")), 1);

        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 0);
    }

};

QTEST_GUILESS_MAIN(TestRedlockWatchCommand)
#include "tst_redlockwatchcommand.moc"

#include "lockscopecli.h"
#include "testredlockgroup.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {
const QByteArray &tokenA = TestRedlockGroup::tokenA;
const QByteArray &tokenB = TestRedlockGroup::tokenB;
} // namespace

// lockscope acquire | extend | release --redlock against five real servers, as a script runs
// them: exit codes, the per-node table and JSON, and what each node holds afterwards.
class TestRedlockAdminCommand : public QObject
{
    Q_OBJECT

private:
    TestRedlockGroup m_group;
    QTemporaryDir m_home;

    LockscopeRun lockscope(const QStringList &args) { return LockscopeRun::run(args, m_home.path()); }
    QStringList group() const { return {QStringLiteral("--redlock"), m_group.urls()}; }
    // The same group as repeated --node URL.
    QStringList nodes() const
    {
        QStringList out;
        for (const QString &url : m_group.urls().split(QLatin1Char(',')))
            out << QStringLiteral("--node") << url;
        return out;
    }
    static QJsonObject json(const LockscopeRun &r) { return QJsonDocument::fromJson(r.out).object(); }
    static QStringList results(const QJsonObject &o)
    {
        QStringList out;
        for (const QJsonValue &n : o.value(QStringLiteral("nodes")).toArray())
            out << n.toObject().value(QStringLiteral("result")).toString();
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QVERIFY(m_group.start());
    }

    void init() { m_group.flushAll(); }

    void acquireJson()
    {
        const LockscopeRun r = lockscope(QStringList{QStringLiteral("acquire"), QStringLiteral("locks:orders"), QStringLiteral("--ttl"),
                                                     QStringLiteral("30s"), QStringLiteral("--json")}
                                         + group());
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("action")).toString(), QStringLiteral("acquire"));
        QCOMPARE(o.value(QStringLiteral("result")).toString(), QStringLiteral("done"));
        QCOMPARE(o.value(QStringLiteral("dialect")).toString(), QStringLiteral("node-redlock"));
        QCOMPARE(o.value(QStringLiteral("quorum")).toInt(), 3);
        QVERIFY(o.value(QStringLiteral("validity_ms")).toInteger() > 0);
        QCOMPARE(results(o), QStringList(5, QStringLiteral("done")));
        QCOMPARE(o.value(QStringLiteral("nodes")).toArray().at(2).toObject().value(QStringLiteral("node")).toString(),
                 m_group.profiles().at(2).endpoint());
        const QByteArray token = o.value(QStringLiteral("token")).toString().toLatin1();
        QCOMPARE(token.size(), 32);
        QCOMPARE(m_group.tokens("locks:orders"), QList<QByteArray>(5, token));
    }

    // Held on a majority by another token: refused (exit 1), the table says by whom, and
    // nothing of the attempt is left on the two free nodes.
    void acquireOfAHeldLockTable()
    {
        QVERIFY(m_group.lock("locks:orders", tokenB, {0, 1, 2}));
        const LockscopeRun r = lockscope(QStringList{QStringLiteral("acquire"), QStringLiteral("locks:orders"), QStringLiteral("--ttl"),
                                                     QStringLiteral("30s"), QStringLiteral("--retry-count"), QStringLiteral("1"),
                                                     QStringLiteral("--retry-delay"), QStringLiteral("10ms")}
                                         + nodes());
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.startsWith("NODE"), r.out.constData());
        QVERIFY(r.out.contains("refused") && r.out.contains(tokenB));
        QVERIFY2(r.err.contains("after 2 attempt"), r.err.constData());
        QCOMPARE(m_group.tokens("locks:orders"), (QList<QByteArray>{tokenB, tokenB, tokenB, {}, {}}));
    }

    // --lang zh_CN: the table's headers and each node's result in words, the summary in Chinese;
    // --json keeps its ids.
    void speaksChineseWhenAsked()
    {
        QVERIFY(m_group.lock("locks:orders", tokenB, {0, 1, 2}));
        const QStringList args = QStringList{QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("acquire"),
                                             QStringLiteral("locks:orders"), QStringLiteral("--ttl"), QStringLiteral("30s"),
                                             QStringLiteral("--retry-count"), QStringLiteral("0")}
                                 + group();
        LockscopeRun r = lockscope(args);
        QCOMPARE(r.code, 1);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.startsWith(QStringLiteral("节点")) && out.contains(QStringLiteral("已拒绝")), r.out.constData());
        QVERIFY(!out.contains(QStringLiteral("refused")) && out.contains(QString::fromLatin1(tokenB)));
        QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("仍未获取")), r.err.constData());

        r = lockscope(args + QStringList{QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        QCOMPARE(results(json(r)).mid(0, 3), QStringList(3, QStringLiteral("refused")));
        QCOMPARE(m_group.tokens("locks:orders"), (QList<QByteArray>{tokenB, tokenB, tokenB, {}, {}}));
    }

    void extendAndReleaseByToken()
    {
        QVERIFY(m_group.lock("locks:orders", tokenA, {0, 1, 2, 3}, 10000));
        LockscopeRun r = lockscope(QStringList{QStringLiteral("extend"), QStringLiteral("locks:orders"), QStringLiteral("--token"),
                                               QString::fromLatin1(tokenA), QStringLiteral("--ttl"), QStringLiteral("1m"), QStringLiteral("--json")}
                                   + group());
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(results(json(r)), (QStringList{QStringLiteral("done"), QStringLiteral("done"), QStringLiteral("done"), QStringLiteral("done"),
                                                QStringLiteral("absent")}));
        QVERIFY(m_group.node(0).command({"PTTL", "locks:orders"}).integer() > 10000);

        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("locks:orders"), QStringLiteral("--token"), QString::fromLatin1(tokenA)}
                      + group());
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(m_group.tokens("locks:orders"), QList<QByteArray>(5, QByteArray()));
    }

    // --observed: each node guarded by the token seen there (printed first); dry-run changes nothing.
    void releaseObserved()
    {
        QVERIFY(m_group.lock("locks:orders", tokenA, {0, 1, 2, 3, 4}));
        const QStringList args = QStringList{QStringLiteral("release"), QStringLiteral("locks:orders"), QStringLiteral("--observed")} + group();
        LockscopeRun r = lockscope(args + QStringList{QStringLiteral("--dry-run")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("would run on each of"));
        QVERIFY2(r.out.contains("1 locks:orders <the token seen on that node>"), r.out.constData()); // the guard is no secret
        QVERIFY2(r.err.contains("guarded on: ") && r.err.contains(tokenA), r.err.constData());
        QCOMPARE(m_group.tokens("locks:orders"), QList<QByteArray>(5, tokenA));
        r = lockscope(args + QStringList{QStringLiteral("--dry-run"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(json(r).value(QStringLiteral("result")).toString(), QStringLiteral("dry-run"));
        const QJsonArray nodes = json(r).value(QStringLiteral("nodes")).toArray();
        QCOMPARE(nodes.size(), 5);
        QCOMPARE(nodes.at(2).toObject().value(QStringLiteral("guard")).toString(), QString::fromLatin1(tokenA)); // each node's own guard
        QCOMPARE(m_group.tokens("locks:orders"), QList<QByteArray>(5, tokenA));

        r = lockscope(args + QStringList{QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(results(json(r)), QStringList(5, QStringLiteral("done")));
        QCOMPARE(m_group.tokens("locks:orders"), QList<QByteArray>(5, QByteArray()));

        r = lockscope(args);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("is not held on any node of the group"), r.err.constData());
    }

    void readOnlyRefuses()
    {
        const LockscopeRun r = lockscope(QStringList{QStringLiteral("acquire"), QStringLiteral("locks:orders"), QStringLiteral("--ttl"),
                                                     QStringLiteral("30s"), QStringLiteral("--read-only")}
                                         + group());
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("read-only"), r.err.constData());
        QCOMPARE(m_group.tokens("locks:orders"), QList<QByteArray>(5, QByteArray()));
        // Audited all the same: its intent, then its refusal, as the last two lines.
        QFile audit(m_home.filePath(QStringLiteral("lockscope/audit.log")));
        QVERIFY(audit.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = audit.readAll().trimmed().split('\n');
        QVERIFY(lines.size() >= 2);
        const QJsonObject intent = QJsonDocument::fromJson(lines.at(lines.size() - 2)).object();
        const QJsonObject outcome = QJsonDocument::fromJson(lines.last()).object();
        QCOMPARE(intent.value(QStringLiteral("phase")).toString(), QStringLiteral("intent"));
        QCOMPARE(outcome.value(QStringLiteral("result")).toString(), QStringLiteral("refused"));
        QCOMPARE(outcome.value(QStringLiteral("id")), intent.value(QStringLiteral("id")));
        QVERIFY(outcome.value(QStringLiteral("server")).toString().contains(m_group.profiles().first().endpoint()));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        const QString two = QStringLiteral("redis://127.0.0.1:1,redis://127.0.0.1:2");
        QTest::newRow("no ttl") << QStringList{QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--redlock"), two}
                                << "acquire needs --ttl MS";
        QTest::newRow("extend without token")
            << QStringList{QStringLiteral("extend"), QStringLiteral("k"), QStringLiteral("--ttl"), QStringLiteral("1s"), QStringLiteral("--redlock"), two}
            << "extend needs --token T and --ttl MS";
        QTest::newRow("mixed --node") << QStringList{QStringLiteral("release"), QStringLiteral("k"), QStringLiteral("--observed"),
                                                     QStringLiteral("--node"), QStringLiteral("redis://127.0.0.1:1"), QStringLiteral("--node"),
                                                     QStringLiteral("127.0.0.1:2")}
                                      << "not both";
        QTest::newRow("bad retry count") << QStringList{QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--ttl"), QStringLiteral("1s"),
                                                        QStringLiteral("--redlock"), two, QStringLiteral("--retry-count"), QStringLiteral("many")}
                                         << "--retry-count wants a number of retries from 0 to 1000, not 'many'";
        QTest::newRow("unknown dialect") << QStringList{QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--ttl"), QStringLiteral("1s"),
                                                        QStringLiteral("--redlock"), two, QStringLiteral("--dialect"), QStringLiteral("nope"),
                                                        QStringLiteral("--dry-run")}
                                         << "no dialect \"nope\"";
        QTest::newRow("not a Redlock layout") << QStringList{QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--ttl"), QStringLiteral("1s"),
                                                             QStringLiteral("--redlock"), two, QStringLiteral("--dialect"), QStringLiteral("redisson-lock"),
                                                             QStringLiteral("--dry-run")}
                                              << "does not write its locks with SET key token NX PX";
    }

    // One clear line, exit 2 (or 1 for a plan that cannot run), and no node touched.
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        const LockscopeRun r = lockscope(args);
        QVERIFY2(r.code == 2 || r.code == 1, r.err.constData());
        QVERIFY2(r.err.contains(says.toUtf8()), r.err.constData());
    }

    // --dry-run asks the servers who they are, as the action would: one server under two
    // names is refused there too, and nothing is written.
    void dryRunRefusesOneServerTwice()
    {
        QVERIFY(m_group.lock("locks:orders", tokenA, {0, 1, 2}));
        QStringList urls = m_group.urls().split(QLatin1Char(','));
        urls[1] = urls.at(0);
        urls[1].replace(QStringLiteral("127.0.0.1"), QStringLiteral("localhost"));
        const QStringList release{QStringLiteral("release"), QStringLiteral("locks:orders"), QStringLiteral("--token"),
                                  QString::fromLatin1(tokenA), QStringLiteral("--dry-run"), QStringLiteral("--redlock")};
        LockscopeRun r = lockscope(release + QStringList{urls.join(QLatin1Char(','))});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.isEmpty(), r.out.constData()); // it would not run
        QVERIFY2(r.err.contains("node 2 (localhost:") && r.err.contains("would vote twice"), r.err.constData());
        r = lockscope(release + QStringList{m_group.urls()}); // the same plan on five servers
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(m_group.tokens("locks:orders"), (QList<QByteArray>{tokenA, tokenA, tokenA, {}, {}}));
    }

    // Last: three of five servers stopped. No majority can be had: exit 3 (the nodes could not
    // be reached), each dead node an error, nothing left on the two live ones.
    void acquireWithThreeNodesDown()
    {
        for (int i : {2, 3, 4})
            m_group.node(i).kill();
        const LockscopeRun r = lockscope(QStringList{QStringLiteral("acquire"), QStringLiteral("locks:orders"), QStringLiteral("--ttl"),
                                                     QStringLiteral("30s"), QStringLiteral("--retry-count"), QStringLiteral("0"),
                                                     QStringLiteral("--json")}
                                         + group());
        QCOMPARE(r.code, 3);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("result")).toString(), QStringLiteral("failed"));
        QCOMPARE(results(o), (QStringList{QStringLiteral("done"), QStringLiteral("done"), QStringLiteral("error"), QStringLiteral("error"),
                                          QStringLiteral("error")}));
        for (int i : {0, 1})
            QVERIFY(!m_group.node(i).command({"EXISTS", "locks:orders"}).integer());
    }
};

QTEST_GUILESS_MAIN(TestRedlockAdminCommand)
#include "tst_redlockadmincommand.moc"

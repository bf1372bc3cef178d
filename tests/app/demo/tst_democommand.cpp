#include "processprobe.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

// `lockscope demo` as scripts and trainers use it: output, exit codes, and no server left
// behind however the process ends.
class TestDemoCommand : public QObject
{
    Q_OBJECT

private:
    struct Run
    {
        int code = -1;
        QByteArray out;
        QByteArray err;
    };

    QTemporaryDir m_tmp;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TMPDIR"), m_tmp.path()); // where sandbox directories would be left
        return env;
    }

    Run lockscope(const QStringList &args, const QProcessEnvironment &env, int timeoutMs = 60000)
    {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LOCKSCOPE_BINARY), QStringList{QStringLiteral("demo")} + args);
        p.closeWriteChannel();
        if (!p.waitForFinished(timeoutMs))
            p.kill();
        p.waitForFinished(5000);
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
    }

    static QList<QJsonObject> jsonLines(const QByteArray &out)
    {
        QList<QJsonObject> lines;
        for (const QByteArray &line : out.split('\n')) {
            if (line.isEmpty())
                continue;
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
            if (error.error != QJsonParseError::NoError || !doc.isObject())
                return {};
            lines << doc.object();
        }
        return lines;
    }

    static bool hasSummaryFields(const QJsonObject &o)
    {
        for (const char *field : {"scenario", "variant", "acquisitions", "failures", "violations"})
            if (!o.value(QLatin1String(field)).isString() && !o.value(QLatin1String(field)).isDouble())
                return false;
        for (const char *field : {"wait_p50_ms", "wait_p99_ms"})
            if (!o.contains(QLatin1String(field)) || !(o.value(QLatin1String(field)).isDouble() || o.value(QLatin1String(field)).isNull()))
                return false;
        return true;
    }

    // Starts a long demo, waits for its servers, and returns the process (owned by caller).
    QProcess *startLongDemo(const QStringList &args, int servers, QList<qint64> *pids)
    {
        auto *p = new QProcess;
        p->setProcessEnvironment(environment());
        p->start(QStringLiteral(LOCKSCOPE_BINARY), QStringList{QStringLiteral("demo"), QStringLiteral("--duration"), QStringLiteral("120")} + args);
        if (!p->waitForStarted(10000))
            return p;
        const qint64 pid = p->processId();
        (void)QTest::qWaitFor([&] { return ProcessProbe::redisChildrenOf(pid).size() >= servers; }, 20000);
        *pids = ProcessProbe::redisChildrenOf(pid);
        return p;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
    }

    void listsTheScenarios()
    {
        Run r = lockscope({QStringLiteral("--list")}, environment());
        QCOMPARE(r.code, 0);
        QVERIFY(r.err.isEmpty());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 11);
        QVERIFY(lines.first().startsWith("safe "));
        QVERIFY(lines.last().startsWith("failover "));
        QVERIFY(r.out.contains("redlock"));

        r = lockscope({QStringLiteral("--list"), QStringLiteral("--json")}, environment());
        QCOMPARE(r.code, 0);
        const QList<QJsonObject> json = jsonLines(r.out);
        QCOMPARE(json.size(), 11);
        const QJsonObject oversell = json.at(6);
        QCOMPARE(oversell.value(QStringLiteral("scenario")).toString(), QStringLiteral("oversell"));
        QCOMPARE(oversell.value(QStringLiteral("variants")).toArray().size(), 3);
        QVERIFY(!oversell.value(QStringLiteral("summary")).toString().isEmpty());
    }

    void bothVariantsOneJsonLineEach()
    {
        const Run r = lockscope({QStringLiteral("--scenario"), QStringLiteral("expiry-while-held"), QStringLiteral("--duration"),
                                 QStringLiteral("2.5"), QStringLiteral("--seed"), QStringLiteral("5"), QStringLiteral("--json")},
                                environment());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QList<QJsonObject> lines = jsonLines(r.out);
        QCOMPARE(lines.size(), 2);
        for (const QJsonObject &o : lines) {
            QVERIFY(hasSummaryFields(o));
            QCOMPARE(o.value(QStringLiteral("scenario")).toString(), QStringLiteral("expiry-while-held"));
            QCOMPARE(o.value(QStringLiteral("seed")).toInteger(), qint64(5));
            QVERIFY(!o.contains(QStringLiteral("oversold")));
            QVERIFY(o.value(QStringLiteral("acquisitions")).toInteger() > 0);
        }
        QCOMPARE(lines.at(0).value(QStringLiteral("variant")).toString(), QStringLiteral("broken"));
        QVERIFY(lines.at(0).value(QStringLiteral("violations")).toInteger() >= 1);
        QCOMPARE(lines.at(1).value(QStringLiteral("variant")).toString(), QStringLiteral("fixed"));
        QCOMPARE(lines.at(1).value(QStringLiteral("violations")).toInteger(), qint64(0));
        QVERIFY(ProcessProbe::sandboxDirectories(m_tmp.path()).isEmpty());
    }

    void oversoldWhereItApplies()
    {
        const Run r = lockscope({QStringLiteral("--scenario"), QStringLiteral("oversell"), QStringLiteral("--variant"),
                                 QStringLiteral("unlocked"), QStringLiteral("--workers"), QStringLiteral("6"), QStringLiteral("--json")},
                                environment());
        QCOMPARE(r.code, 0);
        const QList<QJsonObject> lines = jsonLines(r.out);
        QCOMPARE(lines.size(), 1);
        QVERIFY(hasSummaryFields(lines.first()));
        QCOMPARE(lines.first().value(QStringLiteral("workers")).toInteger(), qint64(6));
        QVERIFY(lines.first().value(QStringLiteral("oversold")).toInteger() >= 1);
        QCOMPARE(lines.first().value(QStringLiteral("oversold")).toInteger(), lines.first().value(QStringLiteral("violations")).toInteger());
    }

    void readableOutputTellsTheStory()
    {
        const Run r = lockscope({QStringLiteral("--scenario"), QStringLiteral("unsafe-release"), QStringLiteral("--variant"),
                                 QStringLiteral("broken"), QStringLiteral("--duration"), QStringLiteral("2")},
                                environment());
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("== unsafe-release / broken"));
        QVERIFY2(r.out.contains("late DEL deleted"), r.out.constData());
        QVERIFY(r.out.contains("VIOLATION"));
        QVERIFY(r.out.contains("wait          p50"));
        QVERIFY(!r.out.contains("== unsafe-release / fixed"));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("unknown scenario") << QStringList{QStringLiteral("--scenario"), QStringLiteral("nope")} << QByteArray("unknown scenario 'nope'");
        QTest::newRow("variant the scenario lacks") << QStringList{QStringLiteral("--scenario"), QStringLiteral("safe"), QStringLiteral("--variant"), QStringLiteral("unlocked")}
                                                    << QByteArray("has no variant 'unlocked'");
        QTest::newRow("unknown variant") << QStringList{QStringLiteral("--variant"), QStringLiteral("sideways")} << QByteArray("unknown variant");
        QTest::newRow("no workers") << QStringList{QStringLiteral("--workers"), QStringLiteral("0")} << QByteArray("--workers wants");
        QTest::newRow("bad duration") << QStringList{QStringLiteral("--duration"), QStringLiteral("soon")} << QByteArray("--duration wants");
        QTest::newRow("bad seed") << QStringList{QStringLiteral("--seed"), QStringLiteral("-3")} << QByteArray("--seed wants");
        QTest::newRow("connection options") << QStringList{QStringLiteral("-p"), QStringLiteral("6379")} << QByteArray("no connection options");
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const Run r = lockscope(args, environment());
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains(message), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
    }

    void withoutRedisServerItSaysSo()
    {
        QTemporaryDir emptyPath;
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("PATH"), emptyPath.path());
        const Run r = lockscope({QStringLiteral("--scenario"), QStringLiteral("safe")}, env);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("redis-server"), r.err.constData());
    }

    void killedMidRunLeavesNoServerBehind()
    {
        QList<qint64> pids;
        std::unique_ptr<QProcess> p(startLongDemo({QStringLiteral("--scenario"), QStringLiteral("redlock"), QStringLiteral("--variant"), QStringLiteral("fixed")}, 5, &pids));
        QCOMPARE(pids.size(), 5);
        for (qint64 pid : pids)
            QVERIFY(ProcessProbe::isRunning(pid));
        QTRY_VERIFY(ProcessProbe::sandboxDirectories(m_tmp.path()).isEmpty()); // gone once the servers are up
        p->kill(); // SIGKILL: no destructor, no handler runs
        QVERIFY(p->waitForFinished(10000));
        QTRY_VERIFY_WITH_TIMEOUT(std::none_of(pids.begin(), pids.end(), [](qint64 pid) { return ProcessProbe::isRunning(pid); }), 10000);
        QVERIFY(ProcessProbe::sandboxDirectories(m_tmp.path()).isEmpty());
    }

    void interruptedItReportsAndStops_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("Ctrl+C") << int(SIGINT);
        QTest::newRow("SIGTERM") << int(SIGTERM);
    }

    void interruptedItReportsAndStops()
    {
        QFETCH(int, signal);
        QList<qint64> pids;
        std::unique_ptr<QProcess> p(startLongDemo({QStringLiteral("--scenario"), QStringLiteral("failover"), QStringLiteral("--json")}, 2, &pids));
        QCOMPARE(pids.size(), 2);
        ::kill(pid_t(p->processId()), signal);
        QVERIFY(p->waitForFinished(15000));
        QCOMPARE(p->exitStatus(), QProcess::NormalExit);
        QCOMPARE(p->exitCode(), 128 + signal);
        const QList<QJsonObject> lines = jsonLines(p->readAllStandardOutput());
        QCOMPARE(lines.size(), 1); // the run in progress, not the next one
        QVERIFY(hasSummaryFields(lines.first()));
        QVERIFY(lines.first().value(QStringLiteral("interrupted")).toBool());
        for (qint64 pid : pids)
            QVERIFY(!ProcessProbe::isRunning(pid)); // stopped before LockScope exited
        QVERIFY(ProcessProbe::sandboxDirectories(m_tmp.path()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestDemoCommand)
#include "tst_democommand.moc"

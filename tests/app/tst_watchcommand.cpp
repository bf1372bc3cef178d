#include "testredis.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>

// lockscope watch as scripts use it: JSON Lines events, the reprinted table, and a clean end
// (exit code 0) after --duration, on Ctrl+C and on SIGTERM.
class TestWatchCommand : public QObject
{
    Q_OBJECT

private:
    TestRedis m_redis;
    QTemporaryDir m_home;

    struct Watch
    {
        QProcess process;
        QByteArray out;
        QByteArray err;
        void pump()
        {
            out += process.readAllStandardOutput();
            err += process.readAllStandardError();
        }
    };

    void launch(Watch &w, const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        w.process.setProcessEnvironment(env);
        w.process.start(QStringLiteral(LOCKSCOPE_BINARY),
                        QStringList{QStringLiteral("watch"), QStringLiteral("-p"), QString::number(m_redis.port())} + args);
        w.process.closeWriteChannel();
    }

    // Waits (on the event loop) for the process to end; true when it ended by itself.
    static bool ended(Watch &w, int timeoutMs)
    {
        const bool done = QTest::qWaitFor([&w] {
            w.pump();
            return w.process.state() == QProcess::NotRunning;
        }, timeoutMs);
        w.pump();
        if (!done)
            w.process.kill();
        return done;
    }

    static QList<QJsonObject> objects(const QByteArray &out)
    {
        QList<QJsonObject> list;
        for (const QByteArray &line : out.split('\n')) {
            if (line.isEmpty())
                continue;
            QJsonParseError error;
            list << QJsonDocument::fromJson(line, &error).object();
            if (error.error != QJsonParseError::NoError)
                qWarning() << "not JSON:" << line;
        }
        return list;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_redis.start());
    }

    void init()
    {
        m_redis.command({"FLUSHALL"});
        m_redis.command({"CONFIG", "SET", "notify-keyspace-events", ""});
    }

    void eventsAsJsonLinesThenExitAfterTheDuration()
    {
        m_redis.command({"SET", "lock:before", "t", "PX", "60000"});
        Watch w;
        launch(w, {QStringLiteral("--events"), QStringLiteral("--json"), QStringLiteral("--enable-notifications"),
                   QStringLiteral("--interval"), QStringLiteral("200"), QStringLiteral("--duration"), QStringLiteral("4")});
        QTRY_VERIFY_WITH_TIMEOUT((w.pump(), w.err.contains("live")), 10000);
        QVERIFY(!m_redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes().isEmpty());

        m_redis.command({"SET", "lock:w", "A", "NX", "PX", "5000"});
        QTRY_VERIFY((w.pump(), w.out.contains("\"acquired\"")));
        m_redis.command({"PEXPIRE", "lock:w", "8000"});
        QTRY_VERIFY((w.pump(), w.out.contains("\"renewed\"")));
        m_redis.command({"SET", "lock:w", QByteArray("B\xff", 2), "XX", "PX", "5000"});
        QTRY_VERIFY((w.pump(), w.out.contains("\"handed-over\"")));
        m_redis.command({"DEL", "lock:w"});

        QVERIFY(ended(w, 15000));
        QCOMPARE(w.process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(w.process.exitCode(), 0);
        const QList<QJsonObject> events = objects(w.out);
        QStringList kinds;
        for (const QJsonObject &e : events) {
            for (const char *field : {"ts", "event", "key", "dialect", "holder", "token", "ttl_ms"})
                QVERIFY2(e.contains(QLatin1String(field)), field);
            QVERIFY(e.value(QStringLiteral("ts")).toInteger() > 1'600'000'000'000);
            QCOMPARE(e.value(QStringLiteral("key")).toString(), QStringLiteral("lock:w"));
            kinds << e.value(QStringLiteral("event")).toString();
            if (kinds.last() == QLatin1String("handed-over")) {
                QCOMPARE(e.value(QStringLiteral("previous_token")).toString(), QStringLiteral("A"));
                QCOMPARE(e.value(QStringLiteral("token")).toString(), QStringLiteral("B\\xff"));
            } else {
                QVERIFY(!e.contains(QStringLiteral("previous_token")));
            }
        }
        QCOMPARE(kinds, (QStringList{QStringLiteral("acquired"), QStringLiteral("renewed"), QStringLiteral("handed-over"),
                                     QStringLiteral("released")}));
        // The server's setting was put back before the exit.
        QCOMPARE(m_redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes(), QByteArray());
    }

    void pollingSaysSoAndStillSeesEvents()
    {
        Watch w;
        launch(w, {QStringLiteral("--events"), QStringLiteral("--interval"), QStringLiteral("100"), QStringLiteral("--rescan"),
                   QStringLiteral("500"), QStringLiteral("--duration"), QStringLiteral("3")});
        QTRY_VERIFY_WITH_TIMEOUT((w.pump(), w.err.contains("polling")), 10000);
        QVERIFY(w.err.contains("--enable-notifications"));
        m_redis.command({"SET", "lock:p", "tok", "PX", "1200"});
        m_redis.command({"SET", "lock:h", "tokX", "PX", "60000"});
        QTRY_VERIFY_WITH_TIMEOUT((w.pump(), w.out.contains("acquired     lock:h")), 10000);
        m_redis.command({"SET", "lock:h", "tokY", "PX", "60000"});
        QVERIFY(ended(w, 15000));
        QCOMPARE(w.process.exitCode(), 0);
        // Human lines: time, event, key, who holds it now, then the details, the TTL once.
        QVERIFY2(w.out.contains("acquired     lock:p"), w.out.constData());
        QVERIFY2(w.out.contains("expired      lock:p"), w.out.constData());
        QVERIFY2(w.out.contains("handed-over  lock:h  tokY  ") && w.out.contains("from tokX"), w.out.constData());
        for (const QByteArray &line : w.out.split('\n'))
            QVERIFY2(!(line.contains("ttl ") && line.contains("TTL ")), line.constData());
        QCOMPARE(m_redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes(), QByteArray()); // untouched
    }

    void ctrlCAndTermEndCleanly_data()
    {
        QTest::addColumn<int>("signalNumber");
        QTest::addColumn<QString>("said");
        QTest::newRow("SIGINT") << int(SIGINT) << QStringLiteral("interrupted");
        QTest::newRow("SIGTERM") << int(SIGTERM) << QStringLiteral("terminated");
    }

    void ctrlCAndTermEndCleanly()
    {
        QFETCH(int, signalNumber);
        QFETCH(QString, said);
        m_redis.command({"SET", "lock:s", "t", "PX", "60000"});
        Watch w;
        launch(w, {QStringLiteral("--events"), QStringLiteral("--json"), QStringLiteral("--enable-notifications")});
        QTRY_VERIFY_WITH_TIMEOUT((w.pump(), w.err.contains("live")), 10000);
        QVERIFY(!m_redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes().isEmpty());
        ::kill(pid_t(w.process.processId()), signalNumber);
        QVERIFY(ended(w, 10000));
        QCOMPARE(w.process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(w.process.exitCode(), 0);
        QVERIFY2(w.err.contains(said.toUtf8()), w.err.constData());
        QCOMPARE(m_redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes(), QByteArray());
    }

    // An SSH session closing sends SIGHUP: the watch still puts the server's setting back.
    // So does every other signal a process can catch.
    void hangupAndOtherSignalsPutTheSettingBack_data()
    {
        QTest::addColumn<int>("signalNumber");
        QTest::newRow("SIGHUP") << int(SIGHUP);
        QTest::newRow("SIGQUIT") << int(SIGQUIT);
        QTest::newRow("SIGUSR1") << int(SIGUSR1);
    }

    void hangupAndOtherSignalsPutTheSettingBack()
    {
        QFETCH(int, signalNumber);
        Watch w;
        launch(w, {QStringLiteral("--events"), QStringLiteral("--enable-notifications")});
        QTRY_VERIFY_WITH_TIMEOUT((w.pump(), w.err.contains("live")), 10000);
        QVERIFY(!m_redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes().isEmpty());
        ::kill(pid_t(w.process.processId()), signalNumber);
        QVERIFY(ended(w, 10000));
        QCOMPARE(w.process.exitStatus(), QProcess::NormalExit); // it ended itself, in order
        QCOMPARE(w.process.exitCode(), 128 + signalNumber);
        QCOMPARE(m_redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes(), QByteArray());
    }

    void twoWatchersNeverTurnNotificationsOffUnderEachOther()
    {
        Watch first;
        launch(first, {QStringLiteral("--events"), QStringLiteral("--enable-notifications")});
        QTRY_VERIFY_WITH_TIMEOUT((first.pump(), first.err.contains("live")), 10000);
        Watch second;
        launch(second, {QStringLiteral("--events"), QStringLiteral("--json"), QStringLiteral("--enable-notifications")});
        QTRY_VERIFY_WITH_TIMEOUT((second.pump(), second.err.contains("live")), 10000);
        ::kill(pid_t(first.process.processId()), SIGTERM);
        QVERIFY(ended(first, 10000));
        QCOMPARE(first.process.exitCode(), 0);
        // The second still gets its events live: the first left the setting on for it.
        QVERIFY(!m_redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes().isEmpty());
        m_redis.command({"SET", "lock:after", "t", "PX", "60000"});
        QTRY_VERIFY_WITH_TIMEOUT((second.pump(), second.out.contains("\"acquired\"")), 3000);
        ::kill(pid_t(second.process.processId()), SIGTERM);
        QVERIFY(ended(second, 10000));
        QCOMPARE(second.process.exitCode(), 0);
        // The last one out put back what was there before either came.
        QCOMPARE(m_redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes(), QByteArray());
    }

    void anAclUserWithoutScanIsExitCode3WithTheReason()
    {
        m_redis.command({"SET", "lock:x", "t"});
        m_redis.command({"ACL", "SETUSER", "noscan", "on", ">pw", "~*", "+@all", "-scan"});
        Watch w;
        launch(w, {QStringLiteral("--user"), QStringLiteral("noscan"), QStringLiteral("-a"), QStringLiteral("pw"),
                   QStringLiteral("--duration"), QStringLiteral("5")});
        QVERIFY(ended(w, 15000));
        QCOMPARE(w.process.exitCode(), 3);
        QVERIFY2(w.err.contains("NOPERM"), w.err.constData());
        m_redis.command({"ACL", "DELUSER", "noscan"});
    }

    void anAclUserWithoutKeyAccessIsExitCode3WithTheReason()
    {
        m_redis.command({"SET", "lock:x", "t"});
        m_redis.command({"ACL", "SETUSER", "nokeys", "on", ">pw", "~other:*", "+@all"});
        Watch w;
        launch(w, {QStringLiteral("--user"), QStringLiteral("nokeys"), QStringLiteral("-a"), QStringLiteral("pw"),
                   QStringLiteral("--duration"), QStringLiteral("5")});
        QVERIFY(ended(w, 15000));
        QCOMPARE(w.process.exitCode(), 3);
        QVERIFY2(w.err.contains("could be read") && w.err.contains("NOPERM"), w.err.constData());
        m_redis.command({"ACL", "DELUSER", "nokeys"});
    }

    void aPortThatNeverAnswersIsExitCode3()
    {
        // Accepts connections and says nothing, as a firewall or a wrong service might.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        QProcess p;
        p.start(QStringLiteral(LOCKSCOPE_BINARY), {QStringLiteral("watch"), QStringLiteral("-p"), QString::number(silent.serverPort()),
                                                    QStringLiteral("--duration"), QStringLiteral("2")});
        QVERIFY(QTest::qWaitFor([&p] { return p.state() == QProcess::NotRunning; }, 15000));
        QCOMPARE(p.exitCode(), 3);
        QVERIFY(!p.readAllStandardError().isEmpty());
    }

    void reprintsTheTableEachInterval()
    {
        m_redis.command({"SET", "lock:t1", "tok-1", "PX", "60000"});
        m_redis.command({"SET", "lock:t2", "tok-2"});
        Watch w;
        launch(w, {QStringLiteral("--interval"), QStringLiteral("300"), QStringLiteral("--duration"), QStringLiteral("1.5")});
        QVERIFY(ended(w, 15000));
        QCOMPARE(w.process.exitCode(), 0);
        QVERIFY2(w.out.count("KEY") >= 3, w.out.constData());
        QVERIFY(w.out.contains("lock:t1"));
        QVERIFY(w.out.contains("tok-2"));
        QVERIFY(w.out.contains("2 lock(s)"));

        Watch j;
        launch(j, {QStringLiteral("--json"), QStringLiteral("--interval"), QStringLiteral("300"), QStringLiteral("--duration"),
                   QStringLiteral("1")});
        QVERIFY(ended(j, 15000));
        QCOMPARE(j.process.exitCode(), 0);
        const QList<QJsonObject> snapshots = objects(j.out);
        QVERIFY(snapshots.size() >= 4); // two locks, at least twice
        for (const QJsonObject &o : snapshots)
            QVERIFY(o.contains(QStringLiteral("state")));
    }

    // A standalone master's replica lacks one lock and holds another otherwise: the command
    // line's watch says "not-replicated" for both, at its default interval. It never did:
    // the exposure was not started here, replicas of a standalone master were not looked
    // for, and with the watch refreshing as often as the check ran, no copy was compared.
    void locksItsReplicaDoesNotHoldAreMarked()
    {
        QVERIFY(m_redis.command({"CONFIG", "SET", "repl-diskless-sync-delay", "0"}).isStatus("OK"));
        TestRedis replica;
        QVERIFY(replica.start({QStringLiteral("--repl-diskless-load"), QStringLiteral("swapdb")}));
        QVERIFY(replica.command({"REPLICAOF", "127.0.0.1", QByteArray::number(m_redis.port())}).isStatus("OK"));
        QTRY_VERIFY_WITH_TIMEOUT(replica.command({"INFO", "replication"}).bytes().contains("master_link_status:up"), 15000);
        m_redis.command({"SET", "lock:kept", "tok-kept", "PX", "60000"});
        m_redis.command({"SET", "lock:missing", "tok-missing", "PX", "60000"});
        m_redis.command({"SET", "lock:other", "tok-other", "PX", "60000"});
        QTRY_VERIFY_WITH_TIMEOUT(replica.command({"EXISTS", "lock:other"}).integer() == 1, 15000);
        QVERIFY(replica.command({"CONFIG", "SET", "replica-read-only", "no"}).isStatus("OK"));
        replica.command({"DEL", "lock:missing"});
        replica.command({"SET", "lock:other", "someone-else", "PX", "60000"});

        Watch w;
        launch(w, {QStringLiteral("--json"), QStringLiteral("--duration"), QStringLiteral("60")});
        // Each key's warnings in the last snapshot printed.
        const auto lastWarnings = [&w] {
            w.pump();
            QHash<QString, QStringList> last;
            for (const QJsonObject &o : objects(w.out)) {
                QStringList warnings;
                for (const QJsonValue &v : o.value(QStringLiteral("warnings")).toArray())
                    warnings << v.toString();
                last.insert(o.value(QStringLiteral("key")).toString(), warnings);
            }
            return last;
        };
        const QString marked = QStringLiteral("not-replicated");
        QTRY_VERIFY2_WITH_TIMEOUT(lastWarnings().value(QStringLiteral("lock:missing")).contains(marked)
                                      && lastWarnings().value(QStringLiteral("lock:other")).contains(marked),
                                  (w.out + w.err).constData(), 30000);
        QVERIFY2(lastWarnings().contains(QStringLiteral("lock:kept")) && !lastWarnings().value(QStringLiteral("lock:kept")).contains(marked),
                 w.out.constData());
        w.process.terminate();
        QVERIFY(ended(w, 15000));
        QCOMPARE(w.process.exitCode(), 0);
    }

    // A server that stops answering: the table's rows say they are stale (their last good
    // values), as the window's do, not held and counting down as if all were well.
    void aServerThatStopsAnsweringMakesTheTableStale()
    {
        m_redis.command({"SET", "lock:t1", "tok-1", "PX", "600000"});
        Watch w;
        launch(w, {QStringLiteral("--interval"), QStringLiteral("300"), QStringLiteral("--duration"), QStringLiteral("20")});
        QVERIFY(QTest::qWaitFor([&w] { w.pump(); return w.out.contains("lock:t1"); }, 15000));
        QVERIFY(!w.out.contains("(stale)"));
        const pid_t server = pid_t(m_redis.pid());
        auto resume = qScopeGuard([server] { ::kill(server, SIGCONT); });
        QCOMPARE(::kill(server, SIGSTOP), 0);
        QVERIFY2(QTest::qWaitFor([&w] { w.pump(); return w.out.contains("held (stale)"); }, 15000), w.out.right(400).constData());
        ::kill(server, SIGCONT);
        resume.dismiss();
        w.process.terminate();
        QVERIFY(ended(w, 15000));
    }

    void unreachableServerIsExitCode3()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();
        QProcess p;
        p.start(QStringLiteral(LOCKSCOPE_BINARY), {QStringLiteral("watch"), QStringLiteral("-p"), QString::number(port),
                                                    QStringLiteral("--duration"), QStringLiteral("5")});
        QVERIFY(QTest::qWaitFor([&p] { return p.state() == QProcess::NotRunning; }, 15000));
        QCOMPARE(p.exitCode(), 3);
        QVERIFY(p.readAllStandardError().contains("refused"));
    }
};

QTEST_GUILESS_MAIN(TestWatchCommand)
#include "tst_watchcommand.moc"

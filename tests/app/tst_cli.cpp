#include "connectionprofilejson.h"
#include "shellword.h"
#include "testredis.h"
#include "testsshd.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QSettings>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QScopeGuard>
#include <QTest>

#include <csignal>

namespace {
struct Run {
    int code = -1;
    QByteArray out;
    QByteArray err;
};
} // namespace

// The lockscope binary as scripts use it: output, exit codes, escaping.
class TestCli : public QObject
{
    Q_OBJECT

private:
    TestRedis m_redis;
    QTemporaryDir m_home;

    QProcessEnvironment environment(const QHash<QString, QString> &extraEnv = {}) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path()); // the audit log goes here
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config"))); // saved connections
        env.remove(QStringLiteral("REDISCLI_AUTH"));
        // English, whatever the machine's locale: the tests read its words. --lang says otherwise.
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        env.remove(QStringLiteral("LANGUAGE"));
        for (auto it = extraEnv.begin(); it != extraEnv.end(); ++it)
            env.insert(it.key(), it.value());
        return env;
    }

    Run lockscope(const QStringList &args, int timeoutMs = 30000, const QHash<QString, QString> &extraEnv = {})
    {
        QProcess p;
        p.setProcessEnvironment(environment(extraEnv));
        p.start(QStringLiteral(LOCKSCOPE_BINARY), args);
        p.closeWriteChannel();
        if (!p.waitForFinished(timeoutMs))
            p.kill();
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
    }

    QStringList conn() const { return {QStringLiteral("-p"), QString::number(m_redis.port())}; }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_redis.start());
    }

    void init()
    {
        m_redis.command({"FLUSHALL"});
    }

    // A key the server would not let us read is not left out silently: it has a line of its
    // own, with the reason, and the scan says it is incomplete with exit code 3.
    void scanSaysWhatItCouldNotRead()
    {
        m_redis.command({"SET", "lock:open", "t", "PX", "60000"});
        m_redis.command({"SET", "lock:secret", "s", "PX", "60000"});
        m_redis.command({"ACL", "SETUSER", "partial", "on", ">pw", "~lock:open", "+@all"});
        const QStringList as{QStringLiteral("--user"), QStringLiteral("partial"), QStringLiteral("-a"), QStringLiteral("pw")};
        Run r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + conn() + as);
        QCOMPARE(r.code, 3);
        QHash<QString, QJsonObject> byKey;
        for (const QByteArray &line : r.out.split('\n'))
            if (!line.isEmpty())
                byKey.insert(QJsonDocument::fromJson(line).object().value(QStringLiteral("key")).toString(), QJsonDocument::fromJson(line).object());
        QCOMPARE(byKey.size(), 2);
        QCOMPARE(byKey.value(QStringLiteral("lock:open")).value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
        const QJsonObject secret = byKey.value(QStringLiteral("lock:secret"));
        QCOMPARE(secret.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QVERIFY(secret.value(QStringLiteral("error")).toString().contains(QLatin1String("NOPERM")));
        QVERIFY(!secret.contains(QStringLiteral("holders"))); // nothing was read, nothing is claimed
        QVERIFY2(r.err.contains("could not be read"), r.err.constData());

        r = lockscope(QStringList{QStringLiteral("scan")} + conn() + as); // the table says it too
        QCOMPARE(r.code, 3);
        QVERIFY(r.out.contains("lock:open"));
        QVERIFY2(r.err.contains("1 key(s) under the lock patterns could not be read (lock:secret)") && r.err.contains("NOPERM"),
                 r.err.constData());
        m_redis.command({"ACL", "DELUSER", "partial"});
    }

    void outputThatCannotBeWrittenIsAnError_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("connects");
        QTest::addColumn<bool>("closedPipe"); // else a full disk
        for (bool closed : {false, true}) {
            const char *sink = closed ? ", a closed pipe" : ", a full disk";
            QTest::addRow("scan --json%s", sink) << QStringList{QStringLiteral("scan"), QStringLiteral("--json")} << true << closed;
            // The table is written at the end, after which the command used to go on with its
            // session already closed.
            QTest::addRow("scan, a table%s", sink) << QStringList{QStringLiteral("scan")} << true << closed;
            // A watch writes as it goes: it ends at its first write that fails, not at its end.
            QTest::addRow("watch%s", sink) << QStringList{QStringLiteral("watch"), QStringLiteral("--duration"), QStringLiteral("1h")}
                                           << true << closed;
            // Commands without a session: no silent death by SIGPIPE either.
            QTest::addRow("dialects%s", sink) << QStringList{QStringLiteral("dialects")} << false << closed;
            QTest::addRow("--help%s", sink) << QStringList{QStringLiteral("--help")} << false << closed;
            QTest::addRow("demo --list%s", sink) << QStringList{QStringLiteral("demo"), QStringLiteral("--list")} << false << closed;
        }
    }

    void outputThatCannotBeWrittenIsAnError()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, connects);
        QFETCH(bool, closedPipe);
        // More than a stdio buffer of output, so that some of it is written before the end.
        for (int i = 0; i < 200; ++i)
            m_redis.command({"SET", "lock:orders:" + QByteArray::number(i), "8743c9c0-0795-4907-87fd-6c719a6b4586", "PX", "60000"});
        QProcess p;
        const QStringList command = QStringList{QStringLiteral(LOCKSCOPE_BINARY)} + (connects ? args + conn() : args);
        if (closedPipe) {
            // A reader that has gone before anything is written (`| head -c0`, a dead pager);
            // the exit status is lockscope's.
            p.start(QStringLiteral("/bin/bash"), QStringList{QStringLiteral("-c"), QStringLiteral("\"$@\" | (exec 0<&-; sleep 1); exit ${PIPESTATUS[0]}"),
                                                           QStringLiteral("bash")} + command);
        } else {
            p.setStandardOutputFile(QStringLiteral("/dev/full"));
            p.start(command.first(), command.mid(1));
        }
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 1);
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(err.count("could not write the output"), 1);
    }

    void scanJsonLines()
    {
        const QByteArray uuid = "8743c9c0-0795-4907-87fd-6c719a6b4586";
        m_redis.command({"SET", "lock:orders", uuid, "PX", "60000"});
        m_redis.command({"SET", "lock:bin", QByteArray("\xff\x00\"\\", 4), "PX", "60000"});
        m_redis.command({"SET", "lock:stuck", "t"});
        m_redis.command({"HSET", "orderLock", uuid + ":57", "3"});
        m_redis.command({"PEXPIRE", "orderLock", "30000"});
        m_redis.command({"SET", "user:1", "not a lock"});

        const Run r = lockscope(QStringList{QStringLiteral("scan")} + conn() + QStringList{QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QHash<QString, QJsonObject> byKey;
        for (const QByteArray &line : r.out.split('\n')) {
            if (line.isEmpty())
                continue;
            QJsonParseError error;
            const QJsonObject o = QJsonDocument::fromJson(line, &error).object();
            QCOMPARE(error.error, QJsonParseError::NoError);
            for (const char *field : {"key", "status", "dialect", "redis_type", "ttl_ms", "state", "holders", "warnings"})
                QVERIFY2(o.contains(QLatin1String(field)), field);
            QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
            byKey.insert(o.value(QStringLiteral("key")).toString(), o);
        }
        QCOMPARE(byKey.size(), 4);
        QVERIFY(!byKey.contains(QStringLiteral("user:1")));

        const QJsonObject orders = byKey.value(QStringLiteral("lock:orders"));
        QCOMPARE(orders.value(QStringLiteral("dialect")).toString(), QStringLiteral("plain"));
        QCOMPARE(orders.value(QStringLiteral("state")).toString(), QStringLiteral("held"));
        QVERIFY(orders.value(QStringLiteral("ttl_ms")).toInteger() > 50000);
        QCOMPARE(orders.value(QStringLiteral("holders")).toArray().first().toObject().value(QStringLiteral("token")).toString(),
                 QString::fromLatin1(uuid));

        const QJsonObject bin = byKey.value(QStringLiteral("lock:bin"));
        QCOMPARE(bin.value(QStringLiteral("holders")).toArray().first().toObject().value(QStringLiteral("token")).toString(),
                 QStringLiteral("\\xff\\x00\\\"\\\\"));

        const QJsonObject stuck = byKey.value(QStringLiteral("lock:stuck"));
        QCOMPARE(stuck.value(QStringLiteral("ttl_ms")).toInteger(), qint64(-1));
        QCOMPARE(stuck.value(QStringLiteral("state")).toString(), QStringLiteral("stuck"));
        QCOMPARE(stuck.value(QStringLiteral("warnings")).toArray().first().toString(), QStringLiteral("no-ttl"));

        const QJsonObject redisson = byKey.value(QStringLiteral("orderLock"));
        QCOMPARE(redisson.value(QStringLiteral("dialect")).toString(), QStringLiteral("redisson-lock"));
        QCOMPARE(redisson.value(QStringLiteral("redis_type")).toString(), QStringLiteral("hash"));
        const QJsonObject holder = redisson.value(QStringLiteral("holders")).toArray().first().toObject();
        QCOMPARE(holder.value(QStringLiteral("count")).toInt(), 3);
        QCOMPARE(holder.value(QStringLiteral("token")).toString(), QString::fromLatin1(uuid + ":57"));
    }

    void scanTableAndPatterns()
    {
        m_redis.command({"SET", "lock:a", "t", "PX", "60000"});
        m_redis.command({"SET", "jobs:nightly", "t", "PX", "60000"});
        Run r = lockscope(QStringList{QStringLiteral("scan")} + conn());
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("KEY"));
        QVERIFY(r.out.contains("lock:a"));
        QVERIFY(!r.out.contains("jobs:nightly"));
        r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--pattern"), QStringLiteral("jobs:*")} + conn());
        QVERIFY(r.out.contains("jobs:nightly"));
        r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--no-default-patterns"), QStringLiteral("--pattern"),
                                  QStringLiteral("jobs:*")} + conn());
        QVERIFY(r.out.contains("jobs:nightly"));
        QVERIFY(!r.out.contains("lock:a"));
    }

    void acquireExtendRelease()
    {
        QStringList args = QStringList{QStringLiteral("acquire"), QStringLiteral("lock:cli")} + conn()
                           + QStringList{QStringLiteral("--ttl"), QStringLiteral("5s"), QStringLiteral("--token"), QStringLiteral("\\xfftok")};
        Run r = lockscope(args);
        QCOMPARE(r.code, 0);
        QCOMPARE(m_redis.command({"GET", "lock:cli"}).bytes(), QByteArray("\xfftok"));
        r = lockscope(args);
        QCOMPARE(r.code, 1); // already held
        QVERIFY(!r.err.isEmpty() && r.err.count('\n') == 1);

        r = lockscope(QStringList{QStringLiteral("extend"), QStringLiteral("lock:cli"), QStringLiteral("--token"),
                                  QStringLiteral("\\xfftok"), QStringLiteral("--ttl"), QStringLiteral("60000")} + conn());
        QCOMPARE(r.code, 0);
        QVERIFY(m_redis.command({"PTTL", "lock:cli"}).integer() > 50000);

        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:cli"), QStringLiteral("--token"),
                                  QStringLiteral("wrong")} + conn());
        QCOMPARE(r.code, 1);
        QCOMPARE(m_redis.command({"EXISTS", "lock:cli"}).integer(), qint64(1));

        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:cli"), QStringLiteral("--token"),
                                  QStringLiteral("\\xfftok"), QStringLiteral("--json")} + conn());
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("result")).toString(), QStringLiteral("done"));
        QCOMPARE(o.value(QStringLiteral("token")).toString(), QStringLiteral("\\xfftok"));
        // Released as its holder asked, not forced as observed: the audit and the prompt say so.
        QCOMPARE(o.value(QStringLiteral("action")).toString(), QStringLiteral("release"));
        QVERIFY2(r.err.contains("release \"lock:cli\" held by \"\\xfftok\", guarded on"), r.err.constData());
        QCOMPARE(m_redis.command({"EXISTS", "lock:cli"}).integer(), qint64(0));

        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:cli"), QStringLiteral("--observed")} + conn());
        QCOMPARE(r.code, 1); // not held

        QFile audit(m_home.filePath(QStringLiteral("lockscope/audit.log")));
        QVERIFY(audit.open(QIODevice::ReadOnly));
        QVERIFY(audit.readAll().count('\n') >= 5);
    }

    void releaseObservedAndReadOnly()
    {
        m_redis.command({"SET", "lock:obs", "holder-token", "PX", "60000"});
        Run r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:obs"), QStringLiteral("--observed"),
                                      QStringLiteral("--read-only")} + conn());
        QCOMPARE(r.code, 1);
        QVERIFY(r.err.contains("read-only"));
        QCOMPARE(m_redis.command({"EXISTS", "lock:obs"}).integer(), qint64(1));

        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:obs"), QStringLiteral("--observed"),
                                  QStringLiteral("--dry-run")} + conn());
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("EVALSHA"));
        QCOMPARE(m_redis.command({"EXISTS", "lock:obs"}).integer(), qint64(1));
        // With --json, the dry run is a JSON line too, with the command it would run.
        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:obs"), QStringLiteral("--observed"),
                                  QStringLiteral("--dry-run"), QStringLiteral("--json")} + conn());
        QCOMPARE(r.code, 0);
        const QJsonObject dry = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(dry.value(QStringLiteral("result")).toString(), QStringLiteral("dry-run"));
        QCOMPARE(dry.value(QStringLiteral("key")).toString(), QStringLiteral("lock:obs"));
        QVERIFY(dry.value(QStringLiteral("command")).toString().startsWith(QStringLiteral("EVALSHA")));
        QCOMPARE(m_redis.command({"EXISTS", "lock:obs"}).integer(), qint64(1));
        // A dry run that would be refused says so in JSON as well, and why.
        r = lockscope(QStringList{QStringLiteral("extend"), QStringLiteral("lock:obs"), QStringLiteral("--token"), QStringLiteral("wrong"),
                                  QStringLiteral("--ttl"), QStringLiteral("10s"), QStringLiteral("--dry-run"), QStringLiteral("--json")} + conn());
        QCOMPARE(r.code, 1);
        const QJsonObject refused = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(refused.value(QStringLiteral("result")).toString(), QStringLiteral("refused"));
        QVERIFY(refused.value(QStringLiteral("message")).toString().contains(QStringLiteral("holder-token")));
        QCOMPARE(m_redis.command({"PTTL", "lock:obs"}).integer() > 10000, true);
        // An acquire's dry run looks too: a key held now would refuse it.
        r = lockscope(QStringList{QStringLiteral("acquire"), QStringLiteral("lock:obs"), QStringLiteral("--ttl"), QStringLiteral("10s"),
                                  QStringLiteral("--dry-run"), QStringLiteral("--json")} + conn());
        QCOMPARE(r.code, 1);
        const QJsonObject held = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(held.value(QStringLiteral("result")).toString(), QStringLiteral("refused"));
        QVERIFY2(held.value(QStringLiteral("message")).toString().contains(QStringLiteral("holder-token")), r.out.constData());
        r = lockscope(QStringList{QStringLiteral("acquire"), QStringLiteral("lock:free"), QStringLiteral("--ttl"), QStringLiteral("10s"),
                                  QStringLiteral("--dry-run")} + conn());
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("SET lock:free"));
        QCOMPARE(m_redis.command({"EXISTS", "lock:free"}).integer(), qint64(0));

        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:obs"), QStringLiteral("--observed")} + conn());
        QCOMPARE(r.code, 0);
        QVERIFY(r.err.contains("holder-token")); // says what it saw
        QCOMPARE(m_redis.command({"EXISTS", "lock:obs"}).integer(), qint64(0));
    }

    // KEY is read with escapes, as scan prints keys. Where the name as typed is a key too,
    // nothing runs: the user may have meant either.
    void anEscapedKeyThatNamesTwoKeysIsRefused()
    {
        m_redis.command({"SET", "job\\x41:lock", "literal", "PX", "60000"});
        m_redis.command({"SET", "jobA:lock", "escaped", "PX", "60000"});
        Run r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("job\\x41:lock"), QStringLiteral("--observed")} + conn());
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("exists too") && r.err.contains("--escaped-key"), r.err.constData());
        QCOMPARE(m_redis.command({"EXISTS", "jobA:lock"}).integer(), qint64(1));
        QCOMPARE(m_redis.command({"EXISTS", "job\\x41:lock"}).integer(), qint64(1));
        // Its backslash written as scan prints it: that key, and only it.
        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("job\\\\x41:lock"), QStringLiteral("--observed")} + conn());
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(m_redis.command({"EXISTS", "job\\x41:lock"}).integer(), qint64(0));
        QCOMPARE(m_redis.command({"EXISTS", "jobA:lock"}).integer(), qint64(1));
        // And the other, as typed at first, once the user says the escapes are meant.
        m_redis.command({"SET", "job\\x41:lock", "literal", "PX", "60000"});
        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("job\\x41:lock"), QStringLiteral("--observed"),
                                  QStringLiteral("--escaped-key")} + conn());
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(m_redis.command({"EXISTS", "jobA:lock"}).integer(), qint64(0));
        QCOMPARE(m_redis.command({"EXISTS", "job\\x41:lock"}).integer(), qint64(1));
    }

    // The fault from the issue, with its exact commands: two readers of a Redisson
    // read-write lock, one released by its token. Only that reader's hold goes.
    // A free fair lock refuses anyone but the first of its queue: the acquire's dry run says
    // so as the acquire would (it said "would run"), skipping waiters whose timeout passed by
    // the server's clock, as the acquire script does.
    void acquireDryRunLooksAtTheFairQueue_data()
    {
        QTest::addColumn<QList<QByteArray>>("queue");
        QTest::addColumn<QList<qint64>>("timeoutsFromNowMs");
        QTest::addColumn<QString>("token");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("said");
        const QByteArray a = "11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa:1", b = "22222222-bbbb-4bbb-8bbb-bbbbbbbbbbbb:7";
        QTest::newRow("no queue") << QList<QByteArray>{} << QList<qint64>{} << QString() << 0 << QStringLiteral("would run on");
        QTest::newRow("someone waits") << QList<QByteArray>{a} << QList<qint64>{60'000} << QString() << 1
                                       << QStringLiteral("\"%1\" queues for it first").arg(QString::fromLatin1(a));
        QTest::newRow("its first waiter takes it") << QList<QByteArray>{a} << QList<qint64>{60'000} << QString::fromLatin1(a) << 0
                                                   << QStringLiteral("would run on");
        QTest::newRow("a stale head is skipped") << QList<QByteArray>{a, b} << QList<qint64>{-60'000, 60'000} << QString() << 1
                                                 << QStringLiteral("\"%1\" queues for it first").arg(QString::fromLatin1(b));
        QTest::newRow("only stale waiters") << QList<QByteArray>{a, b} << QList<qint64>{-60'000, -1'000} << QString() << 0
                                            << QStringLiteral("caution: 2 waiter(s) whose timeout has passed would be dropped");
        QTest::newRow("a head without a timeout") << QList<QByteArray>{a} << QList<qint64>{} << QString() << 1
                                                  << QStringLiteral("\"%1\" queues for it first").arg(QString::fromLatin1(a));
    }

    void acquireDryRunLooksAtTheFairQueue()
    {
        QFETCH(QList<QByteArray>, queue);
        QFETCH(QList<qint64>, timeoutsFromNowMs);
        QFETCH(QString, token);
        QFETCH(int, code);
        QFETCH(QString, said);
        const RedisReply time = m_redis.command({"TIME"});
        const qint64 nowMs = time.at(0).bytes().toLongLong() * 1000 + time.at(1).bytes().toLongLong() / 1000;
        for (qsizetype i = 0; i < queue.size(); ++i) {
            m_redis.command({"RPUSH", "redisson_lock_queue:{fair}", queue.at(i)});
            if (i < timeoutsFromNowMs.size())
                m_redis.command({"ZADD", "redisson_lock_timeout:{fair}", QByteArray::number(nowMs + timeoutsFromNowMs.at(i)), queue.at(i)});
        }
        QStringList args{QStringLiteral("acquire"), QStringLiteral("fair"), QStringLiteral("--ttl"), QStringLiteral("30s"),
                         QStringLiteral("--dialect"), QStringLiteral("redisson-lock"), QStringLiteral("--dry-run")};
        if (!token.isEmpty())
            args << QStringLiteral("--token") << token;
        const Run r = lockscope(args + conn());
        QVERIFY2(r.code == code, r.err.constData());
        QVERIFY2(r.out.contains(said.toUtf8()) || r.err.contains(said.toUtf8()), (r.out + r.err).constData());
        // A dry run changes nothing: not the lock, not the queue.
        QCOMPARE(m_redis.command({"EXISTS", "fair"}).integer(), qint64(0));
        QCOMPARE(m_redis.command({"LLEN", "redisson_lock_queue:{fair}"}).integer(), qint64(queue.size()));
    }

    // A queue the user may not read: the dry run cannot tell, and says so (exit 3), as for a
    // key it may not read.
    void acquireDryRunThatCannotReadTheQueue()
    {
        m_redis.command({"RPUSH", "redisson_lock_queue:{fair}", "w:1"});
        QVERIFY(m_redis.command({"ACL", "SETUSER", "noqueue", "on", ">pw4", "~fair", "~redisson_lock_timeout:*", "&*", "+@all"}).isStatus("OK"));
        const auto dropUser = qScopeGuard([this] { m_redis.command({"ACL", "DELUSER", "noqueue"}); });
        const Run r = lockscope(QStringList{QStringLiteral("acquire"), QStringLiteral("fair"), QStringLiteral("--ttl"), QStringLiteral("30s"),
                                            QStringLiteral("--dialect"), QStringLiteral("redisson-lock"), QStringLiteral("--dry-run"),
                                            QStringLiteral("--user"), QStringLiteral("noqueue"), QStringLiteral("-a"), QStringLiteral("pw4"),
                                            QStringLiteral("--no-auth-warning")}
                                + conn());
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("could not read the fair queue \"redisson_lock_queue:{fair}\"") && r.err.contains("NOPERM"),
                 r.err.constData());
    }

    void releaseOneReaderOfAReadWriteLock()
    {
        const QByteArray a = "8743c9c0-0795-4907-87fd-6c719a6b4586", b = "348b69da-9e7c-447f-8826-bfc5e280d663";
        m_redis.command({"HSET", "rw", "mode", "read", a + ":1", "1", b + ":1", "1"});
        m_redis.command({"PEXPIRE", "rw", "30000"});
        const Run r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("rw"), QStringLiteral("--token"),
                                            QString::fromLatin1(a + ":1"), QStringLiteral("--yes")} + conn());
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(m_redis.command({"EXISTS", "rw"}).integer(), qint64(1));
        QCOMPARE(m_redis.command({"HEXISTS", "rw", a + ":1"}).integer(), qint64(0));
        QCOMPARE(m_redis.command({"HGET", "rw", b + ":1"}).bytes(), QByteArray("1"));
        QCOMPARE(m_redis.command({"HGET", "rw", "mode"}).bytes(), QByteArray("read"));
        QVERIFY(m_redis.command({"PTTL", "rw"}).integer() > 0);
        // It said which holder it guarded on before it ran.
        QVERIFY2(r.err.contains("release holder " + a + ":1 of \"rw\", guarded on: holder " + a + ":1 ×1 (read); mode read"),
                 r.err.constData());
    }

    // --observed prints the exact state it guards on, and acts only on that state, prompt or
    // not: with several holders, all of them.
    void releaseObservedPrintsItsGuard()
    {
        const QByteArray a = "8743c9c0-0795-4907-87fd-6c719a6b4586:1", b = "348b69da-9e7c-447f-8826-bfc5e280d663:1";
        m_redis.command({"HSET", "rw", "mode", "read", a, "1", b, "1"});
        m_redis.command({"PEXPIRE", "rw", "30000"});
        const QByteArray guard = "2 holders: " + b + " ×1 (read), " + a + " ×1 (read); mode read";
        Run r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("rw"), QStringLiteral("--observed"), QStringLiteral("--json")}
                          + conn());
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("force-release \"rw\" as observed, guarded on: " + guard), r.err.constData());
        QVERIFY2(!r.err.contains("caution"), r.err.constData()); // a layout LockScope knows
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("action")).toString(), QStringLiteral("force-release"));
        QCOMPARE(o.value(QStringLiteral("guard")).toString().toUtf8(), guard);
        QCOMPARE(o.value(QStringLiteral("result")).toString(), QStringLiteral("done"));
        QCOMPARE(m_redis.command({"EXISTS", "rw"}).integer(), qint64(0));

        // A lock without a holder LockScope recognises: its exact value is the guard.
        const QByteArray big(600, 'x');
        m_redis.command({"SET", "lock:big", big});
        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:big"), QStringLiteral("--observed")} + conn());
        QVERIFY2(r.code == 0, r.err.constData());
        // (shortened, as every long value in a message)
        QVERIFY2(r.err.contains("guarded on: value \"" + QByteArray(96, 'x') + "…" + QByteArray(32, 'x') + "\" (600 bytes)"),
                 r.err.constData());
        QVERIFY(!r.err.contains("--token"));
        // Its layout is nobody's LockScope knows: it says deleting may not be its library's release.
        QVERIFY2(r.err.contains("lockscope: caution: LockScope does not know the layout of \"lock:big\""), r.err.constData());
        QCOMPARE(m_redis.command({"EXISTS", "lock:big"}).integer(), qint64(0));
    }

    // A token that holds nothing is told so, and who does hold the lock; nothing changed
    // hands, so nothing says it did.
    void aWrongTokenSaysWhoHoldsIt()
    {
        m_redis.command({"SET", "lock:w", "holder-token", "PX", "60000"});
        Run r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:w"), QStringLiteral("--token"), QStringLiteral("mine")}
                          + conn());
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("\"mine\" does not hold \"lock:w\"; it is held by \"holder-token\""), r.err.constData());
        QVERIFY(!r.err.contains("changed hands"));
        QCOMPARE(r.err.count('\n'), 1);

        const QByteArray big(600, 'y');
        m_redis.command({"SET", "lock:big", big});
        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:big"), QStringLiteral("--token"), QStringLiteral("mine")}
                      + conn());
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("LockScope sees no holder in it") && !r.err.contains("Nobody holds it"), r.err.constData());
        QCOMPARE(m_redis.command({"EXISTS", "lock:big"}).integer(), qint64(1));
    }

    // A key that is not there: refused (exit 1), and in the audit log as every refused action
    // is, under the account's name even where neither USER nor LOGNAME is set.
    void anAbsentKeyIsRefusedAndAudited()
    {
        const QStringList release{QStringLiteral("release"), QStringLiteral("lock:none"), QStringLiteral("--token"), QStringLiteral("t")};
        const QStringList extend{QStringLiteral("extend"), QStringLiteral("lock:none"), QStringLiteral("--token"), QStringLiteral("t"),
                                 QStringLiteral("--ttl"), QStringLiteral("5s")};
        for (const QStringList &args : {release, extend}) {
            const Run r = lockscope(args + conn(), 30000, {{QStringLiteral("USER"), QString()}, {QStringLiteral("LOGNAME"), QString()}});
            QCOMPARE(r.code, 1);
            QVERIFY2(r.err.contains("Refused: \"lock:none\" is not held: no such key"), r.err.constData());
        }
        QFile audit(m_home.filePath(QStringLiteral("lockscope/audit.log")));
        QVERIFY(audit.open(QIODevice::ReadOnly));
        QList<QJsonObject> lines;
        for (const QByteArray &line : audit.readAll().split('\n'))
            if (line.contains("\"lock:none\""))
                lines << QJsonDocument::fromJson(line).object();
        QCOMPARE(lines.size(), 4); // the intent and the refusal of each
        QCOMPARE(lines.at(1).value(QStringLiteral("result")).toString(), QStringLiteral("refused"));
        QCOMPARE(lines.at(1).value(QStringLiteral("action")).toString(), QStringLiteral("release")); // as asked for
        QCOMPARE(lines.at(3).value(QStringLiteral("action")).toString(), QStringLiteral("extend"));
        for (const QJsonObject &line : std::as_const(lines))
            QVERIFY(!line.value(QStringLiteral("user")).toString().isEmpty());
    }

    // A key the user may not read: nothing to guard on, so nothing runs. Said so, with the key
    // and the server's reason, exit code 3 (a server that could not be read), and audited.
    // A release by token that is refused is recorded as a release, never a force-release.
    void aKeyThatCannotBeReadIsRefusedAndAudited()
    {
        m_redis.command({"SET", "lock:hidden", "t1", "PX", "60000"});
        m_redis.command({"SET", "lock:open", "t2", "PX", "60000"});
        QVERIFY(m_redis.command({"ACL", "SETUSER", "narrow", "on", ">pw3", "~lock:open", "&*", "+@all"}).isStatus("OK"));
        const auto dropUser = qScopeGuard([this] { m_redis.command({"ACL", "DELUSER", "narrow"}); });
        const QStringList who{QStringLiteral("--user"), QStringLiteral("narrow"), QStringLiteral("-a"), QStringLiteral("pw3"),
                              QStringLiteral("--no-auth-warning")};
        Run r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:hidden"), QStringLiteral("--observed")} + who + conn());
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("could not read \"lock:hidden\"") && r.err.contains("NOPERM") && r.err.contains("nothing was run"),
                 r.err.constData());
        QCOMPARE(m_redis.command({"GET", "lock:hidden"}).bytes(), QByteArray("t1"));
        // A dry run ends as the action would.
        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:hidden"), QStringLiteral("--observed"), QStringLiteral("--dry-run")}
                      + who + conn());
        QCOMPARE(r.code, 3);
        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:open"), QStringLiteral("--token"), QStringLiteral("t9")}
                      + who + conn());
        QCOMPARE(r.code, 1);
        QFile audit(m_home.filePath(QStringLiteral("lockscope/audit.log")));
        QVERIFY(audit.open(QIODevice::ReadOnly));
        QStringList hidden, open;
        for (const QByteArray &line : audit.readAll().split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o.value(QStringLiteral("key")).toString() == QLatin1String("lock:hidden"))
                hidden << o.value(QStringLiteral("action")).toString() + QLatin1Char(' ') + o.value(QStringLiteral("result")).toString();
            if (o.value(QStringLiteral("key")).toString() == QLatin1String("lock:open"))
                open << o.value(QStringLiteral("action")).toString() + QLatin1Char(' ') + o.value(QStringLiteral("result")).toString();
        }
        QCOMPARE(hidden.size(), 2); // the intent and the refusal
        QCOMPARE(hidden.last(), QStringLiteral("force-release refused"));
        QCOMPARE(open.last(), QStringLiteral("release refused"));
    }

    // The server dies while the release waits for its answer: the outcome is unknown, exit
    // 3, with how to look; the audit log has the intent and that outcome.
    void noAnswerIsUnknownAndExitsThree()
    {
        TestRedis server;
        QVERIFY(server.start());
        server.command({"SET", "lock:unknown", "t", "PX", "60000"});
        QVERIFY(server.command({"CLIENT", "PAUSE", "20000", "WRITE"}).isStatus("OK")); // reads go on, the script waits
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LOCKSCOPE_BINARY), {QStringLiteral("release"), QStringLiteral("lock:unknown"), QStringLiteral("--observed"),
                                                   QStringLiteral("--yes"), QStringLiteral("-p"), QString::number(server.port())});
        p.closeWriteChannel();
        QTRY_VERIFY_WITH_TIMEOUT(server.command({"CLIENT", "LIST"}).bytes().contains("cmd=evalsha"), 15000);
        server.kill();
        // Not waitForFinished(): kill() waits for the server on the event loop, and lockscope,
        // which sees its connection drop at once, may have exited and been reaped during that
        // wait; waitForFinished() then returns false for a process that ended as it should.
        QTRY_COMPARE_WITH_TIMEOUT(p.state(), QProcess::NotRunning, 30000);
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 3);
        // The way to look again reaches the same server with this very program: pasted, it
        // would work (the binary is not on PATH here, so it is named by its path).
        const QByteArray program = ShellWord::quoted(QFileInfo(QStringLiteral(LOCKSCOPE_BINARY)).canonicalFilePath()).toUtf8();
        QVERIFY2(err.contains("Unknown whether \"lock:unknown\" was released")
                     && err.contains(program + " scan -p " + QByteArray::number(server.port()) + " --no-default-patterns --pattern lock:unknown"),
                 err.constData());
        QFile audit(m_home.filePath(QStringLiteral("lockscope/audit.log")));
        QVERIFY(audit.open(QIODevice::ReadOnly));
        QList<QJsonObject> lines;
        for (const QByteArray &line : audit.readAll().split('\n'))
            if (line.contains("\"lock:unknown\""))
                lines << QJsonDocument::fromJson(line).object();
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0).value(QStringLiteral("phase")).toString(), QStringLiteral("intent"));
        QCOMPARE(lines.at(1).value(QStringLiteral("phase")).toString(), QStringLiteral("outcome"));
        QCOMPARE(lines.at(1).value(QStringLiteral("result")).toString(), QStringLiteral("unknown"));
        QCOMPARE(lines.at(1).value(QStringLiteral("id")), lines.at(0).value(QStringLiteral("id")));
    }

    void profilesFromAFile()
    {
        QFile file(m_home.filePath(QStringLiteral("profiles.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"j({"profiles": [
            {"id": "billing", "name": "Billing lock", "key_glob": "billing:lock:*", "redis_type": "string",
             "token_regex": "(?<host>[a-z0-9-]+):(?<pid>\\d+):(?<time>\\d+)"},
            {"id": "jobs", "name": "Job mutex", "key_glob": "jobs:mutex:*", "redis_type": "hash",
             "token_regex": "(?<holder>worker-\\d+):(?<thread>\\d+)"}]})j");
        file.close();
        const QStringList profile{QStringLiteral("--profile"), file.fileName()};
        m_redis.command({"SET", "billing:lock:42", "web-1:4242:1718732537", "PX", "60000"});
        m_redis.command({"HSET", "jobs:mutex:7", "worker-3:99", "2"});
        m_redis.command({"PEXPIRE", "jobs:mutex:7", "60000"});

        // Without the profiles the hash is not under any lock pattern, the string is a plain token.
        Run r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + conn());
        QCOMPARE(r.code, 0);
        QVERIFY(!r.out.contains("jobs:mutex:7"));
        QVERIFY(r.out.contains("\"dialect\":\"plain\""));

        r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + conn() + profile);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QHash<QString, QJsonObject> byKey;
        for (const QByteArray &line : r.out.split('\n'))
            if (!line.isEmpty())
                byKey.insert(QJsonDocument::fromJson(line).object().value(QStringLiteral("key")).toString(), QJsonDocument::fromJson(line).object());
        QCOMPARE(byKey.size(), 2);
        const QJsonObject billing = byKey.value(QStringLiteral("billing:lock:42"));
        QCOMPARE(billing.value(QStringLiteral("dialect")).toString(), QStringLiteral("billing"));
        const QJsonObject fields = billing.value(QStringLiteral("holders")).toArray().at(0).toObject().value(QStringLiteral("fields")).toObject();
        QCOMPARE(fields.value(QStringLiteral("host")).toString(), QStringLiteral("web-1"));
        QCOMPARE(fields.value(QStringLiteral("pid")).toString(), QStringLiteral("4242"));
        QCOMPARE(fields.value(QStringLiteral("time")).toString(), QStringLiteral("2024-06-18T17:42:17.000Z"));
        const QJsonObject jobHolder = byKey.value(QStringLiteral("jobs:mutex:7")).value(QStringLiteral("holders")).toArray().at(0).toObject();
        QCOMPARE(jobHolder.value(QStringLiteral("holder")).toString(), QStringLiteral("worker-3"));
        QCOMPARE(jobHolder.value(QStringLiteral("count")).toInt(), 2);

        // The hash profile's guard: another holder's field is refused, the one seen is released.
        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("jobs:mutex:7"), QStringLiteral("--token"), QStringLiteral("worker-4:1")} + conn() + profile);
        QCOMPARE(r.code, 1);
        QCOMPARE(m_redis.command({"EXISTS", "jobs:mutex:7"}).integer(), qint64(1));
        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("jobs:mutex:7"), QStringLiteral("--observed")} + conn() + profile);
        QCOMPARE(r.code, 0);
        QCOMPARE(m_redis.command({"EXISTS", "jobs:mutex:7"}).integer(), qint64(0));

        // Acquire in the profile's layout, then the profile reads it back.
        r = lockscope(QStringList{QStringLiteral("acquire"), QStringLiteral("jobs:mutex:8"), QStringLiteral("--dialect"), QStringLiteral("jobs"),
                                  QStringLiteral("--token"), QStringLiteral("worker-9:1"), QStringLiteral("--ttl"), QStringLiteral("30s")} + conn() + profile);
        QCOMPARE(r.code, 0);
        QCOMPARE(m_redis.command({"HGET", "jobs:mutex:8", "worker-9:1"}).bytes(), QByteArray("1"));
        QVERIFY(m_redis.command({"PTTL", "jobs:mutex:8"}).integer() > 20000);

        r = lockscope(QStringList{QStringLiteral("dialects"), QStringLiteral("--json")} + profile);
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("\"id\":\"jobs\""));

        // A broken profile file: one line on stderr, usage exit, nothing run.
        QFile bad(m_home.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(R"j({"name": "x", "key_glob": "x:*", "token_regex": "(?<hots>\\w+)"})j");
        bad.close();
        r = lockscope(QStringList{QStringLiteral("scan")} + conn() + QStringList{QStringLiteral("--profile"), bad.fileName()});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.err.contains("hots"));
        r = lockscope(QStringList{QStringLiteral("scan")} + conn() + QStringList{QStringLiteral("--profile"), m_home.filePath(QStringLiteral("missing.json"))});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("missing.json"));
    }

    void usageErrorsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")};
        QTest::newRow("unknown option") << QStringList{QStringLiteral("scan"), QStringLiteral("--frob")};
        QTest::newRow("release without token") << QStringList{QStringLiteral("release"), QStringLiteral("k")};
        QTest::newRow("release with both") << QStringList{QStringLiteral("release"), QStringLiteral("k"), QStringLiteral("--token"),
                                                          QStringLiteral("t"), QStringLiteral("--observed")};
        QTest::newRow("acquire without ttl") << QStringList{QStringLiteral("acquire"), QStringLiteral("k")};
        QTest::newRow("bad ttl") << QStringList{QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--ttl"), QStringLiteral("soon")};
        QTest::newRow("bad port") << QStringList{QStringLiteral("scan"), QStringLiteral("-p"), QStringLiteral("99999")};
        QTest::newRow("bad url") << QStringList{QStringLiteral("scan"), QStringLiteral("-u"), QStringLiteral("http://x")};
        QTest::newRow("missing key") << QStringList{QStringLiteral("extend")};
    }

    void usageErrorsExitTwo()
    {
        QFETCH(QStringList, args);
        const Run r = lockscope(args);
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.err.startsWith("lockscope: "));
    }

    // One line on stderr that names the problem, exit 2, nothing run.
    void usageErrorsSayWhatIsWrong_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("option of another command") << QStringList{QStringLiteral("scan"), QStringLiteral("--ttl"), QStringLiteral("5")}
                                                   << QByteArray("--ttl is not an option of scan; it is for acquire and extend");
        QTest::newRow("ttl that overflowed") << QStringList{QStringLiteral("acquire"), QStringLiteral("lock:x"), QStringLiteral("--ttl"),
                                                            QStringLiteral("922337203685477580")}
                                             << QByteArray("--ttl wants at most 365 days, not '922337203685477580'");
        QTest::newRow("negative database") << QStringList{QStringLiteral("scan"), QStringLiteral("-n"), QStringLiteral("-1")}
                                           << QByteArray("-n wants a database number of 0 or more, not '-1'");
        QTest::newRow("unknown dialect") << QStringList{QStringLiteral("acquire"), QStringLiteral("lock:x"), QStringLiteral("--ttl"),
                                                        QStringLiteral("5s"), QStringLiteral("--dialect"), QStringLiteral("nosuch")}
                                         << QByteArray("no dialect \"nosuch\" (lockscope dialects lists them)");
        QTest::newRow("a port in -h") << QStringList{QStringLiteral("scan"), QStringLiteral("-h"), QStringLiteral("127.0.0.1:6380")}
                                      << QByteArray("-h takes a host only ('127.0.0.1:6380'): give the port with -p");
        QTest::newRow("bad escape in the key") << QStringList{QStringLiteral("release"), QStringLiteral("lock:\\xZZ"), QStringLiteral("--observed")}
                                               << QByteArray("invalid escape \\xZZ at character 6");
    }

    void usageErrorsSayWhatIsWrong()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        m_redis.command({"SET", "lock:xZZ", "t", "PX", "60000"});
        const Run r = lockscope(args + conn());
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
        QCOMPARE(m_redis.command({"EXISTS", "lock:xZZ"}).integer(), qint64(1)); // not the key that was meant
        QCOMPARE(m_redis.command({"EXISTS", "lock:x"}).integer(), qint64(0));
    }

    // The database of a URL's ?db=N is the one scanned.
    void urlDatabaseParameterIsScanned()
    {
        m_redis.command({"SELECT", "0"});
        QVERIFY(m_redis.command({"SELECT", "3"}).isStatus("OK"));
        m_redis.command({"SET", "lock:in-db3", "t", "PX", "60000"});
        QVERIFY(m_redis.command({"SELECT", "0"}).isStatus("OK"));
        m_redis.command({"SET", "lock:in-db0", "t", "PX", "60000"});
        const Run r = lockscope({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("-u"),
                                 QStringLiteral("redis://127.0.0.1:%1?db=3").arg(m_redis.port())});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("lock:in-db3"), r.out.constData());
        QVERIFY(!r.out.contains("lock:in-db0"));
    }

    // Ctrl+C before a scan could connect: it did not do what was asked, so it is no success
    // (it exited 0, which a script reads as "no locks").
    void anInterruptedScanIsNoSuccess()
    {
        QTcpServer silent; // accepts, and never answers
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        QProcess p;
        p.start(QStringLiteral(LOCKSCOPE_BINARY), {QStringLiteral("scan"), QStringLiteral("-p"), QString::number(silent.serverPort()),
                                                   QStringLiteral("--connect-timeout"), QStringLiteral("60000")});
        p.closeWriteChannel();
        QVERIFY(silent.waitForNewConnection(10000)); // it is running, its signal handling set up
        QCOMPARE(::kill(pid_t(p.processId()), SIGINT), 0);
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 128 + SIGINT);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("stopped by signal 2"), err.constData());
        QVERIFY(p.readAllStandardOutput().isEmpty());
    }

    void connectionErrorsExitThree()
    {
        QTcpServer probe;
        probe.listen(QHostAddress::LocalHost, 0);
        const quint16 closed = probe.serverPort();
        probe.close();
        Run r = lockscope({QStringLiteral("scan"), QStringLiteral("-p"), QString::number(closed)});
        QCOMPARE(r.code, 3);
        QVERIFY(r.err.contains("refused"));
        QCOMPARE(r.err.count('\n'), 1);

        TestRedis secured;
        QVERIFY(secured.start({QStringLiteral("--requirepass"), QStringLiteral("right")}));
        r = lockscope({QStringLiteral("scan"), QStringLiteral("-p"), QString::number(secured.port()), QStringLiteral("-a"), QStringLiteral("wrong")});
        QCOMPARE(r.code, 3);
        QVERIFY(r.err.contains("Authentication failed"));
        r = lockscope({QStringLiteral("scan"), QStringLiteral("-u"),
                       QStringLiteral("redis://:right@127.0.0.1:%1/0").arg(secured.port())});
        QCOMPARE(r.code, 0);
    }

    // A sentinel that wants a password: the advice names the sentinels' own option, not -a
    // (the data node's, given here and of no use to the sentinel), and says it once. A
    // password-protected server stands in for the sentinel: it refuses before any SENTINEL.
    // A plain Redis server given as the sentinel: said as what it is, not as the server's
    // "unknown command 'SENTINEL'".
    void aRedisServerGivenAsTheSentinelSaysSo()
    {
        const Run r = lockscope({QStringLiteral("scan"), QStringLiteral("--sentinel"), QStringLiteral("127.0.0.1:%1").arg(m_redis.port()),
                                 QStringLiteral("--master"), QStringLiteral("mymaster")});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(QStringLiteral("127.0.0.1:%1 is not a Sentinel").arg(m_redis.port()).toUtf8()) && r.err.contains("-h and -p"),
                 r.err.constData());
    }

    void aSentinelPasswordIsNotTheDataNodes()
    {
        TestRedis secured;
        QVERIFY(secured.start({QStringLiteral("--requirepass"), QStringLiteral("sentinel-secret")}));
        const QStringList args{QStringLiteral("scan"), QStringLiteral("--sentinel"), QStringLiteral("127.0.0.1:%1").arg(secured.port()),
                               QStringLiteral("--master"), QStringLiteral("mymaster"), QStringLiteral("--no-auth-warning")};
        Run r = lockscope(args + QStringList{QStringLiteral("-a"), QStringLiteral("data-secret")});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains("requires a password") && r.err.contains("--sentinel-pass") && !r.err.contains("give one with -a"),
                 r.err.constData());
        r = lockscope(args + QStringList{QStringLiteral("--sentinel-pass"), QStringLiteral("wrong")});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("did not accept the sentinels' user and password") && r.err.contains("--sentinel-pass"), r.err.constData());
    }

    // -a warns as redis-cli does (the arguments are visible to others); REDISCLI_AUTH does
    // not, and --no-auth-warning silences it.
    void aPasswordOnTheCommandLineWarns()
    {
        const QByteArray warning = "Warning: Using a password with '-a' or '-u' option on the command line interface may not be safe.\n";
        TestRedis secured;
        QVERIFY(secured.start({QStringLiteral("--requirepass"), QStringLiteral("s3cret")}));
        const QStringList scan{QStringLiteral("scan"), QStringLiteral("-p"), QString::number(secured.port())};
        // The first line of stderr; the scan's summary follows it there.
        Run r = lockscope(scan + QStringList{QStringLiteral("-a"), QStringLiteral("s3cret")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.startsWith(warning), r.err.constData());
        QCOMPARE(r.err.count("Warning"), 1);
        r = lockscope(scan + QStringList{QStringLiteral("-a"), QStringLiteral("s3cret"), QStringLiteral("--no-auth-warning")});
        QCOMPARE(r.code, 0);
        QVERIFY2(!r.err.contains("Warning"), r.err.constData());
        r = lockscope(scan, 30000, {{QStringLiteral("REDISCLI_AUTH"), QStringLiteral("s3cret")}});
        QCOMPARE(r.code, 0);
        QVERIFY2(!r.err.contains("Warning"), r.err.constData());
        QVERIFY(!r.out.contains("s3cret") && !r.err.contains("s3cret"));
    }

    void unixSocket()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("redis.sock"));
        TestRedis local;
        QVERIFY(local.start({QStringLiteral("--unixsocket"), path}));
        local.command({"SET", "lock:unix", "tok", "PX", "60000"});
        Run r = lockscope({QStringLiteral("scan"), QStringLiteral("-s"), path, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("\"key\":\"lock:unix\""), r.out.constData());
        // The node is the socket, not the default address (another server, perhaps).
        QCOMPARE(QJsonDocument::fromJson(r.out.trimmed()).object().value(QStringLiteral("node")).toString(), path);
        r = lockscope({QStringLiteral("release"), QStringLiteral("lock:unix"), QStringLiteral("--token"), QStringLiteral("tok"),
                       QStringLiteral("-s"), path, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out.trimmed()).object().value(QStringLiteral("node")).toString(), path);
        QCOMPARE(local.command({"EXISTS", "lock:unix"}).integer(), qint64(0));
        r = lockscope({QStringLiteral("scan"), QStringLiteral("-s"), dir.filePath(QStringLiteral("none.sock"))});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains("No Unix socket at"), r.err.constData());
    }

    // Through a real sshd on loopback (the bastion) to the test server behind it.
    void sshTunnel()
    {
        TestSshd sshd;
        QVERIFY2(sshd.start(), qPrintable(sshd.log()));
        QTemporaryDir home;
        const QHash<QString, QString> env{{QStringLiteral("HOME"), home.path()}, {QStringLiteral("SSH_AUTH_SOCK"), QString()}};
        const QString knownHosts = home.filePath(QStringLiteral(".ssh/known_hosts"));
        m_redis.command({"SET", "lock:ssh", "tok", "PX", "60000"});
        const QStringList ssh{QStringLiteral("--ssh"), QStringLiteral("%1@127.0.0.1:%2").arg(sshd.userName()).arg(sshd.port()),
                              QStringLiteral("--ssh-key"), sshd.userKeyFile(), QStringLiteral("-h"), QStringLiteral("127.0.0.1"),
                              QStringLiteral("-p"), QString::number(m_redis.port())};

        // An unknown bastion: refused, with the fingerprint to check, and nothing recorded.
        Run r = lockscope(QStringList{QStringLiteral("scan")} + ssh, 30000, env);
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(sshd.hostKeyFingerprint().toUtf8()) && r.err.contains("--ssh-accept-new"), r.err.constData());
        QVERIFY(!QFile::exists(knownHosts));

        // Accepted once: recorded, and said so (never silently), then known.
        r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--ssh-accept-new")} + ssh, 30000, env);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("\"key\":\"lock:ssh\""), r.out.constData() + r.err);
        QVERIFY2(r.err.contains(QStringLiteral("%1 of the SSH server").arg(sshd.hostKeyFingerprint()).toUtf8())
                     && r.err.contains(QStringLiteral("is now recorded in %1").arg(knownHosts).toUtf8()),
                 r.err.constData());
        QFile recorded(knownHosts);
        QVERIFY(recorded.open(QIODevice::ReadOnly));
        QVERIFY(recorded.readAll().contains(sshd.knownHostsName().toUtf8()));
        recorded.close();
        r = lockscope(QStringList{QStringLiteral("release"), QStringLiteral("lock:ssh"), QStringLiteral("--token"), QStringLiteral("tok")} + ssh,
                      30000, env);
        QCOMPARE(r.code, 0);
        QCOMPARE(m_redis.command({"EXISTS", "lock:ssh"}).integer(), qint64(0));

        // A watch that turned keyspace notifications on puts them back through the tunnel
        // before the tunnel goes (it went first, and the setting stayed changed).
        QVERIFY(m_redis.command({"CONFIG", "SET", "notify-keyspace-events", ""}).isStatus("OK"));
        r = lockscope(QStringList{QStringLiteral("watch"), QStringLiteral("--enable-notifications"), QStringLiteral("--duration"),
                                  QStringLiteral("2")} + ssh, 30000, env);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("turned on by LockScope"), r.err.constData());
        QCOMPARE(m_redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes(), QByteArray());

        // The SSH session dropped under a watch (the bastion stays): made again, said once,
        // and what happens after it is seen. The watch stayed blind, saying "reconnecting".
        m_redis.command({"SET", "lock:through-drop", "tok-through", "PX", "60000"});
        QProcess watch;
        watch.setProcessEnvironment(environment(env));
        watch.start(QStringLiteral(LOCKSCOPE_BINARY), QStringList{QStringLiteral("watch"), QStringLiteral("--events"), QStringLiteral("--json"),
                                                                   QStringLiteral("--duration"), QStringLiteral("60")} + ssh);
        watch.closeWriteChannel();
        QByteArray watchOut, watchErr;
        const auto read = [&] {
            watchOut += watch.readAllStandardOutput();
            watchErr += watch.readAllStandardError();
        };
        QTRY_VERIFY2_WITH_TIMEOUT((read(), watchErr.contains("watching 1 lock(s)")), watchErr.constData(), 20000);
        sshd.dropSessions();
        QTRY_VERIFY2_WITH_TIMEOUT((read(), watchOut.contains("\"state\":\"connection-back\"")), (watchOut + watchErr).constData(), 30000);
        QVERIFY2(!watchOut.contains("\"event\":\"released\""), watchOut.constData()); // the outage released nothing
        m_redis.command({"DEL", "lock:through-drop"});
        QTRY_VERIFY2_WITH_TIMEOUT((read(), watchOut.contains("\"event\":\"released\",\"key\":\"lock:through-drop\"")),
                                  (watchOut + watchErr).constData(), 30000);
        watch.terminate();
        QVERIFY(watch.waitForFinished(15000));
        read();
        QCOMPARE(watch.exitCode(), 0);
        QVERIFY2(watchErr.count("SSH tunnel through") == 1, watchErr.constData());
        // The tunnel's going is said, not each connection's that went with it.
        QVERIFY2(!watchErr.contains("lost: the server closed it"), watchErr.constData());

        // On the way back the bastion no longer takes the key: no reconnect mends that, so the
        // watch ends with its words and exit 3 (it hung, "reconnecting", for ever).
        QProcess refused;
        refused.setProcessEnvironment(environment(env));
        refused.start(QStringLiteral(LOCKSCOPE_BINARY), QStringList{QStringLiteral("watch"), QStringLiteral("--events"), QStringLiteral("--json"),
                                                                     QStringLiteral("--duration"), QStringLiteral("60")} + ssh);
        refused.closeWriteChannel();
        QByteArray refusedErr;
        QTRY_VERIFY2_WITH_TIMEOUT((refusedErr += refused.readAllStandardError()).contains("watching"), refusedErr.constData(), 20000);
        QFile authorized(QDir(sshd.dir()).filePath(QStringLiteral("authorized_keys")));
        QVERIFY(authorized.open(QIODevice::ReadOnly));
        const QByteArray authorizedKeys = authorized.readAll();
        authorized.close();
        QVERIFY(authorized.open(QIODevice::WriteOnly | QIODevice::Truncate));
        authorized.close();
        sshd.dropSessions();
        const bool ended = refused.waitForFinished(30000);
        // The key taken again, for what follows.
        QVERIFY(authorized.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(authorized.write(authorizedKeys), authorizedKeys.size());
        authorized.close();
        QVERIFY(ended);
        refusedErr += refused.readAllStandardError();
        QCOMPARE(refused.exitCode(), 3);
        QVERIFY2(refusedErr.contains("did not accept the key"), refusedErr.constData());

        // The server's own refusal names the server as given, not the tunnel's local port.
        r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("-a"), QStringLiteral("wrong"), QStringLiteral("--no-auth-warning")} + ssh,
                      30000, env);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.startsWith(QStringLiteral("lockscope: Authentication failed on 127.0.0.1:%1: ").arg(m_redis.port()).toUtf8()), r.err.constData());

        // An encrypted key: its passphrase from LOCKSCOPE_SSH_PASSPHRASE, and without it, the
        // refusal says where to give it.
        QStringList encrypted = ssh;
        encrypted[3] = sshd.protectedKeyFile();
        r = lockscope(QStringList{QStringLiteral("scan")} + encrypted, 30000, env);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("LOCKSCOPE_SSH_PASSPHRASE"), r.err.constData());
        QHash<QString, QString> withPassphrase = env;
        withPassphrase.insert(QStringLiteral("LOCKSCOPE_SSH_PASSPHRASE"), TestSshd::passphrase());
        r = lockscope(QStringList{QStringLiteral("scan")} + encrypted, 30000, withPassphrase);
        QVERIFY2(r.code == 0, r.err.constData());

        // A key the bastion does not accept: exit 3, one line naming the key.
        QStringList stranger = ssh;
        stranger[3] = sshd.strangerKeyFile();
        r = lockscope(QStringList{QStringLiteral("scan")} + stranger, 30000, env);
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains("did not accept the key") && r.err.contains(sshd.strangerKeyFile().toUtf8()), r.err.constData());

        // A changed host key: refused whatever the options say.
        QVERIFY(recorded.open(QIODevice::WriteOnly | QIODevice::Truncate));
        recorded.write(sshd.knownHostsLineWithOtherKey().toUtf8() + '\n');
        recorded.close();
        r = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--ssh-accept-new")} + ssh, 30000, env);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("CHANGED"), r.err.constData());
    }

    // --connection NAME: a saved connection (as the window saves them), under any subcommand.
    void savedConnectionByName()
    {
        const QString config = m_home.filePath(QStringLiteral("config/lockscope"));
        QVERIFY(QDir().mkpath(config));
        ConnectionProfile saved = ConnectionProfile::newSaved(QStringLiteral("local-test"));
        saved.port = m_redis.port();
        saved.readOnly = false;
        {
            QSettings settings(config + QStringLiteral("/lockscope.ini"), QSettings::IniFormat);
            settings.setValue(QStringLiteral("connections/saved"), ConnectionProfileJson::listToJson({saved}));
        }
        m_redis.command({"SET", "lock:saved", "tok", "PX", "60000"});
        Run r = lockscope({QStringLiteral("scan"), QStringLiteral("--connection"), QStringLiteral("local-test"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("\"key\":\"lock:saved\""), r.out.constData() + r.err);
        // Its summary names where options given over it led: not the saved database here.
        r = lockscope({QStringLiteral("scan"), QStringLiteral("--connection"), QStringLiteral("local-test"), QStringLiteral("-n"), QStringLiteral("1")});
        QCOMPARE(r.code, 0);
        QVERIFY2(!r.out.contains("lock:saved")
                     && r.err.contains(QStringLiteral("scanned on local-test (127.0.0.1:%1/1)").arg(m_redis.port()).toUtf8()),
                 r.out.constData() + r.err);
        r = lockscope({QStringLiteral("release"), QStringLiteral("lock:saved"), QStringLiteral("--token"), QStringLiteral("tok"),
                       QStringLiteral("--connection"), QStringLiteral("LOCAL-TEST")});
        QCOMPARE(r.code, 0);
        QCOMPARE(m_redis.command({"EXISTS", "lock:saved"}).integer(), qint64(0));
        // The audit names the connection and where it went (options given over it change that).
        QFile audit(m_home.filePath(QStringLiteral("lockscope/audit.log")));
        QVERIFY(audit.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = audit.readAll().trimmed().split('\n');
        QCOMPARE(QJsonDocument::fromJson(lines.last()).object().value(QStringLiteral("server")).toString(),
                 QStringLiteral("local-test (127.0.0.1:%1)").arg(m_redis.port()));
        r = lockscope({QStringLiteral("scan"), QStringLiteral("--connection"), QStringLiteral("nowhere")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("nowhere"), r.err.constData());
    }

    // rediss:// to the plain-text test server: said at once, not "No answer" after the
    // connect timeout. The timeout is set far beyond the run's ceiling, so an answer at all,
    // and this one, can only come from noticing the plain text (no stopwatch needed).
    void tlsToAPlainTextPortIsOneLineAndExitThree()
    {
        const Run r = lockscope({QStringLiteral("scan"), QStringLiteral("-u"), QStringLiteral("rediss://127.0.0.1:%1").arg(m_redis.port()),
                                 QStringLiteral("--connect-timeout"), QStringLiteral("10m")});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains("answered in plain text: it is not a TLS port"), r.err.constData());
    }

    // A CA file that cannot be used is named, at once, and nothing is connected: the port
    // is a listener that never answers, so a connection attempt would wait out the 10-minute
    // connect timeout (and be killed at the run's ceiling) and leave a connection behind.
    void unusableTlsFileIsOneLineAndExitThree()
    {
        QTcpServer listener;
        QVERIFY(listener.listen(QHostAddress::LocalHost, 0));
        const QString missing = m_home.filePath(QStringLiteral("no-such-ca.crt"));
        const Run r = lockscope({QStringLiteral("scan"), QStringLiteral("--tls"), QStringLiteral("--cacert"), missing, QStringLiteral("-p"),
                                 QString::number(listener.serverPort()), QStringLiteral("--connect-timeout"), QStringLiteral("10m")});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(QStringLiteral("the CA file %1 does not exist").arg(missing).toUtf8()), r.err.constData());
        // The process has exited: a connection it made would be in the backlog by now.
        QVERIFY(!listener.waitForNewConnection(0));
    }

    // A replica given as the server: its locks are listed, with one warning that they may lag
    // and where the master is; and a release there fails, as Redis refuses writes on it.
    void aReplicaIsReadWithAWarning()
    {
        TestRedis replica;
        QVERIFY(replica.start({QStringLiteral("--repl-diskless-load"), QStringLiteral("swapdb")}));
        QVERIFY(replica.command({"REPLICAOF", "127.0.0.1", QByteArray::number(m_redis.port())}).isStatus("OK"));
        m_redis.command({"CONFIG", "SET", "repl-diskless-sync-delay", "0"});
        m_redis.command({"SET", "lock:replicated", "tok-r", "PX", "60000"});
        QTRY_COMPARE_WITH_TIMEOUT(replica.command({"GET", "lock:replicated"}).bytes(), QByteArray("tok-r"), 15000);
        const QString port = QString::number(replica.port());
        Run r = lockscope({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("-p"), port});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("\"key\":\"lock:replicated\""));
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.startsWith(QStringLiteral("lockscope: warning: 127.0.0.1:%1 is a replica of 127.0.0.1:%2:").arg(port).arg(m_redis.port()).toUtf8()),
                 r.err.constData());
        r = lockscope({QStringLiteral("release"), QStringLiteral("lock:replicated"), QStringLiteral("--token"), QStringLiteral("tok-r"),
                       QStringLiteral("--yes"), QStringLiteral("-p"), port});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("READONLY"), r.err.constData());
        QCOMPARE(m_redis.command({"GET", "lock:replicated"}).bytes(), QByteArray("tok-r"));
        m_redis.command({"DEL", "lock:replicated"});
    }

    void helpAndVersion()
    {
        Run r = lockscope({QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("lockscope scan"));
        QVERIFY(r.out.contains("Exit codes"));
        r = lockscope({QStringLiteral("--version")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("lockscope "));
    }

    // --lang zh_CN: the help, the messages of a command line that does not parse, and the
    // human tables speak Chinese; --json keeps its keys and ids, the same in every language.
    void speaksChineseWhenAsked()
    {
        const QStringList zh{QStringLiteral("--lang"), QStringLiteral("zh_CN")};
        Run r = lockscope(zh + QStringList{QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        const QString help = QString::fromUtf8(r.out);
        QVERIFY2(help.contains(QStringLiteral("用法")) && help.contains(QStringLiteral("分布式锁")), r.out.constData());
        QVERIFY(help.contains(QStringLiteral("服务器主机"))); // an option's description
        QVERIFY(help.contains(QStringLiteral("--host HOST"))); // options keep their names
        QVERIFY(!help.contains(QStringLiteral("Exit codes")));

        r = lockscope(zh + QStringList{QStringLiteral("scan"), QStringLiteral("--ttl"), QStringLiteral("5s")});
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("不是 scan 的选项")), r.err.constData());

        m_redis.command({"SET", "lock:zh", "t", "PX", "60000"});
        r = lockscope(zh + QStringList{QStringLiteral("scan")} + conn());
        QCOMPARE(r.code, 0);
        QVERIFY2(QString::fromUtf8(r.out).startsWith(QStringLiteral("键")), r.out.constData()); // the KEY header
        QVERIFY(r.out.contains("lock:zh"));
        QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("把锁")), r.err.constData()); // the summary
        r = lockscope(zh + QStringList{QStringLiteral("scan"), QStringLiteral("--sandbox")});
        QCOMPARE(r.code, 0);
        QVERIFY2(QString::fromUtf8(r.out).contains(QStringLiteral("永不过期")), r.out.constData()); // the sample lock without TTL

        r = lockscope(zh + QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + conn());
        QCOMPARE(r.code, 0);
        const QJsonObject lock = QJsonDocument::fromJson(r.out.trimmed()).object();
        QCOMPARE(lock.value(QStringLiteral("key")).toString(), QStringLiteral("lock:zh"));
        QCOMPARE(lock.value(QStringLiteral("dialect")).toString(), QStringLiteral("plain"));
        QCOMPARE(lock.value(QStringLiteral("state")).toString(), QStringLiteral("held"));

        // The dialects: names in Chinese for people, ids and English names for scripts.
        r = lockscope(zh + QStringList{QStringLiteral("dialects")});
        QCOMPARE(r.code, 0);
        QVERIFY2(QString::fromUtf8(r.out).contains(QStringLiteral("普通令牌（SET NX PX）")), r.out.constData());
        r = lockscope(zh + QStringList{QStringLiteral("dialects"), QStringLiteral("--json")});
        const QJsonObject plain = QJsonDocument::fromJson(r.out.left(r.out.indexOf('\n'))).object();
        QCOMPARE(plain.value(QStringLiteral("id")).toString(), QStringLiteral("plain"));
        QCOMPARE(plain.value(QStringLiteral("name")).toString(), QStringLiteral("Plain token (SET NX PX)"));
    }

    void screenshotWritesAPicture()
    {
        m_redis.command({"SET", "lock:shot", "t", "PX", "60000"});
        const QString file = m_home.filePath(QStringLiteral("shot.png"));
        const Run r = lockscope(QStringList{QStringLiteral("--screenshot"), file} + conn(), 60000);
        QCOMPARE(r.code, 0);
        const QImage image(file);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800 && image.height() >= 500);
    }

    // A server that refuses will never deliver a scan: the picture shows the window's error
    // at once (it waited 60 s and took none), and the exit code says the connection failed.
    void screenshotOfARefusedServerShowsTheError()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 closed = probe.serverPort();
        probe.close();
        const QString file = m_home.filePath(QStringLiteral("refused.png"));
        // --duration is ten times the run's ceiling: a run that waited for it is killed there
        // and has no exit code 3; finishing at all says it did not wait.
        const Run r = lockscope({QStringLiteral("--screenshot"), file, QStringLiteral("-p"), QString::number(closed),
                                 QStringLiteral("--duration"), QStringLiteral("600")}, 60000);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("Connection refused by 127.0.0.1:" + QByteArray::number(closed)), r.err.constData());
        const QImage image(file);
        QVERIFY(!image.isNull());
        // The status bar at the bottom carries the message in the window's error red (#b3261e).
        int red = 0;
        for (int y = image.height() - 30; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                red += c.red() > 150 && c.green() < 90 && c.blue() < 90;
            }
        }
        QVERIFY2(red > 100, qPrintable(QString::number(red)));
    }

    // An action with --json whose server cannot be reached still gives its line on stdout, as
    // every other outcome does: a script has something to parse.
    void anActionThatCannotConnectHasAJsonLine()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 closed = probe.serverPort();
        probe.close();
        const Run r = lockscope({QStringLiteral("release"), QStringLiteral("lock:far"), QStringLiteral("--observed"), QStringLiteral("--json"),
                                 QStringLiteral("-p"), QString::number(closed)});
        QCOMPARE(r.code, 3);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("result")).toString(), QStringLiteral("failed"));
        QCOMPARE(o.value(QStringLiteral("key")).toString(), QStringLiteral("lock:far"));
        QCOMPARE(o.value(QStringLiteral("action")).toString(), QStringLiteral("force-release"));
        QVERIFY2(o.value(QStringLiteral("message")).toString().contains(QStringLiteral("Connection refused")), r.out.constData());
    }

    // A watch that ends while its server is paused waits for the setting's restore only so
    // long, then says it was not put back (it went quietly), or at once on another signal.
    void aRestoreTheServerDoesNotAnswerIsSaid_data()
    {
        QTest::addColumn<bool>("signal");
        QTest::newRow("the grace runs out") << false;
        QTest::newRow("a signal while it waits") << true;
    }

    void aRestoreTheServerDoesNotAnswerIsSaid()
    {
        QFETCH(bool, signal);
        TestRedis paused;
        QVERIFY(paused.start({QStringLiteral("--notify-keyspace-events"), QStringLiteral("xE")}));
        QProcess p;
        p.start(QStringLiteral(LOCKSCOPE_BINARY), {QStringLiteral("watch"), QStringLiteral("-p"), QString::number(paused.port()),
                                                   QStringLiteral("--enable-notifications")});
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT((err += p.readAllStandardError()).contains("put back when it stops"), 15000);
        QVERIFY(paused.command({"CLIENT", "PAUSE", "20000", "ALL"}).isStatus("OK"));
        ::kill(pid_t(p.processId()), SIGINT); // the watch ends, and its restore waits on the paused server
        if (signal) {
            // Another signal (the same one twice ends it at once, by design).
            QTRY_VERIFY_WITH_TIMEOUT((err += p.readAllStandardError()).contains("interrupted, stopping"), 10000);
            p.terminate();
        }
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        err += p.readAllStandardError();
        const QByteArray why = signal ? "stopped by signal 15 before the server answered" : "no answer within 3 s";
        QVERIFY2(err.contains(QStringLiteral("warning: notify-keyspace-events on 127.0.0.1:%1 was not put back (").arg(paused.port()).toUtf8() + why),
                 err.constData());
        QVERIFY2(err.contains("CONFIG SET notify-keyspace-events \"xE\" puts back what it was"), err.constData());
    }

    // A watch that ends while its server does not answer cannot say all went well, nor that
    // the notification setting it changed is back.
    void aWatchThatEndsWithTheServerDownSaysSo()
    {
        TestRedis gone;
        QVERIFY(gone.start());
        QProcess p;
        p.start(QStringLiteral(LOCKSCOPE_BINARY), {QStringLiteral("watch"), QStringLiteral("-p"), QString::number(gone.port()),
                                                   QStringLiteral("--duration"), QStringLiteral("4"), QStringLiteral("--enable-notifications")});
        QByteArray started;
        // It has read the server and turned notifications on.
        QTRY_VERIFY_WITH_TIMEOUT((started += p.readAllStandardError()).contains("put back when it stops"), 15000);
        gone.kill();
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 3);
        const QByteArray err = started + p.readAllStandardError();
        QVERIFY2(err.contains("not answering; what happened to its locks since is not known"), err.constData());
        QVERIFY2(err.contains(QStringLiteral("warning: notify-keyspace-events on 127.0.0.1:%1 was not put back").arg(gone.port()).toUtf8()),
                 err.constData());
        QVERIFY2(err.contains("CONFIG SET notify-keyspace-events \"\" puts back what it was"), err.constData());
        // Each reason once per outage, not once per reconnect attempt.
        QList<QByteArray> lines = err.split('\n');
        lines.removeAll(QByteArray());
        QCOMPARE(QSet<QByteArray>(lines.cbegin(), lines.cend()).size(), lines.size());
    }

    void theSandboxHasLiveEvents()
    {
        // Its own server publishes keyspace notifications: nothing to consent to, nothing changed.
        const Run r = lockscope({QStringLiteral("watch"), QStringLiteral("--sandbox"), QStringLiteral("--duration"), QStringLiteral("1")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("events live: keyspace notifications"), r.err.constData());
        QVERIFY2(!r.err.contains("turned on by LockScope"), r.err.constData());
    }

    void noDisplayFallsBackToTheTerminal()
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LOCKSCOPE_BINARY), {});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray err = p.readAllStandardError();
        const QByteArray out = p.readAllStandardOutput();
        QVERIFY2(err.contains("no display"), err.constData());
        QVERIFY(err.contains("--screenshot"));
        // Its own sandbox with the sample locks.
        QVERIFY2(out.contains("inventoryLock") && out.contains("lock:billing:invoice-run"), out.constData());
        // Several libraries' layouts, each recognised as its own dialect.
        for (const char *dialect : {"redisson-lock", "redisson-rwlock", "redis-py", "shedlock", "redis-semaphore"})
            QVERIFY2(out.contains(dialect), dialect);
        QVERIFY(!out.contains("user:1001"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"

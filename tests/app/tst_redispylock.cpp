// redis-py's own Lock (Debian's python3-redis) against LockScope: the library makes the lock,
// LockScope finds and decodes it and force-releases it, and the library then reports the loss.
// The other way round, a lock LockScope acquires as redis-py is one redis-py sees as taken.
#include "testredis.h"

#include <QJsonDocument>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {
// Takes a lock with redis-py, prints its token, waits for a line on stdin, then asks the
// library whether it still owns the lock and tries to extend it.
const char *holderScript = R"(
import sys, redis
r = redis.Redis(port=int(sys.argv[1]))
lock = r.lock("orders:py", timeout=30)
assert lock.acquire(blocking=False)
print(lock.local.token.decode(), flush=True)
sys.stdin.readline()
print("owned", lock.owned(), flush=True)
try:
    lock.extend(10)
    print("extended", flush=True)
except redis.exceptions.LockNotOwnedError:
    print("extend: LockNotOwnedError", flush=True)
)";

const char *contenderScript = R"(
import sys, redis
r = redis.Redis(port=int(sys.argv[1]))
lock = r.lock("orders:ls", timeout=5)
print("acquired" if lock.acquire(blocking=False) else "refused", lock.locked(), flush=True)
)";
} // namespace

class TestRedisPyLock : public QObject
{
    Q_OBJECT

private:
    TestRedis m_redis;
    QTemporaryDir m_home;

    QByteArray lockscope(const QStringList &args, int *code)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LOCKSCOPE_BINARY), args + QStringList{QStringLiteral("-p"), QString::number(m_redis.port())});
        p.closeWriteChannel();
        if (!p.waitForFinished(30000))
            p.kill();
        *code = p.exitCode();
        return p.readAllStandardOutput() + p.readAllStandardError();
    }

    // The next line the script prints: waits for a whole line (output can come in pieces),
    // and says what went wrong on the script's stderr if none comes.
    static QByteArray readLine(QProcess &p)
    {
        const QDeadlineTimer deadline(30000);
        while (!p.canReadLine() && !deadline.hasExpired()) {
            if (!p.waitForReadyRead(int(std::max<qint64>(1, deadline.remainingTime()))) && p.state() != QProcess::Running)
                break;
        }
        if (!p.canReadLine())
            qWarning().noquote() << "no line from the script; its stderr:" << p.readAllStandardError();
        return p.readLine().trimmed();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!QByteArray(LOCKSCOPE_PYTHON).isEmpty(), "no python3 with the redis module (installer/install-deps.sh installs python3-redis)");
        QVERIFY(m_redis.start());
    }

    void lockScopeReleasesALockRedisPyMade()
    {
        QProcess holder;
        holder.start(QStringLiteral(LOCKSCOPE_PYTHON), {QStringLiteral("-c"), QString::fromLatin1(holderScript), QString::number(m_redis.port())});
        QVERIFY(holder.waitForStarted());
        const QByteArray token = readLine(holder);
        QCOMPARE(token.size(), 32);

        int code = -1;
        const QByteArray scan = lockscope({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--pattern"), QStringLiteral("orders:*")}, &code);
        QCOMPARE(code, 0);
        const QJsonObject lock = QJsonDocument::fromJson(scan.trimmed()).object();
        QCOMPARE(lock.value(QStringLiteral("key")).toString(), QStringLiteral("orders:py"));
        QCOMPARE(lock.value(QStringLiteral("dialect")).toString(), QStringLiteral("redis-py"));
        const QJsonObject holderJson = lock.value(QStringLiteral("holders")).toArray().at(0).toObject();
        QCOMPARE(holderJson.value(QStringLiteral("token")).toString().toLatin1(), token);
        // uuid1 carries the moment the lock was taken: today.
        QVERIFY(holderJson.value(QStringLiteral("fields")).toObject().value(QStringLiteral("time")).toString().startsWith(
            QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate).left(7)));
        QVERIFY(lock.value(QStringLiteral("ttl_ms")).toInteger() > 20000);

        const QByteArray released = lockscope({QStringLiteral("release"), QStringLiteral("orders:py"), QStringLiteral("--observed")}, &code);
        QVERIFY2(code == 0, released.constData());
        QCOMPARE(m_redis.command({"EXISTS", "orders:py"}).integer(), qint64(0));

        holder.write("\n");
        holder.closeWriteChannel();
        QCOMPARE(readLine(holder), QByteArray("owned False"));
        QCOMPARE(readLine(holder), QByteArray("extend: LockNotOwnedError"));
        QVERIFY(holder.waitForFinished(10000));
        QCOMPARE(holder.exitCode(), 0);
    }

    void redisPySeesALockLockScopeTook()
    {
        int code = -1;
        const QByteArray out = lockscope({QStringLiteral("acquire"), QStringLiteral("orders:ls"), QStringLiteral("--ttl"), QStringLiteral("5000"),
                                          QStringLiteral("--dialect"), QStringLiteral("redis-py")}, &code);
        QVERIFY2(code == 0, out.constData());
        const QByteArray value = m_redis.command({"GET", "orders:ls"}).bytes();
        QCOMPARE(value.size(), 32);
        QCOMPARE(value.at(12), '1'); // a uuid1, as redis-py writes

        QProcess contender;
        contender.start(QStringLiteral(LOCKSCOPE_PYTHON), {QStringLiteral("-c"), QString::fromLatin1(contenderScript), QString::number(m_redis.port())});
        QVERIFY(contender.waitForFinished(10000));
        QCOMPARE(contender.readAllStandardOutput().trimmed(), QByteArray("refused True"));
        QCOMPARE(m_redis.command({"GET", "orders:ls"}).bytes(), value);
    }
};

QTEST_GUILESS_MAIN(TestRedisPyLock)
#include "tst_redispylock.moc"

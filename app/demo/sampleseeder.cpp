#include "sampleseeder.h"

#include "luascripts.h"
#include "redisconnection.h"
#include "tokenfactory.h"

#include <QDateTime>

#include <QRandomGenerator>
#include <QUuid>

namespace {
QByteArray uuid4()
{
    return QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
}

QByteArray randomBytes(int n)
{
    QByteArray out(n, '\0');
    for (char &c : out)
        c = char(QRandomGenerator::global()->bounded(256));
    return out;
}
} // namespace

SampleSeeder::SampleSeeder(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_renewScript(LuaScripts::load(QStringLiteral("redisson/extend")))
    , m_redissonField(uuid4() + ":57")
{
    m_watchdog.setInterval(redissonLeaseMs / 3);
    connect(&m_watchdog, &QTimer::timeout, this, &SampleSeeder::renew);
}

void SampleSeeder::seed()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const QByteArray iso = QDateTime::fromMSecsSinceEpoch(now, Qt::UTC).toString(Qt::ISODateWithMs).toLatin1();
    const QByteArray readerA = uuid4(), readerB = uuid4();

    const QList<RedisCommand> commands = {
        {"SET", "lock:orders:checkout", uuid4(), "PX", "90000"},
        {"SET", "lock:reports:nightly", uuid4() + ":42", "PX", "1500000"},
        {"SET", "lock:cache:rebuild", randomBytes(16).toHex(), "PX", "20000"},
        {"SET", "lock:billing:invoice-run", TokenFactory::uuid1Hex()}, // redis-py, stuck without a TTL
        {"SET", "lock:legacy:import", randomBytes(16), "PX", "600000"},
        {"DEL", redissonLockKey},
        {"HSET", redissonLockKey, m_redissonField, "2"},
        {"PEXPIRE", redissonLockKey, QByteArray::number(redissonLeaseMs)},
        // A few more libraries' layouts, so every kind of holder shows up.
        {"SET", "job-lock:default:reportJob", "ADDED:" + iso + "@worker-7", "PX", "300000"}, // ShedLock
        {"DEL", "stockLock"}, // Redisson read-write lock with two readers
        {"HSET", "stockLock", "mode", "read", readerA + ":61", "1", readerB + ":12", "2"},
        {"PEXPIRE", "stockLock", "900000"},
        {"DEL", "semaphore:exports"}, // redis-semaphore (Node): holders scored by acquire time
        {"ZADD", "semaphore:exports", QByteArray::number(now), uuid4(), QByteArray::number(now - 4000), uuid4()},
        {"PEXPIRE", "semaphore:exports", "900000"},
        // Ordinary data: never listed as locks.
        {"HSET", "user:1001", "name", "Ada", "plan", "pro"},
        {"SET", "session:9f2c1e", uuid4(), "EX", "3600"},
        {"SET", "stats:visits", "48213"},
        {"RPUSH", "queue:emails", "welcome:1001", "receipt:77"},
        {"SET", "cache:product:42", R"({"id":42,"name":"Lamp","stock":3})"},
    };
    m_connection->pipeline(commands, this, [this](const QList<RedisReply> &replies) {
        for (const RedisReply &r : replies) {
            if (r.isError()) {
                Q_EMIT failed(tr("Could not write the sample locks: %1").arg(r.errorMessage()));
                return;
            }
        }
        Q_EMIT seeded(9);
    });
}

void SampleSeeder::setWatchdog(bool on)
{
    if (on)
        m_watchdog.start();
    else
        m_watchdog.stop();
}

void SampleSeeder::renew()
{
    m_renewScript.run(m_connection, {redissonLockKey}, {m_redissonField, QByteArray::number(redissonLeaseMs)}, this,
                      [](const RedisReply &) {});
}

#pragma once

#include "luascript.h"

#include <QObject>
#include <QTimer>

class RedisConnection;

// Writes a handful of sample locks into a sandbox server so there is something real to look
// at: plain token locks with different TTLs (one about to expire), a Redisson reentrant lock
// kept alive by a watchdog as a live Redisson client would, a lock with no TTL, a binary
// token, and ordinary data keys that must not show up as locks.
class SampleSeeder final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SampleSeeder)

public:
    static constexpr const char *redissonLockKey = "inventoryLock";
    static constexpr int redissonLeaseMs = 30000;

    explicit SampleSeeder(RedisConnection *connection, QObject *parent = nullptr);

    void seed();
    // Renew the Redisson sample every lease/3, as Redisson's watchdog does.
    void setWatchdog(bool on);

Q_SIGNALS:
    void seeded(int locks);
    void failed(const QString &message);

private:
    void renew();

    RedisConnection *m_connection;
    LuaScript m_renewScript;
    QByteArray m_redissonField;
    QTimer m_watchdog;
};

#pragma once

#include "redlockgroup.h"
#include "testredis.h"

#include <QTemporaryDir>

#include <array>
#include <memory>

// A Redlock group of five real redis-servers, and locks written on it as node-redlock and
// redsync write them: SET key token NX PX ttl on each node named, the same token everywhere.
class TestRedlockGroup final
{
public:
    static constexpr int size = 5;

    // persistent: each server keeps an append-only file (fsync always), so a server killed
    // and restarted comes back with its locks, as a production node with AOF does.
    bool start(bool persistent = false);

    TestRedis &node(int i) { return m_nodes[size_t(i)]; }
    QList<ConnectionProfile> profiles() const;
    RedlockGroup group() const;
    // --redlock's value: the nodes' redis:// URLs, comma-separated, in order.
    QString urls() const;
    // host:port, as results name node i.
    QString nodeName(int i) const { return QStringLiteral("127.0.0.1:%1").arg(m_nodes[size_t(i)].port()); }
    // false (with a warning) if a node refused: the lock is not what the test meant.
    bool lock(const QByteArray &key, const QByteArray &token, const QList<int> &on, qint64 ttlMs = 60000);
    // DEL on the nodes named (every node when empty): a release.
    void unlock(const QByteArray &key, const QList<int> &on = {});
    void flush();

private:
    std::array<TestRedis, size> m_nodes;
    std::array<std::unique_ptr<QTemporaryDir>, size> m_dirs;
};

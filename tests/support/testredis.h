#pragma once

#include "connectionoptions.h"
#include "connectionprofile.h"
#include "redisconnection.h"
#include "redisreply.h"
#include "sandboxserver.h"

#include <QStringList>

// A real redis-server for one test: free loopback port, temporary directory, no
// persistence, gone when the test ends. command() waits for the reply, which only tests do.
class TestRedis final
{
public:
    TestRedis();
    ~TestRedis();

    bool start(const QStringList &extraArguments = {});
    // Serves TLS only, with a CA and server certificate made by openssl in dir.
    bool startTls(const QString &dir);
    // Starts the server again on the same port, after kill().
    bool restart();
    void kill();

    quint16 port() const { return m_server.port(); }
    qint64 pid() const { return m_server.processId(); }
    ConnectionOptions options() const;
    // Makes an ACL user with these rules and password "pw" (ACL SETUSER user on >pw rules…),
    // and the options to connect as it. Rules Redis refuses show as a login that fails.
    ConnectionOptions optionsAsNewUser(const QByteArray &user, const QList<QByteArray> &rules);
    // The same server as the user would describe it (what sessions connect to).
    ConnectionProfile profile() const;

    RedisReply command(const RedisCommand &command, int timeoutMs = 10000);
    // Successful calls of one command since the last CONFIG RESETSTAT (INFO commandstats).
    qint64 calls(const QByteArray &command);
    // A watchdog that renews late: sets key's TTL back to leaseMs once the server says at
    // most leftMs of it remain, and returns the TTL it renewed at (-1 when the key was gone
    // or had no TTL by then). The check and the renewal are one script, so a slow test
    // process can only delay the renewal, never make it land with more than leftMs left.
    qint64 renewWhenLeft(const QByteArray &key, qint64 leftMs, qint64 leaseMs);

private:
    SandboxServer m_server;
    QStringList m_extra;
    RedisConnection *m_client = nullptr;
};

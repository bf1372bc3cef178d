#pragma once

#include "redisconnection.h"
#include "redisreply.h"

#include <QStringList>

#include <functional>
#include <memory>

class QProcess;
class QTemporaryDir;

// One redis-server process of a multi-node test fixture (a cluster node, a replica, a
// sentinel) on a loopback port of its own, with a blocking command() that only tests may
// use. Ports come from below the kernel's ephemeral range, so no outgoing connection (the
// cluster bus makes many) can take one between choosing it and binding it; when another
// test took it first, start() chooses again. The process dies with the test, however the
// test ends.
class TestRedisProcess final
{
public:
    // The arguments after "redis-server" for a given port: a fixture writes its config file here
    // when it has one, since a sentinel's file must name its port.
    using Arguments = std::function<QStringList(quint16 port)>;

    // withBusPort: the port is for a cluster node, whose bus listens on port + 10000, which must
    // also be free and at most 65535. The server's output goes to logFile.
    TestRedisProcess(const QString &logFile, Arguments arguments, bool withBusPort);
    ~TestRedisProcess();
    TestRedisProcess(const TestRedisProcess &) = delete;
    TestRedisProcess &operator=(const TestRedisProcess &) = delete;

    // Starts the server, on the port it had before if it had one, and waits until that very
    // process answers (INFO's process_id is checked, so a stranger on the port does not count).
    bool start(int timeoutMs = 15000);
    // Ends it at once, as a crash would, and reaps it.
    void kill();

    bool isRunning() const;
    qint64 pid() const;
    quint16 port() const { return m_port; }
    ConnectionOptions options() const;
    // Why start() failed, with the last lines the server wrote.
    QString errorString() const { return m_error; }

    // Sends one command on the process's own connection and waits for the reply; an error
    // reply when there is none within timeoutMs or the server is down.
    RedisReply command(const RedisCommand &command, int timeoutMs = 10000);

    // A fixture's temporary directory, named after this test process, so that one left by a
    // test killed before it could clean up is removed by the next fixture to start.
    static std::unique_ptr<QTemporaryDir> temporaryDirectory(const QString &kind);

private:
    bool launch(quint16 port, int timeoutMs);
    bool answers(int timeoutMs);
    QString logTail() const;
    static quint16 choosePort(bool withBusPort);

    QString m_logFile;
    Arguments m_arguments;
    bool m_withBusPort = false;
    quint16 m_port = 0;
    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<RedisConnection> m_client;
    QString m_error;
};

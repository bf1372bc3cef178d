#pragma once

#include "connectionoptions.h"

#include <QObject>

class RedisConnection;
class SampleSeeder;
class SandboxServer;

// LockScope's embedded default: its own redis-server with sample locks in it, started
// when no server is configured. Everything it starts ends with it.
class EmbeddedSandbox final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmbeddedSandbox)

public:
    explicit EmbeddedSandbox(QObject *parent = nullptr);
    ~EmbeddedSandbox() override;

    void start();
    SandboxServer *server() const { return m_server; }
    ConnectionOptions connectionOptions() const;

Q_SIGNALS:
    void ready(const ConnectionOptions &options);
    void failed(const QString &message);

private:
    SandboxServer *m_server;
    RedisConnection *m_seedConnection = nullptr;
    SampleSeeder *m_seeder = nullptr;
};

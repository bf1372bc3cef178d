#pragma once

#include "connectionoptions.h"

#include <QObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>

#include <memory>

// A private redis-server: a free loopback port, a temporary directory, no persistence.
// It dies with LockScope (the child is told to exit when its parent does, even on SIGKILL)
// and its directory is removed as soon as the server is up, since it never writes there.
class SandboxServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxServer)

public:
    explicit SandboxServer(QObject *parent = nullptr);
    ~SandboxServer() override;

    // redis-server on PATH, or empty.
    static QString findRedisServer();

    // Extra redis-server arguments, e.g. {"--notify-keyspace-events", "KEA"}.
    void setExtraArguments(const QStringList &args) { m_extraArgs = args; }
    // A fixed port instead of a free one (restarting a stopped server where it was).
    void setPort(quint16 port) { m_fixedPort = port; }
    // Serve TLS only, with these PEM files (clients are not asked for certificates).
    void setTls(const QString &certFile, const QString &keyFile, const QString &caFile);

    void start();
    // Asks the server to exit; finished() follows.
    void stop();
    // Ends the process at once, as a crash would, to test what happens when the server goes.
    void kill();

    bool isReady() const { return m_ready; }
    quint16 port() const { return m_port; }
    qint64 processId() const { return m_process ? m_process->processId() : 0; }
    ConnectionOptions connectionOptions() const;

Q_SIGNALS:
    void ready(quint16 port);
    void failed(const QString &message);
    void finished();

private:
    void launch();
    static quint16 freePort();
    static void removeStaleDirectories();

    std::unique_ptr<QTemporaryDir> m_dir;
    QProcess *m_process = nullptr;
    QStringList m_extraArgs;
    QStringList m_tlsArgs;
    QString m_tlsCa;
    QByteArray m_output;
    QTimer m_startTimeout;
    quint16 m_port = 0;
    quint16 m_fixedPort = 0;
    int m_attempts = 0;
    bool m_ready = false;
    bool m_stopping = false;
};

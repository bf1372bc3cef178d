#pragma once

#include "clioptions.h"

#include <QObject>

#include <cstdio>

class DialectRegistry;
class EmbeddedSandbox;
class RedisConnection;

// Base of the command-line subcommands: connects (to the given server, or to an embedded
// sandbox), runs, and ends the event loop with an exit code. Connection and authentication
// failures end the command with exit code 3 and one line on stderr.
class CliCommand : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CliCommand)

public:
    enum ExitCode { Done = 0, Refused = 1, Usage = 2, ConnectionError = 3 };

    CliCommand(const CliOptions &options, const DialectRegistry *registry, QObject *parent = nullptr);
    ~CliCommand() override;

    // Runs the command to completion in the application's event loop.
    int exec();

protected:
    // Called once the connection is ready.
    virtual void run() = 0;
    void finish(int code);
    void fail(int code, const QString &message);
    void print(const QByteArray &text);

    RedisConnection *connection() const { return m_connection; }
    const CliOptions &options() const { return m_options; }
    const DialectRegistry *registry() const { return m_registry; }

    // Keeps the command alive across reconnects (watch) instead of failing at the first loss.
    bool m_tolerateDisconnects = false;

private:
    void connectTo(const ConnectionOptions &options);

    CliOptions m_options;
    const DialectRegistry *m_registry;
    EmbeddedSandbox *m_sandbox = nullptr;
    RedisConnection *m_connection = nullptr;
    bool m_started = false;
    bool m_finished = false;
};

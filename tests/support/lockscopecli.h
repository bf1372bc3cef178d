#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

// The lockscope binary run as a script runs it: stdin closed (no terminal: never asked), its
// settings and audit log under home, no password from the environment. Header-only: the
// binary's path (LOCKSCOPE_BINARY) is each test's compile definition.
struct LockscopeRun
{
    int code = -1; // -1: it crashed or was killed after a minute
    QByteArray out;
    QByteArray err;

    static LockscopeRun run(const QStringList &args, const QString &home)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), home);
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
        env.remove(QStringLiteral("REDISCLI_AUTH"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LOCKSCOPE_BINARY), args);
        p.closeWriteChannel();
        if (!p.waitForFinished(60000))
            p.kill();
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
    }
};

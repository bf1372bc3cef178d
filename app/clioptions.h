#pragma once

#include "connectionprofile.h"
#include "keypattern.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// The command line, parsed once: a subcommand, redis-cli-style connection options and the
// subcommand's own options. Parsing fails with one line that names the problem.
struct CliOptions
{
    enum class Command { Gui, Scan, Watch, Acquire, Extend, Release, Demo, Dialects, Help, Version };

    Command command = Command::Gui;
    ConnectionProfile connection;
    bool connectionGiven = false; // any connection option: otherwise the GUI uses its sandbox
    bool sandbox = false;         // --sandbox: an embedded redis-server with sample locks
    QList<KeyPattern> patterns;   // the lock patterns to scan with (defaults plus --pattern)
    QStringList profileFiles;     // --profile: custom dialect profiles, read when the command runs
    bool json = false;
    bool readOnly = false;

    QByteArray key;
    QByteArray token;
    bool tokenGiven = false;
    QString dialect = QStringLiteral("plain"); // acquire: whose lock layout to write
    bool observed = false;
    qint64 ttlMs = -1;
    bool yes = false;
    bool dryRun = false;

    int intervalMs = 1000;
    int rescanMs = 0;      // 0: as the server time budget allows
    double budgetPercent = 0; // 0: the default share of one server core
    double durationS = 0; // 0: until Ctrl+C
    bool events = false;
    bool enableNotifications = false;

    QString screenshot;

    QString scenario;
    QString variant;
    int workers = 0;
    quint32 seed = 0;
    bool seedGiven = false;
    bool list = false;

    static std::optional<CliOptions> parse(const QStringList &arguments, QString *error);
    static QString helpText();
    // "1500", "1500ms", "30s", "5m", "2h" as milliseconds; -1 when malformed.
    static qint64 parseDuration(const QString &text);
};

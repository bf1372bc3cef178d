#pragma once

#include "connectionprofile.h"
#include "keypattern.h"
#include "redlockgroup.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// The command line, parsed once: a subcommand, redis-cli-style connection options and the
// subcommand's own options. Parsing fails with one line that names the problem; an option
// the subcommand has no use for is such a problem, not something to ignore.
struct CliOptions
{
    enum class Command { Gui, Scan, Watch, Acquire, Extend, Release, Demo, Dialects, Help, Version };

    Command command = Command::Gui;
    Command helpTopic = Command::Help; // --help: that subcommand's help, or (Help) all of it
    ConnectionProfile connection;
    bool connectionGiven = false; // any connection option: otherwise the GUI uses its sandbox
    // --connection NAME: a saved connection, which useSaved() puts under the options given
    // beside it once it has been read.
    QString connectionName;
    // A password in the arguments (-a, or -u with one): redis-cli's warning is due, unless
    // --no-auth-warning.
    bool passwordOnCommandLine = false;
    bool noAuthWarning = false;
    bool sandbox = false;         // --sandbox: an embedded redis-server with sample locks
    // --redlock URL,URL,… and --drift-factor: a Redlock group, its nodes in the order given
    // (each its own server, from its own URL); empty for any other deployment.
    RedlockGroup redlock;
    // --group NAME: a saved Redlock group, which useSavedGroup() puts in redlock once read.
    QString groupName;
    QList<KeyPattern> patterns;   // the lock patterns to scan with (defaults plus --pattern)
    QList<KeyPattern> extraPatterns; // --pattern alone (the window adds them to its settings')
    bool defaultPatterns = true;  // false with --no-default-patterns
    QStringList profileFiles;     // --profile: custom dialect profiles, read when the command runs
    bool json = false;
    bool readOnly = false;

    QByteArray key;
    // KEY as typed, when its escapes made it other bytes (job\x41 is jobA): a key of that
    // literal name is another lock, which an action must not be mistaken for.
    QByteArray keyAsTyped;
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
    QString language; // --lang: a locale name such as zh_CN (empty: Settings, else the system's)
    bool screenshotOfConnections = false; // --screenshot-of connections: the connection manager

    QStringList arguments; // as given, for useSaved()

    QString scenario;
    QString variant;
    int workers = 0;
    quint32 seed = 0;
    bool seedGiven = false;
    bool list = false;

    static std::optional<CliOptions> parse(const QStringList &arguments, QString *error);
    // The saved connection of --connection, with the connection options of the command line
    // applied over its fields; read-only when it is (or --read-only says so). False, with
    // *error, when the options do not fit it (--cacert for one without TLS …).
    bool useSaved(const ConnectionProfile &saved, QString *error);
    // The saved group of --group, with --drift-factor, --retry-count, --retry-delay,
    // --connect-timeout and --ssh-accept-new of the command line applied over it; read-only
    // when one of its connections is. False, with *error, when it cannot be used.
    bool useSavedGroup(const RedlockGroup &saved, QString *error);
    // redis-cli's words, for stderr, when a password was given in the arguments.
    static QString passwordWarning();
    // Everything, or (for a subcommand) its usage and only the options it takes.
    static QString helpText(Command topic = Command::Help);
    // "1500" (in unitMs, milliseconds by default), "1500ms", "1.5s", "30s", "5m", "2h", "1d"
    // as exact milliseconds; nothing when malformed or not a whole number of milliseconds.
    // Beyond qint64 it saturates at its maximum, which every caller's limit refuses.
    static std::optional<qint64> parseDuration(const QString &text, qint64 unitMs = 1);
    // --lang's value, found without parsing the rest: the language to speak while the rest
    // is parsed (its messages and --help are translated). Empty when not given.
    static QString languageArgument(const QStringList &arguments);

    // The help and the messages of parsing, in the user's language (last: it ends in private:).
    Q_DECLARE_TR_FUNCTIONS(CliOptions)
};

#include "clioptions.h"

#include "apptranslator.h"
#include "discoveryoptions.h"
#include "tokentext.h"

#include <QCommandLineParser>
#include <QRegularExpression>
#include <QtNumeric>

#include <limits>

namespace {
using Command = CliOptions::Command;

constexpr unsigned bit(Command c)
{
    return 1u << unsigned(c);
}

// Who takes an option. The connection options go to every command that talks to a server.
constexpr unsigned Gui = bit(Command::Gui);
constexpr unsigned Scan = bit(Command::Scan);
constexpr unsigned Watch = bit(Command::Watch);
constexpr unsigned Acquire = bit(Command::Acquire);
constexpr unsigned Extend = bit(Command::Extend);
constexpr unsigned Release = bit(Command::Release);
constexpr unsigned Demo = bit(Command::Demo);
constexpr unsigned Dialects = bit(Command::Dialects);
constexpr unsigned Admin = Acquire | Extend | Release;
constexpr unsigned Connected = Gui | Scan | Watch | Admin;
constexpr unsigned Everyone = Connected | Demo | Dialects;

// The commands in the order help and messages list them.
constexpr Command commands[] = {Command::Gui,     Command::Scan,    Command::Watch, Command::Acquire,
                                Command::Extend,  Command::Release, Command::Demo,  Command::Dialects};

enum class Section { Connection, Options };

// One option: its names, its value (none for a switch), the commands that use it and its
// help. Parsing, the check that a command uses every option it was given, and --help all
// read this one table.
struct OptionSpec
{
    QStringList names;
    QString valueName;
    unsigned takenBy;
    Section section;
    const char *help; // translated when shown: the table is built once, maybe before the translator
};

const QList<OptionSpec> &optionTable()
{
    using S = Section;
    static const QList<OptionSpec> table = {
        {{QStringLiteral("connection")}, QStringLiteral("NAME"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "a saved connection (the window's Connect dialog saves them), its secrets\n"
                        "from the keychain or asked for; the options below override its fields")},
        {{QStringLiteral("h"), QStringLiteral("host")}, QStringLiteral("HOST"), Connected, S::Connection, QT_TRANSLATE_NOOP("CliOptions", "server host")},
        {{QStringLiteral("p"), QStringLiteral("port")}, QStringLiteral("PORT"), Connected, S::Connection, QT_TRANSLATE_NOOP("CliOptions", "server port")},
        {{QStringLiteral("s"), QStringLiteral("socket")}, QStringLiteral("SOCKET"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "server Unix socket (in place of -h and -p)")},
        {{QStringLiteral("a"), QStringLiteral("pass")}, QStringLiteral("PASSWORD"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "password; others on this machine may see it: prefer REDISCLI_AUTH\n"
                        "or a saved --connection (its password is in the keychain)")},
        {{QStringLiteral("no-auth-warning")}, QString(), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "no warning about a password given with -a or -u")},
        {{QStringLiteral("user")}, QStringLiteral("USER"), Connected, S::Connection, QT_TRANSLATE_NOOP("CliOptions", "ACL user name")},
        {{QStringLiteral("n"), QStringLiteral("db")}, QStringLiteral("N"), Connected, S::Connection, QT_TRANSLATE_NOOP("CliOptions", "database number")},
        {{QStringLiteral("u"), QStringLiteral("uri")}, QStringLiteral("URL"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "redis://[[user]:password@]host[:port][/db], rediss:// for TLS")},
        {{QStringLiteral("c"), QStringLiteral("cluster")}, QString(), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "a Redis Cluster (as redis-cli -c); found out from any node either way")},
        {{QStringLiteral("node")}, QStringLiteral("HOST:PORT|URL"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "cluster: another node to try when the first cannot be reached (HOST:PORT);\n"
                        "a Redlock group: one of its servers (a redis:// or rediss:// URL), as\n"
                        "--redlock takes them; repeatable")},
        {{QStringLiteral("sentinel")}, QStringLiteral("HOST:PORT"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "ask this Sentinel for the master (with --master); repeatable")},
        {{QStringLiteral("master")}, QStringLiteral("NAME"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "Sentinel: the name of the monitored master")},
        {{QStringLiteral("sentinel-user")}, QStringLiteral("USER"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "Sentinel: the sentinels' own ACL user")},
        {{QStringLiteral("sentinel-pass")}, QStringLiteral("PASSWORD"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "Sentinel: the sentinels' own password (or set LOCKSCOPE_SENTINEL_AUTH)")},
        {{QStringLiteral("tls")}, QString(), Connected, S::Connection, QT_TRANSLATE_NOOP("CliOptions", "use TLS")},
        {{QStringLiteral("cacert")}, QStringLiteral("FILE"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "TLS: trust the CA certificates (PEM) in FILE, not the system's")},
        {{QStringLiteral("cacertdir")}, QStringLiteral("DIR"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "TLS: trust the CA certificates (PEM) in the files of DIR, not the system's")},
        {{QStringLiteral("cert")}, QStringLiteral("FILE"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "TLS: client certificate (PEM), with --key")},
        {{QStringLiteral("key")}, QStringLiteral("FILE"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "TLS: the client certificate's private key (PEM, not encrypted)")},
        {{QStringLiteral("sni")}, QStringLiteral("NAME"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "TLS: the server name to send (SNI) and to check its certificate\n"
                        "against, when it is not the host connected to")},
        {{QStringLiteral("insecure")}, QString(), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "TLS: do not check the server's certificate")},
        {{QStringLiteral("ssh")}, QStringLiteral("USER@HOST[:PORT]"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "reach the server through an SSH tunnel from this bastion host;\n"
                        "-h and -p are then as the bastion sees them")},
        {{QStringLiteral("ssh-key")}, QStringLiteral("FILE"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "SSH: log in with this private key (default: the agent, ~/.ssh/id_*);\n"
                        "its passphrase, if any, from LOCKSCOPE_SSH_PASSPHRASE")},
        {{QStringLiteral("ssh-accept-new")}, QString(), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "SSH: accept a bastion host key not yet in ~/.ssh/known_hosts, and record\n"
                        "it there (without it, an unknown key is refused); a changed key is\n"
                        "always refused")},
        {{QStringLiteral("connect-timeout")}, QStringLiteral("MS"), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "give up connecting after this long (default 5000)")},
        {{QStringLiteral("redlock")}, QStringLiteral("URL,URL,..."), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "a Redlock group: independent servers that each hold the same lock,\n"
                        "each a redis:// or rediss:// URL (at least 2, comma-separated or\n"
                        "repeated); each lock is read as one quorum across them (scan, watch,\n"
                        "the window's group view), or acquired, extended and released on all\n"
                        "of them at once")},
        {{QStringLiteral("group")}, QStringLiteral("NAME"), Scan | Watch | Admin, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "a saved Redlock group (the window's Redlock groups… dialog saves them):\n"
                        "its nodes are saved connections, each reached its own way (Unix\n"
                        "socket, SSH tunnel), its secrets from the keychain")},
        {{QStringLiteral("sandbox")}, QString(), Connected, S::Connection,
         QT_TRANSLATE_NOOP("CliOptions", "start a private redis-server with sample locks and use it")},

        {{QStringLiteral("pattern")}, QStringLiteral("GLOB"), Gui | Scan | Watch, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "also treat keys matching GLOB as locks (\"i:GLOB\" ignores case);\n"
                        "repeatable. Defaults: i:*lock*, mutex:*, i:*semaphore*, qo_*, uniquejobs:*,\n"
                        "and Laravel's *laravel_unique_job:*, *laravel-queue-overlap:*, *framework/schedule-*")},
        {{QStringLiteral("no-default-patterns")}, QString(), Gui | Scan | Watch, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "use only the --pattern globs (and those of --profile)")},
        {{QStringLiteral("profile")}, QStringLiteral("FILE"), Connected | Dialects, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "custom dialect profiles (JSON, as the window exports them) for in-house\n"
                        "locks: their keys are scanned and decoded, and --dialect takes their ids;\n"
                        "repeatable")},
        {{QStringLiteral("drift-factor")}, QStringLiteral("F"), Connected, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "with --redlock: the clock drift factor the application uses; validity\n"
                        "is the smallest TTL of the majority minus round(TTL x F) + 2 ms\n"
                        "(default 0.01, as node-redlock, redsync and redlock-py)")},
        {{QStringLiteral("retry-count")}, QStringLiteral("N"), Acquire, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "with --redlock: attempts after the first when no majority was had\n"
                        "(0 to 1000; default 10, as node-redlock)")},
        {{QStringLiteral("retry-delay")}, QStringLiteral("MS"), Acquire, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "with --redlock: the wait between attempts, plus a random jitter of up\n"
                        "to 200 ms (default 200; at most 1 minute)")},
        {{QStringLiteral("json")}, QString(), Scan | Watch | Admin | Demo | Dialects, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "JSON Lines: one object per lock (scan), per event (watch --events),\n"
                        "per action, per demo run or per dialect")},
        {{QStringLiteral("read-only")}, QString(), Gui | Admin, S::Options, QT_TRANSLATE_NOOP("CliOptions", "refuse every admin action")},
        {{QStringLiteral("token")}, QStringLiteral("T"), Admin, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "a lock token; binary bytes as \\xNN and a backslash as \\\\, as redis-cli\n"
                        "and scan print them (KEY is read so too)")},
        {{QStringLiteral("ttl")}, QStringLiteral("MS"), Acquire | Extend, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "milliseconds, or with a unit: 1500ms, 30s, 5m, 1h, 1d (at most 365d)")},
        {{QStringLiteral("escaped-key")}, QString(), Admin, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "KEY is read with its escapes even where a key named by its literal\n"
                        "text exists too (refused without it, as one cannot tell which was meant)")},
        {{QStringLiteral("observed")}, QString(), Release, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "release the lock as it is now, every holder, guarded by all of it\n"
                        "(printed first; --token T releases only T's hold of a shared lock)")},
        {{QStringLiteral("dialect")}, QStringLiteral("ID"), Acquire, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "acquire: write the lock as that library does, with a token in its\n"
                        "format (default plain; lockscope dialects lists the ids)")},
        {{QStringLiteral("y"), QStringLiteral("yes")}, QString(), Admin, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "do not ask before an admin action (never asked when stdin is not a terminal)")},
        {{QStringLiteral("dry-run")}, QString(), Admin, S::Options, QT_TRANSLATE_NOOP("CliOptions", "show what an admin action would run, run nothing")},
        {{QStringLiteral("interval")}, QStringLiteral("MS"), Watch, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "watch: re-read the known locks this often (default 1000, 50 to 1h)")},
        {{QStringLiteral("rescan")}, QStringLiteral("MS"), Watch, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "watch: look for new locks this often (500 to 24h; default: as often as\n"
                        "the budget allows, at most every --interval; a Redlock group's: 5 s)")},
        {{QStringLiteral("budget")}, QStringLiteral("PCT"), Watch, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "watch: share of one server core the watch may spend re-reading and\n"
                        "rescanning (default 3, 0.1 to 50); with keyspace notifications it needs far less")},
        {{QStringLiteral("duration")}, QStringLiteral("S"), Gui | Watch | Demo, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "watch: stop after S seconds (default: until Ctrl+C); demo: seconds per run;\n"
                        "with --screenshot: let the window run S seconds before the picture;\n"
                        "a unit may follow (500ms, 5m, 2h); at most 7d")},
        {{QStringLiteral("events")}, QString(), Watch, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "watch: print lock events (acquired, released, renewed, expired,\n"
                        "handed-over, contended, stuck, near-miss) instead of the table; of a\n"
                        "Redlock group also quorum-lost, quorum-regained, node-down, node-up")},
        {{QStringLiteral("enable-notifications")}, QString(), Watch, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "watch: let LockScope turn on keyspace notifications\n"
                        "(CONFIG SET notify-keyspace-events) for events within ~100 ms;\n"
                        "costs the server CPU on every write; put back when the watch ends")},
        {{QStringLiteral("screenshot")}, QStringLiteral("FILE"), Gui, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "the window: save a picture of it to FILE and quit (no display needed)")},
        {{QStringLiteral("screenshot-of")}, QStringLiteral("WHAT"), Gui, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "with --screenshot: window (the default) or connections (the\n"
                        "connection manager, over the window)")},
        {{QStringLiteral("scenario")}, QStringLiteral("NAME"), Gui | Demo, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "demo: run this scenario (default: all of them, in turn)")},
        {{QStringLiteral("variant")}, QStringLiteral("V"), Gui | Demo, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "demo: broken or fixed (oversell also: unlocked); default: each in turn")},
        {{QStringLiteral("workers")}, QStringLiteral("N"), Demo, S::Options, QT_TRANSLATE_NOOP("CliOptions", "demo: simulated workers (1 to 1000)")},
        {{QStringLiteral("seed")}, QStringLiteral("N"), Demo, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "demo: seed of the random choices, to repeat a run")},
        {{QStringLiteral("list")}, QString(), Demo, S::Options, QT_TRANSLATE_NOOP("CliOptions", "demo: the training scenarios, one line each")},
        {{QStringLiteral("lang")}, QStringLiteral("LANG"), Everyone, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "speak LANG (zh_CN, en, …) in the window and in messages; default: the\n"
                        "language in Settings, else the system's (LANG, LC_MESSAGES)")},
        {{QStringLiteral("help")}, QString(), Everyone, S::Options,
         QT_TRANSLATE_NOOP("CliOptions", "this help; after a command, only what that command takes")},
        {{QStringLiteral("version")}, QString(), Everyone, S::Options, QT_TRANSLATE_NOOP("CliOptions", "the version")},
    };
    return table;
}

const OptionSpec *findOption(const QString &name)
{
    for (const OptionSpec &spec : optionTable())
        if (spec.names.contains(name))
            return &spec;
    return nullptr;
}

QString dashed(const QString &name)
{
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

QString commandName(Command c)
{
    switch (c) {
    case Command::Scan:
        return QStringLiteral("scan");
    case Command::Watch:
        return QStringLiteral("watch");
    case Command::Acquire:
        return QStringLiteral("acquire");
    case Command::Extend:
        return QStringLiteral("extend");
    case Command::Release:
        return QStringLiteral("release");
    case Command::Demo:
        return QStringLiteral("demo");
    case Command::Dialects:
        return QStringLiteral("dialects");
    default:
        return QString();
    }
}

// How messages name a command; the window has no command word, so the first mention says
// how to reach it.
QString commandTitle(Command c, bool firstMention = true)
{
    if (c != Command::Gui)
        return commandName(c);
    return firstMention ? CliOptions::tr("the window (lockscope without a command)") : CliOptions::tr("the window");
}

// "the window, scan and watch"
QString takersText(unsigned takenBy)
{
    QStringList names;
    for (Command c : commands)
        if (takenBy & bit(c))
            names << commandTitle(c, takenBy == bit(c));
    if (names.size() < 2)
        return names.join(QString());
    const QString last = names.takeLast();
    return CliOptions::tr("%1 and %2").arg(names.join(CliOptions::tr(", ")), last);
}

QStringList usageLines(Command c)
{
    switch (c) {
    case Command::Gui:
        return {CliOptions::tr("lockscope [conn] [--screenshot FILE [--duration S]]   open the window (no conn: its own sandbox server)"),
                CliOptions::tr("lockscope --scenario NAME [--variant V] [--screenshot FILE [--duration S]]\n"
                               "                                      open the window on a running training scenario")};
    case Command::Scan:
        return {CliOptions::tr("lockscope scan    [conn] [--pattern P]... [--json]"),
                CliOptions::tr("lockscope scan    --redlock URL,URL,... [--drift-factor F] [--pattern P]... [--json]")};
    case Command::Watch:
        return {CliOptions::tr("lockscope watch   [conn] [--pattern P]... [--interval MS] [--rescan MS] [--budget PCT] [--duration S]\n"
                               "                  [--events] [--json] [--enable-notifications]"),
                CliOptions::tr("lockscope watch   --redlock URL,URL,... [--drift-factor F] [--pattern P]... [--interval MS] [--rescan MS] [--duration S]\n"
                               "                  [--events] [--json]")};
    case Command::Acquire:
        return {CliOptions::tr("lockscope acquire [conn] KEY --ttl MS [--token T] [--dialect ID]"),
                CliOptions::tr("lockscope acquire --redlock URL,URL,... KEY --ttl MS [--token T] [--retry-count N] [--retry-delay MS]")};
    case Command::Extend:
        return {CliOptions::tr("lockscope extend  [conn] KEY --token T --ttl MS"),
                CliOptions::tr("lockscope extend  --redlock URL,URL,... KEY --token T --ttl MS")};
    case Command::Release:
        return {CliOptions::tr("lockscope release [conn] KEY (--token T | --observed)"),
                CliOptions::tr("lockscope release --redlock URL,URL,... KEY (--token T | --observed)")};
    case Command::Demo:
        return {CliOptions::tr("lockscope demo    [--scenario NAME] [--variant broken|fixed] [--workers N] [--duration S] [--seed N] [--json]"),
                CliOptions::tr("lockscope demo    --list                 the training scenarios, one line each")};
    case Command::Dialects:
        return {CliOptions::tr("lockscope dialects [--profile F] [--json]  the lock layouts LockScope reads, and what it can do to each")};
    default:
        return {};
    }
}

// "  -h, --host HOST        server host", the help's further lines under the first.
QString optionHelp(const OptionSpec &spec)
{
    constexpr int column = 25;
    QStringList names;
    for (const QString &name : spec.names)
        names << dashed(name);
    QString left = (spec.names.first().size() == 1 ? QStringLiteral("  ") : QStringLiteral("      ")) + names.join(QStringLiteral(", "));
    if (!spec.valueName.isEmpty())
        left += QLatin1Char(' ') + spec.valueName;
    left = left.size() + 2 <= column ? left.leftJustified(column) : left + QStringLiteral("  ");
    return left + CliOptions::tr(spec.help).replace(QLatin1Char('\n'), QLatin1Char('\n') + QString(column, QLatin1Char(' ')))
           + QLatin1Char('\n');
}

QString humanMs(qint64 ms)
{
    struct Unit { qint64 ms; const char *one; const char *many; };
    static const Unit units[] = {{86400000, QT_TRANSLATE_NOOP("CliOptions", "%1 day"), QT_TRANSLATE_NOOP("CliOptions", "%1 days")},
                                 {3600000, QT_TRANSLATE_NOOP("CliOptions", "%1 hour"), QT_TRANSLATE_NOOP("CliOptions", "%1 hours")},
                                 {60000, QT_TRANSLATE_NOOP("CliOptions", "%1 minute"), QT_TRANSLATE_NOOP("CliOptions", "%1 minutes")},
                                 {1000, QT_TRANSLATE_NOOP("CliOptions", "%1 s"), QT_TRANSLATE_NOOP("CliOptions", "%1 s")}};
    for (const Unit &u : units)
        if (ms >= u.ms && ms % u.ms == 0)
            return CliOptions::tr(ms == u.ms ? u.one : u.many).arg(ms / u.ms);
    return CliOptions::tr("%1 ms").arg(ms);
}

// Reads the command line through the table: what was given, spelled as the user spelled it.
class Reader
{
public:
    explicit Reader(const QCommandLineParser &parser) : m_parser(parser) {}

    bool isSet(const QString &name) const { return m_parser.isSet(name); }
    QString value(const QString &name) const { return m_parser.value(name); }
    QStringList values(const QString &name) const { return m_parser.values(name); }

    // "--db" when the user typed --db, "-n" when -n.
    QString spelled(const QString &name) const
    {
        const OptionSpec *spec = findOption(name);
        const QStringList given = m_parser.optionNames();
        for (const QString &n : spec->names)
            if (given.contains(n))
                return dashed(n);
        return dashed(name);
    }

    // A whole number in [min, max], exactly: no double rounding and no wrap-around. wants
    // says what the option takes; beyond max, wantsBelowMax says it when wants does not.
    std::optional<qint64> integer(const QString &name, const QString &wants, qint64 min, qint64 max, QString *error,
                                  const QString &wantsBelowMax = QString()) const
    {
        static const QRegularExpression re(QStringLiteral("^\\s*([+-]?)([0-9]+)\\s*$"));
        const QString text = value(name);
        const QRegularExpressionMatch m = re.match(text);
        bool ok = false;
        const qint64 n = m.hasMatch() ? (m.captured(1) + m.captured(2)).toLongLong(&ok) : 0;
        const bool overflow = m.hasMatch() && !ok;
        const bool negative = m.captured(1) == QLatin1String("-");
        if (!m.hasMatch() || (ok && n < min) || (overflow && negative)) {
            *error = CliOptions::tr("%1 wants %2, not '%3'").arg(spelled(name), wants, text);
            return std::nullopt;
        }
        if (overflow || n > max) {
            *error = CliOptions::tr("%1 wants %2, not '%3'").arg(spelled(name), wantsBelowMax.isEmpty() ? wants : wantsBelowMax, text);
            return std::nullopt;
        }
        return n;
    }

    // A duration in [minMs, maxMs]; a bare number is in unitMs (milliseconds or seconds).
    std::optional<qint64> duration(const QString &name, qint64 minMs, qint64 maxMs, qint64 unitMs, QString *error) const
    {
        const QString text = value(name);
        const std::optional<qint64> ms = CliOptions::parseDuration(text, unitMs);
        if (!ms) {
            *error = unitMs == 1000
                         ? CliOptions::tr("%1 wants seconds, or a duration with a unit (90, 1.5, 500ms, 5m, 2h), not '%2'").arg(spelled(name), text)
                         : CliOptions::tr("%1 wants whole milliseconds, or a duration with a unit (1500ms, 1.5s, 30s, 5m, 2h, 1d), not '%2'")
                               .arg(spelled(name), text);
            return std::nullopt;
        }
        if (*ms < minMs) {
            *error = CliOptions::tr("%1 wants at least %2, not '%3'").arg(spelled(name), humanMs(minMs), text);
            return std::nullopt;
        }
        if (*ms > maxMs) {
            *error = CliOptions::tr("%1 wants at most %2, not '%3'").arg(spelled(name), humanMs(maxMs), text);
            return std::nullopt;
        }
        return ms;
    }

private:
    const QCommandLineParser &m_parser;
};

constexpr qint64 second = 1000;
constexpr qint64 minute = 60 * second;
constexpr qint64 hour = 60 * minute;
constexpr qint64 day = 24 * hour;
bool isNodeUrl(const QString &text)
{
    return text.startsWith(QLatin1String("redis://")) || text.startsWith(QLatin1String("rediss://"));
}

// --node names a cluster's seed nodes as HOST:PORT, a Redlock group's servers as URLs.
bool redlockNodes(const Reader &in)
{
    const QStringList nodes = in.values(QStringLiteral("node"));
    return std::any_of(nodes.cbegin(), nodes.cend(), isNodeUrl);
}

// The deployment's shape: -c (a cluster, though any node says so itself), more seed nodes,
// or sentinels and the master they watch. Returns why not, or nothing.
QString applyTopology(const Reader &in, ConnectionProfile &c, bool deferred)
{
    using Kind = ConnectionProfile::Kind;
    const QStringList sentinels = in.values(QStringLiteral("sentinel"));
    const QStringList nodes = redlockNodes(in) ? QStringList() : in.values(QStringLiteral("node"));
    const bool sentinelGiven = !sentinels.isEmpty() || c.kind == Kind::Sentinel;
    if (sentinelGiven && (in.isSet(QStringLiteral("cluster")) || !nodes.isEmpty()))
        return CliOptions::tr("a master behind Sentinel is not a Redis Cluster: give --sentinel or -c/--node, not both");
    // The sentinels say where the master is: an address given beside them would be ignored.
    if (!sentinels.isEmpty() && in.isSet(QStringLiteral("uri"))
        && !in.value(QStringLiteral("uri")).trimmed().startsWith(QLatin1String("redis+sentinel://"), Qt::CaseInsensitive))
        return CliOptions::tr("behind Sentinel the sentinels say where the master is: %1 with a redis:// URL does not go with --sentinel "
                              "(give the master's password with -a)")
            .arg(in.spelled(QStringLiteral("uri")));
    if (sentinelGiven)
        for (const QString &name : {QStringLiteral("host"), QStringLiteral("port"), QStringLiteral("socket")})
            if (in.isSet(name))
                return CliOptions::tr("behind Sentinel the sentinels say where the master is: %1 does not go with --sentinel (or a "
                                      "redis+sentinel:// URL)")
                    .arg(in.spelled(name));
    if (!sentinelGiven && !deferred) {
        for (const QString &name : {QStringLiteral("master"), QStringLiteral("sentinel-user"), QStringLiteral("sentinel-pass")})
            if (in.isSet(name))
                return CliOptions::tr("%1 is for Sentinel: add --sentinel HOST:PORT, or use a redis+sentinel:// URL").arg(in.spelled(name));
    }
    QList<ConnectionProfile::Endpoint> endpoints;
    QString why;
    for (const QString &text : sentinelGiven ? sentinels : nodes) {
        const std::optional<ConnectionProfile::Endpoint> e = ConnectionProfile::Endpoint::parse(text, sentinelGiven ? 26379 : 6379, &why);
        if (!e)
            return CliOptions::tr("%1 '%2': %3").arg(sentinelGiven ? QStringLiteral("--sentinel") : QStringLiteral("--node"), text, why);
        endpoints << *e;
    }
    if (sentinelGiven) {
        if (!sentinels.isEmpty()) { // given here, they replace a URL's sentinels
            c.kind = Kind::Sentinel;
            c.host = endpoints.first().host;
            c.port = endpoints.first().port;
            c.moreNodes = endpoints.mid(1);
        }
        if (in.isSet(QStringLiteral("master")))
            c.masterName = in.value(QStringLiteral("master"));
        if (c.masterName.isEmpty() && !deferred)
            return CliOptions::tr("--sentinel needs --master NAME, the master the sentinels monitor");
        if (in.isSet(QStringLiteral("sentinel-user")))
            c.sentinelUser = in.value(QStringLiteral("sentinel-user"));
        if (in.isSet(QStringLiteral("sentinel-pass")))
            c.sentinelPassword = in.value(QStringLiteral("sentinel-pass"));
        else if (c.sentinelPassword.isEmpty())
            c.sentinelPassword = qEnvironmentVariable("LOCKSCOPE_SENTINEL_AUTH");
        return QString();
    }
    if (in.isSet(QStringLiteral("cluster")) || !endpoints.isEmpty())
        c.kind = Kind::Cluster;
    c.moreNodes += endpoints;
    return QString();
}


// The connection options, as redis-cli reads them (-u first, then explicit options override
// its parts), over c: a default profile, or a saved connection. With a saved one still to
// come (deferred), what depends on its fields is checked once it is there.
bool applyConnection(const Reader &in, ConnectionProfile &c, bool deferred, bool *passwordGiven, QString *error)
{
    QString why;
    auto refuse = [error](const QString &message) {
        *error = message;
        return false;
    };
    if (in.isSet(QStringLiteral("uri"))) {
        if (!c.applyUrl(in.value(QStringLiteral("uri")), &why))
            return refuse(why);
        *passwordGiven = *passwordGiven || !c.password.isEmpty();
    }
    if (in.isSet(QStringLiteral("socket")) && (in.isSet(QStringLiteral("host")) || in.isSet(QStringLiteral("port"))))
        return refuse(CliOptions::tr("-s names a Unix socket in place of -h and -p: give one or the other"));
    if (in.isSet(QStringLiteral("host")) || in.isSet(QStringLiteral("port")))
        c.socketPath.clear();
    if (in.isSet(QStringLiteral("host"))) {
        c.host = in.value(QStringLiteral("host"));
        // "[::1]", as a URL writes it: the address inside.
        if (c.host.startsWith(QLatin1Char('[')) && c.host.endsWith(QLatin1Char(']')))
            c.host = c.host.mid(1, c.host.size() - 2);
        if (c.host.trimmed().isEmpty())
            return refuse(CliOptions::tr("-h wants a host name or address"));
        // "-h host:6380" or "-h ::1:6380", as a URL would have it: no address with a port.
        if (c.host.count(QLatin1Char(':')) == 1)
            return refuse(CliOptions::tr("-h takes a host only ('%1'): give the port with -p, or the whole address as -u redis://%1")
                              .arg(c.host));
        if (c.host.contains(QLatin1Char(':')) && !ConnectionProfile::Endpoint::isIpv6(c.host))
            return refuse(CliOptions::tr("-h takes a host only ('%1' is no IPv6 address): give the port with -p").arg(c.host));
    }
    if (in.isSet(QStringLiteral("port"))) {
        const std::optional<qint64> port = in.integer(QStringLiteral("port"), CliOptions::tr("a port number from 1 to 65535"), 1, 65535, &why);
        if (!port)
            return refuse(why);
        c.port = quint16(*port);
    }
    if (in.isSet(QStringLiteral("socket"))) {
        c.socketPath = in.value(QStringLiteral("socket"));
        if (c.socketPath.isEmpty())
            return refuse(CliOptions::tr("-s wants the path of a Unix socket"));
    }
    if (in.isSet(QStringLiteral("pass"))) {
        c.password = in.value(QStringLiteral("pass"));
        *passwordGiven = true;
    } else if (c.password.isEmpty() && !c.storedSecrets.contains(SecretKind::RedisPassword)) {
        // A saved connection's own password (in the keychain) wins over the environment's,
        // which may be meant for another server.
        c.password = qEnvironmentVariable("REDISCLI_AUTH");
    }
    if (in.isSet(QStringLiteral("user")))
        c.user = in.value(QStringLiteral("user"));
    if (in.isSet(QStringLiteral("db"))) {
        // SELECT takes an int; how many databases there are, only the server knows.
        const std::optional<qint64> db = in.integer(QStringLiteral("db"), CliOptions::tr("a database number of 0 or more"), 0,
                                                    std::numeric_limits<int>::max(), &why,
                                                    CliOptions::tr("a database number of at most %1").arg(std::numeric_limits<int>::max()));
        if (!db)
            return refuse(why);
        c.database = int(*db);
    }
    if (const QString topologyError = applyTopology(in, c, deferred); !topologyError.isEmpty())
        return refuse(topologyError);
    c.tls.enabled = c.tls.enabled || in.isSet(QStringLiteral("tls"));
    if (!c.tls.enabled && !deferred) {
        for (const QString &name : {QStringLiteral("cacert"), QStringLiteral("cacertdir"), QStringLiteral("cert"), QStringLiteral("key"),
                                    QStringLiteral("sni"), QStringLiteral("insecure")})
            if (in.isSet(name))
                return refuse(CliOptions::tr("%1 is for TLS: add --tls, or use a rediss:// URL").arg(dashed(name)));
    }
    if (in.isSet(QStringLiteral("cacert")) && in.isSet(QStringLiteral("cacertdir")))
        return refuse(CliOptions::tr("give --cacert or --cacertdir, not both"));
    // The connection takes a CA file or a CA directory in the same place.
    if (in.isSet(QStringLiteral("cacertdir")))
        c.tls.caFile = in.value(QStringLiteral("cacertdir"));
    else if (in.isSet(QStringLiteral("cacert")))
        c.tls.caFile = in.value(QStringLiteral("cacert"));
    if (in.isSet(QStringLiteral("cert")))
        c.tls.certFile = in.value(QStringLiteral("cert"));
    if (in.isSet(QStringLiteral("key")))
        c.tls.keyFile = in.value(QStringLiteral("key"));
    if (c.tls.certFile.isEmpty() != c.tls.keyFile.isEmpty() && !deferred)
        return refuse(c.tls.keyFile.isEmpty() ? CliOptions::tr("--cert needs --key, the private key of that certificate")
                                              : CliOptions::tr("--key needs --cert, the certificate it belongs to"));
    if (in.isSet(QStringLiteral("sni")))
        c.tls.serverName = in.value(QStringLiteral("sni"));
    if (in.isSet(QStringLiteral("insecure")))
        c.tls.verifyPeer = false;
    if (in.isSet(QStringLiteral("ssh")) && !c.ssh.parseDestination(in.value(QStringLiteral("ssh")), &why))
        return refuse(CliOptions::tr("--ssh: %1").arg(why));
    if (in.isSet(QStringLiteral("ssh-key"))) {
        c.ssh.keyFile = in.value(QStringLiteral("ssh-key"));
        // An encrypted key's passphrase, kept off the command line as REDISCLI_AUTH is.
        if (qEnvironmentVariableIsSet("LOCKSCOPE_SSH_PASSPHRASE"))
            c.ssh.keyPassphrase = qEnvironmentVariable("LOCKSCOPE_SSH_PASSPHRASE");
    }
    if (in.isSet(QStringLiteral("ssh-accept-new")))
        c.ssh.acceptNewHostKey = true;
    if (!c.ssh.enabled() && !deferred) {
        for (const QString &name : {QStringLiteral("ssh-key"), QStringLiteral("ssh-accept-new")})
            if (in.isSet(name))
                return refuse(CliOptions::tr("%1 is for an SSH tunnel: add --ssh USER@HOST[:PORT]").arg(dashed(name)));
    }
    if (!c.socketPath.isEmpty() && c.ssh.enabled() && !deferred)
        return refuse(CliOptions::tr("a Unix socket is on this machine: -s does not go through --ssh"));
    if (!c.socketPath.isEmpty() && c.tls.enabled && !deferred)
        return refuse(CliOptions::tr("Redis serves no TLS on a Unix socket: -s does not go with --tls or rediss://"));
    if (in.isSet(QStringLiteral("connect-timeout"))) {
        const std::optional<qint64> ms = in.duration(QStringLiteral("connect-timeout"), 1, 10 * minute, 1, &why);
        if (!ms)
            return refuse(why);
        c.connectTimeoutMs = int(*ms);
    }
    return true;
}

// The option table on parser, and arguments read by it: parse(), and again useSaved() and
// useSavedGroup() over what was saved.
bool parseWithTable(QCommandLineParser &parser, const QStringList &arguments, QString *error)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    for (const OptionSpec &spec : optionTable())
        parser.addOption(QCommandLineOption(spec.names, QString(), spec.valueName));
    if (parser.parse(arguments))
        return true;
    *error = parser.errorText();
    return false;
}

// --drift-factor, --retry-count, --retry-delay over g: the group given by URLs, or a saved one.
bool applyGroupParameters(const Reader &in, RedlockGroup &g, QString *error)
{
    auto refuse = [error](const QString &message) {
        *error = message;
        return false;
    };
    if (in.isSet(QStringLiteral("drift-factor"))) {
        // A fraction of the TTL, as the libraries take it: 0.01 is 1 %.
        static const QRegularExpression re(QStringLiteral("^\\s*(0|0?\\.[0-9]{1,6})\\s*$"));
        const QString text = in.value(QStringLiteral("drift-factor"));
        if (!re.match(text).hasMatch())
            return refuse(CliOptions::tr("--drift-factor wants a fraction of the TTL from 0 to 0.999999 (0.01 is 1 %), not '%1'").arg(text));
        g.driftFactor = text.trimmed().toDouble();
    }
    if (in.isSet(QStringLiteral("retry-count"))) {
        QString why;
        const std::optional<qint64> n = in.integer(QStringLiteral("retry-count"), CliOptions::tr("a number of retries from 0 to 1000"), 0, 1000, &why);
        if (!n)
            return refuse(why);
        g.retryCount = int(*n);
    }
    if (in.isSet(QStringLiteral("retry-delay"))) {
        QString why;
        const std::optional<qint64> ms = in.duration(QStringLiteral("retry-delay"), 0, minute, 1, &why);
        if (!ms)
            return refuse(why);
        g.retryDelayMs = int(*ms);
    }
    return true;
}

// --redlock and --drift-factor: every node from its own URL, so the options that describe one
// deployment (-h, -u, --sentinel, --ssh …) have nothing to apply to beside it.
bool applyRedlock(const Reader &in, CliOptions &o, QString *error)
{
    auto refuse = [error](const QString &message) {
        *error = message;
        return false;
    };
    const bool byNode = redlockNodes(in);
    const bool saved = in.isSet(QStringLiteral("group"));
    if (byNode) {
        const QStringList nodes = in.values(QStringLiteral("node"));
        for (const QString &node : nodes)
            if (!isNodeUrl(node))
                return refuse(CliOptions::tr("--node takes HOST:PORT for a cluster or redis:// URLs for a Redlock group, not both: '%1' "
                                             "is not a URL")
                                  .arg(node));
        if (in.isSet(QStringLiteral("redlock")))
            return refuse(CliOptions::tr("give the Redlock group's servers with --redlock or with --node URL, not both"));
    }
    if (saved && (in.values(QStringLiteral("group")).size() != 1 || in.value(QStringLiteral("group")).trimmed().isEmpty()))
        return refuse(CliOptions::tr("--group wants the NAME of one saved Redlock group"));
    if (saved && (in.isSet(QStringLiteral("redlock")) || byNode))
        return refuse(CliOptions::tr("give a Redlock group by --group NAME or by its URLs (--redlock, --node), not both"));
    const QString spelling = saved ? QStringLiteral("--group") : byNode ? QStringLiteral("--node") : QStringLiteral("--redlock");
    if (byNode && !(findOption(QStringLiteral("redlock"))->takenBy & bit(o.command)))
        return refuse(CliOptions::tr("--node URL names a server of a Redlock group, which is for %1; a cluster's nodes are HOST:PORT")
                          .arg(takersText(findOption(QStringLiteral("redlock"))->takenBy)));
    if (!saved && !in.isSet(QStringLiteral("redlock")) && !byNode) {
        for (const QString &name : {QStringLiteral("drift-factor"), QStringLiteral("retry-count"), QStringLiteral("retry-delay")})
            if (in.isSet(name))
                return refuse(CliOptions::tr("%1 is for a Redlock group: add --redlock URL,URL,... or --group NAME").arg(dashed(name)));
        return true;
    }
    // Each node comes with its own way there (its URL, or its saved connection): what is
    // about one deployment has nothing to apply to. A saved group's nodes may stand behind a
    // bastion whose new key the operator accepts for all of them.
    for (const OptionSpec &spec : optionTable()) {
        const QString &name = spec.names.last();
        if (spec.section != Section::Connection || !in.isSet(name) || name == QLatin1String("redlock") || name == QLatin1String("node")
            || name == QLatin1String("group") || name == QLatin1String("connect-timeout") || name == QLatin1String("no-auth-warning")
            || (saved && name == QLatin1String("ssh-accept-new")))
            continue;
        return refuse(saved ? CliOptions::tr("--group takes its nodes from their saved connections: %1 does not go with it").arg(in.spelled(name))
                            : CliOptions::tr("%1 names each node by its own URL: %2 does not go with it").arg(spelling, in.spelled(name)));
    }
    if (saved) {
        o.groupName = in.value(QStringLiteral("group")); // its nodes: CliOptions::useSavedGroup(), once it is read
    } else {
        QStringList seen;
        for (const QString &value : in.values(byNode ? QStringLiteral("node") : QStringLiteral("redlock"))) {
            for (const QString &url : value.split(QLatin1Char(','))) {
                if (url.trimmed().isEmpty())
                    return refuse(CliOptions::tr("%1 has an empty entry ('%2'): one URL per node, comma-separated").arg(spelling, value));
                ConnectionProfile node;
                node.connectTimeoutMs = o.connection.connectTimeoutMs;
                QString why;
                if (!isNodeUrl(url))
                    return refuse(CliOptions::tr("%1 wants redis:// or rediss:// URLs, one per node, not '%2'").arg(spelling, url));
                if (!node.applyUrl(url.trimmed(), &why))
                    return refuse(CliOptions::tr("%1 '%2': %3").arg(spelling, url, why));
                // The same server twice would count its vote twice.
                if (seen.contains(node.endpoint()))
                    return refuse(CliOptions::tr("%1 names %2 twice: each node of a group is a server of its own").arg(spelling, node.endpoint()));
                seen << node.endpoint();
                o.passwordOnCommandLine = o.passwordOnCommandLine || !node.password.isEmpty();
                o.redlock.nodes << node;
            }
        }
        if (o.redlock.size() < 2)
            return refuse(CliOptions::tr("%1 wants the URLs of at least 2 servers (a Redlock group usually has 5)").arg(spelling));
    }
    // A group's watch reads its known locks every --interval and walks every --rescan: no
    // budget to pace it by, no notifications to turn on.
    for (const QString &name : {QStringLiteral("budget"), QStringLiteral("enable-notifications")})
        if (in.isSet(name))
            return refuse(CliOptions::tr("%1 is for the watch of one deployment: a Redlock group reads its known locks every --interval "
                                         "and looks for new ones every --rescan").arg(in.spelled(name)));
    if (!applyGroupParameters(in, o.redlock, error))
        return false;
    // A group's lock is written as the Redlock libraries write it, unless --dialect says whose.
    if (!in.isSet(QStringLiteral("dialect")))
        o.dialect = QStringLiteral("node-redlock");
    return true;
}
} // namespace


std::optional<qint64> CliOptions::parseDuration(const QString &text, qint64 unitMs)
{
    static const QRegularExpression re(QStringLiteral("^\\s*([0-9]+)(?:\\.([0-9]+))?\\s*(ms|s|m|h|d)?\\s*$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const QString unit = m.captured(3);
    const qint64 factor = unit.isEmpty()                ? unitMs
                          : unit == QLatin1String("ms") ? 1
                          : unit == QLatin1String("s")  ? second
                          : unit == QLatin1String("m")  ? minute
                          : unit == QLatin1String("h")  ? hour
                                                        : day;
    constexpr qint64 saturated = std::numeric_limits<qint64>::max();
    qint64 whole = 0;
    for (const QChar digit : m.captured(1)) {
        if (qMulOverflow(whole, qint64(10), &whole) || qAddOverflow(whole, qint64(digit.digitValue()), &whole))
            return saturated;
    }
    qint64 ms = 0;
    if (qMulOverflow(whole, factor, &ms))
        return saturated;
    QString fraction = m.captured(2);
    while (fraction.endsWith(QLatin1Char('0')))
        fraction.chop(1);
    if (fraction.isEmpty())
        return ms;
    // A fraction ending in a digit other than 0 comes to whole milliseconds only if 2^k or
    // 5^k divides the factor (k its digits); no factor up to a day's 2^10·3^3·5^5 ms allows
    // more than 10, and 10 digits times a day stay far inside qint64.
    if (fraction.size() > 10 || factor > day)
        return std::nullopt;
    qint64 denominator = 1;
    for (qsizetype i = 0; i < fraction.size(); ++i)
        denominator *= 10;
    const qint64 numerator = fraction.toLongLong() * factor;
    if (numerator % denominator != 0)
        return std::nullopt;
    if (qAddOverflow(ms, numerator / denominator, &ms))
        return saturated;
    return ms;
}

QString CliOptions::languageArgument(const QStringList &arguments)
{
    // As QCommandLineParser reads it: --lang X, --lang=X, and one dash for long names too.
    QString language;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &a = arguments.at(i);
        if (a == QLatin1String("--"))
            break;
        if (a == QLatin1String("--lang") || a == QLatin1String("-lang"))
            language = arguments.value(++i);
        else if (a.startsWith(QLatin1String("--lang=")) || a.startsWith(QLatin1String("-lang=")))
            language = a.section(QLatin1Char('='), 1);
    }
    return language;
}

std::optional<CliOptions> CliOptions::parse(const QStringList &arguments, QString *error)
{
    QString why;
    auto refuse = [error](const QString &message) -> std::optional<CliOptions> {
        if (error)
            *error = message;
        return std::nullopt;
    };

    QCommandLineParser parser;
    if (!parseWithTable(parser, arguments, &why))
        return refuse(why);
    const Reader in(parser);

    CliOptions o;
    const QStringList positional = parser.positionalArguments();
    const QString sub = positional.value(0);
    std::optional<Command> named;
    if (sub.isEmpty())
        named = Command::Gui;
    for (Command c : commands)
        if (!sub.isEmpty() && commandName(c) == sub)
            named = c;
    if (in.isSet(QStringLiteral("help"))) {
        o.command = Command::Help;
        o.helpTopic = named && *named != Command::Gui ? *named : Command::Help;
        return o;
    }
    if (in.isSet(QStringLiteral("version"))) {
        o.command = Command::Version;
        return o;
    }
    if (!named)
        return refuse(CliOptions::tr("unknown command '%1'").arg(sub));
    o.command = *named;

    // An option the command has no use for is a mistake to point out, not to ignore: a
    // scan given --ttl was meant to be something else.
    for (const QString &name : parser.optionNames()) {
        const OptionSpec *spec = findOption(name);
        if (!spec || (spec->takenBy & bit(o.command)))
            continue;
        const bool noConnection = spec->section == Section::Connection && !(bit(o.command) & Connected);
        return refuse(CliOptions::tr("%1 is not an option of %2%3; it is for %4")
                          .arg(dashed(name), commandTitle(o.command),
                               noConnection ? CliOptions::tr(", which takes no connection options") : QString(),
                               takersText(spec->takenBy)));
    }

    const bool takesKey = o.command == Command::Acquire || o.command == Command::Extend || o.command == Command::Release;
    const qsizetype expected = o.command == Command::Gui ? 0 : takesKey ? 2 : 1;
    if (positional.size() > expected)
        return refuse(CliOptions::tr("unexpected argument '%1'").arg(positional.at(expected)));
    if (takesKey) {
        if (positional.size() < 2)
            return refuse(CliOptions::tr("%1 needs a KEY").arg(sub));
        const std::optional<QByteArray> key = TokenText::unescape(positional.at(1), &why);
        if (!key)
            return refuse(CliOptions::tr("the KEY '%1': %2").arg(positional.at(1), why));
        if (key->isEmpty())
            return refuse(CliOptions::tr("the KEY is empty"));
        o.key = *key;
        if (const QByteArray typed = positional.at(1).toUtf8(); typed != o.key && !in.isSet(QStringLiteral("escaped-key")))
            o.keyAsTyped = typed;
    }

    o.arguments = arguments;
    o.connectionName = in.value(QStringLiteral("connection"));
    o.noAuthWarning = in.isSet(QStringLiteral("no-auth-warning"));
    // With a saved connection, the options are checked again over its fields (useSaved):
    // --cacert alone is right for one that uses TLS.
    if (!applyConnection(in, o.connection, !o.connectionName.isEmpty() || in.isSet(QStringLiteral("group")), &o.passwordOnCommandLine,
                         &why))
        return refuse(why);
    for (const OptionSpec &spec : optionTable()) {
        const QString &name = spec.names.last();
        if (spec.section == Section::Connection && name != QLatin1String("sandbox") && name != QLatin1String("connect-timeout")
            && name != QLatin1String("no-auth-warning"))
            o.connectionGiven = o.connectionGiven || in.isSet(name);
    }
    if (!applyRedlock(in, o, &why))
        return refuse(why);
    o.sandbox = in.isSet(QStringLiteral("sandbox"));
    if (o.sandbox && o.connectionGiven)
        return refuse(CliOptions::tr("--sandbox starts its own server; it does not combine with connection options"));

    o.defaultPatterns = !in.isSet(QStringLiteral("no-default-patterns"));
    if (o.defaultPatterns)
        o.patterns = DiscoveryOptions::defaultPatterns();
    for (const QString &p : parser.values(QStringLiteral("pattern")))
        o.extraPatterns << KeyPattern::parse(p);
    o.patterns << o.extraPatterns;
    o.profileFiles = parser.values(QStringLiteral("profile"));
    if (o.patterns.isEmpty() && o.profileFiles.isEmpty())
        return refuse(CliOptions::tr("--no-default-patterns needs at least one --pattern or --profile"));

    o.json = in.isSet(QStringLiteral("json"));
    o.readOnly = in.isSet(QStringLiteral("read-only"));
    o.yes = in.isSet(QStringLiteral("yes"));
    o.dryRun = in.isSet(QStringLiteral("dry-run"));
    o.observed = in.isSet(QStringLiteral("observed"));
    o.events = in.isSet(QStringLiteral("events"));
    o.enableNotifications = in.isSet(QStringLiteral("enable-notifications"));
    o.list = in.isSet(QStringLiteral("list"));
    o.screenshot = in.value(QStringLiteral("screenshot"));
    if (in.isSet(QStringLiteral("lang"))) {
        o.language = AppTranslator::normalize(in.value(QStringLiteral("lang")));
        if (o.language.isEmpty())
            return refuse(CliOptions::tr("--lang wants a language such as zh_CN or en, not '%1'").arg(in.value(QStringLiteral("lang"))));
    }
    if (in.isSet(QStringLiteral("screenshot-of"))) {
        const QString of = in.value(QStringLiteral("screenshot-of"));
        if (of != QLatin1String("window") && of != QLatin1String("connections"))
            return refuse(CliOptions::tr("--screenshot-of takes window or connections, not \"%1\"").arg(of));
        if (o.screenshot.isEmpty())
            return refuse(CliOptions::tr("--screenshot-of needs --screenshot FILE"));
        o.screenshotOfConnections = of == QLatin1String("connections");
    }
    o.scenario = in.value(QStringLiteral("scenario"));
    if (in.isSet(QStringLiteral("dialect")))
        o.dialect = in.value(QStringLiteral("dialect"));
    o.variant = in.value(QStringLiteral("variant"));

    if (in.isSet(QStringLiteral("token"))) {
        const std::optional<QByteArray> t = TokenText::unescape(in.value(QStringLiteral("token")), &why);
        if (!t)
            return refuse(CliOptions::tr("--token: %1").arg(why));
        if (t->isEmpty())
            return refuse(CliOptions::tr("--token is empty"));
        o.token = *t;
        o.tokenGiven = true;
    }
    if (in.isSet(QStringLiteral("ttl"))) {
        const std::optional<qint64> ms = in.duration(QStringLiteral("ttl"), 1, 365 * day, 1, &why);
        if (!ms)
            return refuse(why);
        o.ttlMs = *ms;
    }
    if (in.isSet(QStringLiteral("interval"))) {
        const std::optional<qint64> ms = in.duration(QStringLiteral("interval"), 50, hour, 1, &why);
        if (!ms)
            return refuse(why);
        o.intervalMs = int(*ms);
    }
    if (in.isSet(QStringLiteral("rescan"))) {
        const std::optional<qint64> ms = in.duration(QStringLiteral("rescan"), 500, day, 1, &why);
        if (!ms)
            return refuse(why);
        o.rescanMs = int(*ms);
    }
    if (in.isSet(QStringLiteral("budget"))) {
        // Tenths of a percent, exactly: "2.5" or "2.5%".
        static const QRegularExpression re(QStringLiteral("^\\s*([0-9]{1,2})(?:\\.([0-9]))?\\s*%?\\s*$"));
        const QRegularExpressionMatch m = re.match(in.value(QStringLiteral("budget")));
        const int tenths = m.hasMatch() ? m.captured(1).toInt() * 10 + m.captured(2).toInt() : -1;
        if (tenths < 1 || tenths > 500)
            return refuse(CliOptions::tr("--budget wants a share of one server core from 0.1 to 50 (percent), not '%1'")
                              .arg(in.value(QStringLiteral("budget"))));
        o.budgetPercent = tenths / 10.0;
    }
    if (in.isSet(QStringLiteral("duration"))) {
        const std::optional<qint64> ms = in.duration(QStringLiteral("duration"), 1, 7 * day, second, &why);
        if (!ms)
            return refuse(why);
        o.durationS = double(*ms) / second;
    }
    if (in.isSet(QStringLiteral("workers"))) {
        const std::optional<qint64> n = in.integer(QStringLiteral("workers"), CliOptions::tr("a number from 1 to 1000"), 1, 1000, &why);
        if (!n)
            return refuse(why);
        o.workers = int(*n);
    }
    if (in.isSet(QStringLiteral("seed"))) {
        const std::optional<qint64> n = in.integer(QStringLiteral("seed"), CliOptions::tr("a number from 0 to 4294967295"), 0,
                                                   std::numeric_limits<quint32>::max(), &why);
        if (!n)
            return refuse(why);
        o.seed = quint32(*n);
        o.seedGiven = true;
    }

    switch (o.command) {
    case Command::Gui:
        if (in.isSet(QStringLiteral("variant")) && o.scenario.isEmpty())
            return refuse(CliOptions::tr("--variant needs --scenario, the scenario to run"));
        if (in.isSet(QStringLiteral("duration")) && o.screenshot.isEmpty())
            return refuse(CliOptions::tr("--duration with the window needs --screenshot: it is how long to run before the picture"));
        break;
    case Command::Acquire:
        if (o.ttlMs <= 0)
            return refuse(CliOptions::tr("acquire needs --ttl MS (a lock without expiry is the classic stuck lock)"));
        break;
    case Command::Extend:
        if (!o.tokenGiven || o.ttlMs <= 0)
            return refuse(CliOptions::tr("extend needs --token T and --ttl MS"));
        break;
    case Command::Release:
        if (o.tokenGiven == o.observed)
            return refuse(CliOptions::tr("release needs exactly one of --token T or --observed"));
        break;
    default:
        break;
    }
    return o;
}

bool CliOptions::useSaved(const ConnectionProfile &saved, QString *error)
{
    // The same parse as parse()'s, over the saved connection this time.
    QCommandLineParser parser;
    if (!parseWithTable(parser, arguments, error))
        return false;
    const Reader in(parser);
    ConnectionProfile c = saved;
    bool passwordGiven = false;
    if (!applyConnection(in, c, false, &passwordGiven, error)) {
        *error = CliOptions::tr("with the saved connection \"%1\": %2").arg(saved.name, *error);
        return false;
    }
    connection = c;
    readOnly = readOnly || saved.readOnly;
    return true;
}

bool CliOptions::useSavedGroup(const RedlockGroup &saved, QString *error)
{
    QCommandLineParser parser;
    if (!parseWithTable(parser, arguments, error))
        return false;
    const Reader in(parser);
    RedlockGroup g = saved;
    if (!applyGroupParameters(in, g, error))
        return false;
    for (ConnectionProfile &node : g.nodes) {
        if (in.isSet(QStringLiteral("ssh-accept-new")) && node.ssh.enabled())
            node.ssh.acceptNewHostKey = true;
        if (in.isSet(QStringLiteral("connect-timeout")))
            node.connectTimeoutMs = connection.connectTimeoutMs;
    } // a node saved read-only keeps its flag: the group's admin actions refuse, naming it
    if (g.size() < 2) {
        *error = CliOptions::tr("the saved Redlock group \"%1\" has %n node(s); a group needs at least 2", nullptr, int(g.size())).arg(saved.name);
        return false;
    }
    for (const ConnectionProfile &node : std::as_const(g.nodes))
        if (node.kind == ConnectionProfile::Kind::Sentinel) {
            *error = CliOptions::tr("the saved Redlock group \"%1\" names %2, a Sentinel connection: each node of a group is a server of its "
                                    "own")
                         .arg(saved.name, node.name);
            return false;
        }
    redlock = g;
    return true;
}

QString CliOptions::passwordWarning()
{
    return CliOptions::tr("Warning: Using a password with '-a' or '-u' option on the command line interface may not be safe.");
}

QString CliOptions::helpText(Command topic)
{
    const bool all = topic == Command::Help;
    QString text = CliOptions::tr("LockScope — monitor and admin console for Redis distributed locks\n\nUsage:\n");
    for (Command c : commands)
        if (all || c == topic)
            for (const QString &line : usageLines(c))
                text += QStringLiteral("  ") + QString(line).replace(QLatin1Char('\n'), QStringLiteral("\n  ")) + QLatin1Char('\n');

    const unsigned shown = all ? Everyone : bit(topic);
    if (shown & Connected) {
        text += CliOptions::tr("\nConnection [conn], as redis-cli takes it (default 127.0.0.1:6379):\n");
        for (const OptionSpec &spec : optionTable())
            if (spec.section == Section::Connection && (spec.takenBy & shown))
                text += optionHelp(spec);
    }
    text += CliOptions::tr("\nOptions:\n");
    for (const OptionSpec &spec : optionTable())
        if (spec.section == Section::Options && (spec.takenBy & shown))
            text += optionHelp(spec);
    if (!all)
        text += CliOptions::tr("\nAn option not listed here is a usage error for %1; lockscope --help lists them all.\n")
                    .arg(commandName(topic));

    text += CliOptions::tr("\nExit codes: 0 done, 1 refused (not owner, not held, read-only), 2 usage error,\n"
                           "            3 connection or authentication error, or an admin action whose answer never\n"
                           "            came (it may have run: the message says how to look).\n");
    if (shown & Admin)
        text += CliOptions::tr("Every admin action is appended to the audit log in the user's data directory.\n");
    return text;
}

#include "clioptions.h"

#include "discoveryoptions.h"
#include "tokentext.h"

#include <QCommandLineParser>
#include <QRegularExpression>

namespace {
QString commandName(CliOptions::Command c)
{
    switch (c) {
    case CliOptions::Command::Scan:
        return QStringLiteral("scan");
    case CliOptions::Command::Watch:
        return QStringLiteral("watch");
    case CliOptions::Command::Acquire:
        return QStringLiteral("acquire");
    case CliOptions::Command::Extend:
        return QStringLiteral("extend");
    case CliOptions::Command::Release:
        return QStringLiteral("release");
    case CliOptions::Command::Demo:
        return QStringLiteral("demo");
    case CliOptions::Command::Dialects:
        return QStringLiteral("dialects");
    default:
        return QString();
    }
}

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}
} // namespace

qint64 CliOptions::parseDuration(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?\\s*$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return -1;
    const double n = m.captured(1).toDouble();
    const QString unit = m.captured(2);
    const double factor = unit == QLatin1String("s") ? 1e3 : unit == QLatin1String("m") ? 60e3 : unit == QLatin1String("h") ? 3600e3 : 1;
    return qint64(n * factor);
}

std::optional<CliOptions> CliOptions::parse(const QStringList &arguments, QString *error)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption host({QStringLiteral("h"), QStringLiteral("host")}, QString(), QStringLiteral("host"));
    const QCommandLineOption port({QStringLiteral("p"), QStringLiteral("port")}, QString(), QStringLiteral("port"));
    const QCommandLineOption pass({QStringLiteral("a"), QStringLiteral("pass")}, QString(), QStringLiteral("password"));
    const QCommandLineOption user(QStringLiteral("user"), QString(), QStringLiteral("user"));
    const QCommandLineOption db({QStringLiteral("n"), QStringLiteral("db")}, QString(), QStringLiteral("db"));
    const QCommandLineOption uri({QStringLiteral("u"), QStringLiteral("uri")}, QString(), QStringLiteral("url"));
    const QCommandLineOption tls(QStringLiteral("tls"));
    const QCommandLineOption cacert(QStringLiteral("cacert"), QString(), QStringLiteral("file"));
    const QCommandLineOption cert(QStringLiteral("cert"), QString(), QStringLiteral("file"));
    const QCommandLineOption keyFile(QStringLiteral("key"), QString(), QStringLiteral("file"));
    const QCommandLineOption insecure(QStringLiteral("insecure"));
    const QCommandLineOption connectTimeout(QStringLiteral("connect-timeout"), QString(), QStringLiteral("ms"));
    const QCommandLineOption sandbox(QStringLiteral("sandbox"));
    const QCommandLineOption pattern(QStringLiteral("pattern"), QString(), QStringLiteral("glob"));
    const QCommandLineOption noDefaults(QStringLiteral("no-default-patterns"));
    const QCommandLineOption profile(QStringLiteral("profile"), QString(), QStringLiteral("file"));
    const QCommandLineOption json(QStringLiteral("json"));
    const QCommandLineOption readOnly(QStringLiteral("read-only"));
    const QCommandLineOption ttl(QStringLiteral("ttl"), QString(), QStringLiteral("ms"));
    const QCommandLineOption token(QStringLiteral("token"), QString(), QStringLiteral("token"));
    const QCommandLineOption observed(QStringLiteral("observed"));
    const QCommandLineOption dialect(QStringLiteral("dialect"), QString(), QStringLiteral("id"));
    const QCommandLineOption yes(QStringList{QStringLiteral("y"), QStringLiteral("yes")});
    const QCommandLineOption dryRun(QStringLiteral("dry-run"));
    const QCommandLineOption interval(QStringLiteral("interval"), QString(), QStringLiteral("ms"));
    const QCommandLineOption rescan(QStringLiteral("rescan"), QString(), QStringLiteral("ms"));
    const QCommandLineOption duration(QStringLiteral("duration"), QString(), QStringLiteral("s"));
    const QCommandLineOption events(QStringLiteral("events"));
    const QCommandLineOption notifications(QStringLiteral("enable-notifications"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"), QString(), QStringLiteral("file"));
    const QCommandLineOption scenario(QStringLiteral("scenario"), QString(), QStringLiteral("name"));
    const QCommandLineOption variant(QStringLiteral("variant"), QString(), QStringLiteral("variant"));
    const QCommandLineOption workers(QStringLiteral("workers"), QString(), QStringLiteral("n"));
    const QCommandLineOption seed(QStringLiteral("seed"), QString(), QStringLiteral("n"));
    const QCommandLineOption list(QStringLiteral("list"));
    const QCommandLineOption help(QStringLiteral("help"));
    const QCommandLineOption version(QStringLiteral("version"));
    parser.addOptions({host, port, pass, user, db, uri, tls, cacert, cert, keyFile, insecure, connectTimeout, sandbox,
                       pattern, noDefaults, profile, json, readOnly, ttl, token, observed, dialect, yes, dryRun, interval, rescan,
                       duration, events, notifications, screenshot, scenario, variant, workers, seed, list, help,
                       version});

    if (!parser.parse(arguments)) {
        fail(error, parser.errorText());
        return std::nullopt;
    }

    CliOptions o;
    if (parser.isSet(help)) {
        o.command = Command::Help;
        return o;
    }
    if (parser.isSet(version)) {
        o.command = Command::Version;
        return o;
    }

    const QStringList positional = parser.positionalArguments();
    const QString sub = positional.value(0);
    static const QList<Command> subs = {Command::Scan, Command::Watch, Command::Acquire, Command::Extend,
                                        Command::Release, Command::Demo, Command::Dialects};
    if (!sub.isEmpty()) {
        bool known = false;
        for (Command c : subs) {
            if (commandName(c) == sub) {
                o.command = c;
                known = true;
            }
        }
        if (!known) {
            fail(error, QStringLiteral("unknown command '%1'").arg(sub));
            return std::nullopt;
        }
    }
    const bool takesKey = o.command == Command::Acquire || o.command == Command::Extend || o.command == Command::Release;
    const qsizetype expected = o.command == Command::Gui ? 0 : takesKey ? 2 : 1;
    if (positional.size() > expected) {
        fail(error, QStringLiteral("unexpected argument '%1'").arg(positional.at(expected)));
        return std::nullopt;
    }
    if (takesKey) {
        if (positional.size() < 2) {
            fail(error, QStringLiteral("%1 needs a KEY").arg(sub));
            return std::nullopt;
        }
        const auto key = TokenText::unescape(positional.at(1));
        if (!key || key->isEmpty()) {
            fail(error, QStringLiteral("the KEY '%1' is empty or ends in a lone backslash").arg(positional.at(1)));
            return std::nullopt;
        }
        o.key = *key;
    }

    // Connection, as redis-cli reads it: -u first, then explicit options override its parts.
    ConnectionProfile &c = o.connection;
    if (parser.isSet(uri)) {
        QString why;
        if (!c.applyUrl(parser.value(uri), &why)) {
            fail(error, why);
            return std::nullopt;
        }
    }
    if (parser.isSet(host))
        c.host = parser.value(host);
    if (parser.isSet(port)) {
        bool ok = false;
        const uint p = parser.value(port).toUInt(&ok);
        if (!ok || p == 0 || p > 65535) {
            fail(error, QStringLiteral("the port '%1' is not a number from 1 to 65535").arg(parser.value(port)));
            return std::nullopt;
        }
        c.port = quint16(p);
    }
    if (parser.isSet(pass))
        c.password = parser.value(pass);
    else if (c.password.isEmpty())
        c.password = qEnvironmentVariable("REDISCLI_AUTH");
    if (parser.isSet(user))
        c.user = parser.value(user);
    if (parser.isSet(db)) {
        bool ok = false;
        c.database = parser.value(db).toInt(&ok);
        if (!ok || c.database < 0) {
            fail(error, QStringLiteral("the database '%1' is not a number").arg(parser.value(db)));
            return std::nullopt;
        }
    }
    c.tls.enabled = c.tls.enabled || parser.isSet(tls);
    c.tls.caFile = parser.value(cacert);
    c.tls.certFile = parser.value(cert);
    c.tls.keyFile = parser.value(keyFile);
    c.tls.verifyPeer = !parser.isSet(insecure);
    if (parser.isSet(connectTimeout)) {
        const qint64 ms = parseDuration(parser.value(connectTimeout));
        if (ms <= 0) {
            fail(error, QStringLiteral("--connect-timeout wants milliseconds, not '%1'").arg(parser.value(connectTimeout)));
            return std::nullopt;
        }
        c.connectTimeoutMs = int(ms);
    }
    for (const QCommandLineOption &opt : {host, port, pass, user, db, uri, tls})
        o.connectionGiven = o.connectionGiven || parser.isSet(opt);
    o.sandbox = parser.isSet(sandbox);
    if (o.sandbox && o.connectionGiven) {
        fail(error, QStringLiteral("--sandbox starts its own server; it does not combine with connection options"));
        return std::nullopt;
    }

    if (!parser.isSet(noDefaults))
        o.patterns = DiscoveryOptions::defaultPatterns();
    for (const QString &p : parser.values(pattern))
        o.patterns << KeyPattern::parse(p);
    o.profileFiles = parser.values(profile);
    if (o.patterns.isEmpty() && o.profileFiles.isEmpty()) {
        fail(error, QStringLiteral("--no-default-patterns needs at least one --pattern or --profile"));
        return std::nullopt;
    }

    o.json = parser.isSet(json);
    o.readOnly = parser.isSet(readOnly);
    o.yes = parser.isSet(yes);
    o.dryRun = parser.isSet(dryRun);
    o.observed = parser.isSet(observed);
    o.events = parser.isSet(events);
    o.enableNotifications = parser.isSet(notifications);
    o.list = parser.isSet(list);
    o.screenshot = parser.value(screenshot);
    o.scenario = parser.value(scenario);
    if (parser.isSet(dialect))
        o.dialect = parser.value(dialect);
    o.variant = parser.value(variant);

    if (parser.isSet(token)) {
        const auto t = TokenText::unescape(parser.value(token));
        if (!t || t->isEmpty()) {
            fail(error, QStringLiteral("the token is empty or ends in a lone backslash"));
            return std::nullopt;
        }
        o.token = *t;
        o.tokenGiven = true;
    }
    if (parser.isSet(ttl)) {
        o.ttlMs = parseDuration(parser.value(ttl));
        if (o.ttlMs <= 0) {
            fail(error, QStringLiteral("--ttl wants a positive number of milliseconds, not '%1'").arg(parser.value(ttl)));
            return std::nullopt;
        }
    }
    for (const auto &[opt, target, floor] : {std::tuple{interval, &o.intervalMs, 50}, std::tuple{rescan, &o.rescanMs, 500}}) {
        if (!parser.isSet(opt))
            continue;
        const qint64 ms = parseDuration(parser.value(opt));
        if (ms < floor) {
            fail(error, QStringLiteral("--%1 wants at least %2 ms, not '%3'").arg(opt.names().first()).arg(floor).arg(parser.value(opt)));
            return std::nullopt;
        }
        *target = int(ms);
    }
    if (parser.isSet(duration)) {
        bool ok = false;
        o.durationS = parser.value(duration).toDouble(&ok);
        if (!ok || o.durationS <= 0) {
            fail(error, QStringLiteral("--duration wants a positive number of seconds, not '%1'").arg(parser.value(duration)));
            return std::nullopt;
        }
    }
    if (parser.isSet(workers)) {
        bool ok = false;
        o.workers = parser.value(workers).toInt(&ok);
        if (!ok || o.workers <= 0 || o.workers > 1000) {
            fail(error, QStringLiteral("--workers wants a number from 1 to 1000, not '%1'").arg(parser.value(workers)));
            return std::nullopt;
        }
    }
    if (parser.isSet(seed)) {
        bool ok = false;
        o.seed = parser.value(seed).toUInt(&ok);
        o.seedGiven = ok;
        if (!ok) {
            fail(error, QStringLiteral("--seed wants a non-negative number, not '%1'").arg(parser.value(seed)));
            return std::nullopt;
        }
    }

    switch (o.command) {
    case Command::Acquire:
        if (o.ttlMs <= 0) {
            fail(error, QStringLiteral("acquire needs --ttl MS (a lock without expiry is the classic stuck lock)"));
            return std::nullopt;
        }
        break;
    case Command::Extend:
        if (!o.tokenGiven || o.ttlMs <= 0) {
            fail(error, QStringLiteral("extend needs --token T and --ttl MS"));
            return std::nullopt;
        }
        break;
    case Command::Release:
        if (o.tokenGiven == o.observed) {
            fail(error, QStringLiteral("release needs exactly one of --token T or --observed"));
            return std::nullopt;
        }
        break;
    default:
        break;
    }
    return o;
}

QString CliOptions::helpText()
{
    return QStringLiteral(R"(LockScope — monitor and admin console for Redis distributed locks

Usage:
  lockscope [conn] [--screenshot FILE]     open the window (no conn: its own sandbox server)
  lockscope --scenario NAME [--variant V]  open the window on a running training scenario
  lockscope scan    [conn] [--pattern P]... [--json]
  lockscope watch   [conn] [--pattern P]... [--interval MS] [--rescan MS] [--duration S] [--events] [--json]
                    [--enable-notifications]
  lockscope acquire [conn] KEY --ttl MS [--token T] [--dialect ID]
  lockscope extend  [conn] KEY --token T --ttl MS
  lockscope release [conn] KEY (--token T | --observed)
  lockscope demo    [--scenario NAME] [--variant broken|fixed] [--workers N] [--duration S] [--seed N] [--json]
  lockscope demo    --list                 the training scenarios, one line each
  lockscope dialects [--profile F] [--json]  the lock layouts LockScope reads, and what it can do to each

Connection [conn], as redis-cli takes it (default 127.0.0.1:6379):
  -h, --host HOST        server host
  -p, --port PORT        server port
  -a, --pass PASSWORD    password (or set REDISCLI_AUTH)
      --user USER        ACL user name
  -n, --db N             database number
  -u, --uri URL          redis://[[user]:password@]host[:port][/db], rediss:// for TLS
      --tls              use TLS;  --cacert FILE, --cert FILE, --key FILE, --insecure
      --connect-timeout MS   give up connecting after this long (default 5000)
      --sandbox          start a private redis-server with sample locks and use it

Options:
      --pattern GLOB     also treat keys matching GLOB as locks ("i:GLOB" ignores case);
                         repeatable. Defaults: i:*lock*, mutex:*, i:*semaphore*, qo_*, uniquejobs:*,
                         and Laravel's *laravel_unique_job:*, *laravel-queue-overlap:*, *framework/schedule-*
      --no-default-patterns   use only the --pattern globs (and those of --profile)
      --profile FILE     custom dialect profiles (JSON, as the window exports them) for in-house
                         locks: their keys are scanned and decoded, and --dialect takes their ids;
                         repeatable
      --json             JSON Lines: one object per lock (scan) or per event (watch --events)
      --read-only        refuse every admin action
      --token T          a lock token; binary bytes as \xNN, as redis-cli prints them
      --ttl MS           milliseconds, or with a unit: 1500ms, 30s, 5m, 1h
      --observed         release the lock as it is now, every holder, guarded by all of it
                         (printed first; --token T releases only T's hold of a shared lock)
      --dialect ID       acquire: write the lock as that library does, with a token in its
                         format (default plain; lockscope dialects lists the ids)
      --interval MS      watch: re-read the known locks this often (default 1000)
      --rescan MS        watch: look for new locks this often (default 10000)
      --duration S       watch: stop after S seconds (default: until Ctrl+C); with --screenshot:
                         let the window run S seconds before the picture
      --events           watch: print lock events (acquired, released, renewed, expired,
                         handed-over, contended, stuck, near-miss) instead of the table
      --enable-notifications  watch: let LockScope turn on keyspace notifications
                         (CONFIG SET notify-keyspace-events) for events within ~100 ms;
                         costs the server CPU on every write; put back when the watch ends
  -y, --yes              do not ask before an admin action (never asked when stdin is not a terminal)
      --dry-run          show what an admin action would run, run nothing
      --scenario NAME    demo: run this scenario (default: all of them, in turn)
      --variant V        demo: broken or fixed (oversell also: unlocked); default: each in turn
      --workers N        demo: simulated workers; --duration S: seconds per run;
      --seed N           demo: seed of the random choices, to repeat a run
      --help, --version

Exit codes: 0 done, 1 refused (not owner, not held, read-only), 2 usage error,
            3 connection or authentication error, or an admin action whose answer never
            came (it may have run: the message says how to look).
Every admin action is appended to the audit log in the user's data directory.
)");
}

#include "clioptions.h"

#include <QTest>

#include <limits>

namespace {
std::optional<CliOptions> parse(const QStringList &args, QString *error)
{
    return CliOptions::parse(QStringList{QStringLiteral("lockscope")} + args, error);
}

// Words split at spaces: "" is none.
QStringList words(const char *text)
{
    return *text ? QString::fromUtf8(text).split(QLatin1Char(' ')) : QStringList();
}
} // namespace

// The command line as CliOptions reads it: which command takes which option, and numbers
// read exactly. The binary's exit codes and stderr are tst_cli's.
class TestCliOptions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The options a hint prints to reach the same deployment again (ConnectionProfile::
    // commandLineArguments) read back as that deployment, without its secrets.
    void connectionArgumentsReadBack_data()
    {
        QTest::addColumn<QStringList>("given");
        QTest::addColumn<QStringList>("printed");
        QTest::newRow("the default server") << words("") << words("");
        QTest::newRow("host and port") << words("-h redis.example -p 7000")
                                       << words("-h redis.example -p 7000");
        QTest::newRow("url with user, password and db") << words("-u redis://ops:s3cret@h:7000/2")
                                                        << words("-h h -p 7000 --user ops -n 2");
        QTest::newRow("unix socket") << words("-s /run/redis/redis.sock") << words("-s /run/redis/redis.sock");
        QTest::newRow("cluster seeds") << words("-c -p 7000 --node 127.0.0.1:7001")
                                       << words("-p 7000 -c --node 127.0.0.1:7001");
        QTest::newRow("sentinels") << words("--sentinel s1:26379 --sentinel s2:26380 --master orders --sentinel-user su --sentinel-pass s3cret -a s3cret")
                                   << words("--sentinel s1:26379 --sentinel s2:26380 --master orders --sentinel-user su");
        QTest::newRow("tls files") << words("--tls --cacert ca.pem --cert c.pem --key k.pem --sni redis.internal")
                                   << words("--tls --cacert ca.pem --cert c.pem --key k.pem --sni redis.internal");
        QTest::newRow("tls unchecked") << words("--tls --insecure") << words("--tls --insecure");
        QTest::newRow("ssh tunnel") << words("-h 10.0.0.5 --ssh ops@bastion:2222 --ssh-key id_ed25519")
                                    << words("-h 10.0.0.5 --ssh ops@bastion:2222 --ssh-key id_ed25519");
    }

    // A saved connection with options given over it (another port, another database): the
    // printed options, read back over the same saved connection, go where the session went.
    void savedConnectionArgumentsKeepTheOverrides_data()
    {
        QTest::addColumn<QStringList>("over");
        QTest::newRow("nothing over it") << words("");
        QTest::newRow("another port") << words("-p 7001");
        QTest::newRow("another database") << words("-n 4");
        QTest::newRow("another host and user") << words("-h 10.0.0.9 --user audit");
    }

    void savedConnectionArgumentsKeepTheOverrides()
    {
        QFETCH(QStringList, over);
        ConnectionProfile saved = ConnectionProfile::newSaved(QStringLiteral("prod 'east'"));
        saved.host = QStringLiteral("redis.example");
        saved.port = 7000;
        saved.database = 3;
        saved.user = QStringLiteral("ops");
        saved.password = QStringLiteral("s3cret");
        QString error;
        std::optional<CliOptions> first = parse(words("scan --connection") + QStringList{saved.name} + over, &error);
        QVERIFY2(first && first->useSaved(saved, &error), qPrintable(error));
        const QStringList args = first->connection.commandLineArguments();
        QCOMPARE(args.mid(0, 2), (QStringList{QStringLiteral("--connection"), saved.name}));
        QVERIFY(!args.join(QLatin1Char(' ')).contains(QLatin1String("s3cret")));
        std::optional<CliOptions> again = parse(words("scan") + args, &error);
        QVERIFY2(again && again->useSaved(saved, &error), qPrintable(error));
        QCOMPARE(again->connection.host, first->connection.host);
        QCOMPARE(again->connection.port, first->connection.port);
        QCOMPARE(again->connection.database, first->connection.database);
        QCOMPARE(again->connection.user, first->connection.user);
        QVERIFY(again->connection == first->connection);
    }

    void connectionArgumentsReadBack()
    {
        QFETCH(QStringList, given);
        QFETCH(QStringList, printed);
        QString error;
        const std::optional<CliOptions> first = parse(words("scan --no-auth-warning") + given, &error);
        QVERIFY2(first, qPrintable(error));
        const QStringList args = first->connection.commandLineArguments();
        QCOMPARE(args, printed);
        QVERIFY(!args.join(QLatin1Char(' ')).contains(QLatin1String("s3cret")));
        const std::optional<CliOptions> again = parse(words("scan") + args, &error);
        QVERIFY2(again, qPrintable(error));
        ConnectionProfile expected = first->connection;
        expected.password.clear();
        expected.sentinelPassword.clear();
        expected.storedSecrets = again->connection.storedSecrets;
        QCOMPARE(again->connection.kind, expected.kind);
        QVERIFY(again->connection == expected);
    }

    void parseDuration_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("unitMs");
        QTest::addColumn<qint64>("ms"); // -1: refused
        constexpr qint64 max = std::numeric_limits<qint64>::max();
        QTest::newRow("bare ms") << "1500" << qint64(1) << qint64(1500);
        QTest::newRow("ms") << "1500ms" << qint64(1) << qint64(1500);
        QTest::newRow("s") << "30s" << qint64(1) << qint64(30000);
        QTest::newRow("fraction of s") << "1.5s" << qint64(1) << qint64(1500);
        QTest::newRow("ms of s") << "0.001s" << qint64(1) << qint64(1);
        QTest::newRow("m") << "5m" << qint64(1) << qint64(300000);
        QTest::newRow("h") << "2h" << qint64(1) << qint64(7200000);
        QTest::newRow("d") << "1d" << qint64(1) << qint64(86400000);
        QTest::newRow("spaces") << " 30 s " << qint64(1) << qint64(30000);
        QTest::newRow("trailing zeros") << "1.500000000000000000000s" << qint64(1) << qint64(1500);
        QTest::newRow("bare seconds") << "90" << qint64(1000) << qint64(90000);
        QTest::newRow("bare fraction of seconds") << "0.25" << qint64(1000) << qint64(250);
        // The issue: 922337203685477580 went through a double and came out another number.
        QTest::newRow("large, exact") << "922337203685477580" << qint64(1) << qint64(922337203685477580LL);
        QTest::newRow("largest") << "9223372036854775807" << qint64(1) << max;
        QTest::newRow("beyond qint64 saturates") << "9223372036854775808" << qint64(1) << max;
        QTest::newRow("unit overflows") << "922337203685477580s" << qint64(1) << max;
        QTest::newRow("long digits") << "99999999999999999999999999h" << qint64(1) << max;
        QTest::newRow("half a ms") << "1.5" << qint64(1) << qint64(-1);
        QTest::newRow("under a ms") << "0.0001s" << qint64(1) << qint64(-1);
        QTest::newRow("negative") << "-5" << qint64(1) << qint64(-1);
        QTest::newRow("exponent") << "1e3" << qint64(1) << qint64(-1);
        QTest::newRow("inf") << "inf" << qint64(1000) << qint64(-1);
        QTest::newRow("unknown unit") << "5w" << qint64(1) << qint64(-1);
        QTest::newRow("empty") << "" << qint64(1) << qint64(-1);
        QTest::newRow("dot only") << "5." << qint64(1) << qint64(-1);
        QTest::newRow("not ascii digits") << "\u0665" << qint64(1) << qint64(-1);
    }

    void parseDuration()
    {
        QFETCH(QString, text);
        QFETCH(qint64, unitMs);
        QFETCH(qint64, ms);
        QCOMPARE(CliOptions::parseDuration(text, unitMs).value_or(-1), ms);
    }

    void optionsTheCommandDoesNotTakeAreUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString conn = QStringLiteral("the window, scan, watch, acquire, extend and release");
        QTest::newRow("scan --ttl") << QStringList{QStringLiteral("scan"), QStringLiteral("--ttl"), QStringLiteral("5")}
                                    << "--ttl is not an option of scan; it is for acquire and extend";
        QTest::newRow("window --ttl") << QStringList{QStringLiteral("--ttl"), QStringLiteral("5")}
                                      << "--ttl is not an option of the window (lockscope without a command); it is for acquire and extend";
        QTest::newRow("scan --screenshot") << QStringList{QStringLiteral("scan"), QStringLiteral("--screenshot"), QStringLiteral("x.png")}
                                           << "--screenshot is not an option of scan; it is for the window (lockscope without a command)";
        QTest::newRow("watch --token") << QStringList{QStringLiteral("watch"), QStringLiteral("--token"), QStringLiteral("t")}
                                       << "--token is not an option of watch; it is for acquire, extend and release";
        QTest::newRow("release --dialect") << QStringList{QStringLiteral("release"), QStringLiteral("k"), QStringLiteral("--observed"),
                                                          QStringLiteral("--dialect"), QStringLiteral("plain")}
                                           << "--dialect is not an option of release; it is for acquire";
        QTest::newRow("extend --observed") << QStringList{QStringLiteral("extend"), QStringLiteral("k"), QStringLiteral("--observed")}
                                           << "--observed is not an option of extend; it is for release";
        QTest::newRow("scan --interval") << QStringList{QStringLiteral("scan"), QStringLiteral("--interval"), QStringLiteral("100")}
                                         << "--interval is not an option of scan; it is for watch";
        QTest::newRow("acquire --duration") << QStringList{QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--ttl"),
                                                           QStringLiteral("5s"), QStringLiteral("--duration"), QStringLiteral("5")}
                                            << "--duration is not an option of acquire; it is for the window, watch and demo";
        QTest::newRow("scan --workers") << QStringList{QStringLiteral("scan"), QStringLiteral("--workers"), QStringLiteral("3")}
                                        << "--workers is not an option of scan; it is for demo";
        QTest::newRow("watch --list") << QStringList{QStringLiteral("watch"), QStringLiteral("--list")}
                                      << "--list is not an option of watch; it is for demo";
        QTest::newRow("window --json") << QStringList{QStringLiteral("--json")}
                                       << "--json is not an option of the window (lockscope without a command); it is for scan, watch, "
                                          "acquire, extend, release, demo and dialects";
        QTest::newRow("scan --read-only") << QStringList{QStringLiteral("scan"), QStringLiteral("--read-only")}
                                          << "--read-only is not an option of scan; it is for the window, acquire, extend and release";
        QTest::newRow("dialects --pattern") << QStringList{QStringLiteral("dialects"), QStringLiteral("--pattern"), QStringLiteral("x*")}
                                            << "--pattern is not an option of dialects; it is for the window, scan and watch";
        QTest::newRow("demo -p") << QStringList{QStringLiteral("demo"), QStringLiteral("-p"), QStringLiteral("6379")}
                                 << QStringLiteral("-p is not an option of demo, which takes no connection options; it is for ") + conn;
        QTest::newRow("demo spelled --port") << QStringList{QStringLiteral("demo"), QStringLiteral("--port"), QStringLiteral("6379")}
                                             << QStringLiteral("--port is not an option of demo, which takes no connection options; it is for ") + conn;
        QTest::newRow("dialects --tls") << QStringList{QStringLiteral("dialects"), QStringLiteral("--tls")}
                                        << QStringLiteral("--tls is not an option of dialects, which takes no connection options; it is for ") + conn;
        QTest::newRow("demo --yes") << QStringList{QStringLiteral("demo"), QStringLiteral("-y")}
                                    << "-y is not an option of demo; it is for acquire, extend and release";
    }

    void optionsTheCommandDoesNotTakeAreUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!parse(args, &error));
        QCOMPARE(error, message);
    }

    // Each command's own options, and the connection, still parse.
    void optionsTheCommandTakesAreAccepted_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("command");
        const QStringList conn{QStringLiteral("-h"), QStringLiteral("db.internal"), QStringLiteral("-p"), QStringLiteral("6380"),
                               QStringLiteral("-n"), QStringLiteral("2"), QStringLiteral("--connect-timeout"), QStringLiteral("2s")};
        QTest::newRow("window screenshot") << conn + QStringList{QStringLiteral("--screenshot"), QStringLiteral("x.png"),
                                                                 QStringLiteral("--duration"), QStringLiteral("3"),
                                                                 QStringLiteral("--pattern"), QStringLiteral("jobs:*"),
                                                                 QStringLiteral("--read-only")}
                                           << int(CliOptions::Command::Gui);
        QTest::newRow("window scenario") << QStringList{QStringLiteral("--scenario"), QStringLiteral("unsafe-release"), QStringLiteral("--variant"),
                                                        QStringLiteral("broken"), QStringLiteral("--screenshot"), QStringLiteral("x.png"),
                                                        QStringLiteral("--duration"), QStringLiteral("2")}
                                         << int(CliOptions::Command::Gui);
        QTest::newRow("scan") << QStringList{QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--no-default-patterns"),
                                             QStringLiteral("--pattern"), QStringLiteral("a:*"), QStringLiteral("--profile"), QStringLiteral("p.json")} + conn
                              << int(CliOptions::Command::Scan);
        QTest::newRow("watch") << QStringList{QStringLiteral("watch"), QStringLiteral("--interval"), QStringLiteral("250"), QStringLiteral("--rescan"),
                                              QStringLiteral("5s"), QStringLiteral("--duration"), QStringLiteral("1.5"), QStringLiteral("--events"),
                                              QStringLiteral("--enable-notifications"), QStringLiteral("--json")} + conn
                               << int(CliOptions::Command::Watch);
        QTest::newRow("acquire") << QStringList{QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--ttl"), QStringLiteral("5s"),
                                                QStringLiteral("--token"), QStringLiteral("t"), QStringLiteral("--dialect"), QStringLiteral("plain"),
                                                QStringLiteral("-y"), QStringLiteral("--dry-run"), QStringLiteral("--read-only"), QStringLiteral("--json")} + conn
                                 << int(CliOptions::Command::Acquire);
        QTest::newRow("extend") << QStringList{QStringLiteral("extend"), QStringLiteral("k"), QStringLiteral("--ttl"), QStringLiteral("5s"),
                                               QStringLiteral("--token"), QStringLiteral("t")} + conn
                                << int(CliOptions::Command::Extend);
        QTest::newRow("release") << QStringList{QStringLiteral("release"), QStringLiteral("k"), QStringLiteral("--observed"), QStringLiteral("--yes")} + conn
                                 << int(CliOptions::Command::Release);
        QTest::newRow("demo") << QStringList{QStringLiteral("demo"), QStringLiteral("--scenario"), QStringLiteral("safe"), QStringLiteral("--variant"),
                                             QStringLiteral("fixed"), QStringLiteral("--workers"), QStringLiteral("4"), QStringLiteral("--duration"),
                                             QStringLiteral("2"), QStringLiteral("--seed"), QStringLiteral("4294967295"), QStringLiteral("--json")}
                              << int(CliOptions::Command::Demo);
        QTest::newRow("dialects") << QStringList{QStringLiteral("dialects"), QStringLiteral("--profile"), QStringLiteral("p.json"), QStringLiteral("--json")}
                                  << int(CliOptions::Command::Dialects);
        QTest::newRow("tls") << QStringList{QStringLiteral("scan"), QStringLiteral("--tls"), QStringLiteral("--cacertdir"), QStringLiteral("/etc/ssl/certs"),
                                            QStringLiteral("--cert"), QStringLiteral("c.pem"), QStringLiteral("--key"), QStringLiteral("k.pem")}
                             << int(CliOptions::Command::Scan);
    }

    void optionsTheCommandTakesAreAccepted()
    {
        QFETCH(QStringList, args);
        QFETCH(int, command);
        QString error;
        const std::optional<CliOptions> o = parse(args, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(int(o->command), command);
    }

    // The ways in beyond host and port, as redis-cli and ssh spell them.
    void connectionWays()
    {
        QString error;
        std::optional<CliOptions> o = parse({QStringLiteral("scan"), QStringLiteral("-s"), QStringLiteral("/run/redis/redis.sock")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.socketPath, QStringLiteral("/run/redis/redis.sock"));
        QVERIFY(o->connectionGiven);

        o = parse({QStringLiteral("release"), QStringLiteral("k"), QStringLiteral("--observed"), QStringLiteral("--ssh"),
                   QStringLiteral("ops@bastion.example:2222"), QStringLiteral("--ssh-key"), QStringLiteral("id_ed25519"),
                   QStringLiteral("--ssh-accept-new"), QStringLiteral("-h"), QStringLiteral("10.0.0.5")},
                  &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.ssh.user, QStringLiteral("ops"));
        QCOMPARE(o->connection.ssh.host, QStringLiteral("bastion.example"));
        QCOMPARE(o->connection.ssh.port, quint16(2222));
        QCOMPARE(o->connection.ssh.keyFile, QStringLiteral("id_ed25519"));
        QVERIFY(o->connection.ssh.acceptNewHostKey);
        QCOMPARE(o->connection.host, QStringLiteral("10.0.0.5")); // as the bastion sees it

        o = parse({QStringLiteral("scan"), QStringLiteral("--tls"), QStringLiteral("--sni"), QStringLiteral("redis.internal"),
                   QStringLiteral("--cert"), QStringLiteral("c.pem"), QStringLiteral("--key"), QStringLiteral("k.pem")},
                  &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.tls.serverName, QStringLiteral("redis.internal"));
        QCOMPARE(o->connection.tls.certFile, QStringLiteral("c.pem"));

        o = parse({QStringLiteral("scan"), QStringLiteral("--connection"), QStringLiteral("prod-eu"), QStringLiteral("--cacert"),
                   QStringLiteral("ca.pem")},
                  &error);
        QVERIFY2(o, qPrintable(error)); // whether the saved one has TLS is checked once it is read
        QCOMPARE(o->connectionName, QStringLiteral("prod-eu"));
        ConnectionProfile plain = ConnectionProfile::newSaved(QStringLiteral("prod-eu"));
        QVERIFY(!CliOptions(*o).useSaved(plain, &error));
        QVERIFY2(error.contains(QStringLiteral("--cacert is for TLS")), qPrintable(error));
        ConnectionProfile tls = plain;
        tls.tls.enabled = true;
        QVERIFY2(o->useSaved(tls, &error), qPrintable(error));
        QCOMPARE(o->connection.tls.caFile, QStringLiteral("ca.pem"));
        QVERIFY(o->readOnly); // a new saved connection is read-only
    }

    void connectionWaysThatDoNotFit_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        const QString sock = QStringLiteral("/run/redis.sock");
        QTest::newRow("-s and -p") << QStringList{QStringLiteral("-s"), sock, QStringLiteral("-p"), QStringLiteral("6380")} << "-s names a Unix socket";
        QTest::newRow("-s and --ssh") << QStringList{QStringLiteral("-s"), sock, QStringLiteral("--ssh"), QStringLiteral("bastion")} << "does not go through --ssh";
        QTest::newRow("-s and --tls") << QStringList{QStringLiteral("-s"), sock, QStringLiteral("--tls")} << "no TLS on a Unix socket";
        QTest::newRow("--sni without TLS") << QStringList{QStringLiteral("--sni"), QStringLiteral("x")} << "--sni is for TLS";
        QTest::newRow("--ssh-key without --ssh") << QStringList{QStringLiteral("--ssh-key"), QStringLiteral("k")} << "add --ssh";
        QTest::newRow("bad --ssh") << QStringList{QStringLiteral("--ssh"), QStringLiteral("ops@")} << "--ssh:";
        QTest::newRow("-p beside --sentinel") << QStringList{QStringLiteral("--sentinel"), QStringLiteral("s:26379"), QStringLiteral("--master"),
                                                             QStringLiteral("m"), QStringLiteral("-p"), QStringLiteral("6380")}
                                              << "the sentinels say where the master is: -p does not go with --sentinel";
        QTest::newRow("a redis:// URL beside --sentinel") << QStringList{QStringLiteral("-u"), QStringLiteral("redis://h:1"), QStringLiteral("--sentinel"),
                                                                         QStringLiteral("s:26379"), QStringLiteral("--master"), QStringLiteral("m")}
                                                          << "-u with a redis:// URL does not go with --sentinel";
        QTest::newRow("-h beside a sentinel URL") << QStringList{QStringLiteral("-u"), QStringLiteral("redis+sentinel://s:26379/m"), QStringLiteral("-h"),
                                                                 QStringLiteral("x")}
                                                  << "-h does not go with --sentinel";
    }

    void connectionWaysThatDoNotFit()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        QString error;
        QVERIFY(!parse(QStringList{QStringLiteral("scan")} + args, &error));
        QVERIFY2(error.contains(says), qPrintable(error));
    }

    void aPasswordInTheArgumentsIsNoted()
    {
        QString error;
        QVERIFY(parse({QStringLiteral("scan"), QStringLiteral("-a"), QStringLiteral("s3cret")}, &error)->passwordOnCommandLine);
        QVERIFY(parse({QStringLiteral("scan"), QStringLiteral("-u"), QStringLiteral("redis://:s3cret@h:6379")}, &error)->passwordOnCommandLine);
        QVERIFY(!parse({QStringLiteral("scan"), QStringLiteral("-u"), QStringLiteral("redis://h:6379")}, &error)->passwordOnCommandLine);
        QVERIFY(parse({QStringLiteral("scan"), QStringLiteral("-a"), QStringLiteral("s3cret"), QStringLiteral("--no-auth-warning")}, &error)
                    ->noAuthWarning);
        QCOMPARE(CliOptions::passwordWarning(),
                 QStringLiteral("Warning: Using a password with '-a' or '-u' option on the command line interface may not be safe."));
    }

    void numbersAreReadExactly()
    {
        QString error;
        std::optional<CliOptions> o = parse({QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--ttl"), QStringLiteral("31536000000")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->ttlMs, qint64(31536000000LL)); // 365 days, the most it takes
        o = parse({QStringLiteral("watch"), QStringLiteral("--duration"), QStringLiteral("1.5"), QStringLiteral("--interval"), QStringLiteral("1h"),
                   QStringLiteral("--rescan"), QStringLiteral("24h")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->durationS, 1.5);
        QCOMPARE(o->intervalMs, 3600000);
        QCOMPARE(o->rescanMs, 86400000);
        o = parse({QStringLiteral("demo"), QStringLiteral("--seed"), QStringLiteral("4294967295"), QStringLiteral("--workers"), QStringLiteral("1000")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->seed, quint32(4294967295U));
        QVERIFY(o->seedGiven);
        QCOMPARE(o->workers, 1000);
        o = parse({QStringLiteral("scan"), QStringLiteral("-n"), QStringLiteral("2147483647")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.database, 2147483647);
    }

    void badNumbersSayWhatIsWanted_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        auto acquire = [](const QString &ttl) {
            return QStringList{QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--ttl"), ttl};
        };
        QTest::newRow("ttl that overflowed") << acquire(QStringLiteral("922337203685477580"))
                                             << "--ttl wants at most 365 days, not '922337203685477580'";
        QTest::newRow("ttl beyond qint64") << acquire(QStringLiteral("99999999999999999999"))
                                           << "--ttl wants at most 365 days, not '99999999999999999999'";
        QTest::newRow("ttl in hours overflowing") << acquire(QStringLiteral("9999999999999999h"))
                                                  << "--ttl wants at most 365 days, not '9999999999999999h'";
        QTest::newRow("ttl zero") << acquire(QStringLiteral("0")) << "--ttl wants at least 1 ms, not '0'";
        QTest::newRow("ttl half a ms") << acquire(QStringLiteral("1.5"))
                                       << "--ttl wants whole milliseconds, or a duration with a unit (1500ms, 1.5s, 30s, 5m, 2h, 1d), not '1.5'";
        QTest::newRow("ttl words") << acquire(QStringLiteral("soon"))
                                   << "--ttl wants whole milliseconds, or a duration with a unit (1500ms, 1.5s, 30s, 5m, 2h, 1d), not 'soon'";
        QTest::newRow("interval too short") << QStringList{QStringLiteral("watch"), QStringLiteral("--interval"), QStringLiteral("10")}
                                            << "--interval wants at least 50 ms, not '10'";
        QTest::newRow("interval overflowing int") << QStringList{QStringLiteral("watch"), QStringLiteral("--interval"), QStringLiteral("2147483648")}
                                                  << "--interval wants at most 1 hour, not '2147483648'";
        QTest::newRow("rescan too long") << QStringList{QStringLiteral("watch"), QStringLiteral("--rescan"), QStringLiteral("25h")}
                                         << "--rescan wants at most 1 day, not '25h'";
        QTest::newRow("connect timeout overflowing int") << QStringList{QStringLiteral("scan"), QStringLiteral("--connect-timeout"), QStringLiteral("4294967296")}
                                                         << "--connect-timeout wants at most 10 minutes, not '4294967296'";
        QTest::newRow("duration inf") << QStringList{QStringLiteral("watch"), QStringLiteral("--duration"), QStringLiteral("inf")}
                                      << "--duration wants seconds, or a duration with a unit (90, 1.5, 500ms, 5m, 2h), not 'inf'";
        QTest::newRow("duration huge") << QStringList{QStringLiteral("watch"), QStringLiteral("--duration"), QStringLiteral("1e300")}
                                       << "--duration wants seconds, or a duration with a unit (90, 1.5, 500ms, 5m, 2h), not '1e300'";
        QTest::newRow("duration too long") << QStringList{QStringLiteral("demo"), QStringLiteral("--duration"), QStringLiteral("8d")}
                                           << "--duration wants at most 7 days, not '8d'";
        QTest::newRow("workers zero") << QStringList{QStringLiteral("demo"), QStringLiteral("--workers"), QStringLiteral("0")}
                                      << "--workers wants a number from 1 to 1000, not '0'";
        QTest::newRow("workers beyond int") << QStringList{QStringLiteral("demo"), QStringLiteral("--workers"), QStringLiteral("4294967297")}
                                            << "--workers wants a number from 1 to 1000, not '4294967297'";
        QTest::newRow("seed beyond 32 bits") << QStringList{QStringLiteral("demo"), QStringLiteral("--seed"), QStringLiteral("4294967296")}
                                             << "--seed wants a number from 0 to 4294967295, not '4294967296'";
        QTest::newRow("seed negative") << QStringList{QStringLiteral("demo"), QStringLiteral("--seed"), QStringLiteral("-3")}
                                       << "--seed wants a number from 0 to 4294967295, not '-3'";
        // The issue: -n -1 was called "not a number".
        QTest::newRow("db negative") << QStringList{QStringLiteral("scan"), QStringLiteral("-n"), QStringLiteral("-1")}
                                     << "-n wants a database number of 0 or more, not '-1'";
        QTest::newRow("db spelled --db") << QStringList{QStringLiteral("scan"), QStringLiteral("--db"), QStringLiteral("-1")}
                                         << "--db wants a database number of 0 or more, not '-1'";
        QTest::newRow("db not a number") << QStringList{QStringLiteral("scan"), QStringLiteral("-n"), QStringLiteral("two")}
                                         << "-n wants a database number of 0 or more, not 'two'";
        QTest::newRow("db beyond SELECT") << QStringList{QStringLiteral("scan"), QStringLiteral("-n"), QStringLiteral("2147483648")}
                                          << "-n wants a database number of at most 2147483647, not '2147483648'";
        QTest::newRow("port") << QStringList{QStringLiteral("scan"), QStringLiteral("-p"), QStringLiteral("65536")}
                              << "-p wants a port number from 1 to 65535, not '65536'";
    }

    void badNumbersSayWhatIsWanted()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!parse(args, &error));
        QCOMPARE(error, message);
    }

    void otherUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("key with a bad escape") << QStringList{QStringLiteral("release"), QStringLiteral("lock:\\xZZ"), QStringLiteral("--observed")}
                                               << "the KEY 'lock:\\xZZ': invalid escape \\xZZ at character 6: \\x takes two hex digits, as in \\xff";
        QTest::newRow("token with a bad escape") << QStringList{QStringLiteral("release"), QStringLiteral("k"), QStringLiteral("--token"), QStringLiteral("ab\\x4")}
                                                 << "--token: invalid escape \\x4 at character 3: \\x takes two hex digits, as in \\xff";
        QTest::newRow("key with a lone backslash") << QStringList{QStringLiteral("release"), QStringLiteral("k\\"), QStringLiteral("--observed")}
                                                   << "the KEY 'k\\': a lone backslash at character 2 ends it: write \\\\ for a backslash";
        // A raw \xff on the command line reaches the program as U+FFFD: acting on that would touch another key.
        const QString notUtf8 = QStringLiteral("lock:r:") + QChar(QChar::ReplacementCharacter);
        const QString notUtf8Says = QStringLiteral("character 8 is not valid UTF-8 (or is U+FFFD): write bytes as \\xNN, as in lock:\\xff "
                                                   "(U+FFFD itself is \\xef\\xbf\\xbd)");
        QTest::newRow("key not UTF-8") << QStringList{QStringLiteral("release"), notUtf8, QStringLiteral("--token"), QStringLiteral("t")}
                                       << QStringLiteral("the KEY '%1': ").arg(notUtf8) + notUtf8Says;
        QTest::newRow("token not UTF-8") << QStringList{QStringLiteral("release"), QStringLiteral("k"), QStringLiteral("--token"), notUtf8}
                                         << QStringLiteral("--token: ") + notUtf8Says;
        QTest::newRow("tls file without tls") << QStringList{QStringLiteral("scan"), QStringLiteral("--cacert"), QStringLiteral("ca.pem")}
                                              << "--cacert is for TLS: add --tls, or use a rediss:// URL";
        QTest::newRow("cert without key") << QStringList{QStringLiteral("scan"), QStringLiteral("--tls"), QStringLiteral("--cert"), QStringLiteral("c.pem")}
                                          << "--cert needs --key, the private key of that certificate";
        QTest::newRow("key without cert") << QStringList{QStringLiteral("scan"), QStringLiteral("-u"), QStringLiteral("rediss://h"),
                                                         QStringLiteral("--key"), QStringLiteral("k.pem")}
                                          << "--key needs --cert, the certificate it belongs to";
        QTest::newRow("ca file and directory") << QStringList{QStringLiteral("scan"), QStringLiteral("--tls"), QStringLiteral("--cacert"), QStringLiteral("a"),
                                                              QStringLiteral("--cacertdir"), QStringLiteral("b")}
                                               << "give --cacert or --cacertdir, not both";
        QTest::newRow("sentinel without master") << QStringList{QStringLiteral("scan"), QStringLiteral("--sentinel"), QStringLiteral("s1:26379")}
                                                 << "--sentinel needs --master NAME, the master the sentinels monitor";
        QTest::newRow("master without sentinel") << QStringList{QStringLiteral("scan"), QStringLiteral("--master"), QStringLiteral("m")}
                                                 << "--master is for Sentinel: add --sentinel HOST:PORT, or use a redis+sentinel:// URL";
        QTest::newRow("sentinel and cluster") << QStringList{QStringLiteral("scan"), QStringLiteral("-c"), QStringLiteral("--sentinel"), QStringLiteral("s1")}
                                              << "a master behind Sentinel is not a Redis Cluster: give --sentinel or -c/--node, not both";
        QTest::newRow("bad sentinel address") << QStringList{QStringLiteral("scan"), QStringLiteral("--sentinel"), QStringLiteral("s1:0"),
                                                             QStringLiteral("--master"), QStringLiteral("m")}
                                              << QStringLiteral("--sentinel 's1:0': ") + portError(QStringLiteral("s1:0"));
        QTest::newRow("unbracketed IPv6 with a port") << QStringList{QStringLiteral("scan"), QStringLiteral("--sentinel"), QStringLiteral("::1:26999"),
                                                                     QStringLiteral("--master"), QStringLiteral("m")}
                                                      << "--sentinel '::1:26999': \"::1:26999\" is not an IPv6 address; with a port, put the address in brackets: [::1]:26999";
        QTest::newRow("-h with an IPv6 address and a port") << QStringList{QStringLiteral("scan"), QStringLiteral("-h"), QStringLiteral("::1:26380")}
                                                            << "-h takes a host only ('::1:26380' is no IPv6 address): give the port with -p";
        QTest::newRow("-h empty") << QStringList{QStringLiteral("scan"), QStringLiteral("-h"), QString()} << "-h wants a host name or address";
        QTest::newRow("-h empty brackets") << QStringList{QStringLiteral("scan"), QStringLiteral("-h"), QStringLiteral("[]")}
                                           << "-h wants a host name or address";
        QTest::newRow("window variant without scenario") << QStringList{QStringLiteral("--variant"), QStringLiteral("fixed")}
                                                         << "--variant needs --scenario, the scenario to run";
        QTest::newRow("window duration without screenshot") << QStringList{QStringLiteral("--duration"), QStringLiteral("5")}
                                                            << "--duration with the window needs --screenshot: it is how long to run before the picture";
    }

    void otherUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!parse(args, &error));
        QCOMPARE(error, message);
    }

    void redlockGroups_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("nodes");
        QTest::addColumn<double>("driftFactor");
        const QString scan = QStringLiteral("scan");
        QTest::newRow("five, comma-separated")
            << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral("redis://a:7000,redis://b:7001,redis://c,redis://[::1]:7003,rediss://e:7004")}
            << QStringList{QStringLiteral("a:7000"), QStringLiteral("b:7001"), QStringLiteral("c:6379"), QStringLiteral("[::1]:7003"), QStringLiteral("e:7004")}
            << 0.01;
        QTest::newRow("repeated, with a drift factor")
            << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral("redis://a:1"), QStringLiteral("--redlock"), QStringLiteral("redis://a:2"),
                           QStringLiteral("--redlock"), QStringLiteral("redis://a:3"), QStringLiteral("--drift-factor"), QStringLiteral("0.05")}
            << QStringList{QStringLiteral("a:1"), QStringLiteral("a:2"), QStringLiteral("a:3")} << 0.05;
        QTest::newRow("drift factor 0") << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral("redis://a:1,redis://a:2"),
                                                       QStringLiteral("--drift-factor"), QStringLiteral("0")}
                                        << QStringList{QStringLiteral("a:1"), QStringLiteral("a:2")} << 0.0;
        QTest::newRow("drift factor .2") << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral("redis://a:1,redis://a:2"),
                                                        QStringLiteral("--drift-factor"), QStringLiteral(".2")}
                                         << QStringList{QStringLiteral("a:1"), QStringLiteral("a:2")} << 0.2;
        QTest::newRow("watch") << QStringList{QStringLiteral("watch"), QStringLiteral("--redlock"), QStringLiteral("redis://a:1,redis://a:2"),
                                              QStringLiteral("--events"), QStringLiteral("--json")}
                               << QStringList{QStringLiteral("a:1"), QStringLiteral("a:2")} << 0.01;
        QTest::newRow("the window") << QStringList{QStringLiteral("--redlock"), QStringLiteral("redis://a:1,redis://a:2,redis://a:3")}
                                    << QStringList{QStringLiteral("a:1"), QStringLiteral("a:2"), QStringLiteral("a:3")} << 0.01;
    }

    void redlockGroups()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, nodes);
        QFETCH(double, driftFactor);
        QString error;
        const std::optional<CliOptions> o = parse(args, &error);
        QVERIFY2(o, qPrintable(error));
        QStringList got;
        for (const ConnectionProfile &n : o->redlock.nodes)
            got << n.endpoint();
        QCOMPARE(got, nodes);
        QCOMPARE(o->redlock.driftFactor, driftFactor);
        QVERIFY(o->connectionGiven);
        QVERIFY(o->redlock.nodes.last().tls.enabled == nodes.last().startsWith(QLatin1String("e:")));
    }

    void redlockGroupsThatDoNotParse_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        const QString scan = QStringLiteral("scan");
        const QString two = QStringLiteral("redis://a:1,redis://a:2");
        QTest::newRow("one node") << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral("redis://a:1")} << "at least 2 servers";
        QTest::newRow("empty") << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral(",")} << "has an empty entry (',')";
        QTest::newRow("an empty entry is no node") << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral("redis://a:1,,redis://a:2,redis://a:3")}
                                                   << "has an empty entry";
        QTest::newRow("port out of range") << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral("redis://a:99999,redis://a:2")}
                                           << "port number out of range";
        QTest::newRow("same node twice") << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral("redis://a:1,redis://a:1")}
                                         << "names a:1 twice";
        QTest::newRow("not a URL") << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral("a:1,a:2")}
                                   << "wants redis:// or rediss:// URLs, one per node, not 'a:1'";
        QTest::newRow("sentinel URL") << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral("redis+sentinel://s:26379/m,redis://a:2")}
                                      << "wants redis:// or rediss:// URLs";
        QTest::newRow("bad port") << QStringList{scan, QStringLiteral("--redlock"), QStringLiteral("redis://a:0,redis://a:2")} << "--redlock 'redis://a:0':";
        QTest::newRow("with -h") << QStringList{scan, QStringLiteral("--redlock"), two, QStringLiteral("-h"), QStringLiteral("x")}
                                 << "--redlock names each node by its own URL: -h does not go with it";
        QTest::newRow("with --sandbox") << QStringList{scan, QStringLiteral("--redlock"), two, QStringLiteral("--sandbox")} << "--sandbox does not go with it";
        QTest::newRow("with --ssh") << QStringList{scan, QStringLiteral("--redlock"), two, QStringLiteral("--ssh"), QStringLiteral("ops@b")}
                                    << "--ssh does not go with it";
        QTest::newRow("drift factor alone") << QStringList{scan, QStringLiteral("--drift-factor"), QStringLiteral("0.01")}
                                            << "--drift-factor is for a Redlock group: add --redlock URL,URL,... or --group NAME";
        for (const char *bad : {"1", "-0.01", "1.5", "abc", "0.0000001", ""})
            QTest::newRow(qPrintable(QStringLiteral("drift factor '%1'").arg(QLatin1String(bad))))
                << QStringList{scan, QStringLiteral("--redlock"), two, QStringLiteral("--drift-factor"), QLatin1String(bad)}
                << "--drift-factor wants a fraction of the TTL from 0 to 0.999999";
        QTest::newRow("watch --budget") << QStringList{QStringLiteral("watch"), QStringLiteral("--redlock"), two, QStringLiteral("--budget"), QStringLiteral("3")}
                                        << "--budget is for the watch of one deployment: a Redlock group reads its known locks every --interval";
        const QStringList acquire{QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--ttl"), QStringLiteral("1s")};
        QTest::newRow("--node URLs and HOST:PORT")
            << acquire + QStringList{QStringLiteral("--node"), QStringLiteral("redis://a:1"), QStringLiteral("--node"), QStringLiteral("b:2")}
            << "--node takes HOST:PORT for a cluster or redis:// URLs for a Redlock group, not both: 'b:2' is not a URL";
        QTest::newRow("--node URLs and --redlock")
            << acquire + QStringList{QStringLiteral("--node"), QStringLiteral("redis://a:1"), QStringLiteral("--redlock"), two}
            << "give the Redlock group's servers with --redlock or with --node URL, not both";
        QTest::newRow("one --node URL") << acquire + QStringList{QStringLiteral("--node"), QStringLiteral("redis://a:1")}
                                        << "--node wants the URLs of at least 2 servers";
        QTest::newRow("--node URL with -c") << acquire + QStringList{QStringLiteral("-c"), QStringLiteral("--node"), QStringLiteral("redis://a:1"),
                                                                     QStringLiteral("--node"), QStringLiteral("redis://a:2")}
                                            << "--node names each node by its own URL: -c does not go with it";
        QTest::newRow("retry count alone") << acquire + QStringList{QStringLiteral("--retry-count"), QStringLiteral("3")}
                                           << "--retry-count is for a Redlock group: add --redlock URL,URL,... or --group NAME";
        for (const char *bad : {"-1", "1001", "x", "1.5", ""})
            QTest::newRow(qPrintable(QStringLiteral("retry count '%1'").arg(QLatin1String(bad))))
                << acquire + QStringList{QStringLiteral("--redlock"), two, QStringLiteral("--retry-count"), QLatin1String(bad)}
                << "--retry-count wants a number of retries from 0 to 1000";
        for (const char *bad : {"-5", "2m", "x"})
            QTest::newRow(qPrintable(QStringLiteral("retry delay '%1'").arg(QLatin1String(bad))))
                << acquire + QStringList{QStringLiteral("--redlock"), two, QStringLiteral("--retry-delay"), QLatin1String(bad)}
                << "--retry-delay wants";
        QTest::newRow("retry count on extend")
            << QStringList{QStringLiteral("extend"), QStringLiteral("k"), QStringLiteral("--token"), QStringLiteral("t"), QStringLiteral("--ttl"),
                           QStringLiteral("1s"), QStringLiteral("--redlock"), two, QStringLiteral("--retry-count"), QStringLiteral("1")}
            << "--retry-count is not an option of extend; it is for acquire";
        QTest::newRow("release without a guard") << QStringList{QStringLiteral("release"), QStringLiteral("k"), QStringLiteral("--redlock"), two}
                                                 << "release needs exactly one of --token T or --observed";
        const QStringList saved{QStringLiteral("--group"), QStringLiteral("payments")};
        QTest::newRow("--group and --redlock") << QStringList{scan, QStringLiteral("--redlock"), two} + saved
                                               << "give a Redlock group by --group NAME or by its URLs (--redlock, --node), not both";
        QTest::newRow("--group and --node URLs") << acquire + saved + QStringList{QStringLiteral("--node"), QStringLiteral("redis://a:1")}
                                                 << "give a Redlock group by --group NAME or by its URLs";
        QTest::newRow("--group with -h") << QStringList{scan, QStringLiteral("-h"), QStringLiteral("x")} + saved
                                         << "--group takes its nodes from their saved connections: -h does not go with it";
        QTest::newRow("--group with --ssh") << QStringList{scan, QStringLiteral("--ssh"), QStringLiteral("ops@b")} + saved
                                            << "--group takes its nodes from their saved connections: --ssh does not go with it";
        QTest::newRow("--group with --connection") << QStringList{scan, QStringLiteral("--connection"), QStringLiteral("c")} + saved
                                                   << "--connection does not go with it";
        QTest::newRow("--group in the window") << saved << "--group is not an option of the window";
        QTest::newRow("--group ''") << QStringList{scan, QStringLiteral("--group"), QString()} << "--group wants the NAME of one saved Redlock group";
        QTest::newRow("--group twice") << QStringList{scan, QStringLiteral("--group"), QStringLiteral("a")} + saved
                                       << "--group wants the NAME of one saved Redlock group";
        QTest::newRow("--group, bad drift") << QStringList{scan, QStringLiteral("--drift-factor"), QStringLiteral("2")} + saved
                                            << "--drift-factor wants a fraction of the TTL";
        QTest::newRow("--group watch --budget") << QStringList{QStringLiteral("watch"), QStringLiteral("--budget"), QStringLiteral("3")} + saved
                                                << "--budget is for the watch of one deployment";
    }

    // --group NAME: parsed, then the saved group it names put under the options given beside it.
    void savedGroups_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("savedNodes");
        QTest::addColumn<double>("driftFactor");
        QTest::addColumn<int>("retryCount");
        QTest::addColumn<bool>("acceptNewHostKey");
        QTest::addColumn<int>("connectTimeoutMs");
        QTest::addColumn<QString>("says"); // empty: it is used
        const QStringList scan{QStringLiteral("scan"), QStringLiteral("--group"), QStringLiteral("payments")};
        QTest::newRow("as saved") << scan << 3 << 0.02 << 4 << false << 3000 << QString();
        QTest::newRow("overrides")
            << scan + QStringList{QStringLiteral("--drift-factor"), QStringLiteral("0.1"), QStringLiteral("--ssh-accept-new"),
                                  QStringLiteral("--connect-timeout"), QStringLiteral("750")}
            << 3 << 0.1 << 4 << true << 750 << QString();
        QTest::newRow("acquire retries")
            << QStringList{QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--ttl"), QStringLiteral("1s"), QStringLiteral("--group"),
                           QStringLiteral("payments"), QStringLiteral("--retry-count"), QStringLiteral("0")}
            << 3 << 0.02 << 0 << false << 3000 << QString();
        QTest::newRow("one node saved") << scan << 1 << 0.02 << 4 << false << 3000 << QStringLiteral("has 1 node(s); a group needs at least 2");
        QTest::newRow("a Sentinel node") << scan << 4 << 0.02 << 4 << false << 3000 << QStringLiteral("names node 3, a Sentinel connection");
    }

    void savedGroups()
    {
        QFETCH(QStringList, args);
        QFETCH(int, savedNodes);
        QFETCH(double, driftFactor);
        QFETCH(int, retryCount);
        QFETCH(bool, acceptNewHostKey);
        QFETCH(int, connectTimeoutMs);
        QFETCH(QString, says);
        QString error;
        std::optional<CliOptions> o = parse(args, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->groupName, QStringLiteral("payments"));
        QVERIFY(o->redlock.isEmpty()); // until the saved group is read
        QCOMPARE(o->dialect, QStringLiteral("node-redlock"));

        RedlockGroup saved;
        saved.name = QStringLiteral("payments");
        saved.driftFactor = 0.02;
        saved.retryCount = 4;
        for (int i = 0; i < savedNodes; ++i) {
            ConnectionProfile p = ConnectionProfile::newSaved(QStringLiteral("node %1").arg(i));
            p.port = quint16(7000 + i);
            p.connectTimeoutMs = 3000;
            p.readOnly = false;
            if (i == 1) {
                p.ssh.host = QStringLiteral("bastion");
                p.ssh.user = QStringLiteral("ops");
            }
            if (i == 3)
                p.kind = ConnectionProfile::Kind::Sentinel; // hand-edited: the window does not save it
            saved.nodes << p;
        }
        if (!says.isEmpty()) {
            QVERIFY(!o->useSavedGroup(saved, &error));
            QVERIFY2(error.contains(says), qPrintable(error));
            return;
        }
        QVERIFY2(o->useSavedGroup(saved, &error), qPrintable(error));
        QCOMPARE(o->redlock.size(), savedNodes);
        QCOMPARE(o->redlock.nodes.at(2).port, quint16(7002)); // the saved order
        QCOMPARE(o->redlock.driftFactor, driftFactor);
        QCOMPARE(o->redlock.retryCount, retryCount);
        QCOMPARE(o->redlock.nodes.at(1).ssh.acceptNewHostKey, acceptNewHostKey);
        QVERIFY(!o->redlock.nodes.at(0).ssh.acceptNewHostKey); // no tunnel there to accept a key for
        QCOMPARE(o->redlock.nodes.at(0).connectTimeoutMs, connectTimeoutMs);
        QVERIFY(!o->readOnly);
        saved.nodes[2].readOnly = true;
        QVERIFY(o->useSavedGroup(saved, &error));
        QVERIFY(o->redlock.nodes.at(2).readOnly); // kept: the group's admin actions refuse, naming it
    }

    // The admin commands take a group too: by --redlock or by repeated --node URL.
    void redlockAdminGroups_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("retryCount");
        QTest::addColumn<int>("retryDelayMs");
        QTest::addColumn<QString>("dialect");
        const QStringList acquire{QStringLiteral("acquire"), QStringLiteral("k"), QStringLiteral("--ttl"), QStringLiteral("1s")};
        const QStringList nodes{QStringLiteral("--node"), QStringLiteral("redis://a:1"), QStringLiteral("--node"), QStringLiteral("rediss://b:2"),
                                QStringLiteral("--node"), QStringLiteral("redis://c:3")};
        QTest::newRow("acquire, defaults") << acquire + QStringList{QStringLiteral("--redlock"), QStringLiteral("redis://a:1,rediss://b:2,redis://c:3")}
                                           << 10 << 200 << QStringLiteral("node-redlock");
        QTest::newRow("acquire by --node, retries")
            << acquire + nodes + QStringList{QStringLiteral("--retry-count"), QStringLiteral("0"), QStringLiteral("--retry-delay"), QStringLiteral("1.5s")}
            << 0 << 1500 << QStringLiteral("node-redlock");
        QTest::newRow("acquire as redsync") << acquire + nodes + QStringList{QStringLiteral("--dialect"), QStringLiteral("redsync")} << 10 << 200
                                            << QStringLiteral("redsync");
        QTest::newRow("release --observed") << QStringList{QStringLiteral("release"), QStringLiteral("k"), QStringLiteral("--observed")} + nodes
                                            << 10 << 200 << QStringLiteral("node-redlock");
        QTest::newRow("watch by --node") << QStringList{QStringLiteral("watch")} + nodes << 10 << 200 << QStringLiteral("node-redlock");
        QTest::newRow("extend, drift")
            << QStringList{QStringLiteral("extend"), QStringLiteral("k"), QStringLiteral("--token"), QStringLiteral("t"), QStringLiteral("--ttl"),
                           QStringLiteral("5s"), QStringLiteral("--drift-factor"), QStringLiteral("0.02")}
                   + nodes
            << 10 << 200 << QStringLiteral("node-redlock");
    }

    void redlockAdminGroups()
    {
        QFETCH(QStringList, args);
        QFETCH(int, retryCount);
        QFETCH(int, retryDelayMs);
        QFETCH(QString, dialect);
        QString error;
        const std::optional<CliOptions> o = parse(args, &error);
        QVERIFY2(o, qPrintable(error));
        QStringList got;
        for (const ConnectionProfile &n : o->redlock.nodes)
            got << n.endpoint();
        QCOMPARE(got, (QStringList{QStringLiteral("a:1"), QStringLiteral("b:2"), QStringLiteral("c:3")}));
        QVERIFY(o->redlock.nodes.at(1).tls.enabled);
        QCOMPARE(o->redlock.retryCount, retryCount);
        QCOMPARE(o->redlock.retryDelayMs, retryDelayMs);
        QCOMPARE(o->dialect, dialect);
        // Not a cluster: --node URLs are the group's, not seed nodes.
        QVERIFY(o->connection.kind != ConnectionProfile::Kind::Cluster);
    }

    void redlockGroupsThatDoNotParse()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        QString error;
        QVERIFY(!parse(args, &error));
        QVERIFY2(error.contains(says), qPrintable(error));
    }

    static QString portError(const QString &text)
    {
        QString why;
        (void)ConnectionProfile::Endpoint::parse(text, 26379, &why);
        return why;
    }

    // -c, more seed nodes, sentinels and their master: the profile says which deployment.
    void topologyOptions()
    {
        QString error;
        std::optional<CliOptions> o = parse({QStringLiteral("scan"), QStringLiteral("-c"), QStringLiteral("-p"), QStringLiteral("7000"),
                                             QStringLiteral("--node"), QStringLiteral("10.0.0.2:7001")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.kind, ConnectionProfile::Kind::Cluster);
        QCOMPARE(o->connection.port, quint16(7000));
        QCOMPARE(o->connection.moreNodes, (QList<ConnectionProfile::Endpoint>{{QStringLiteral("10.0.0.2"), 7001}}));

        o = parse({QStringLiteral("watch"), QStringLiteral("--sentinel"), QStringLiteral("s1"), QStringLiteral("--sentinel"), QStringLiteral("s2:5000"),
                   QStringLiteral("--master"), QStringLiteral("locks"), QStringLiteral("--sentinel-pass"), QStringLiteral("spw"), QStringLiteral("-a"),
                   QStringLiteral("dpw")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.kind, ConnectionProfile::Kind::Sentinel);
        QCOMPARE(o->connection.host, QStringLiteral("s1"));
        QCOMPARE(o->connection.port, quint16(26379));
        QCOMPARE(o->connection.moreNodes, (QList<ConnectionProfile::Endpoint>{{QStringLiteral("s2"), 5000}}));
        QCOMPARE(o->connection.masterName, QStringLiteral("locks"));
        QCOMPARE(o->connection.sentinelPassword, QStringLiteral("spw"));
        QCOMPARE(o->connection.password, QStringLiteral("dpw")); // the data nodes' own

        // A redis+sentinel:// URL names its master; --master overrides it.
        o = parse({QStringLiteral("scan"), QStringLiteral("-u"), QStringLiteral("redis+sentinel://h1:26380,h2:26381/orders"), QStringLiteral("--master"),
                   QStringLiteral("billing")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.kind, ConnectionProfile::Kind::Sentinel);
        QCOMPARE(o->connection.masterName, QStringLiteral("billing"));
        QCOMPARE(o->connection.nodes().size(), qsizetype(2));

        // -h takes an IPv6 address bare or in brackets, as a URL writes it.
        o = parse({QStringLiteral("scan"), QStringLiteral("-h"), QStringLiteral("[::1]"), QStringLiteral("-p"), QStringLiteral("7000")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.host, QStringLiteral("::1"));
        o = parse({QStringLiteral("scan"), QStringLiteral("-h"), QStringLiteral("fe80::1%lo")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.host, QStringLiteral("fe80::1%lo"));

        // A bare IPv6 address is a host on the default port.
        o = parse({QStringLiteral("scan"), QStringLiteral("--sentinel"), QStringLiteral("::1"), QStringLiteral("--master"), QStringLiteral("m")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.host, QStringLiteral("::1"));
        QCOMPARE(o->connection.port, quint16(26379));

        // The URL's sentinel password stands unless --sentinel-pass is given.
        o = parse({QStringLiteral("scan"), QStringLiteral("-u"), QStringLiteral("redis+sentinel://h1/orders?sentinel_password=sp")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.sentinelPassword, QStringLiteral("sp"));
        o = parse({QStringLiteral("scan"), QStringLiteral("-u"), QStringLiteral("redis+sentinel://h1/orders?sentinel_password=sp"),
                   QStringLiteral("--sentinel-pass"), QStringLiteral("other")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.sentinelPassword, QStringLiteral("other"));
    }

    void caDirectoryGoesWhereTheCaFileGoes()
    {
        QString error;
        const std::optional<CliOptions> o = parse({QStringLiteral("scan"), QStringLiteral("--tls"), QStringLiteral("--cacertdir"), QStringLiteral("/etc/ssl/certs")}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->connection.tls.caFile, QStringLiteral("/etc/ssl/certs"));
    }

    void helpPerCommand()
    {
        QString error;
        std::optional<CliOptions> o = parse({QStringLiteral("scan"), QStringLiteral("--help")}, &error);
        QVERIFY(o);
        QCOMPARE(o->command, CliOptions::Command::Help);
        QCOMPARE(o->helpTopic, CliOptions::Command::Scan);
        const QString scan = CliOptions::helpText(o->helpTopic);
        QVERIFY(scan.contains(QLatin1String("lockscope scan")));
        QVERIFY(scan.contains(QLatin1String("--pattern GLOB")));
        QVERIFY(scan.contains(QLatin1String("--cacertdir DIR")));
        QVERIFY(!scan.contains(QLatin1String("--ttl")));
        QVERIFY(!scan.contains(QLatin1String("lockscope watch")));

        const QString demo = CliOptions::helpText(CliOptions::Command::Demo);
        QVERIFY(demo.contains(QLatin1String("--workers N")));
        QVERIFY(!demo.contains(QLatin1String("--host")));

        o = parse({QStringLiteral("--help")}, &error);
        QVERIFY(o);
        QCOMPARE(o->helpTopic, CliOptions::Command::Help);
        const QString all = CliOptions::helpText();
        for (const char *option : {"--host HOST", "--ttl MS", "--screenshot FILE", "--workers N", "--list", "--cacertdir DIR", "Exit codes"})
            QVERIFY2(all.contains(QLatin1String(option)), option);
    }
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "tst_clioptions.moc"

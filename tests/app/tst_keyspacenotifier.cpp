#include "dialectregistry.h"
#include "keyspaceeventflags.h"
#include "keyspacenotifier.h"
#include "keyspacenotifications.h"
#include "notificationrestorer.h"
#include "servertopology.h"
#include "testredis.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

class TestKeyspaceNotifier : public QObject
{
    Q_OBJECT

private:
    // A notifier listening for lock:* on a connection of its own, not yet open.
    struct Listener
    {
        explicit Listener(const ConnectionOptions &options)
            : connection(options)
            , notifier(&connection, &registry)
        {
            notifier.setPatterns({KeyPattern("lock:*")});
        }
        RedisConnection connection;
        const DialectRegistry registry;
        KeyspaceNotifier notifier;
    };

    static QByteArray flags(TestRedis &redis)
    {
        return redis.command({"CONFIG", "GET", "notify-keyspace-events"}).at(1).bytes();
    }

private Q_SLOTS:
    void channelPatterns_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<int>("database");
        QTest::addColumn<QByteArray>("channel");
        QTest::newRow("case-sensitive") << QStringLiteral("mutex:*") << 0 << QByteArray("__keyspace@0__:mutex:*");
        QTest::newRow("case-insensitive") << QStringLiteral("i:*lock*") << 3 << QByteArray("__keyspace@3__:*[lL][oO][cC][kK]*");
        QTest::newRow("classes and escapes kept") << QStringLiteral("i:a[bc]\\*d?") << 0
                                                  << QByteArray("__keyspace@0__:[aA][bc]\\*[dD]?");
        QTest::newRow("digits and symbols") << QStringLiteral("i:qo_1*") << 0 << QByteArray("__keyspace@0__:[qQ][oO]_1*");
    }

    void channelPatterns()
    {
        QFETCH(QString, pattern);
        QFETCH(int, database);
        QFETCH(QByteArray, channel);
        QCOMPARE(KeyspaceNotifier::channelPatterns({KeyPattern::parse(pattern), KeyPattern::parse(pattern)}, database),
                 QList<QByteArray>{channel});
    }

    void usesWhatTheServerAlreadyPublishes()
    {
        TestRedis redis;
        QVERIFY(redis.start({QStringLiteral("--notify-keyspace-events"), QStringLiteral("AK")}));
        RedisConnection connection(redis.options());
        const DialectRegistry registry;
        KeyspaceNotifier notifier(&connection, &registry);
        notifier.setPatterns({KeyPattern("*lock*", Qt::CaseInsensitive)});
        QSignalSpy events(&notifier, &KeyspaceNotifier::keyEvent);
        connection.open();
        notifier.start();
        QTRY_VERIFY(notifier.isLive());
        QVERIFY(!notifier.changedServer());
        QVERIFY(notifier.statusText().startsWith(QLatin1String("live")));
        redis.command({"SET", "Order-LOCK", "t", "PX", "5000"});           // matched, whatever the case
        redis.command({"SET", "user:1", "t"});                              // not a lock
        redis.command({"RPUSH", "redisson_lock_queue:{orders}", "w"});      // a lock's side key
        redis.command({"DEL", "Order-LOCK"});
        QTRY_COMPARE(events.size(), 3);
        QCOMPARE(events.at(0).at(0).toByteArray(), QByteArray("Order-LOCK"));
        QCOMPARE(events.at(0).at(1).toByteArray(), QByteArray("set"));
        QCOMPARE(events.at(1).at(1).toByteArray(), QByteArray("expire"));
        QCOMPARE(events.at(2).at(1).toByteArray(), QByteArray("del"));
        QCOMPARE(notifier.notificationsReceived(), qint64(3));
        notifier.stop();
        QCOMPARE(flags(redis), QByteArray("AK")); // untouched
    }

    // What changed while nothing listened was not heard: after the listener's reconnect, and
    // after it is replaced (new patterns), the notifier asks for a resync, once each.
    void aGapInListeningAsksForAResync()
    {
        TestRedis redis;
        QVERIFY(redis.start({QStringLiteral("--notify-keyspace-events"), QStringLiteral("AK")}));
        Listener listener(redis.options());
        RedisConnection &connection = listener.connection;
        KeyspaceNotifier &notifier = listener.notifier;
        QSignalSpy resubscribed(&notifier, &KeyspaceNotifier::resubscribed);
        connection.open();
        notifier.start();
        QTRY_VERIFY(notifier.isLive());
        QCOMPARE(resubscribed.size(), 0);
        QVERIFY(redis.command({"CLIENT", "KILL", "TYPE", "pubsub"}).integer() >= 1);
        QTRY_COMPARE(resubscribed.size(), 1);
        QTRY_VERIFY(notifier.isLive());
        notifier.setPatterns({KeyPattern("job:*")});
        QVERIFY(!notifier.isLive());
        QTRY_COMPARE(resubscribed.size(), 2);
        QVERIFY(notifier.isLive());
        QSignalSpy events(&notifier, &KeyspaceNotifier::keyEvent);
        redis.command({"SET", "job:1", "t"});
        QTRY_COMPARE(events.size(), 1);
        QCOMPARE(resubscribed.size(), 2);
    }

    // Notifications turned on by someone else while LockScope watches: never "off" with flags
    // that are on, on the way to live (the next recheck finds them).
    void notificationsTurnedOnLaterGoLiveWithoutAFalseWord()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        Listener listener(redis.options());
        RedisConnection &connection = listener.connection;
        KeyspaceNotifier &notifier = listener.notifier;
        QStringList said;
        connect(&notifier, &KeyspaceNotifier::stateChanged, this, [&] { said << notifier.statusText(); });
        connection.open();
        notifier.start();
        QTRY_COMPARE(notifier.state(), KeyspaceNotifier::State::Off);
        QVERIFY(redis.command({"CONFIG", "SET", "notify-keyspace-events", "KA"}).isStatus("OK"));
        QTRY_VERIFY_WITH_TIMEOUT(notifier.isLive(), 15000);
        for (const QString &line : std::as_const(said))
            QVERIFY2(!line.contains(QLatin1String("lacks )")), qPrintable(line));
    }

    // Refused once, heard later: the user is given the channels while the watch runs. And
    // notifications LockScope turned on for a listener that was refused are put back.
    void aRefusedListenerIsTriedAgainAndPutsBackWhatItTurnedOn()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        Listener listener(redis.optionsAsNewUser("later", {"~*", "resetchannels", "+@all"}));
        RedisConnection &connection = listener.connection;
        KeyspaceNotifier &notifier = listener.notifier;
        notifier.setMayEnable(true);
        connection.open();
        notifier.start();
        QTRY_COMPARE(notifier.state(), KeyspaceNotifier::State::Unheard);
        QTRY_COMPARE(flags(redis), QByteArray()); // put back: nobody would hear them
        QVERIFY(!notifier.changedServer());
        // Someone turns them on, and the user is let in: live at a recheck.
        QVERIFY(redis.command({"CONFIG", "SET", "notify-keyspace-events", "KA"}).isStatus("OK"));
        QVERIFY(redis.command({"ACL", "SETUSER", "later", "allchannels"}).isStatus("OK"));
        QTRY_VERIFY_WITH_TIMEOUT(notifier.isLive(), 15000);
        QSignalSpy events(&notifier, &KeyspaceNotifier::keyEvent);
        redis.command({"SET", "lock:later", "t"});
        QTRY_COMPARE(events.size(), 1);
    }

    void neverChangesTheServerWithoutConsent()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        Listener listener(redis.options());
        RedisConnection &connection = listener.connection;
        KeyspaceNotifier &notifier = listener.notifier;
        connection.open();
        notifier.start();
        QTRY_COMPARE(notifier.state(), KeyspaceNotifier::State::Off);
        QVERIFY(notifier.statusText().contains(QLatin1String("off")));
        QCOMPARE(flags(redis), QByteArray());

        // Allowed: turned on, merged with what was there, and live.
        redis.command({"CONFIG", "SET", "notify-keyspace-events", "Elm"});
        notifier.setMayEnable(true);
        QTRY_VERIFY(notifier.isLive());
        QVERIFY(notifier.changedServer());
        const QByteArray set = flags(redis);
        for (char c : QByteArray("Kg$hzxeElm"))
            QVERIFY2(set.contains(c), set.constData());
        QSignalSpy events(&notifier, &KeyspaceNotifier::keyEvent);
        redis.command({"SET", "lock:x", "t"});
        QTRY_COMPARE(events.size(), 1);

        // Consent taken back: the server's own setting returns.
        notifier.setMayEnable(false);
        QTRY_COMPARE(notifier.state(), KeyspaceNotifier::State::Off);
        QTRY_COMPARE(KeyspaceEventFlags::normalised(QString::fromUtf8(flags(redis))), QStringLiteral("Elm"));
    }

    void restoreLeavesSomeoneElsesChangeAlone()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection connection(redis.options());
        const DialectRegistry registry;
        KeyspaceNotifier notifier(&connection, &registry);
        notifier.setMayEnable(true);
        connection.open();
        notifier.start();
        QTRY_VERIFY(notifier.changedServer());
        redis.command({"CONFIG", "SET", "notify-keyspace-events", "KA"}); // an operator's own choice
        bool done = false;
        notifier.restore(this, [&done](bool ok) { done = ok; });
        QTRY_VERIFY(done);
        QVERIFY(!notifier.changedServer());
        QCOMPARE(KeyspaceEventFlags::normalised(QString::fromUtf8(flags(redis))), KeyspaceEventFlags::normalised(QStringLiteral("AK")));
    }

    void handedOffRestoreOutlivesTheNotifierAndItsConnection()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        QObject restorers;
        const DialectRegistry registry;
        std::unique_ptr<QSignalSpy> failed;
        {
            RedisConnection connection(redis.options());
            KeyspaceNotifier notifier(&connection, &registry);
            notifier.setPatterns({KeyPattern("lock:*")});
            notifier.setMayEnable(true);
            connection.open();
            notifier.start();
            QTRY_VERIFY(notifier.isLive());
            QVERIFY(!flags(redis).isEmpty());
            notifier.stop();
            QVERIFY(!flags(redis).isEmpty()); // stopping alone changes nothing on the server
            NotificationRestorer *restorer = notifier.handOffRestore(&restorers);
            QVERIFY(restorer);
            failed = std::make_unique<QSignalSpy>(restorer, &NotificationRestorer::failed);
            QVERIFY(!notifier.changedServer());
            QVERIFY(!notifier.handOffRestore(&restorers)); // handed off once
            // The connection is destroyed before the notifier here, as a session's once was.
        }
        QTRY_COMPARE(flags(redis), QByteArray());
        QTRY_VERIFY(restorers.children().isEmpty()); // the restorer is gone once done
        QCOMPARE(failed->count(), 0);
    }

    // A restore that cannot reach the server says so, naming it and the setting to put back:
    // the setting stays as LockScope left it.
    void handedOffRestoreThatCannotReachTheServerSaysSo()
    {
        TestRedis redis;
        QVERIFY(redis.start({QStringLiteral("--notify-keyspace-events"), QStringLiteral("Kx")}));
        Listener listener(redis.options());
        KeyspaceNotifier &notifier = listener.notifier;
        notifier.setMayEnable(true);
        listener.connection.open();
        notifier.start();
        QTRY_VERIFY(notifier.isLive());
        QVERIFY(notifier.changedServer());
        notifier.stop();
        redis.kill();
        QObject restorers;
        NotificationRestorer *restorer = notifier.handOffRestore(&restorers);
        QVERIFY(restorer);
        QSignalSpy failed(restorer, &NotificationRestorer::failed);
        QSignalSpy relayed(&notifier, &KeyspaceNotifier::restoreFailed);
        QVERIFY(failed.wait(NotificationRestorer::graceMs + 5000));
        const QString message = failed.first().first().toString();
        QVERIFY2(message.contains(QStringLiteral("127.0.0.1:%1").arg(redis.port())), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("CONFIG SET notify-keyspace-events \"xK\""))
                     || message.contains(QLatin1String("CONFIG SET notify-keyspace-events \"Kx\"")),
                 qPrintable(message));
        QCOMPARE(relayed.count(), 1); // the notifier, still there, says it too
        QTRY_VERIFY(restorers.children().isEmpty());
    }

    void firstWatcherToLeaveLeavesThemOnForTheOther()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"CONFIG", "SET", "notify-keyspace-events", "Elm"});
        const DialectRegistry registry;
        RedisConnection first(redis.options());
        RedisConnection second(redis.options());
        KeyspaceNotifier a(&first, &registry);
        KeyspaceNotifier b(&second, &registry);
        a.setPatterns({KeyPattern("lock:*")});
        b.setPatterns({KeyPattern("lock:*")});
        a.setMayEnable(true);
        b.setMayEnable(true);
        first.open();
        a.start();
        QTRY_VERIFY(a.isLive());
        QVERIFY(a.changedServer());
        const QByteArray on = flags(redis);

        // The second finds them on, and takes over the duty to put them back.
        second.open();
        b.start();
        QTRY_VERIFY(b.isLive());
        QTRY_VERIFY(b.changedServer());
        QTRY_VERIFY(redis.command({"CLIENT", "LIST"}).bytes().count(":restore:") == 2);

        // The first leaves: the second still needs them, so they stay on.
        bool done = false;
        a.restore(this, [&done](bool ok) { done = ok; });
        QTRY_VERIFY(done);
        QCOMPARE(flags(redis), on);
        QSignalSpy events(&b, &KeyspaceNotifier::keyEvent);
        redis.command({"SET", "lock:x", "t"});
        QTRY_COMPARE(events.size(), 1);
        QVERIFY(b.isLive());

        // The last one out puts back what was there before either came.
        done = false;
        b.restore(this, [&done](bool ok) { done = ok; });
        QTRY_VERIFY(done);
        QCOMPARE(KeyspaceEventFlags::normalised(QString::fromUtf8(flags(redis))), QStringLiteral("Elm"));
    }

    void listenerNamesCarryTheDuty_data()
    {
        QTest::addColumn<QString>("original");
        QTest::newRow("nothing was on") << QString();
        QTest::newRow("some flags") << QStringLiteral("Elm");
        QTest::newRow("characters a name could not hold raw") << QStringLiteral("KEA$ x");
    }

    void listenerNamesCarryTheDuty()
    {
        QFETCH(QString, original);
        const QByteArray name = KeyspaceNotifier::listenerName("abc", original);
        for (char c : name)
            QVERIFY2(c > ' ' && c <= '~', name.constData()); // CLIENT SETNAME accepts it
        QCOMPARE(KeyspaceNotifier::restoreDuty(name), std::optional<QString>(original));
        QCOMPARE(KeyspaceNotifier::restoreDuty(KeyspaceNotifier::listenerName("abc", std::nullopt)), std::nullopt);
        QCOMPARE(KeyspaceNotifier::restoreDuty("someone-else:restore:41"), std::nullopt);
    }

    // Before a standalone server answers, it is the server that is waited for, not "masters".
    void aStandaloneServerNotYetThereIsTheServer()
    {
        ConnectionOptions options;
        options.host = QStringLiteral("127.0.0.1");
        options.port = 1; // nothing listens there
        ServerTopology topology(options);
        const DialectRegistry registry;
        const KeyspaceNotifications notifications(&topology, &registry);
        QCOMPARE(notifications.statusText(), QStringLiteral("keyspace notifications: waiting for the server"));
    }

    void refusedConfigListensAnyway()
    {
        TestRedis redis;
        // A managed service: CONFIG is not available, but notifications are on.
        QVERIFY(redis.start({QStringLiteral("--notify-keyspace-events"), QStringLiteral("KA"), QStringLiteral("--rename-command"),
                             QStringLiteral("CONFIG"), QStringLiteral("")}));
        Listener listener(redis.options());
        RedisConnection &connection = listener.connection;
        KeyspaceNotifier &notifier = listener.notifier;
        notifier.setMayEnable(true);
        connection.open();
        notifier.start();
        QTRY_COMPARE(notifier.state(), KeyspaceNotifier::State::Unverifiable);
        QVERIFY(!notifier.isLive());
        QVERIFY(notifier.statusText().contains(QLatin1String("CONFIG refused")));
        QVERIFY2(notifier.statusText().contains(QLatin1String("nor turn them on")), qPrintable(notifier.statusText()));
        notifier.setMayEnable(false); // not asked to: nothing to say it failed
        QVERIFY2(!notifier.statusText().contains(QLatin1String("turn them on")), qPrintable(notifier.statusText()));
        notifier.setMayEnable(true);
        // The first notification proves they are on. The listener needs a moment to subscribe.
        QSignalSpy events(&notifier, &KeyspaceNotifier::keyEvent);
        QTRY_VERIFY_WITH_TIMEOUT((redis.command({"SET", "lock:probe", "t"}), !events.isEmpty()), 5000);
        QTRY_VERIFY(notifier.isLive());
        QVERIFY(!notifier.changedServer());
    }

    // Notifications on, but the user may not subscribe (Redis 7's default channels for a new
    // ACL user): never called live, so the watch polls instead of waiting for nothing.
    void aRefusedSubscriptionIsNotLive()
    {
        TestRedis redis;
        QVERIFY(redis.start({QStringLiteral("--notify-keyspace-events"), QStringLiteral("KA")}));
        Listener listener(redis.optionsAsNewUser("nochannel", {"~*", "resetchannels", "+@all"}));
        RedisConnection &connection = listener.connection;
        KeyspaceNotifier &notifier = listener.notifier;
        // Not even for a moment, between the listener's connect and the refusal: a watch
        // would print it.
        QStringList saidLive;
        connect(&notifier, &KeyspaceNotifier::stateChanged, this, [&] {
            if (notifier.isLive() || notifier.statusText().startsWith(QLatin1String("live")))
                saidLive << notifier.statusText();
        });
        connection.open();
        notifier.start();
        QTRY_COMPARE(notifier.state(), KeyspaceNotifier::State::Unheard);
        QVERIFY(!notifier.isLive());
        QCOMPARE(saidLive, QStringList());
        QVERIFY2(notifier.statusText().contains(QLatin1String("NOPERM")), qPrintable(notifier.statusText()));
    }
};

QTEST_GUILESS_MAIN(TestKeyspaceNotifier)
#include "tst_keyspacenotifier.moc"

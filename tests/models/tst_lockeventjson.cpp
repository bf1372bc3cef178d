#include "lockeventjson.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

class TestLockEventJson : public QObject
{
    Q_OBJECT

private:
    static QJsonObject parse(const QByteArray &line)
    {
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(line, &error).object();
        if (error.error != QJsonParseError::NoError)
            qWarning() << error.errorString() << line;
        return o;
    }

private Q_SLOTS:
    void alwaysHasTheDocumentedFields_data()
    {
        QTest::addColumn<int>("kind");
        for (LockEventKind k : LockEvent::lockKinds())
            QTest::newRow(qPrintable(LockEvent::kindId(k))) << int(k);
    }

    void alwaysHasTheDocumentedFields()
    {
        QFETCH(int, kind);
        LockEvent e;
        e.kind = LockEventKind(kind);
        e.timeMs = 1'700'000'000'123;
        e.key = "lock:orders";
        e.dialect = QStringLiteral("plain");
        e.holder = QStringLiteral("client x");
        e.token = "tok-2";
        e.previousToken = "tok-1";
        e.ttlMs = 2500;
        const QByteArray line = LockEventJson::line(e);
        QVERIFY(line.endsWith('\n'));
        QCOMPARE(line.count('\n'), 1);
        const QJsonObject o = parse(line);
        QCOMPARE(o.value(QStringLiteral("ts")).toInteger(), qint64(1'700'000'000'123));
        QCOMPARE(o.value(QStringLiteral("event")).toString(), LockEvent::kindId(e.kind));
        QCOMPARE(o.value(QStringLiteral("key")).toString(), QStringLiteral("lock:orders"));
        QCOMPARE(o.value(QStringLiteral("dialect")).toString(), QStringLiteral("plain"));
        QCOMPARE(o.value(QStringLiteral("holder")).toString(), QStringLiteral("client x"));
        QCOMPARE(o.value(QStringLiteral("token")).toString(), QStringLiteral("tok-2"));
        QCOMPARE(o.value(QStringLiteral("ttl_ms")).toInteger(), qint64(2500));
        // previous_token belongs to handovers only.
        QCOMPARE(o.contains(QStringLiteral("previous_token")), e.kind == LockEventKind::HandedOver);
        if (e.kind == LockEventKind::HandedOver)
            QCOMPARE(o.value(QStringLiteral("previous_token")).toString(), QStringLiteral("tok-1"));
        QVERIFY(!o.contains(QStringLiteral("held_ms"))); // not observed, not written
    }

    void serverEventsSayWhatHappenedToTheServer()
    {
        const LockEvent e = LockEvent::server(QStringLiteral("connection-lost"), QStringLiteral("127.0.0.1:6379"),
                                              QStringLiteral("Connection to 127.0.0.1:6379 lost"), 1'700'000'000'123);
        const QJsonObject o = parse(LockEventJson::line(e));
        QCOMPARE(o.value(QStringLiteral("event")).toString(), QStringLiteral("server"));
        QCOMPARE(o.value(QStringLiteral("state")).toString(), QStringLiteral("connection-lost"));
        QCOMPARE(o.value(QStringLiteral("server")).toString(), QStringLiteral("127.0.0.1:6379"));
        QCOMPARE(o.value(QStringLiteral("message")).toString(), QStringLiteral("Connection to 127.0.0.1:6379 lost"));
        QCOMPARE(o.value(QStringLiteral("ts")).toInteger(), qint64(1'700'000'000'123));
        QVERIFY(!o.contains(QStringLiteral("key"))); // about no lock
    }

    void bytesAreEscapedAndUnknownsAreNull()
    {
        LockEvent e;
        e.kind = LockEventKind::Acquired;
        e.key = QByteArray("lock:\xff\"q\"", 9);
        e.token = QByteArray("\x00\x01\\", 3);
        e.inferred = true;
        const QJsonObject o = parse(LockEventJson::line(e));
        QCOMPARE(o.value(QStringLiteral("key")).toString(), QStringLiteral("lock:\\xff\\\"q\\\""));
        QCOMPARE(o.value(QStringLiteral("token")).toString(), QStringLiteral("\\x00\\x01\\\\"));
        QVERIFY(o.value(QStringLiteral("ttl_ms")).isNull());
        QCOMPARE(o.value(QStringLiteral("inferred")).toBool(), true);
    }

    // No token known (seen only through notifications, a value no dialect decodes, one
    // longer than was read): null, where "" passed for a token.
    void anUnknownTokenIsNull()
    {
        LockEvent e;
        e.kind = LockEventKind::HandedOver;
        e.key = "lock:big";
        const QJsonObject o = parse(LockEventJson::line(e));
        QVERIFY(o.contains(QStringLiteral("token")) && o.value(QStringLiteral("token")).isNull());
        QVERIFY(o.contains(QStringLiteral("previous_token")) && o.value(QStringLiteral("previous_token")).isNull());
    }

    void optionalDetailsWhenObserved()
    {
        LockEvent e;
        e.kind = LockEventKind::NearMiss;
        e.ttlMs = 3000;
        e.ttlLeftMs = 150;
        e.leaseMs = 3000;
        e.intervalMs = 2850;
        const QJsonObject o = parse(LockEventJson::line(e));
        QCOMPARE(o.value(QStringLiteral("ttl_left_ms")).toInteger(), qint64(150));
        QCOMPARE(o.value(QStringLiteral("lease_ms")).toInteger(), qint64(3000));
        QCOMPARE(o.value(QStringLiteral("renew_interval_ms")).toInteger(), qint64(2850));

        LockEvent c;
        c.kind = LockEventKind::Contended;
        c.waiters = 4;
        c.failedAttempts = 17;
        const QJsonObject oc = parse(LockEventJson::line(c));
        QCOMPARE(oc.value(QStringLiteral("waiters")).toInteger(), qint64(4));
        QCOMPARE(oc.value(QStringLiteral("failed_attempts")).toInteger(), qint64(17));

        LockEvent s;
        s.kind = LockEventKind::Stuck;
        s.ttlMs = -1;
        s.heldMs = 30000;
        s.reason = QStringLiteral("no-ttl");
        const QJsonObject os = parse(LockEventJson::line(s));
        QCOMPARE(os.value(QStringLiteral("ttl_ms")).toInteger(), qint64(-1));
        QCOMPARE(os.value(QStringLiteral("held_ms")).toInteger(), qint64(30000));
        QCOMPARE(os.value(QStringLiteral("reason")).toString(), QStringLiteral("no-ttl"));
    }
};

QTEST_GUILESS_MAIN(TestLockEventJson)
#include "tst_lockeventjson.moc"

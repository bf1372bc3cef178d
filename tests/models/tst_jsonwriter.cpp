#include "jsonwriter.h"
#include "lockjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

class TestJsonWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void producesValidJson()
    {
        JsonWriter w;
        w.beginObject()
            .field("s", QStringLiteral("quote\" backslash\\ newline\n tab\t ctrl\x01 é"))
            .field("n", qint64(-5))
            .field("d", 1.5)
            .field("b", true)
            .key("nothing").null()
            .key("list").beginArray().value(1).value(QStringLiteral("two")).beginObject().endObject().endArray()
            .endObject();
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(w.data(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject o = doc.object();
        QCOMPARE(o.value(QStringLiteral("s")).toString(), QStringLiteral("quote\" backslash\\ newline\n tab\t ctrl\x01 é"));
        QCOMPARE(o.value(QStringLiteral("n")).toInt(), -5);
        QCOMPARE(o.value(QStringLiteral("d")).toDouble(), 1.5);
        QVERIFY(o.value(QStringLiteral("b")).toBool());
        QVERIFY(o.value(QStringLiteral("nothing")).isNull());
        QCOMPARE(o.value(QStringLiteral("list")).toArray().size(), 3);
    }

    void lockLine()
    {
        LockInfo lock;
        lock.sample.key = QByteArray("lock:\xff", 6);
        lock.sample.type = RedisType::String;
        lock.sample.pttlMs = -1;
        lock.sample.size = 3;
        lock.dialect = QStringLiteral("plain");
        LockHolder h;
        h.token = QByteArray("\x00\x01z", 3);
        lock.holders = {h};
        lock.warnings = {QStringLiteral("no-ttl")};
        const QByteArray line = LockJson::line(lock, 0);
        QVERIFY(line.endsWith('\n'));
        QCOMPARE(line.count('\n'), 1);
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        QCOMPARE(o.value(QStringLiteral("key")).toString(), QStringLiteral("lock:\\xff"));
        QCOMPARE(o.value(QStringLiteral("ttl_ms")).toInt(), -1);
        QCOMPARE(o.value(QStringLiteral("state")).toString(), QStringLiteral("stuck"));
        QCOMPARE(o.value(QStringLiteral("redis_type")).toString(), QStringLiteral("string"));
        const QJsonObject holder = o.value(QStringLiteral("holders")).toArray().first().toObject();
        QCOMPARE(holder.value(QStringLiteral("token")).toString(), QStringLiteral("\\x00\\x01z"));
        QCOMPARE(holder.value(QStringLiteral("count")).toInt(), 1);
        QCOMPARE(o.value(QStringLiteral("warnings")).toArray().first().toString(), QStringLiteral("no-ttl"));
        QVERIFY(!o.contains(QStringLiteral("waiters"))); // absent where not observable
    }
};

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_jsonwriter.moc"

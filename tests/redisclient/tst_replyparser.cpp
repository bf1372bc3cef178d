#include "commandencoder.h"
#include "replyparser.h"

#include <QRandomGenerator>
#include <QTest>

// The parser must produce the same replies however the bytes are cut: one byte at a time,
// at every boundary, and in random chunks, as TCP delivers them.
class TestReplyParser : public QObject
{
    Q_OBJECT

private:
    static QList<RedisReply> parseAll(const QList<QByteArray> &chunks, QString *error = nullptr)
    {
        ReplyParser parser;
        QList<RedisReply> out;
        for (const QByteArray &chunk : chunks) {
            parser.feed(chunk);
            while (auto reply = parser.next())
                out << *reply;
        }
        if (error)
            *error = parser.errorString();
        return out;
    }

    // A stream with every reply type, nesting, binary and empty strings.
    static QByteArray stream()
    {
        QByteArray bin;
        for (int i = 0; i < 256; ++i)
            bin += char(i);
        return QByteArray("+OK\r\n") + "-WRONGTYPE Operation against a key holding the wrong kind of value\r\n"
               + ":-42\r\n" + "$-1\r\n" + "$0\r\n\r\n" + "$" + QByteArray::number(bin.size()) + "\r\n" + bin + "\r\n"
               + "*-1\r\n" + "*0\r\n" + "*3\r\n$3\r\nfoo\r\n:7\r\n*2\r\n$1\r\nx\r\n*1\r\n$-1\r\n"
               + "*2\r\n$1\r\n0\r\n*2\r\n$6\r\nlock:a\r\n$6\r\nlock:b\r\n";
    }

    static QList<RedisReply> expected()
    {
        QByteArray bin;
        for (int i = 0; i < 256; ++i)
            bin += char(i);
        return {
            RedisReply::status("OK"),
            RedisReply::error("WRONGTYPE Operation against a key holding the wrong kind of value"),
            RedisReply::integer(-42),
            RedisReply::nil(),
            RedisReply::string(""),
            RedisReply::string(bin),
            RedisReply::nil(),
            RedisReply::array({}),
            RedisReply::array({RedisReply::string("foo"), RedisReply::integer(7),
                               RedisReply::array({RedisReply::string("x"), RedisReply::array({RedisReply::nil()})})}),
            RedisReply::array({RedisReply::string("0"),
                               RedisReply::array({RedisReply::string("lock:a"), RedisReply::string("lock:b")})}),
        };
    }

private Q_SLOTS:
    void wholeStream()
    {
        QCOMPARE(parseAll({stream()}), expected());
    }

    void byteByByte()
    {
        QList<QByteArray> chunks;
        const QByteArray s = stream();
        for (char c : s)
            chunks << QByteArray(1, c);
        QCOMPARE(parseAll(chunks), expected());
    }

    void everySplitPoint()
    {
        const QByteArray s = stream();
        for (qsizetype cut = 1; cut < s.size(); ++cut) {
            const QList<RedisReply> got = parseAll({s.left(cut), s.mid(cut)});
            if (got != expected())
                QFAIL(qPrintable(QStringLiteral("wrong parse with a cut at byte %1").arg(cut)));
        }
    }

    void randomChunks()
    {
        QRandomGenerator rng(20261123);
        const QByteArray s = stream().repeated(20);
        QList<RedisReply> want;
        for (int i = 0; i < 20; ++i)
            want << expected();
        for (int round = 0; round < 200; ++round) {
            QList<QByteArray> chunks;
            for (qsizetype at = 0; at < s.size();) {
                const qsizetype n = 1 + rng.bounded(64);
                chunks << s.mid(at, n);
                at += n;
            }
            QCOMPARE(parseAll(chunks), want);
        }
    }

    void largeBulkInPieces()
    {
        const QByteArray value(10 * 1024 * 1024, 'v');
        const QByteArray wire = "$" + QByteArray::number(value.size()) + "\r\n" + value + "\r\n";
        QList<QByteArray> chunks;
        for (qsizetype at = 0; at < wire.size(); at += 65536)
            chunks << wire.mid(at, 65536);
        const QList<RedisReply> got = parseAll(chunks);
        QCOMPARE(got.size(), 1);
        QCOMPARE(got.first().bytes().size(), value.size());
    }

    void protocolError()
    {
        QString error;
        const QList<RedisReply> got = parseAll({"+OK\r\n", "!garbage\r\n", "+OK\r\n"}, &error);
        QCOMPARE(got.size(), 1);
        QVERIFY2(error.contains(QLatin1String("protocol")), qPrintable(error));
    }

    void encoderIsBinarySafe()
    {
        const QByteArray token("\x00\xff\r\n a", 6);
        const QByteArray wire = CommandEncoder::encode({"SET", "k", token});
        QCOMPARE(wire, QByteArray("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$6\r\n") + token + "\r\n");
        QCOMPARE(CommandEncoder::encode({"PING"}), QByteArray("*1\r\n$4\r\nPING\r\n"));
        QCOMPARE(CommandEncoder::encode({"SET", "", ""}), QByteArray("*3\r\n$3\r\nSET\r\n$0\r\n\r\n$0\r\n\r\n"));
    }

    void encoderTakesViews()
    {
        const QByteArray token("\x00\xff\r\n a", 6);
        QByteArray wire;
        CommandEncoder::append(wire, {"SET", "k", token});
        CommandEncoder::append(wire, {QByteArrayView("PING")});
        QCOMPARE(wire, CommandEncoder::encode({"SET", "k", token}) + CommandEncoder::encode({"PING"}));
    }

    void nameAt_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("index");
        QTest::addColumn<QByteArray>("name");
        const QByteArray three = CommandEncoder::encode({"PTTL", "k"}) + CommandEncoder::encode({"client", "setname", "x"})
                                 + CommandEncoder::encode({"GETRANGE", QByteArray("\r\n*1\r\n", 7), "0", "9"});
        QTest::newRow("first") << three << 0 << QByteArray("PTTL");
        QTest::newRow("container, as written") << three << 1 << QByteArray("client setname");
        QTest::newRow("after a key that looks like RESP") << three << 2 << QByteArray("GETRANGE");
        QTest::newRow("past the end") << three << 3 << QByteArray();
        QTest::newRow("nothing") << QByteArray() << 0 << QByteArray();
        QTest::newRow("not RESP") << QByteArray("PING\r\n") << 0 << QByteArray();
        QTest::newRow("cut short") << three.left(20) << 1 << QByteArray();
        QTest::newRow("bad length") << QByteArray("*1\r\n$x\r\nPING\r\n") << 0 << QByteArray();
    }

    void nameAt()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, index);
        QFETCH(QByteArray, name);
        QCOMPARE(CommandEncoder::nameAt(bytes, index), name);
    }

    void errorCodes()
    {
        QVERIFY(RedisReply::error("NOSCRIPT No matching script").errorIs("NOSCRIPT"));
        QVERIFY(!RedisReply::error("NOSCRIPTX nope").errorIs("NOSCRIPT"));
        QVERIFY(RedisReply::error("WRONGPASS").errorIs("WRONGPASS"));
        QVERIFY(!RedisReply::string("NOSCRIPT").errorIs("NOSCRIPT"));
    }

    void passingErrors_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<bool>("passing");
        QTest::newRow("cluster down") << QStringLiteral("CLUSTERDOWN The cluster is down") << true;
        QTest::newRow("loading") << QStringLiteral("LOADING Redis is loading the dataset in memory") << true;
        QTest::newRow("try again") << QStringLiteral("TRYAGAIN Multiple keys request during rehashing of slot") << true;
        QTest::newRow("master down") << QStringLiteral("MASTERDOWN Link with MASTER is down") << true;
        QTest::newRow("busy script") << QStringLiteral("BUSY Redis is busy running a script") << true;
        QTest::newRow("code alone") << QStringLiteral("LOADING") << true;
        QTest::newRow("no permission") << QStringLiteral("NOPERM this user has no permissions to access one of the keys") << false;
        QTest::newRow("wrong type") << QStringLiteral("WRONGTYPE Operation against a key holding the wrong kind of value") << false;
        QTest::newRow("a longer code") << QStringLiteral("BUSYKEY Target key name already exists") << false;
        QTest::newRow("lower case") << QStringLiteral("clusterdown") << false;
        QTest::newRow("empty") << QString() << false;
    }

    void passingErrors()
    {
        QFETCH(QString, message);
        QFETCH(bool, passing);
        QCOMPARE(RedisReply::isPassingError(message), passing);
    }
};

QTEST_GUILESS_MAIN(TestReplyParser)
#include "tst_replyparser.moc"

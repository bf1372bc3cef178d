#include "tokentext.h"

#include <QTest>

class TestTokenText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void escape_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("uuid") << QByteArray("8743c9c0-0795-4907-87fd-6c719a6b4586") << "8743c9c0-0795-4907-87fd-6c719a6b4586";
        QTest::newRow("empty") << QByteArray() << "";
        QTest::newRow("space kept") << QByteArray("a b") << "a b";
        QTest::newRow("binary") << QByteArray("\x00\x01\xff", 3) << "\\x00\\x01\\xff";
        QTest::newRow("control escapes") << QByteArray("\n\r\t\a\b") << "\\n\\r\\t\\a\\b";
        QTest::newRow("quote and backslash") << QByteArray("a\"b\\c") << "a\\\"b\\\\c";
        QTest::newRow("utf-8 is bytes") << QByteArray("caf\xc3\xa9") << "caf\\xc3\\xa9";
        QTest::newRow("invalid utf-8") << QByteArray("\xc3\x28\xa0\xa1") << "\\xc3(\\xa0\\xa1";
        QTest::newRow("del") << QByteArray("\x7f") << "\\x7f";
    }

    void escape()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, text);
        QCOMPARE(TokenText::escape(bytes), text);
        QCOMPARE(TokenText::unescape(text).value(), bytes); // round trip
    }

    void unescapeAcceptsRedisCliInput_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("upper hex") << "\\xFF\\xAb" << QByteArray("\xff\xab");
        QTest::newRow("not hex stays literal") << "\\xZZ" << QByteArray("xZZ");
        QTest::newRow("short hex stays literal") << "\\x4" << QByteArray("x4");
        QTest::newRow("other escapes") << "\\q\\\\" << QByteArray("q\\");
    }

    void unescapeAcceptsRedisCliInput()
    {
        QFETCH(QString, text);
        QFETCH(QByteArray, bytes);
        QCOMPARE(TokenText::unescape(text).value(), bytes);
    }

    void trailingBackslashIsAnError()
    {
        QVERIFY(!TokenText::unescape(QStringLiteral("abc\\")).has_value());
    }
};

QTEST_GUILESS_MAIN(TestTokenText)
#include "tst_tokentext.moc"

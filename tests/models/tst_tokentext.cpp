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
        QTest::newRow("only a space") << QByteArray(" ") << "\\x20";
        QTest::newRow("spaces at the ends") << QByteArray("  a b ") << "\\x20\\x20a b\\x20";
        QTest::newRow("binary") << QByteArray("\x00\x01\xff", 3) << "\\x00\\x01\\xff";
        QTest::newRow("control escapes") << QByteArray("\n\r\t\a\b") << "\\n\\r\\t\\a\\b";
        QTest::newRow("quote and backslash") << QByteArray("a\"b\\c") << "a\\\"b\\\\c";
        QTest::newRow("utf-8 letters are text") << QByteArray("caf\xc3\xa9") << QStringLiteral("caf\u00e9");
        QTest::newRow("cjk") << QByteArray("\xe9\x94\x81:\xe8\xae\xa2\xe5\x8d\x95") << QStringLiteral("\u9501:\u8ba2\u5355");
        QTest::newRow("emoji, four bytes") << QByteArray("lock:\xf0\x9f\x94\x92") << QStringLiteral("lock:\U0001F512");
        QTest::newRow("zero-width space") << QByteArray("lock\xe2\x80\x8b") << "lock\\xe2\\x80\\x8b";
        QTest::newRow("direction override") << QByteArray("\xe2\x80\xaekcol") << "\\xe2\\x80\\xaekcol";
        QTest::newRow("no-break space") << QByteArray("a\xc2\xa0" "b") << "a\\xc2\\xa0b";
        QTest::newRow("combining mark") << QByteArray("cafe\xcc\x81") << "cafe\\xcc\\x81";
        QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << "\\xc0\\xaf";
        QTest::newRow("encoded surrogate") << QByteArray("\xed\xa0\x80") << "\\xed\\xa0\\x80";
        QTest::newRow("cut short") << QByteArray("\xe9\x94") << "\\xe9\\x94";
        QTest::newRow("hangul filler") << QByteArray("a\xe3\x85\xa4" "b") << "a\\xe3\\x85\\xa4b";
        QTest::newRow("blank braille") << QByteArray("a\xe2\xa0\x80" "b") << "a\\xe2\\xa0\\x80b";
        QTest::newRow("replacement character") << QByteArray("\xef\xbf\xbd") << "\\xef\\xbf\\xbd";
        QTest::newRow("c1 control") << QByteArray("\xc2\x85") << "\\xc2\\x85";
        QTest::newRow("invalid utf-8") << QByteArray("\xc3\x28\xa0\xa1") << "\\xc3(\\xa0\\xa1";
        // Bytes that are not UTF-8 as a whole are not text: a valid run among them is escaped too.
        QTest::newRow("a symbol among random bytes") << QByteArray("\x8d\xa9" "Dx\xe2\xaf\xa7\xbf") << "\\x8d\\xa9Dx\\xe2\\xaf\\xa7\\xbf";
        QTest::newRow("letters and a stray byte") << QByteArray("caf\xc3\xa9\xff") << "caf\\xc3\\xa9\\xff";
        // A slice of text cut inside a character at either end is still text: the cut bytes
        // are escaped, the characters between them shown.
        QTest::newRow("text cut at the end") << QByteArray("\xe9\x94\x81:\xe8\xae") << QStringLiteral("\u9501:\\xe8\\xae");
        QTest::newRow("text cut at the start") << QByteArray("\xae\xa2\xe5\x8d\x95") << QStringLiteral("\\xae\\xa2\u5355");
        QTest::newRow("del") << QByteArray("\x7f") << "\\x7f";
    }

    void escape()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, text);
        QCOMPARE(TokenText::escape(bytes), text);
        QCOMPARE(TokenText::unescape(text).value(), bytes); // round trip
    }

    // In messages: whole up to wholeUpTo bytes, then the start and end with the length.
    void quoted_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("text");
        const auto q = [](const QString &inner) { return QLatin1Char('"') + inner + QLatin1Char('"'); };
        QTest::newRow("short") << QByteArray("tok 1") << q(QStringLiteral("tok 1"));
        QTest::newRow("empty") << QByteArray() << q(QString());
        QTest::newRow("at the limit") << QByteArray(TokenText::wholeUpTo, 'a') << q(QString(TokenText::wholeUpTo, QLatin1Char('a')));
        QTest::newRow("one past") << QByteArray(96, 'a') + QByteArray(TokenText::wholeUpTo - 128 + 1, 'b') + QByteArray(32, 'c')
                                  << q(QString(96, QLatin1Char('a')) + QStringLiteral("…") + QString(32, QLatin1Char('c')))
                                         + QStringLiteral(" (193 bytes)");
        // Cut between characters, not inside one.
        QTest::newRow("long cjk key") << QByteArray("\xe9\x94\x81").repeated(100)
                                      << q(QStringLiteral("\u9501").repeated(32) + QStringLiteral("…") + QStringLiteral("\u9501").repeated(10))
                                             + QStringLiteral(" (300 bytes)");
        QTest::newRow("10 MB binary") << QByteArray(10 << 20, '\xff')
                                      << q(QStringLiteral("\\xff").repeated(96) + QStringLiteral("…") + QStringLiteral("\\xff").repeated(32))
                                             + QStringLiteral(" (10485760 bytes)");
    }

    void quoted()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, text);
        QCOMPARE(TokenText::quoted(bytes), text);
    }

    void unescapeAcceptsRedisCliInput_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("upper hex") << "\\xFF\\xAb" << QByteArray("\xff\xab");
        QTest::newRow("escaped backslash and quote") << "a\\\\b\\\"" << QByteArray("a\\b\"");
        QTest::newRow("hex then text") << "\\x41BC" << QByteArray("ABC");
        QTest::newRow("typed utf-8 is its bytes") << "caf\u00e9:\\x00" << QByteArray("caf\xc3\xa9:\x00", 7);
        QTest::newRow("no escapes") << "lock:orders" << QByteArray("lock:orders");
    }

    void unescapeAcceptsRedisCliInput()
    {
        QFETCH(QString, text);
        QFETCH(QByteArray, bytes);
        QString error;
        QCOMPARE(TokenText::unescape(text, &error).value(), bytes);
        QVERIFY(error.isEmpty());
    }

    // A malformed escape must never quietly become other bytes: lock:\xZZ is not the key
    // lock:xZZ, and a force-release must not hit a key the operator did not name.
    void invalidEscapesAreRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("not hex") << "lock:\\xZZ" << "invalid escape \\xZZ at character 6: \\x takes two hex digits, as in \\xff";
        QTest::newRow("one hex digit") << "lock:\\x4" << "invalid escape \\x4 at character 6: \\x takes two hex digits, as in \\xff";
        QTest::newRow("second digit not hex") << "\\x4g" << "invalid escape \\x4g at character 1: \\x takes two hex digits, as in \\xff";
        QTest::newRow("x at the end") << "ab\\x" << "invalid escape \\x at character 3: \\x takes two hex digits, as in \\xff";
        QTest::newRow("unknown letter") << "a\\qb" << "invalid escape \\q at character 2: the escapes are \\xNN, \\n, \\r, \\t, \\a, \\b, \\\\ and \\\"";
        QTest::newRow("unicode style") << "caf\\u00e9" << "invalid escape \\u at character 4: the escapes are \\xNN, \\n, \\r, \\t, \\a, \\b, \\\\ and \\\"";
        QTest::newRow("nul style") << "\\0" << "invalid escape \\0 at character 1: the escapes are \\xNN, \\n, \\r, \\t, \\a, \\b, \\\\ and \\\"";
        QTest::newRow("not UTF-8") << QString(QStringLiteral("ab") + QChar(QChar::ReplacementCharacter))
                                   << "character 3 is not valid UTF-8 (or is U+FFFD): write bytes as \\xNN, as in lock:\\xff (U+FFFD itself is \\xef\\xbf\\xbd)";
        QTest::newRow("lone backslash") << "abc\\" << "a lone backslash at character 4 ends it: write \\\\ for a backslash";
        QTest::newRow("second escape bad") << "\\xff\\xG0" << "invalid escape \\xG0 at character 5: \\x takes two hex digits, as in \\xff";
        QTest::newRow("position counts characters") << "\u00e9\u00e9\\z" << "invalid escape \\z at character 3: the escapes are \\xNN, \\n, \\r, \\t, \\a, \\b, \\\\ and \\\"";
    }

    void invalidEscapesAreRefused()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!TokenText::unescape(text, &error).has_value());
        QCOMPARE(error, message);
        QVERIFY(!TokenText::unescape(text).has_value());
    }
};

QTEST_GUILESS_MAIN(TestTokenText)
#include "tst_tokentext.moc"

#include "fixedshapepattern.h"

#include <QRegularExpression>
#include <QTest>

// The byte matcher stands in for QRegularExpression on the patterns it compiles: for every
// value, it must say what the regular expression (anchored, as the dialects anchor theirs)
// says, and capture the same named groups. Patterns of another shape must not compile.
class TestFixedShapePattern : public QObject
{
    Q_OBJECT

    static const QString &uuid4()
    {
        static const QString p = QStringLiteral("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
        return p;
    }

    static QString manyClasses() { return QStringLiteral("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:@,~=%&"); }

private Q_SLOTS:
    void compiles_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<bool>("compiles");
        // The token shapes of the string dialects (lock-dialects.md).
        QTest::newRow("uuid1 hex") << QStringLiteral("(?<uuid1>[0-9a-f]{12}1[0-9a-f]{3}[89ab][0-9a-f]{15})") << true;
        QTest::newRow("base64 24") << QStringLiteral("[A-Za-z0-9+/]{24}") << true;
        QTest::newRow("redsync") << QStringLiteral("[A-Za-z0-9+/]{21}[AQgw]==") << true;
        QTest::newRow("hex 32") << QStringLiteral("[0-9a-f]{32}") << true;
        QTest::newRow("uuid4") << uuid4() << true;
        QTest::newRow("named uuid4") << QStringLiteral("(?<client>") + uuid4() + QStringLiteral(")") << true;
        QTest::newRow("mutex with metadata") << QStringLiteral("(?<client>") + uuid4() + QStringLiteral(")(?:-(?<metadata>.*))?") << true;
        QTest::newRow("digits and escapes") << QStringLiteral("\\d{4}\\.\\x41[\\-_]\\w") << true;
        QTest::newRow("negated class, star last") << QStringLiteral("id:[^:@]*") << true;
        // Not this shape: the regular expression stays.
        QTest::newRow("alternatives") << QStringLiteral("\\d{13}|\\d{10}") << false;
        QTest::newRow("lookahead") << QStringLiteral("(?=[A-Za-z0-9]{0,21}[_-]|.{23})(?<token>[A-Za-z0-9_-]{21}[AQgw])") << false;
        QTest::newRow("variable repeat") << QStringLiteral("\\d{1,10}") << false;
        QTest::newRow("plus") << QStringLiteral("[\\x21-\\x7e]+_") << false;
        QTest::newRow("star in the middle") << QStringLiteral("ADDED:[^@]*@host") << false;
        QTest::newRow("optional not last") << QStringLiteral("a(?:b)?c") << false;
        QTest::newRow("optional single") << QStringLiteral("ab?") << false;
        QTest::newRow("flags") << QStringLiteral("(?i)lock") << false;
        QTest::newRow("anchors") << QStringLiteral("^abc$") << false;
        QTest::newRow("unclosed group") << QStringLiteral("(?<a>abc") << false;
        QTest::newRow("stray paren") << QStringLiteral("abc)") << false;
        QTest::newRow("unclosed class") << QStringLiteral("[abc") << false;
        QTest::newRow("empty class") << QStringLiteral("[]a]") << false;
        QTest::newRow("range with escape") << QStringLiteral("[\\x20-\\x7e]") << false;
        QTest::newRow("backreference") << QStringLiteral("(a)\\1") << false;
        QTest::newRow("huge repeat") << QStringLiteral("a{100000}") << false;
        QTest::newRow("zero repeat") << QStringLiteral("a{0}") << false;
        QTest::newRow("non-ASCII") << QStringLiteral("é{2}") << false;
        QTest::newRow("repeated group") << QStringLiteral("(ab){2}") << false;
        QTest::newRow("signed count") << QStringLiteral("a{+3}") << false;
        QTest::newRow("spaced count") << QStringLiteral("a{ 3}") << false;
        QTest::newRow("one hex digit") << QStringLiteral("\\x4g") << false;
        QTest::newRow("hex with a sign") << QStringLiteral("\\x+4") << false;
        QTest::newRow("braced hex") << QStringLiteral("\\x{41}") << false;
    }

    void compiles()
    {
        QFETCH(QString, pattern);
        QFETCH(bool, compiles);
        QVERIFY(QRegularExpression(pattern).isValid() || !compiles);
        QCOMPARE(FixedShapePattern::compile(pattern).has_value(), compiles);
    }

    void matchesAsTheRegularExpression_data()
    {
        QTest::addColumn<QString>("pattern");
        const QStringList patterns = {
            QStringLiteral("(?<uuid1>[0-9a-f]{12}1[0-9a-f]{3}[89ab][0-9a-f]{15})"),
            QStringLiteral("[A-Za-z0-9+/]{24}"),
            QStringLiteral("[A-Za-z0-9+/]{21}[AQgw]=="),
            QStringLiteral("[0-9a-f]{32}"),
            uuid4(),
            QStringLiteral("[A-Za-z0-9]{22}"),
            QStringLiteral("(?<client>") + uuid4() + QStringLiteral(")"),
            QStringLiteral("(?<client>") + uuid4() + QStringLiteral(")(?:-(?<metadata>.*))?"),
            QStringLiteral("\\d{4}\\.\\x41[\\-_]\\w"),
            QStringLiteral("id:[^:@]*"),
            QStringLiteral("(?<all>a(?<inner>b)c)(d)"),
            QStringLiteral("x(?:-(?<rest>[a-c]*))?"),
            QStringLiteral("k(?:(?<two>[0-9]{2}))?"),
            QStringLiteral("ab(?<m>c*)?"),
            QStringLiteral("n[^\\x0a]{2}"),
            QStringLiteral("h[^a]"),
            // More distinct classes than the byte table indexes: each item's own set is asked.
            manyClasses(),
        };
        for (const QString &p : patterns)
            QTest::newRow(qPrintable(p)) << p;
    }

    void matchesAsTheRegularExpression()
    {
        QFETCH(QString, pattern);
        const std::optional<FixedShapePattern> shape = FixedShapePattern::compile(pattern);
        QVERIFY(shape);
        const QRegularExpression regex(QStringLiteral("\\A(?:") + pattern + QStringLiteral(")\\z"));
        QStringList names = regex.namedCaptureGroups();
        names.removeAll(QString());
        QCOMPARE(shape->groupNames(), names);
        const QList<QByteArray> values = {
            "", "x", "x-", "x-abc", "x-abd", "xx", "k", "k1", "k12", "k123", "abcd", "abdd", "1234.A-z", "1234.A_z", "1234.B-z",
            "123.A-z", "1234.A-zz", "id:", "id:abc", "id:a@b", "id:a:b", "id", "ID:abc",
            "8743c9c00795119087fd0123456789ab", "8743c9c0079511f087fd0123456789ab", "8743c9c00795119087fd0123456789a",
            "8743c9c0-0795-4907-87fd-0123456789ab", "8743c9c0-0795-4907-87fd-0123456789ab-", "8743c9c0-0795-4907-87fd-0123456789ab-meta",
            "8743c9c0-0795-4907-87fd-0123456789ab:meta", "8743C9C0-0795-4907-87fd-0123456789ab", "8743c9c0-0795-3907-87fd-0123456789ab",
            "8743c9c0-0795-4907-c7fd-0123456789ab", "0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdeg",
            "q83vEjRWeJq83vEjRWeJqw==", "q83vEjRWeJq83vEjRWeJqx==", "q83vEjRWeJq83vEjRWeJq83v", "abcdefghijklmnopqrstuv",
            "abcdefghijklmnopqrstu!", QByteArray("8743c9c0-0795-4907-87fd-0123456789ab-\n", 38),
            QByteArray("id:a\x00b", 6), QByteArray("id:\xff", 4), "ab", "abc", "abcc", "abd", "n\n\n", "nxy", "nx\n", "h\n", "hb", manyClasses().toLatin1(), manyClasses().toLatin1().replace('~', '-'),
        };
        for (const QByteArray &value : values) {
            QList<FixedShapePattern::Capture> captures;
            const bool matched = shape->matches(value, &captures);
            const QRegularExpressionMatch m = regex.match(QString::fromLatin1(value));
            if (matched != m.hasMatch())
                QFAIL(qPrintable(QStringLiteral("%1: %2, the regular expression says %3")
                                     .arg(QString::fromLatin1(value.toPercentEncoding()), QString::number(matched), QString::number(m.hasMatch()))));
            if (!matched)
                continue;
            QCOMPARE(captures.size(), names.size());
            for (const FixedShapePattern::Capture &c : std::as_const(captures)) {
                QCOMPARE(c.start, m.capturedStart(c.name));
                if (c.start >= 0)
                    QCOMPARE(c.length, m.capturedLength(c.name));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestFixedShapePattern)
#include "tst_fixedshapepattern.moc"

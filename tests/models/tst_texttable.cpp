#include "texttable.h"

#include <QTest>

// Terminal columns: what lines a table up, whatever script its cells are in.
class TestTextTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void columns_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("columns");
        QTest::newRow("ascii") << QStringLiteral("lock:a") << 6;
        QTest::newRow("empty") << QString() << 0;
        QTest::newRow("cjk takes two") << QStringLiteral("\u9501:\u8ba2\u5355") << 7;
        QTest::newRow("accented takes one") << QStringLiteral("caf\u00e9") << 4;
        QTest::newRow("beyond U+FFFF, narrow") << QStringLiteral("\U0001D41A") << 1;
        QTest::newRow("emoji takes two") << QStringLiteral("\U0001F512") << 2;
        QTest::newRow("cjk extension B takes two") << QStringLiteral("\U00020000") << 2;
    }

    void columns()
    {
        QFETCH(QString, text);
        QFETCH(int, columns);
        QCOMPARE(TextTable::columns(text), qsizetype(columns));
    }

    // Every row's second column starts at the same terminal column.
    void rowsLineUp()
    {
        TextTable table({QStringLiteral("KEY"), QStringLiteral("TTL")});
        for (const QString &key : {QStringLiteral("lock:a"), QStringLiteral("\u9501:\u8ba2\u5355"), QStringLiteral("lock:\U0001D41A"),
                                   QStringLiteral("lock:\U0001F512")})
            table.addRow({key, QStringLiteral("1.0 s")});
        const QStringList lines = QString::fromUtf8(table.render()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        for (const QString &line : lines) {
            const qsizetype at = line.lastIndexOf(QLatin1String("  "));
            QVERIFY(at > 0);
            QCOMPARE(TextTable::columns(line.left(at + 2)), TextTable::columns(lines.first().left(lines.first().lastIndexOf(QLatin1String("  ")) + 2)));
        }
    }

    // A cut never splits a character beyond U+FFFF in two.
    void cutsWholeCharacters()
    {
        TextTable table({QStringLiteral("K")});
        table.setMaxWidth(0, 4);
        table.addRow({QStringLiteral("a\U0001F512\U0001F512b")});
        const QString out = QString::fromUtf8(table.render());
        QVERIFY2(out.contains(QStringLiteral("a\U0001F512\u2026")), qPrintable(out));
        QVERIFY(!out.contains(QChar(QChar::ReplacementCharacter)));
    }
};

QTEST_GUILESS_MAIN(TestTextTable)
#include "tst_texttable.moc"

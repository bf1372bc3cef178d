#include "shellword.h"

#include <QProcess>
#include <QTest>

// Words a hint prints come back whole through a real shell.
class TestShellWord : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quoted_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << "lock:order:7" << "lock:order:7";
        QTest::newRow("option") << "--pattern" << "--pattern";
        QTest::newRow("empty") << "" << "''";
        QTest::newRow("space") << "my lock" << "'my lock'";
        QTest::newRow("glob") << "lock:*" << "'lock:*'";
        QTest::newRow("escaped glob") << "lock:\\[a\\]" << "'lock:\\[a\\]'";
        QTest::newRow("single quote") << "it's" << "'it'\\''s'";
        QTest::newRow("dollar and backtick") << "$(rm -rf x)`id`" << "'$(rm -rf x)`id`'";
        QTest::newRow("newline") << "a\nb" << "'a\nb'";
        QTest::newRow("not ascii") << "锁:订单" << "'锁:订单'";
    }

    void quoted()
    {
        QFETCH(QString, word);
        QTEST(ShellWord::quoted(word), "expected");
        // What sh reads back is the word itself.
        QProcess sh;
        sh.start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("printf %s ") + ShellWord::quoted(word)});
        QVERIFY(sh.waitForFinished(10000));
        QCOMPARE(QString::fromUtf8(sh.readAllStandardOutput()), word);
    }

    void joined()
    {
        QCOMPARE(ShellWord::joined({QStringLiteral("lockscope"), QStringLiteral("scan"), QStringLiteral("--pattern"), QStringLiteral("a b")}),
                 QStringLiteral("lockscope scan --pattern 'a b'"));
        QCOMPARE(ShellWord::joined({}), QString());
    }

    // Started as ./tst_shellword, not as lockscope: what it suggests is the installed program,
    // never this binary's path (tst_cli checks the path a lockscope started by path gives).
    void programIsLockScopeElsewhere()
    {
        QCOMPARE(ShellWord::program(), QStringLiteral("lockscope"));
    }
};

QTEST_GUILESS_MAIN(TestShellWord)
#include "tst_shellword.moc"

#include "keyspaceeventflags.h"

#include <QTest>

class TestKeyspaceEventFlags : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void flags_data()
    {
        QTest::addColumn<QString>("have");
        QTest::addColumn<QString>("normalised");
        QTest::addColumn<bool>("live");     // covers what a watch needs
        QTest::addColumn<QString>("enable"); // what LockScope would set
        QTest::newRow("off") << QString() << QString() << false << QStringLiteral("Kg$hzxe");
        QTest::newRow("everything") << QStringLiteral("AKE") << QStringLiteral("KEg$lshzxetd") << true << QStringLiteral("KEg$lshzxetd");
        QTest::newRow("as CONFIG GET prints it") << QStringLiteral("xKE") << QStringLiteral("KEx") << false << QStringLiteral("KEg$hzxe");
        QTest::newRow("keyevent channel only") << QStringLiteral("EA") << QStringLiteral("Eg$lshzxetd") << false
                                               << QStringLiteral("KEg$lshzxetd");
        QTest::newRow("exactly enough") << QStringLiteral("hK$xg") << QStringLiteral("Kg$hx") << true << QStringLiteral("Kg$hzxe");
        QTest::newRow("no expiries") << QStringLiteral("Kg$h") << QStringLiteral("Kg$h") << false << QStringLiteral("Kg$hzxe");
        QTest::newRow("key-miss and new stay") << QStringLiteral("Kmn") << QStringLiteral("Kmn") << false << QStringLiteral("Kg$hzxemn");
        QTest::newRow("junk letters dropped") << QStringLiteral("K?q!") << QStringLiteral("K") << false << QStringLiteral("Kg$hzxe");
    }

    void flags()
    {
        QFETCH(QString, have);
        QTEST(KeyspaceEventFlags::normalised(have), "normalised");
        QTEST(KeyspaceEventFlags::covers(have, QString::fromLatin1(KeyspaceEventFlags::required)), "live");
        QTEST(KeyspaceEventFlags::merged(have, QString::fromLatin1(KeyspaceEventFlags::wanted)), "enable");
        // What LockScope sets always covers what it needs, and keeps what was there.
        const QString set = KeyspaceEventFlags::merged(have, QString::fromLatin1(KeyspaceEventFlags::wanted));
        QVERIFY(KeyspaceEventFlags::covers(set, QString::fromLatin1(KeyspaceEventFlags::required)));
        QVERIFY(KeyspaceEventFlags::covers(set, have));
    }

    void missingNamesTheLetters()
    {
        QCOMPARE(KeyspaceEventFlags::missing(QStringLiteral("Kg"), QStringLiteral("Kg$hx")), QStringLiteral("$hx"));
        QCOMPARE(KeyspaceEventFlags::missing(QStringLiteral("AK"), QStringLiteral("Kg$hx")), QString());
    }
};

QTEST_GUILESS_MAIN(TestKeyspaceEventFlags)
#include "tst_keyspaceeventflags.moc"

#include "apptranslator.h"

#include <QTest>

// Language names as people and environments write them, and what is not one.
class TestAppTranslator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalize_data()
    {
        QTest::addColumn<QString>("given");
        QTest::addColumn<QString>("expected");
        QTest::newRow("locale name") << "zh_CN" << "zh_CN";
        QTest::newRow("BCP 47") << "zh-CN" << "zh_CN";
        QTest::newRow("lower case territory") << "zh_cn" << "zh_CN";
        QTest::newRow("with encoding, as LANG has it") << "zh_CN.UTF-8" << "zh_CN";
        QTest::newRow("language alone") << "en" << "en";
        QTest::newRow("spaces") << "  de_DE " << "de_DE";
        QTest::newRow("empty") << "" << "";
        QTest::newRow("not a language") << "xx" << "";
        QTest::newRow("C") << "C" << "";
    }

    void normalize()
    {
        QFETCH(QString, given);
        QFETCH(QString, expected);
        QCOMPARE(AppTranslator::normalize(given), expected);
    }

    // English is the source language: nothing to load, and never "missing".
    void englishNeedsNoCatalogue()
    {
        bool missing = true;
        QCOMPARE(AppTranslator::install(QCoreApplication::instance(), QStringLiteral("en"), &missing), QStringLiteral("en"));
        QVERIFY(!missing);
    }

    // This test binary has no catalogues compiled in (the lockscope binary has): a language
    // asked for by name is reported missing, and English is spoken.
    void aMissingCatalogueIsSaid()
    {
        QVERIFY(!AppTranslator::available().contains(QStringLiteral("fr_FR")));
        bool missing = false;
        QCOMPARE(AppTranslator::install(QCoreApplication::instance(), QStringLiteral("fr_FR"), &missing), QStringLiteral("en"));
        QVERIFY(missing);
    }
};

QTEST_GUILESS_MAIN(TestAppTranslator)
#include "tst_apptranslator.moc"

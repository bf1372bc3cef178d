#include "demosummary.h"
#include "waitsamples.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

class TestDemoSummary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void percentiles_data()
    {
        QTest::addColumn<QList<double>>("samples");
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("expected");
        const QList<double> hundred = [] {
            QList<double> l;
            for (int i = 100; i >= 1; --i)
                l << i;
            return l;
        }();
        QTest::newRow("none") << QList<double>{} << 50.0 << 0.0;
        QTest::newRow("one") << QList<double>{7} << 99.0 << 7.0;
        QTest::newRow("p50 of 1..100") << hundred << 50.0 << 50.0;
        QTest::newRow("p99 of 1..100") << hundred << 99.0 << 99.0;
        QTest::newRow("p100") << hundred << 100.0 << 100.0;
        QTest::newRow("p0 is the least") << hundred << 0.0 << 1.0;
        QTest::newRow("nearest rank rounds up") << QList<double>{1, 2, 3} << 50.0 << 2.0;
        QTest::newRow("p99 of a few is the max") << QList<double>{5, 1, 900, 3} << 99.0 << 900.0;
        QTest::newRow("out of range p") << QList<double>{1, 2} << 250.0 << 2.0;
    }

    void percentiles()
    {
        QFETCH(QList<double>, samples);
        QFETCH(double, p);
        QFETCH(double, expected);
        WaitSamples w;
        for (double s : samples)
            w.add(s);
        QCOMPARE(w.percentile(p), expected);
        QCOMPARE(w.count(), samples.size());
    }

    void samplesStayBounded()
    {
        WaitSamples w;
        for (qsizetype i = 0; i < WaitSamples::maxSamples + 500; ++i)
            w.add(i < 500 ? 1e9 : 1.0); // the oldest 500 are dropped first
        QCOMPARE(w.count(), WaitSamples::maxSamples);
        QCOMPARE(w.max(), 1.0);
    }

    void jsonHasTheFieldsScriptsReadAndOversoldOnlyWhereItApplies()
    {
        const DemoScenario *expiry = DemoScenario::find(QStringLiteral("expiry-while-held"));
        DemoStats stats;
        stats.acquisitions = 12;
        stats.failures = 1;
        stats.violations = 3;
        stats.attempts = 40;
        for (double w : {10.0, 20.0, 30.0})
            stats.waits.add(w);
        DemoParameters p = expiry->variant(DemoVariant::Broken)->defaults;
        p.seed = 99;
        const DemoSummary s = DemoSummary::from(*expiry, DemoVariant::Broken, p, stats, 2500);
        const QByteArray line = s.toJson();
        QVERIFY(line.endsWith('\n'));
        QCOMPARE(line.count('\n'), 1);
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(line, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(o.value(QStringLiteral("scenario")).toString(), QStringLiteral("expiry-while-held"));
        QCOMPARE(o.value(QStringLiteral("variant")).toString(), QStringLiteral("broken"));
        QCOMPARE(o.value(QStringLiteral("acquisitions")).toInteger(), qint64(12));
        QCOMPARE(o.value(QStringLiteral("failures")).toInteger(), qint64(1));
        QCOMPARE(o.value(QStringLiteral("violations")).toInteger(), qint64(3));
        QCOMPARE(o.value(QStringLiteral("wait_p50_ms")).toDouble(), 20.0);
        QCOMPARE(o.value(QStringLiteral("wait_p99_ms")).toDouble(), 30.0);
        QCOMPARE(o.value(QStringLiteral("violation_kind")).toString(), QStringLiteral("overlap"));
        QCOMPARE(o.value(QStringLiteral("seed")).toInteger(), qint64(99));
        QCOMPARE(o.value(QStringLiteral("duration_ms")).toInteger(), qint64(2500));
        QVERIFY(!o.contains(QStringLiteral("oversold")));
        QVERIFY(!o.contains(QStringLiteral("interrupted")));

        const DemoScenario *oversell = DemoScenario::find(QStringLiteral("oversell"));
        DemoStats sale;
        sale.sold = 23;
        sale.oversold = 3;
        const DemoSummary o2 = DemoSummary::from(*oversell, DemoVariant::Unlocked, oversell->variant(DemoVariant::Unlocked)->defaults, sale, 900);
        const QJsonObject j = QJsonDocument::fromJson(o2.toJson()).object();
        QCOMPARE(j.value(QStringLiteral("oversold")).toInteger(), qint64(3));
        QCOMPARE(j.value(QStringLiteral("variant")).toString(), QStringLiteral("unlocked"));
        QCOMPARE(j.value(QStringLiteral("sold")).toInteger(), qint64(23));
        QVERIFY(j.value(QStringLiteral("wait_p50_ms")).isNull()); // nobody acquired anything
        QVERIFY(o2.toText().contains(QLatin1String("oversold      3")));
    }

    void retryBackoffReportsLoad()
    {
        const DemoScenario *retry = DemoScenario::find(QStringLiteral("retry-backoff"));
        DemoStats stats;
        stats.acquisitions = 40;
        stats.attempts = 1000;
        DemoSummary s = DemoSummary::from(*retry, DemoVariant::Broken, retry->variant(DemoVariant::Broken)->defaults, stats, 2000);
        QCOMPARE(s.extra(QStringLiteral("attempts_per_acquisition")), 25.0);
        QCOMPARE(s.extra(QStringLiteral("attempts_per_s")), 500.0);
        QCOMPARE(s.extra(QStringLiteral("acquisitions_per_s")), 20.0);
        QCOMPARE(s.extra(QStringLiteral("nothing")), -1.0);
        s.interrupted = true;
        QVERIFY(QJsonDocument::fromJson(s.toJson()).object().value(QStringLiteral("interrupted")).toBool());
        QVERIFY(s.toText().contains(QLatin1String("(interrupted)")));
        QVERIFY(s.toText().contains(QLatin1String("attempts per acquisition 25")));
    }
};

QTEST_APPLESS_MAIN(TestDemoSummary)
#include "tst_demosummary.moc"

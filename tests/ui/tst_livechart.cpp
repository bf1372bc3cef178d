#include "livechart.h"

#include <qcustomplot.h>

#include <QDateTime>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

class TestLiveChart : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void drawsOnlyWhatIsNewAndTrims()
    {
        TimeSeries series(3'600'000, 1000);
        LiveChart chart(QStringLiteral("events"));
        chart.addSeries(QStringLiteral("acquire"), &series, Qt::blue, LiveChart::Style::Step);
        chart.resize(800, 300);
        chart.show();
        // Early in a second, so that its bucket is still filling at the second refresh.
        QTRY_VERIFY(QDateTime::currentMSecsSinceEpoch() % 1000 < 300);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const qint64 second = now - now % 1000; // this second's bucket, still filling
        for (int i = 0; i < 120; ++i)
            series.add(second - 120'000 + i * 1000, i % 5);
        chart.refresh();
        QCOMPARE(chart.plot()->graph(0)->dataCount(), 120);
        series.add(second - 1000, 7); // grows the last bucket in place
        series.add(second, 1);        // and this second's, not drawn while it fills
        chart.refresh();
        QCOMPARE(chart.plot()->graph(0)->dataCount(), 120);
        QCOMPARE((chart.plot()->graph(0)->data()->end() - 1)->value, 4.0 + 7.0);
        // Drawn once its second is over, with no other change to the series.
        QTRY_COMPARE(chart.plot()->graph(0)->dataCount(), 121);
        QCOMPARE((chart.plot()->graph(0)->data()->end() - 1)->value, 1.0);

        chart.setWindow(60'000);
        chart.refresh();
        const QCPRange x = chart.plot()->xAxis->range();
        QVERIFY(qAbs(x.size() - 60.0) < 0.5);
    }

    // The legend beside the plot: a long name is cut to keep the plot its width, and a hidden
    // legend leaves the plot all of it.
    void theLegendLeavesThePlotItsWidth()
    {
        TimeSeries series;
        LiveChart chart(QStringLiteral("waiters"));
        chart.addSeries(QStringLiteral("lock:tenant-0042:") + QString(80, QLatin1Char('x')), &series, Qt::blue);
        chart.resize(600, 300);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QVERIFY(chart.plot()->graph(0)->name().size() <= 28);
        chart.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const int beside = chart.plot()->axisRect()->width();
        QVERIFY2(beside > 300, qPrintable(QString::number(beside)));
        chart.setLegendVisible(false);
        chart.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY2(chart.plot()->axisRect()->width() > beside + 100, qPrintable(QStringLiteral("%1, %2").arg(beside).arg(chart.plot()->axisRect()->width())));
        chart.setLegendVisible(true);
        chart.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(chart.plot()->axisRect()->width(), beside);
    }

    void aSeriesBelowZeroIsNotCutOff()
    {
        TimeSeries stock(3'600'000, 1000);
        LiveChart chart(QStringLiteral("stock"));
        chart.addSeries(QStringLiteral("stock left"), &stock, Qt::darkYellow, LiveChart::Style::Step);
        chart.resize(800, 300);
        chart.show();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        stock.add(now - 3000, 20);
        stock.add(now - 2000, 3);
        chart.refresh();
        QCOMPARE(chart.plot()->yAxis->range().lower, 0.0); // from zero while nothing is below it
        stock.add(now - 1000, -2); // oversold
        chart.refresh();
        QVERIFY2(chart.plot()->yAxis->range().lower < -2.0, qPrintable(QString::number(chart.plot()->yAxis->range().lower)));
        QVERIFY(chart.plot()->yAxis->range().upper > 20.0);
    }

    void replotsAreThrottled()
    {
        TimeSeries series;
        LiveChart chart(QStringLiteral("throttle"));
        chart.addSeries(QStringLiteral("s"), &series, Qt::red);
        chart.show();
        const int before = chart.replotCount();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (int i = 0; i < 5000; ++i)
            series.add(now + i, i); // 5000 events in one event-loop turn
        QTest::qWait(350);
        const int replots = chart.replotCount() - before;
        QVERIFY2(replots >= 1 && replots <= 5, qPrintable(QString::number(replots)));
    }

    void exportsCsvAndPng()
    {
        TimeSeries series;
        LiveChart chart(QStringLiteral("export"));
        chart.addSeries(QStringLiteral("waiters \"hot\""), &series, Qt::darkGreen);
        series.add(1000, 2);
        series.add(2000, 3);
        chart.addMarker(1500, QStringLiteral("violation"), Qt::red);
        QCOMPARE(chart.markerCount(), 1);
        QTemporaryDir dir;
        QVERIFY(chart.exportCsv(dir.filePath(QStringLiteral("c.csv"))));
        QFile csv(dir.filePath(QStringLiteral("c.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll(), QByteArray("series,time_ms,value\n\"waiters \"\"hot\"\"\",1000,2\n\"waiters \"\"hot\"\"\",2000,3\n"));
        chart.resize(600, 300);
        QVERIFY(chart.exportPng(dir.filePath(QStringLiteral("c.png"))));
        QVERIFY(!QImage(dir.filePath(QStringLiteral("c.png"))).isNull());
    }
};

QTEST_MAIN(TestLiveChart)
#include "tst_livechart.moc"

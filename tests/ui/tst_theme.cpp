#include "auditlog.h"
#include "charttheme.h"
#include "dialectregistry.h"
#include "livechart.h"
#include "testwindow.h"
#include "theme.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

// Light and dark: the palette follows the choice and, on System, what the system prefers;
// charts stay readable in both and come back exactly when switched back. The screenshots
// (light and dark, of the window and of a chart with data) are saved next to the test for a
// person to look at (LOCKSCOPE_SCREENSHOT_DIR picks the place).
class TestTheme : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    DialectRegistry m_registry;
    std::unique_ptr<Theme> m_theme;

    static QString shotDir()
    {
        const QString dir = qEnvironmentVariable("LOCKSCOPE_SCREENSHOT_DIR", QDir::currentPath() + QStringLiteral("/theme-screenshots"));
        QDir().mkpath(dir);
        return dir;
    }

    static double luminance(const QColor &c)
    {
        return 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF();
    }

    // WCAG contrast ratio of two colours.
    static double contrast(const QColor &a, const QColor &b)
    {
        auto lin = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        auto rel = [&](const QColor &c) { return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF()); };
        const double la = rel(a), lb = rel(b);
        return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
    }

    // The share of pixels of the picture's middle that are dark.
    static double darkShare(const QImage &image)
    {
        int dark = 0, all = 0;
        for (int y = image.height() / 4; y < image.height() * 3 / 4; y += 3)
            for (int x = image.width() / 4; x < image.width() * 3 / 4; x += 3, ++all)
                dark += luminance(image.pixelColor(x, y)) < 0.35;
        return double(dark) / all;
    }

    // A chart with series in the colours the live charts use, and a minute of data.
    struct Chart
    {
        TimeSeries acquired{3'600'000, 1000};
        TimeSeries all{3'600'000, 1000};
        LiveChart chart{QStringLiteral("Lock events per second")};
        Chart()
        {
            chart.addSeries(QStringLiteral("acquired"), &acquired, QColor(0x1f, 0x5f, 0xbf), LiveChart::Style::Step);
            chart.addSeries(QStringLiteral("all"), &all, QColor(0x44, 0x44, 0x44));
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            for (int i = 0; i < 60; ++i) {
                acquired.add(now - 59'000 + i * 1000, (i * 7) % 11);
                all.add(now - 59'000 + i * 1000, 20 + (i * 13) % 17);
            }
            chart.resize(900, 320);
            chart.show();
            chart.refresh();
        }
    };

private Q_SLOTS:
    void initTestCase()
    {
        m_theme = std::make_unique<Theme>();
    }

    void cleanup()
    {
        m_theme->setSystemPreference(std::nullopt);
        m_theme->setChoice(AppSettings::Theme::System);
    }

    void followsTheChoice()
    {
        // Offscreen, the platform's palette is light and no system preference is known.
        QCOMPARE(m_theme->systemScheme(), Theme::Scheme::Light);
        m_theme->setChoice(AppSettings::Theme::Dark);
        QCOMPARE(m_theme->scheme(), Theme::Scheme::Dark);
        QVERIFY(Theme::isDark(QApplication::palette()));
        QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
        m_theme->setChoice(AppSettings::Theme::Light);
        QVERIFY(!Theme::isDark(QApplication::palette()));
    }

    // What the desktop portal says, while the choice is System, and only then.
    void followsTheSystemOnSystem()
    {
        QSignalSpy changed(m_theme.get(), &Theme::schemeChanged);
        m_theme->setChoice(AppSettings::Theme::System);
        m_theme->setSystemPreference(Theme::Scheme::Dark);
        QVERIFY(Theme::isDark(QApplication::palette()));
        QCOMPARE(changed.last().at(0).value<Theme::Scheme>(), Theme::Scheme::Dark);
        m_theme->setSystemPreference(Theme::Scheme::Light);
        QVERIFY(!Theme::isDark(QApplication::palette()));
        m_theme->setChoice(AppSettings::Theme::Dark);
        m_theme->setSystemPreference(Theme::Scheme::Light);
        QVERIFY(Theme::isDark(QApplication::palette())); // an explicit choice wins
    }

    void meaningfulColoursReadOnBothPalettes_data()
    {
        QTest::addColumn<int>("role");
        QTest::newRow("ok") << int(Theme::Role::Ok);
        QTest::newRow("warning") << int(Theme::Role::Warning);
        QTest::newRow("error") << int(Theme::Role::Error);
        QTest::newRow("muted") << int(Theme::Role::Muted);
    }

    void meaningfulColoursReadOnBothPalettes()
    {
        QFETCH(int, role);
        for (const QPalette &p : {Theme::lightPalette(), Theme::darkPalette()}) {
            const QColor c = Theme::color(Theme::Role(role), p);
            for (QPalette::ColorRole background : {QPalette::Window, QPalette::Base}) {
                const double ratio = contrast(c, p.color(background));
                QVERIFY2(ratio >= 3.0, qPrintable(QStringLiteral("%1 on %2: %3").arg(c.name(), p.color(background).name()).arg(ratio)));
            }
        }
    }

    void chartsFollowThePaletteAndComeBack()
    {
        Chart c;
        QCustomPlot *plot = c.chart.plot();
        const QColor blue(0x1f, 0x5f, 0xbf);
        QCOMPARE(plot->graph(0)->pen().color(), blue);

        m_theme->setChoice(AppSettings::Theme::Dark);
        QTRY_VERIFY(Theme::isDark(plot->palette()));
        const QPalette dark = plot->palette();
        QCOMPARE(plot->axisRect()->axes().first()->tickLabelColor(), dark.color(QPalette::WindowText));
        QCOMPARE(plot->xAxis->tickLabelColor(), dark.color(QPalette::WindowText));
        QCOMPARE(plot->legend->textColor(), dark.color(QPalette::WindowText));
        for (int i = 0; i < plot->graphCount(); ++i) {
            const QColor pen = plot->graph(i)->pen().color();
            QVERIFY2(contrast(pen, dark.color(QPalette::Base)) >= 3.0, qPrintable(pen.name()));
        }
        QCOMPARE(plot->graph(0)->pen().color().hslHue(), blue.hslHue()); // still the blue of "acquired"

        // A series added while dark is drawn for dark from its first replot.
        TimeSeries late;
        c.chart.addSeries(QStringLiteral("late"), &late, QColor(0xb3, 0x26, 0x1e));
        c.chart.refresh();
        plot->replot();
        QVERIFY(contrast(plot->graph(2)->pen().color(), dark.color(QPalette::Base)) >= 3.0);

        m_theme->setChoice(AppSettings::Theme::Light);
        QTRY_VERIFY(!Theme::isDark(plot->palette()));
        QCOMPARE(plot->graph(0)->pen().color(), blue);
        QCOMPARE(plot->graph(2)->pen().color(), QColor(0xb3, 0x26, 0x1e));
        QCOMPARE(plot->xAxis->tickLabelColor(), plot->palette().color(QPalette::WindowText));
    }

    void screenshotsOfLightAndDark_data()
    {
        QTest::addColumn<int>("choice");
        QTest::newRow("light") << int(AppSettings::Theme::Light);
        QTest::newRow("dark") << int(AppSettings::Theme::Dark);
    }

    void screenshotsOfLightAndDark()
    {
        QFETCH(int, choice);
        const bool dark = AppSettings::Theme(choice) == AppSettings::Theme::Dark;
        m_theme->setChoice(AppSettings::Theme(choice));
        const QString name = QString::fromLatin1(QTest::currentDataTag());

        Chart c;
        c.chart.plot()->replot();
        const QImage chart = c.chart.grab().toImage();
        QVERIFY(chart.save(shotDir() + QStringLiteral("/chart-%1.png").arg(name)));
        QVERIFY2(dark ? darkShare(chart) > 0.8 : darkShare(chart) < 0.2, qPrintable(QString::number(darkShare(chart))));
        // The series show: pixels of the blue's hue, bright enough on dark.
        int blue = 0;
        for (int y = 0; y < chart.height(); ++y)
            for (int x = 0; x < chart.width(); ++x) {
                const QColor p = chart.pixelColor(x, y);
                blue += p.hslHue() >= 205 && p.hslHue() <= 225 && p.hslSaturation() > 90 && (!dark || p.lightness() > 120);
            }
        QVERIFY2(blue > 100, qPrintable(QString::number(blue)));

        static const AuditLog audit(m_dir.filePath(QStringLiteral("audit.log")));
        TestWindow t(&m_registry, &audit);
        t.window.resize(1200, 760);
        t.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&t.window));
        const QImage window = t.window.grab().toImage();
        QVERIFY(window.save(shotDir() + QStringLiteral("/window-%1.png").arg(name)));
        QVERIFY2(dark ? darkShare(window) > 0.8 : darkShare(window) < 0.2, qPrintable(QString::number(darkShare(window))));
    }
};

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"

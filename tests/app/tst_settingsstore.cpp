#include "settingsstore.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

// The settings file: what is saved comes back, what is missing is the default, and what a
// hand edit broke is brought into range and named, never used as it is.
class TestSettingsStore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString file(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void nothingSavedIsTheDefaults()
    {
        const SettingsStore store(file("none.ini"));
        QStringList problems;
        const AppSettings s = store.load(&problems);
        QVERIFY(problems.isEmpty());
        QVERIFY(s == AppSettings());
        QCOMPARE(s.patterns, AppSettings::defaultPatterns());
        QCOMPARE(s.theme, AppSettings::Theme::System);
        QVERIFY(store.loadLayout().isEmpty());
    }

    void savedSettingsComeBack()
    {
        const SettingsStore store(file("roundtrip.ini"));
        AppSettings s;
        s.patterns = {KeyPattern::parse(QStringLiteral("billing:lock:*")), KeyPattern::parse(QStringLiteral("i:*MUTEX*"))};
        s.refreshIntervalMs = 2500;
        s.budgetPercent = 1.5;
        s.rescanIntervalMs = 60'000;
        s.stuckAfterMs = 5 * 60'000;
        s.chartWindowMs = 600'000;
        s.valueCapBytes = 65536;
        s.desktopNotifications = true;
        s.language = QStringLiteral("zh_CN");
        s.theme = AppSettings::Theme::Dark;
        s.auditLogPath = m_dir.filePath(QStringLiteral("audit/actions.log"));
        QString error;
        QVERIFY2(store.save(s, &error), qPrintable(error));
        QStringList problems;
        const AppSettings back = store.load(&problems);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u',')));
        QVERIFY(back == s);
        QCOMPARE(back.patterns.at(1).caseSensitivity(), Qt::CaseInsensitive);
    }

    void outOfRangeValuesAreBroughtIntoRangeAndNamed_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QVariant>("value");
        QTest::addColumn<QString>("problem");
        QTest::newRow("refresh too fast") << "watch/refreshIntervalMs" << QVariant(1) << "refresh interval";
        QTest::newRow("budget too large") << "watch/budgetPercent" << QVariant(400) << "server time budget";
        QTest::newRow("rescan too fast") << "watch/rescanIntervalMs" << QVariant(10) << "rescan interval";
        QTest::newRow("value cap tiny") << "watch/valueCapBytes" << QVariant(3) << "value read cap";
        QTest::newRow("chart window of a day") << "charts/windowMs" << QVariant(86'400'000) << "chart window";
        QTest::newRow("not a number") << "watch/stuckAfterMs" << QVariant(QStringLiteral("soon")) << "watch/stuckAfterMs";
        QTest::newRow("unknown theme") << "display/theme" << QVariant(QStringLiteral("purple")) << "display/theme";
        QTest::newRow("no patterns") << "watch/patterns" << QVariant(QStringList()) << "patterns";
    }

    void outOfRangeValuesAreBroughtIntoRangeAndNamed()
    {
        QFETCH(QString, key);
        QFETCH(QVariant, value);
        QFETCH(QString, problem);
        const QString path = file("edited.ini");
        QFile::remove(path);
        {
            QSettings raw(path, QSettings::IniFormat);
            raw.setValue(key, value);
        }
        QStringList problems;
        const AppSettings s = SettingsStore(path).load(&problems);
        QVERIFY2(problems.contains(problem), qPrintable(problems.join(u',')));
        QVERIFY(s == s.clamped());
        QVERIFY(s.refreshIntervalMs >= AppSettings::minRefreshMs);
        QVERIFY(s.budgetPercent <= AppSettings::maxBudgetPercent);
        QVERIFY(s.rescanIntervalMs == 0 || s.rescanIntervalMs >= AppSettings::minRescanMs);
        QVERIFY(!s.patterns.isEmpty());
    }

    void layoutComesBack()
    {
        const SettingsStore store(file("layout.ini"));
        const WindowLayout layout{QByteArray("geometry\0bytes", 14), QByteArray("state"), QByteArray("header")};
        QVERIFY(store.saveLayout(layout));
        const WindowLayout back = store.loadLayout();
        QCOMPARE(back.geometry, layout.geometry);
        QCOMPARE(back.state, layout.state);
        QCOMPARE(back.lockTableHeader, layout.lockTableHeader);
    }

    // Settings and the saved dialect profiles share one file: saving one keeps the other.
    void settingsAndLayoutShareTheFileWithoutLosingEachOther()
    {
        const SettingsStore store(file("shared.ini"));
        {
            QSettings raw(store.file(), QSettings::IniFormat);
            raw.setValue(QStringLiteral("dialects/profiles"), QByteArray("[]"));
        }
        AppSettings s;
        s.theme = AppSettings::Theme::Light;
        QVERIFY(store.save(s));
        QVERIFY(store.saveLayout({QByteArray("g"), QByteArray("s"), QByteArray("h")}));
        QCOMPARE(store.load().theme, AppSettings::Theme::Light);
        const QSettings raw(store.file(), QSettings::IniFormat);
        QCOMPARE(raw.value(QStringLiteral("dialects/profiles")).toByteArray(), QByteArray("[]"));
    }

    void unwritableFileIsAnError()
    {
        const SettingsStore store(QStringLiteral("/proc/lockscope-cannot-write/lockscope.ini"));
        QString error;
        QVERIFY(!store.save(AppSettings(), &error));
        QVERIFY(error.contains(QStringLiteral("/proc/lockscope-cannot-write")));
    }
};

QTEST_GUILESS_MAIN(TestSettingsStore)
#include "tst_settingsstore.moc"

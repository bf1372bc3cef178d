#include "settingsdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

// The settings form: shows what it is given, gives back what was edited, in range, and only
// when the user applies.
class TestSettingsDialog : public QObject
{
    Q_OBJECT

private:
    static AppSettings edited()
    {
        AppSettings s;
        s.patterns = {KeyPattern::parse(QStringLiteral("billing:lock:*")), KeyPattern::parse(QStringLiteral("i:*mutex*"))};
        s.refreshIntervalMs = 2000;
        s.budgetPercent = 7.5;
        s.rescanIntervalMs = 30'000;
        s.stuckAfterMs = 15 * 60'000;
        s.chartWindowMs = 600'000;
        s.valueCapBytes = 16384;
        s.desktopNotifications = true;
        s.language = QStringLiteral("zh_CN");
        s.theme = AppSettings::Theme::Dark;
        s.auditLogPath = QStringLiteral("/var/log/lockscope/audit.log");
        return s;
    }

    static QPushButton *button(SettingsDialog &d, QDialogButtonBox::StandardButton which)
    {
        return d.findChild<QDialogButtonBox *>()->button(which);
    }

private Q_SLOTS:
    void showsAndGivesBackEveryField()
    {
        SettingsDialog d;
        d.setLanguages({QStringLiteral("zh_CN")});
        const AppSettings s = edited();
        d.setSettings(s);
        QCOMPARE(d.patternsEdit()->toPlainText(), QStringLiteral("billing:lock:*\ni:*mutex*"));
        QCOMPARE(d.refreshBox()->value(), 2000);
        QCOMPARE(d.budgetBox()->value(), 7.5);
        QCOMPARE(d.rescanBox()->value(), 30);
        QCOMPARE(d.stuckBox()->value(), 15);
        QCOMPARE(d.chartWindowBox()->currentData().toLongLong(), 600'000);
        QCOMPARE(d.themeBox()->currentData().toInt(), int(AppSettings::Theme::Dark));
        QCOMPARE(d.languageBox()->currentData().toString(), QStringLiteral("zh_CN"));
        QVERIFY(d.languageBox()->currentText().contains(QStringLiteral("中文")));
        QVERIFY(d.settings() == s);
    }

    void applyAndOkSubmitCancelDoesNot()
    {
        SettingsDialog d;
        d.setSettings(AppSettings());
        QSignalSpy submitted(&d, &SettingsDialog::submitted);
        d.refreshBox()->setValue(5000);
        d.themeBox()->setCurrentIndex(d.themeBox()->findData(int(AppSettings::Theme::Light)));
        button(d, QDialogButtonBox::Apply)->click();
        QCOMPARE(submitted.size(), 1);
        const AppSettings s = submitted.at(0).at(0).value<AppSettings>();
        QCOMPARE(s.refreshIntervalMs, 5000);
        QCOMPARE(s.theme, AppSettings::Theme::Light);

        d.budgetBox()->setValue(9);
        button(d, QDialogButtonBox::Cancel)->click();
        QCOMPARE(submitted.size(), 1);
    }

    // Restore Defaults puts the defaults in the form; nothing changes until Apply.
    void restoreDefaultsFillsTheFormOnly()
    {
        SettingsDialog d;
        d.setSettings(edited());
        QSignalSpy submitted(&d, &SettingsDialog::submitted);
        button(d, QDialogButtonBox::RestoreDefaults)->click();
        QCOMPARE(submitted.size(), 0);
        QVERIFY(d.settings() == AppSettings());
        button(d, QDialogButtonBox::Apply)->click();
        QCOMPARE(submitted.size(), 1);
        QVERIFY(submitted.at(0).at(0).value<AppSettings>() == AppSettings());
    }

    // An empty pattern list would scan for nothing: the defaults come back, and the form shows them.
    void emptyPatternsBecomeTheDefaults()
    {
        SettingsDialog d;
        d.patternsEdit()->setPlainText(QStringLiteral("\n  \n"));
        QSignalSpy submitted(&d, &SettingsDialog::submitted);
        d.apply();
        QCOMPARE(submitted.at(0).at(0).value<AppSettings>().patterns, AppSettings::defaultPatterns());
        QVERIFY(d.patternsEdit()->toPlainText().contains(QStringLiteral("i:*lock*")));
    }

    // A value the lists lack (a hand-edited file) is shown and kept, not replaced.
    void unlistedValuesAreKept()
    {
        SettingsDialog d;
        AppSettings s;
        s.chartWindowMs = 90'000;
        s.language = QStringLiteral("de_DE");
        d.setSettings(s);
        QVERIFY(d.settings() == s);
    }

    void noTrayIsSaid()
    {
        SettingsDialog d;
        d.setNotificationsAvailable(false);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        bool said = false;
        for (QLabel *label : d.findChildren<QLabel *>())
            said = said || (!label->isHidden() && label->text().contains(QStringLiteral("no tray")));
        QVERIFY(said);
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"

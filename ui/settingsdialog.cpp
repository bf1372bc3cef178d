#include "settingsdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace {
QLabel *smallNote(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    QFont small = label->font();
    small.setPointSizeF(small.pointSizeF() * 0.92);
    label->setFont(small);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}
} // namespace

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_tabs(new QTabWidget(this))
    , m_patterns(new QPlainTextEdit(this))
    , m_refresh(new QSpinBox(this))
    , m_budget(new QDoubleSpinBox(this))
    , m_rescan(new QSpinBox(this))
    , m_stuck(new QSpinBox(this))
    , m_chartWindow(new QComboBox(this))
    , m_valueCap(new QSpinBox(this))
    , m_notifications(new QCheckBox(tr("Show alerts as desktop notifications"), this))
    , m_notificationsNote(new QLabel(this))
    , m_language(new QComboBox(this))
    , m_theme(new QComboBox(this))
    , m_auditLog(new QLineEdit(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel
                                         | QDialogButtonBox::RestoreDefaults,
                                     this))
{
    setWindowTitle(tr("LockScope settings"));
    m_tabs->addTab(buildWatchTab(), tr("Watch"));
    m_tabs->addTab(buildDisplayTab(), tr("Display"));
    m_tabs->addTab(buildAuditTab(), tr("Audit log"));

    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &SettingsDialog::apply);
    connect(m_buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this, [this] {
        // The form only: nothing changes until Apply or OK.
        const AppSettings kept = m_settings;
        setSettings(AppSettings());
        m_settings = kept;
    });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);
    layout->addWidget(m_buttons);
    setSettings(AppSettings());
}

QWidget *SettingsDialog::buildWatchTab()
{
    auto *tab = new QWidget(this);
    m_patterns->setPlaceholderText(tr("one glob per line, e.g. lock:*"));
    m_patterns->setTabChangesFocus(true);
    m_patterns->setMinimumHeight(fontMetrics().height() * 6);
    m_refresh->setRange(AppSettings::minRefreshMs, AppSettings::maxRefreshMs);
    m_refresh->setSingleStep(250);
    m_refresh->setSuffix(tr(" ms"));
    m_budget->setRange(AppSettings::minBudgetPercent, AppSettings::maxBudgetPercent);
    m_budget->setDecimals(1);
    m_budget->setSingleStep(0.5);
    m_budget->setSuffix(tr(" % of one core"));
    m_rescan->setRange(0, AppSettings::maxRescanMs / 1000);
    m_rescan->setSuffix(tr(" s"));
    m_rescan->setSpecialValueText(tr("as the budget allows"));
    m_stuck->setRange(int(AppSettings::minStuckMs / 60'000), int(AppSettings::maxStuckMs / 60'000));
    m_stuck->setSuffix(tr(" min"));
    m_valueCap->setRange(AppSettings::minValueCap, AppSettings::maxValueCap);
    m_valueCap->setSingleStep(1024);
    m_valueCap->setSuffix(tr(" bytes"));

    auto *form = new QFormLayout(tab);
    form->addRow(tr("Lock patterns"), m_patterns);
    form->addRow(QString(), smallNote(tr("Keys matching any of these globs are read as locks; \"i:\" before a glob ignores case. "
                                    "--pattern on the command line adds to them for one run."),
                                 tab));
    form->addRow(tr("Refresh locks at most every"), m_refresh);
    form->addRow(tr("Server time budget"), m_budget);
    form->addRow(QString(), smallNote(tr("The share of one server core the watch may spend re-reading locks and rescanning "
                                    "for new ones. With keyspace notifications it needs far less."),
                                 tab));
    form->addRow(tr("Rescan for new locks every"), m_rescan);
    form->addRow(tr("Report a lock as stuck when held for"), m_stuck);
    form->addRow(tr("Read at most"), m_valueCap);
    form->addRow(QString(), smallNote(tr("of a value or member. Larger ones are cut and shown as truncated, and admin actions "
                                    "refuse them: a guard on part of a value is no guard."),
                                 tab));
    return tab;
}

QWidget *SettingsDialog::buildDisplayTab()
{
    auto *tab = new QWidget(this);
    for (const auto &[label, ms] : {std::pair{tr("1 minute"), qint64(60'000)}, std::pair{tr("5 minutes"), qint64(300'000)},
                                    std::pair{tr("10 minutes"), qint64(600'000)}, std::pair{tr("30 minutes"), qint64(1'800'000)},
                                    std::pair{tr("1 hour"), qint64(3'600'000)}})
        m_chartWindow->addItem(label, ms);
    m_theme->addItem(tr("Follow the system"), QVariant::fromValue(int(AppSettings::Theme::System)));
    m_theme->addItem(tr("Light"), QVariant::fromValue(int(AppSettings::Theme::Light)));
    m_theme->addItem(tr("Dark"), QVariant::fromValue(int(AppSettings::Theme::Dark)));
    setLanguages({});
    m_notificationsNote->setWordWrap(true);
    m_notificationsNote->hide();

    auto *form = new QFormLayout(tab);
    form->addRow(tr("Theme"), m_theme);
    form->addRow(tr("Language"), m_language);
    form->addRow(QString(), smallNote(tr("A new language applies when LockScope next starts."), tab));
    form->addRow(tr("Chart window"), m_chartWindow);
    form->addRow(QString(), m_notifications);
    form->addRow(QString(), m_notificationsNote);
    return tab;
}

QWidget *SettingsDialog::buildAuditTab()
{
    auto *tab = new QWidget(this);
    auto *browse = new QPushButton(tr("Choose…"), tab);
    connect(browse, &QPushButton::clicked, this, &SettingsDialog::chooseAuditLog);
    auto *row = new QHBoxLayout;
    row->addWidget(m_auditLog, 1);
    row->addWidget(browse);
    auto *form = new QFormLayout(tab);
    form->addRow(tr("Audit log file"), row);
    form->addRow(QString(), smallNote(tr("Every admin action is appended here (JSON Lines) twice: its intent before it is sent and "
                                    "its outcome after. An action that cannot be written here does not run. Leave empty for "
                                    "the default place. A new place applies when LockScope next starts."),
                                 tab));
    return tab;
}

void SettingsDialog::chooseAuditLog()
{
    auto *dialog = new QFileDialog(this, tr("Audit log file"), m_auditLog->text().isEmpty() ? m_auditLog->placeholderText() : m_auditLog->text(),
                                   tr("Audit logs (*.log *.jsonl);;All files (*)"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setOption(QFileDialog::DontConfirmOverwrite); // appended to, never overwritten
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, m_auditLog, &QLineEdit::setText);
    dialog->open();
}

void SettingsDialog::setLanguages(const QStringList &codes)
{
    const QString current = m_language->currentData().toString();
    m_language->clear();
    m_language->addItem(tr("Follow the system"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    // Each language by its own name ("简体中文"), so whoever reads it can find theirs.
    for (const QString &code : codes) {
        if (code == QLatin1String("en"))
            continue;
        const QLocale locale(code);
        QString name = locale.nativeLanguageName();
        if (code.contains(QLatin1Char('_')))
            name += QStringLiteral(" (%1)").arg(locale.nativeTerritoryName());
        m_language->addItem(name.isEmpty() ? code : name, code);
    }
    m_language->setCurrentIndex(std::max(0, m_language->findData(current)));
}

void SettingsDialog::setDefaultAuditLogPath(const QString &path)
{
    m_auditLog->setPlaceholderText(path);
}

void SettingsDialog::setNotificationsAvailable(bool available)
{
    m_notificationsNote->setVisible(!available);
    m_notificationsNote->setText(tr("This desktop shows no tray, so LockScope cannot show desktop notifications here; "
                                    "alerts still appear in the Alerts panel."));
}

void SettingsDialog::setSettings(const AppSettings &s)
{
    m_settings = s;
    QStringList patterns;
    for (const KeyPattern &p : s.patterns)
        patterns << p.toString();
    m_patterns->setPlainText(patterns.join(QLatin1Char('\n')));
    m_refresh->setValue(s.refreshIntervalMs);
    m_budget->setValue(s.budgetPercent);
    m_rescan->setValue(s.rescanIntervalMs / 1000);
    m_stuck->setValue(int(s.stuckAfterMs / 60'000));
    int window = m_chartWindow->findData(s.chartWindowMs);
    if (window < 0) { // a hand-edited window keeps its place in the list
        m_chartWindow->addItem(tr("%1 s").arg(s.chartWindowMs / 1000), s.chartWindowMs);
        window = m_chartWindow->count() - 1;
    }
    m_chartWindow->setCurrentIndex(window);
    m_valueCap->setValue(s.valueCapBytes);
    m_notifications->setChecked(s.desktopNotifications);
    int language = m_language->findData(s.language);
    if (language < 0) { // a language without a catalogue here: kept, named as it is
        m_language->addItem(s.language, s.language);
        language = m_language->count() - 1;
    }
    m_language->setCurrentIndex(language);
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(int(s.theme))));
    m_auditLog->setText(s.auditLogPath);
}

AppSettings SettingsDialog::settings() const
{
    AppSettings s = m_settings;
    s.patterns.clear();
    for (const QString &line : m_patterns->toPlainText().split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty())
            s.patterns << KeyPattern::parse(line.trimmed());
    s.refreshIntervalMs = m_refresh->value();
    s.budgetPercent = m_budget->value();
    const int rescanS = m_rescan->value();
    s.rescanIntervalMs = rescanS * 1000;
    s.stuckAfterMs = qint64(m_stuck->value()) * 60'000;
    s.chartWindowMs = m_chartWindow->currentData().toLongLong();
    s.valueCapBytes = m_valueCap->value();
    s.desktopNotifications = m_notifications->isChecked();
    s.language = m_language->currentData().toString();
    s.theme = AppSettings::Theme(m_theme->currentData().toInt());
    s.auditLogPath = m_auditLog->text().trimmed();
    return s.clamped();
}

void SettingsDialog::apply()
{
    m_settings = settings();
    setSettings(m_settings); // shows what was brought into range (an empty pattern list)
    Q_EMIT submitted(m_settings);
}

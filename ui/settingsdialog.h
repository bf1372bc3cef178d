#pragma once

#include "appsettings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QTabWidget;

// File → Settings: what AppSettings holds, in three tabs (Watch, Display, Audit log).
// Non-modal: the table keeps running while the user edits. Apply and OK hand the edited
// settings to whoever listens (submitted); the dialog itself saves and applies nothing.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)

public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    void setSettings(const AppSettings &settings);
    // The form as AppSettings (patterns parsed, values in range).
    AppSettings settings() const;
    // The languages LockScope has a catalogue for, as locale names ("zh_CN"); English, the
    // language of the source, is always there.
    void setLanguages(const QStringList &codes);
    // Where the audit log goes when no place is set.
    void setDefaultAuditLogPath(const QString &path);
    // Whether the desktop can show notifications at all (a tray); the box says so if not.
    void setNotificationsAvailable(bool available);
    // Apply (and OK) as if clicked.
    void apply();

    QTabWidget *tabs() const { return m_tabs; }
    QPlainTextEdit *patternsEdit() const { return m_patterns; }
    QSpinBox *refreshBox() const { return m_refresh; }
    QDoubleSpinBox *budgetBox() const { return m_budget; }
    QSpinBox *rescanBox() const { return m_rescan; }
    QSpinBox *stuckBox() const { return m_stuck; }
    QComboBox *chartWindowBox() const { return m_chartWindow; }
    QSpinBox *valueCapBox() const { return m_valueCap; }
    QCheckBox *notificationsBox() const { return m_notifications; }
    QComboBox *languageBox() const { return m_language; }
    QComboBox *themeBox() const { return m_theme; }
    QLineEdit *auditLogEdit() const { return m_auditLog; }

Q_SIGNALS:
    void submitted(const AppSettings &settings);

private:
    QWidget *buildWatchTab();
    QWidget *buildDisplayTab();
    QWidget *buildAuditTab();
    void chooseAuditLog();

    AppSettings m_settings; // what setSettings gave, for what the form does not show
    QTabWidget *m_tabs;
    QPlainTextEdit *m_patterns;
    QSpinBox *m_refresh;
    QDoubleSpinBox *m_budget;
    QSpinBox *m_rescan;
    QSpinBox *m_stuck;
    QComboBox *m_chartWindow;
    QSpinBox *m_valueCap;
    QCheckBox *m_notifications;
    QLabel *m_notificationsNote;
    QComboBox *m_language;
    QComboBox *m_theme;
    QLineEdit *m_auditLog;
    QDialogButtonBox *m_buttons;
};

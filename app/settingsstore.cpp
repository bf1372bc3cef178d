#include "settingsstore.h"

#include <QSettings>
#include <QStandardPaths>

namespace {
// Keys of the settings file; the groups keep it readable by hand. (Not "general": QSettings
// reads an INI file's [General] section as its top level.)
const QString patternsKey = QStringLiteral("watch/patterns");
const QString refreshKey = QStringLiteral("watch/refreshIntervalMs");
const QString budgetKey = QStringLiteral("watch/budgetPercent");
const QString rescanKey = QStringLiteral("watch/rescanIntervalMs");
const QString stuckKey = QStringLiteral("watch/stuckAfterMs");
const QString valueCapKey = QStringLiteral("watch/valueCapBytes");
const QString chartWindowKey = QStringLiteral("charts/windowMs");
const QString notificationsKey = QStringLiteral("alerts/desktopNotifications");
const QString languageKey = QStringLiteral("display/language");
const QString themeKey = QStringLiteral("display/theme");
const QString auditKey = QStringLiteral("audit/logFile");
const QString geometryKey = QStringLiteral("window/geometry");
const QString stateKey = QStringLiteral("window/state");
const QString headerKey = QStringLiteral("window/lockTableHeader");

// Reads one number if it is there; a value that is not a number is a problem, not a zero.
template <typename T>
void readNumber(const QSettings &settings, const QString &key, T *out, QStringList *problems)
{
    if (!settings.contains(key))
        return;
    bool ok = false;
    const QVariant v = settings.value(key);
    const double d = v.toDouble(&ok);
    if (!ok) {
        if (problems)
            *problems << key;
        return;
    }
    *out = T(d);
}
} // namespace

SettingsStore::SettingsStore(const QString &file)
    : m_file(file.isEmpty() ? defaultFile() : file)
{
}

QString SettingsStore::defaultFile()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + QStringLiteral("/lockscope/lockscope.ini");
}

AppSettings SettingsStore::load(QStringList *problems) const
{
    const QSettings settings(m_file, QSettings::IniFormat);
    AppSettings s;
    if (settings.contains(patternsKey)) {
        s.patterns.clear();
        for (const QString &p : settings.value(patternsKey).toStringList())
            if (!p.trimmed().isEmpty())
                s.patterns << KeyPattern::parse(p.trimmed());
    }
    readNumber(settings, refreshKey, &s.refreshIntervalMs, problems);
    readNumber(settings, budgetKey, &s.budgetPercent, problems);
    readNumber(settings, rescanKey, &s.rescanIntervalMs, problems);
    readNumber(settings, stuckKey, &s.stuckAfterMs, problems);
    readNumber(settings, valueCapKey, &s.valueCapBytes, problems);
    readNumber(settings, chartWindowKey, &s.chartWindowMs, problems);
    s.desktopNotifications = settings.value(notificationsKey, s.desktopNotifications).toBool();
    s.language = settings.value(languageKey).toString().trimmed();
    if (settings.contains(themeKey)) {
        const QString id = settings.value(themeKey).toString();
        if (const std::optional<AppSettings::Theme> theme = AppSettings::parseTheme(id))
            s.theme = *theme;
        else if (problems)
            *problems << themeKey;
    }
    s.auditLogPath = settings.value(auditKey).toString().trimmed();
    return s.clamped(problems);
}

bool SettingsStore::save(const AppSettings &in, QString *error) const
{
    const AppSettings s = in.clamped();
    QSettings settings(m_file, QSettings::IniFormat);
    QStringList patterns;
    for (const KeyPattern &p : s.patterns)
        patterns << p.toString();
    settings.setValue(patternsKey, patterns);
    settings.setValue(refreshKey, s.refreshIntervalMs);
    settings.setValue(budgetKey, s.budgetPercent);
    settings.setValue(rescanKey, s.rescanIntervalMs);
    settings.setValue(stuckKey, s.stuckAfterMs);
    settings.setValue(valueCapKey, s.valueCapBytes);
    settings.setValue(chartWindowKey, s.chartWindowMs);
    settings.setValue(notificationsKey, s.desktopNotifications);
    settings.setValue(languageKey, s.language);
    settings.setValue(themeKey, AppSettings::themeId(s.theme));
    settings.setValue(auditKey, s.auditLogPath);
    settings.sync();
    if (settings.status() != QSettings::NoError) {
        if (error)
            *error = QObject::tr("Could not save the settings to %1.").arg(m_file);
        return false;
    }
    return true;
}

WindowLayout SettingsStore::loadLayout() const
{
    const QSettings settings(m_file, QSettings::IniFormat);
    return {settings.value(geometryKey).toByteArray(), settings.value(stateKey).toByteArray(),
            settings.value(headerKey).toByteArray()};
}

bool SettingsStore::saveLayout(const WindowLayout &layout, QString *error) const
{
    QSettings settings(m_file, QSettings::IniFormat);
    settings.setValue(geometryKey, layout.geometry);
    settings.setValue(stateKey, layout.state);
    settings.setValue(headerKey, layout.lockTableHeader);
    settings.sync();
    if (settings.status() != QSettings::NoError) {
        if (error)
            *error = QObject::tr("Could not save the window layout to %1.").arg(m_file);
        return false;
    }
    return true;
}

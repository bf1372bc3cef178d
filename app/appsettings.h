#pragma once

#include "keypattern.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// What the user set in Settings, read once at start (SettingsStore) and handed to whoever
// needs it: the session manager, the window, the audit log. Models and services never read
// settings themselves. Every field has a default that is what LockScope did before there
// were settings, and a range that clamp() enforces, so a hand-edited file cannot make the
// watch hammer a server.
struct AppSettings
{
    enum class Theme { System, Light, Dark };

    // The lock patterns the window scans with (--pattern adds to them for one run).
    QList<KeyPattern> patterns = defaultPatterns();
    // Re-read the known locks at most this often.
    int refreshIntervalMs = 1000;
    // The share of one server core the watch may use, in percent.
    double budgetPercent = 3.0;
    // A fixed rescan interval; 0: as often as the budget allows.
    int rescanIntervalMs = 0;
    // A lock held this long is reported stuck.
    qint64 stuckAfterMs = 10 * 60'000;
    // The live charts' time window.
    qint64 chartWindowMs = 60'000;
    // Bytes read of a value or member: larger ones are cut (and not acted on).
    int valueCapBytes = 4096;
    // Alerts also as desktop notifications (where the desktop has a tray).
    bool desktopNotifications = false;
    // "" follows the system locale; else a locale name such as "en" or "zh_CN".
    QString language;
    Theme theme = Theme::System;
    // "" is the default place (AuditLog::defaultPath()).
    QString auditLogPath;

    static constexpr int minRefreshMs = 50;
    static constexpr int maxRefreshMs = 3'600'000;
    static constexpr double minBudgetPercent = 0.1;
    static constexpr double maxBudgetPercent = 50.0;
    static constexpr int minRescanMs = 500;
    static constexpr int maxRescanMs = 86'400'000;
    static constexpr qint64 minStuckMs = 60'000;
    static constexpr qint64 maxStuckMs = 7 * 86'400'000LL;
    static constexpr qint64 minChartWindowMs = 30'000;
    static constexpr qint64 maxChartWindowMs = 3'600'000;
    static constexpr int minValueCap = 256;
    static constexpr int maxValueCap = 1 << 20;

    static QList<KeyPattern> defaultPatterns();
    // The same settings brought into range; what was out of range is named in *changes.
    AppSettings clamped(QStringList *changes = nullptr) const;

    static QString themeId(Theme theme);
    static std::optional<Theme> parseTheme(const QString &id);

    bool operator==(const AppSettings &other) const = default;
};
